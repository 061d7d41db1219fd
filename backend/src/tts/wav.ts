/** What the WAV (RIFF/WAVE, PCM) header says about a file; null when it is not one. */
export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Bytes of the `data` chunk actually present in the file. */
  dataBytes: number;
  durationMs: number;
}

/**
 * Reads the `fmt ` and `data` chunks. The data size is capped by the bytes present: a streaming writer may
 * leave a placeholder size in the header.
 */
export function readWav(bytes: Uint8Array): WavInfo | null {
  if (bytes.length < 44) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (tag(0) !== "RIFF" || tag(8) !== "WAVE") return null;
  let offset = 12;
  let format: { channels: number; sampleRate: number; bitsPerSample: number } | null = null;
  while (offset + 8 <= bytes.length) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === "fmt " && size >= 16) {
      format = {
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === "data") {
      if (!format || format.sampleRate === 0 || format.channels === 0 || format.bitsPerSample === 0) return null;
      const dataBytes = Math.min(size, bytes.length - body);
      const bytesPerSecond = format.sampleRate * format.channels * (format.bitsPerSample / 8);
      return { ...format, dataBytes, durationMs: Math.round((dataBytes / bytesPerSecond) * 1000) };
    }
    offset = body + size + (size % 2);
  }
  return null;
}
