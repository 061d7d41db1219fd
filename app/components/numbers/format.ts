import { numberFormat } from "~/lib/intl";

/** Formatted numbers by E.164, made on the server by `phoneLabels` (~/lib/numbers/phone-format.server.ts). */
export type PhoneLabels = Readonly<Record<string, string>>;

/**
 * `formatPhoneNumber` for components: the label the loader sent for a number ("(212) 555-0100",
 * "+33 1 23 45 67 89"), or the number as stored when it sent none.
 */
export function phoneFormatter(labels: PhoneLabels): (e164: string) => string {
  return (e164) => labels[e164] ?? e164;
}

/** Cents as money in the reader's language ("$1.00", "1,00 $US", "‏1.00 US$"). */
export function formatMoney(locale: string, cents: number, currency = "USD"): string {
  return numberFormat(locale, { style: "currency", currency }).format(cents / 100);
}

/** Whole minutes left until `iso` (0 once past). */
export function minutesLeft(iso: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 60_000));
}

/** "mm:ss" left until `iso` (00:00 once past). */
export function clockLeft(iso: string, now: number): string {
  const seconds = Math.max(0, Math.floor((Date.parse(iso) - now) / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

/** "New York, NY" / "TOLL FREE": the most useful location words a number has. */
export function formatLocation(number: { city?: string | null; rate_center?: string | null; state?: string | null }): string {
  const place = number.city || number.rate_center || "";
  return [place, number.state].filter(Boolean).join(", ");
}
