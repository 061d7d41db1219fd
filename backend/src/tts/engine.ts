/**
 * The text-to-speech adapter. The backend renders prompts through one `TtsEngine`, chosen by the
 * `TTS_ENGINE` setting (see ./index.ts). The default, eSpeak NG compiled to WebAssembly, runs inside the
 * Worker with no set-up and no network. A cloud engine (Workers AI, Amazon Polly, Google Cloud TTS, Azure
 * Speech) implements the same interface: its own voice catalogue, and `render` calling the vendor's API and
 * answering a WAV (or another format with its content type and duration).
 */

/** Languages a prompt may be written in (BCP-47). */
export const TTS_LANGUAGES = ["en-US", "fr-FR", "ar"] as const;
export type TtsLanguage = (typeof TTS_LANGUAGES)[number];

export interface TtsVoice {
  /** Engine-specific id, stored with the prompt. */
  id: string;
  language: TtsLanguage;
  gender: "male" | "female";
  /** A proper name shown beside the gender; not translated. */
  name: string;
}

export interface TtsRenderRequest {
  text: string;
  /** "ssml": `text` is an SSML document (already checked by ./ssml.ts). */
  format: "text" | "ssml";
  voice: TtsVoice;
  /**
   * The longest audio the caller accepts (preview 60 s, prompt 10 min). The engine stops keeping audio
   * beyond it and throws `TtsTooLong`, so memory stays bounded whatever the text asks for.
   */
  maxDurationMs: number;
}

export interface TtsAudio {
  bytes: Uint8Array;
  /** "audio/wav" for the default engine; a cloud engine may answer e.g. "audio/mpeg". */
  contentType: string;
  /** File extension for downloads, without the dot. */
  extension: string;
  durationMs: number;
}

export interface TtsEngine {
  /** The `TTS_ENGINE` value that selects it. */
  readonly id: string;
  readonly voices: readonly TtsVoice[];
  /** Renders speech; throws `TtsRenderError` with a reason a person can read when it cannot. */
  render(request: TtsRenderRequest): Promise<TtsAudio>;
}

export class TtsRenderError extends Error {}

/** The audio would be longer than `maxDurationMs`. */
export class TtsTooLong extends TtsRenderError {
  constructor(readonly maxDurationMs: number) {
    super(`The audio would be longer than ${Math.round(maxDurationMs / 1000)} s.`);
  }
}
