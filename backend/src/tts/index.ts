import type { TtsEngine, TtsLanguage, TtsVoice } from "./engine";
import { espeakEngine } from "./espeak";

export * from "./engine";

/**
 * The engines this build knows, by their `TTS_ENGINE` value. A provider adding a cloud engine writes a
 * module next to espeak.ts implementing `TtsEngine` (credentials from Worker secrets) and lists it here.
 */
const ENGINES: Record<string, TtsEngine> = { [espeakEngine.id]: espeakEngine };

/** The configured engine (`TTS_ENGINE`, default "espeak"); an unknown name is a deployment error. */
export function ttsEngine(env: { TTS_ENGINE?: string }): TtsEngine {
  const name = env.TTS_ENGINE?.trim() || espeakEngine.id;
  const engine = ENGINES[name];
  if (!engine) throw new Error(`TTS_ENGINE "${name}" is not a known text-to-speech engine (known: ${Object.keys(ENGINES).join(", ")}).`);
  return engine;
}

export function findVoice(engine: TtsEngine, voiceId: string): TtsVoice | undefined {
  return engine.voices.find((voice) => voice.id === voiceId);
}

export function voicesFor(engine: TtsEngine, language: TtsLanguage): TtsVoice[] {
  return engine.voices.filter((voice) => voice.language === language);
}
