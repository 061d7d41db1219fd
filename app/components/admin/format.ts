/**
 * Dates of the administration screens, in the reader's language. Rendered on the server and again in the
 * browser, so the time zone is fixed (UTC, and said so) to keep both renders identical.
 */
export function formatDateTime(locale: string, iso: string): string {
  // `dateStyle`/`timeStyle` cannot be combined with `timeZoneName`: the fields are spelled out.
  return new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(new Date(iso));
}

export function formatDate(locale: string, iso: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso));
}

export function formatNumber(locale: string, value: number): string {
  return new Intl.NumberFormat(locale).format(value);
}
