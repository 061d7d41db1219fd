import { numberFormat } from "~/lib/intl";

/** Text-to-speech shapes of docs/api.md (`/api/tts`). */
export const TTS_LANGUAGES = ["en-US", "fr-FR", "ar"] as const;
export type TtsLanguage = (typeof TTS_LANGUAGES)[number];
export const TTS_STATUSES = ["draft", "rendering", "ready", "failed"] as const;
export type TtsStatus = (typeof TTS_STATUSES)[number];
export const TTS_FORMATS = ["text", "ssml"] as const;
/** Longest text of a prompt, as the backend enforces it. */
export const TTS_TEXT_LIMIT = 3000;

export interface TtsVoice {
  id: string;
  language: TtsLanguage;
  gender: "male" | "female";
  name: string;
}

/** `GET /api/tts/voices`. */
export interface TtsCatalogue {
  engine: string;
  languages: TtsLanguage[];
  voices: TtsVoice[];
  text_limit: number;
  preview_limit: number;
  ssml_tags: string[];
}

export interface TtsPrompt {
  id: number;
  organization: { id: number; name: string };
  name: string;
  description: string | null;
  text: string;
  format: (typeof TTS_FORMATS)[number];
  language: TtsLanguage;
  voice: string;
  status: TtsStatus;
  error: string | null;
  duration_ms: number | null;
  audio_size: number | null;
  audio_url: string | null;
  rendered_by: { id: number; name: string } | null;
  rendered_at: string | null;
  created_at: string;
  updated_at: string;
}

export const STATUS_VARIANTS = { draft: "secondary", rendering: "info", ready: "success", failed: "destructive" } as const;

/** The portal URL of a prompt's audio (the backend's file, proxied with the user's session). */
export const audioUrl = (id: number, download = false) => `/tools/tts/audio/${id}${download ? "?download=1" : ""}`;

/** 83 400 ms → "1:23", its digits the locale's (shared formatters, app/lib/intl.ts). */
export function formatDuration(locale: string, ms: number | null): string {
  if (ms === null) return "—";
  const seconds = Math.round(ms / 1000);
  const minutes = numberFormat(locale, { useGrouping: false }).format(Math.floor(seconds / 60));
  return `${minutes}:${numberFormat(locale, { minimumIntegerDigits: 2 }).format(seconds % 60)}`;
}
