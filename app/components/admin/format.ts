import { dateTimeFormat, numberFormat, UTC_DATE_TIME } from "~/lib/intl";

/** Dates and numbers of the administration screens, in the reader's language (dates in UTC: app/lib/intl.ts). */
export function formatDateTime(locale: string, iso: string): string {
  return dateTimeFormat(locale, UTC_DATE_TIME).format(new Date(iso));
}

const UTC_DATE: Intl.DateTimeFormatOptions = Object.freeze({ dateStyle: "medium", timeZone: "UTC" });

export function formatDate(locale: string, iso: string): string {
  return dateTimeFormat(locale, UTC_DATE).format(new Date(iso));
}

export function formatNumber(locale: string, value: number): string {
  return numberFormat(locale).format(value);
}
