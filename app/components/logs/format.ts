/**
 * Dates of the logs and the dashboard, in the reader's language. Times are shown in UTC (and say so):
 * the server renders the page, and the same text must come out in the browser when it hydrates.
 */
export function formatDateTime(value: string | null, locale: string): string {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(date);
}

export function formatDay(value: string, locale: string, style: "short" | "long" = "short"): string {
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(
    locale,
    style === "short" ? { day: "numeric", month: "short", timeZone: "UTC" } : { dateStyle: "full", timeZone: "UTC" },
  ).format(date);
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
