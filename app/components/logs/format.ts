import { dateTimeFormat, UTC_DATE_TIME } from "~/lib/intl";

/** Dates of the logs and the dashboard, in the reader's language, in UTC (app/lib/intl.ts); "" for none. */
export function formatDateTime(value: string | null, locale: string): string {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateTimeFormat(locale, UTC_DATE_TIME).format(date);
}

// Frozen: the formatter is then found by the options object itself (app/lib/intl.ts).
const DAY_FORMATS = {
  short: Object.freeze({ day: "numeric", month: "short", timeZone: "UTC" }),
  long: Object.freeze({ dateStyle: "full", timeZone: "UTC" }),
} satisfies Record<string, Intl.DateTimeFormatOptions>;
/**
 * A day's text per language and style, kept: the dashboard's chart writes the same ~90 days on every render (three
 * per bar), and ICU's formatting was 3 % of that page's CPU (issue 27). Days are few; the cap only bounds the map.
 */
const dayTexts = new Map<string, string>();
const MAX_DAY_TEXTS = 1000;

export function formatDay(value: string, locale: string, style: "short" | "long" = "short"): string {
  const day = value.slice(0, 10);
  const key = `${style}|${locale}|${day}`;
  const kept = dayTexts.get(key);
  if (kept !== undefined) return kept;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  const text = dateTimeFormat(locale, DAY_FORMATS[style]).format(date);
  if (dayTexts.size >= MAX_DAY_TEXTS) dayTexts.clear();
  dayTexts.set(key, text);
  return text;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` filter value that is a real calendar day, else null. */
export function validDay(value: string | undefined): string | null {
  if (!value || !DAY.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

/** An old or new value of a changed field, as text. */
export function formatValue(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value, null, 2);
}
