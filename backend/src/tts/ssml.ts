/**
 * SSML checks before a prompt is saved or rendered: well-formed XML (the error names its line), a `<speak>`
 * root, and only the tags eSpeak NG honours. `<voice>` and `<audio>` are refused: the prompt's voice is
 * chosen by its fields, and the engine cannot fetch audio.
 */
export const SSML_TAGS = ["speak", "p", "s", "break", "emphasis", "prosody", "say-as", "sub", "mark"] as const;

export type SsmlProblem =
  | { key: "tts.ssml_malformed"; line: number }
  | { key: "tts.ssml_break_too_long"; line: number; max: number }
  | { key: "tts.ssml_root"; line: number }
  | { key: "tts.ssml_unsupported"; line: number; tags: string };

const NAME = /^[A-Za-z_][\w.:-]*$/;

/** The longest `<break>` (issue 23, item 6): 10 s, as the common SSML engines cap it. */
export const BREAK_MAX_MS = 10_000;

/** A break's `time` ("3s", "250ms", "1.5s") in milliseconds; null when it is not one. */
export function breakMs(value: string): number | null {
  const match = /^\s*(\d{1,9}(?:\.\d{1,3})?)\s*(s|ms)\s*$/i.exec(value);
  if (!match) return null;
  return Number(match[1]) * (match[2]?.toLowerCase() === "s" ? 1000 : 1);
}

/**
 * How long a text or SSML document will speak, known before rendering: every break at its time (a
 * strength at its longest, 1.25 s) plus each spoken character at eSpeak's usual rate (~60 ms). Renders
 * estimated above their limit are refused before the engine runs; the engine's output cap
 * (`TtsRenderRequest.maxDurationMs`) is the hard bound for what an estimate cannot see (slow prosody).
 */
export function speechEstimateMs(text: string, format: "text" | "ssml"): number {
  if (format === "text") return text.length * USUAL_MS_PER_CHAR;
  let breaks = 0;
  for (const match of text.matchAll(/<break\b([^>]*)>/g)) {
    const time = /\stime\s*=\s*("([^"]*)"|'([^']*)')/.exec(match[1] ?? "");
    breaks += time ? (breakMs(time[2] ?? time[3] ?? "") ?? BREAK_MAX_MS) : STRONGEST_BREAK_MS;
  }
  const spoken = text.replace(/<[^>]*>/g, "").replace(/&[^;\s]*;/g, "x");
  return breaks + spoken.length * USUAL_MS_PER_CHAR;
}

const USUAL_MS_PER_CHAR = 60;
const STRONGEST_BREAK_MS = 1250;
const ENTITY = /^&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9A-Fa-f]+);/;

/** The first problem of an SSML document, or null when it can be rendered. */
export function checkSsml(source: string): SsmlProblem | null {
  const stack: string[] = [];
  const unsupported = new Set<string>();
  let firstUnsupportedLine = 0;
  let rootSeen = false;
  let rootClosed = false;
  let index = 0;
  const lineAt = (position: number) => source.slice(0, position).split("\n").length;
  const malformed = (position: number): SsmlProblem => ({ key: "tts.ssml_malformed", line: lineAt(position) });

  while (index < source.length) {
    const char = source[index];
    if (char === "&") {
      if (!ENTITY.test(source.slice(index, index + 12))) return malformed(index);
      index += 1;
      continue;
    }
    if (char !== "<") {
      if (rootClosed && !/\s/.test(char ?? "")) return malformed(index);
      if (!rootSeen && !/\s/.test(char ?? "")) return { key: "tts.ssml_root", line: lineAt(index) };
      index += 1;
      continue;
    }
    if (source.startsWith("<?xml", index)) {
      const end = source.indexOf("?>", index);
      if (end < 0 || rootSeen) return malformed(index);
      index = end + 2;
      continue;
    }
    if (source.startsWith("<!--", index)) {
      const end = source.indexOf("-->", index + 4);
      if (end < 0) return malformed(index);
      index = end + 3;
      continue;
    }
    const end = findTagEnd(source, index);
    if (end < 0) return malformed(index);
    const raw = source.slice(index + 1, end);
    if (raw.startsWith("/")) {
      const name = raw.slice(1).trim();
      if (stack.pop() !== name) return malformed(index);
      if (stack.length === 0) rootClosed = true;
    } else {
      const selfClosing = raw.endsWith("/");
      const body = selfClosing ? raw.slice(0, -1) : raw;
      const match = /^([^\s/>]+)([\s\S]*)$/.exec(body);
      const name = match?.[1] ?? "";
      if (!NAME.test(name) || !attributesWellFormed(match?.[2] ?? "")) return malformed(index);
      if (rootClosed) return malformed(index);
      if (!rootSeen) {
        rootSeen = true;
        if (name !== "speak") return { key: "tts.ssml_root", line: lineAt(index) };
      }
      if (name === "break") {
        const time = /\stime\s*=\s*("([^"]*)"|'([^']*)')/.exec(match?.[2] ?? "");
        const value = time ? (time[2] ?? time[3] ?? "") : null;
        const ms = value === null ? 0 : breakMs(value);
        if (ms === null || ms > BREAK_MAX_MS) return { key: "tts.ssml_break_too_long", line: lineAt(index), max: BREAK_MAX_MS / 1000 };
      }
      if (!(SSML_TAGS as readonly string[]).includes(name)) {
        if (unsupported.size === 0) firstUnsupportedLine = lineAt(index);
        unsupported.add(name);
      }
      if (selfClosing) {
        if (stack.length === 0) rootClosed = true;
      } else stack.push(name);
    }
    index = end + 1;
  }
  if (!rootSeen) return { key: "tts.ssml_root", line: 1 };
  if (stack.length > 0) return malformed(source.length);
  if (unsupported.size > 0) return { key: "tts.ssml_unsupported", line: firstUnsupportedLine, tags: [...unsupported].join(", ") };
  return null;
}

/** The `>` closing the tag opened at `start`, skipping quoted attribute values; -1 when there is none. */
function findTagEnd(source: string, start: number): number {
  let quote: string | null = null;
  for (let index = start + 1; index < source.length; index += 1) {
    const char = source[index];
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === "<") return -1;
    else if (char === ">") return index;
  }
  return -1;
}

function attributesWellFormed(text: string): boolean {
  const seen = new Set<string>();
  let rest = text;
  while (rest.trim().length > 0) {
    const match = /^\s+([A-Za-z_][\w.:-]*)\s*=\s*("[^"<]*"|'[^'<]*')/.exec(rest);
    if (!match?.[1] || seen.has(match[1])) return false;
    seen.add(match[1]);
    rest = rest.slice(match[0].length);
  }
  return true;
}
