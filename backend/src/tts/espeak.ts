import ESpeakNG from "espeak-ng";
// Imported as a module so the bundler ships it as a compiled WebAssembly module: Workers refuse to
// compile WebAssembly from bytes at run time. The voice data is embedded in it (no file fetches).
import espeakWasm from "espeak-ng/dist/espeak-ng.wasm?module";
import { type TtsAudio, type TtsEngine, TtsRenderError, type TtsRenderRequest, TtsTooLong, type TtsVoice } from "./engine";
import { readWav } from "./wav";

/**
 * eSpeak NG 1.51 (the `espeak-ng` npm package: the command-line program built with Emscripten) running in
 * the Worker. Each render runs the program once in a fresh instance of the module: the text goes in as a
 * file of the in-memory file system, the WAV (22,050 Hz, 16-bit mono) comes out as another.
 * Voices are eSpeak's language voices with its male (m3) and female (f3) variants; eSpeak has no
 * Canadian French voice, so fr-CA is not offered.
 */
const VOICES: readonly TtsVoice[] = [
  { id: "en-us+m3", language: "en-US", gender: "male", name: "eSpeak M3" },
  { id: "en-us+f3", language: "en-US", gender: "female", name: "eSpeak F3" },
  { id: "fr-fr+m3", language: "fr-FR", gender: "male", name: "eSpeak M3" },
  { id: "fr-fr+f3", language: "fr-FR", gender: "female", name: "eSpeak F3" },
  { id: "ar+m3", language: "ar", gender: "male", name: "eSpeak M3" },
  { id: "ar+f3", language: "ar", gender: "female", name: "eSpeak F3" },
];

const INPUT = "/prompt.txt";
const OUTPUT = "/prompt.wav";

interface EmscriptenStream {
  position: number;
}

interface EmscriptenFs {
  writeFile(path: string, data: string | Uint8Array): void;
  makedev(major: number, minor: number): number;
  registerDevice(
    device: number,
    ops: {
      open?(stream: EmscriptenStream): void;
      close?(stream: EmscriptenStream): void;
      read?(stream: EmscriptenStream, buffer: Uint8Array, offset: number, length: number, position: number): number;
      write(stream: EmscriptenStream, buffer: Uint8Array, offset: number, length: number, position: number): number;
      llseek(stream: EmscriptenStream, offset: number, whence: number): number;
    },
  ): void;
  mkdev(path: string, mode: number, device: number): void;
}

/** 22,050 Hz, 16-bit mono. */
const BYTES_PER_SECOND = 44_100;

/**
 * The WAV file eSpeak writes, as a device of its in-memory file system that keeps at most `limit` bytes
 * (issue 23, item 6: 93 characters of SSML once made a 131 MB file). Bytes past the limit are counted, not
 * kept; eSpeak seeks back to the header at the end to write the sizes, which the device supports.
 */
class CappedFile {
  private bytes = new Uint8Array(64 * 1024);
  size = 0;
  overflow = false;
  constructor(private readonly limit: number) {}

  write(buffer: Uint8Array, offset: number, length: number, position: number): number {
    const end = position + length;
    if (end > this.limit) {
      this.overflow = true;
      return length;
    }
    if (end > this.bytes.length) {
      const grown = new Uint8Array(Math.min(this.limit, Math.max(end, this.bytes.length * 2)));
      grown.set(this.bytes.subarray(0, this.size));
      this.bytes = grown;
    }
    this.bytes.set(buffer.subarray(offset, offset + length), position);
    this.size = Math.max(this.size, end);
    return length;
  }

  contents(): Uint8Array {
    return this.bytes.slice(0, this.size);
  }

  mount(fs: EmscriptenFs, path: string) {
    const device = fs.makedev(240, 0);
    let end = 0;
    fs.registerDevice(device, {
      write: (_stream, buffer, offset, length, position) => {
        const written = this.write(buffer, offset, length, position);
        end = Math.max(end, position + written);
        return written;
      },
      // SEEK_SET 0, SEEK_CUR 1, SEEK_END 2.
      llseek: (stream, offset, whence) => (whence === 0 ? offset : whence === 1 ? stream.position + offset : end + offset),
    });
    fs.mkdev(path, 0o666, device);
  }
}

export const espeakEngine: TtsEngine = {
  id: "espeak",
  voices: VOICES,
  async render({ text, format, voice, maxDurationMs }: TtsRenderRequest): Promise<TtsAudio> {
    const messages: string[] = [];
    const output = new CappedFile(44 + Math.ceil((maxDurationMs / 1000) * BYTES_PER_SECOND));
    const args = ["-b", "1", "-v", voice.id, "-w", OUTPUT, "-f", INPUT];
    if (format === "ssml") args.unshift("-m");
    try {
      await asWebRuntime(() =>
        ESpeakNG({
          arguments: args,
          preRun: [
            (module: { FS: EmscriptenFs }) => {
              module.FS.writeFile(INPUT, text);
              output.mount(module.FS, OUTPUT);
            },
          ],
          instantiateWasm(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance) => void) {
            WebAssembly.instantiate(espeakWasm, imports).then(receive, (error: unknown) => messages.push(String(error)));
            return {};
          },
          // The WebAssembly comes from instantiateWasm: no URL is ever resolved against import.meta.url.
          locateFile: (path: string) => path,
          print: () => {},
          printErr: (line: string) => {
            // Emscripten's note about the runtime staying alive after main() is not an eSpeak message.
            if (!line.startsWith("program exited")) messages.push(line);
          },
        }),
      );
    } catch (error) {
      messages.push(error instanceof Error ? error.message : String(error));
    }
    if (output.overflow) throw new TtsTooLong(maxDurationMs);
    const bytes = output.size > 0 ? output.contents() : undefined;
    const wav = bytes ? readWav(bytes) : null;
    if (!bytes || !wav || wav.dataBytes === 0) {
      throw new TtsRenderError(`eSpeak NG produced no audio${messages.length > 0 ? `: ${messages.join(" ").slice(0, 500)}` : "."}`);
    }
    return { bytes: withExactSizes(bytes, wav.dataBytes), contentType: "audio/wav", extension: "wav", durationMs: wav.durationMs };
  },
};

/**
 * Runs `start` (the module factory's synchronous part, where Emscripten detects its environment) as a web
 * page would: `process` hidden, a `window` present. Under nodejs_compat the Worker looks like Node.js to
 * Emscripten, which would then load `module` and `fs` through createRequire(import.meta.url), which a
 * bundled Worker cannot do; the module's web path needs nothing, since the WebAssembly (with its voice data)
 * comes from instantiateWasm and the text and audio live in its in-memory file system.
 */
function asWebRuntime<T>(start: () => T): T {
  const scope = globalThis as Record<string, unknown>;
  const process = Object.getOwnPropertyDescriptor(globalThis, "process");
  const hadWindow = "window" in scope;
  if (process && !process.configurable) return start();
  Object.defineProperty(globalThis, "process", { value: undefined, configurable: true, writable: true });
  if (!hadWindow) scope.window = {};
  try {
    return start();
  } finally {
    if (process) Object.defineProperty(globalThis, "process", process);
    else delete scope.process;
    if (!hadWindow) delete scope.window;
  }
}

/** eSpeak writes the RIFF and data sizes when it closes the file; set them from the bytes, whatever it wrote. */
function withExactSizes(bytes: Uint8Array, dataBytes: number): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dataOffset = bytes.length - dataBytes;
  view.setUint32(4, bytes.length - 8, true);
  view.setUint32(dataOffset - 4, dataBytes, true);
  return bytes;
}
