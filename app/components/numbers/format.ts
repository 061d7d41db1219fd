// The browser formats numbers with libphonenumber's small ("min") metadata, which knows every country's
// layout; validation with the full metadata happens on the backend.
import { parsePhoneNumberWithError } from "libphonenumber-js/min";
import { numberFormat } from "~/lib/intl";

/**
 * A stored E.164 number as people write it: NANP numbers (+1) in their national form "(212) 555-0100",
 * others in international form "+33 1 23 45 67 89". Unparseable input comes back unchanged.
 */
export function formatPhoneNumber(e164: string): string {
  try {
    const parsed = parsePhoneNumberWithError(e164);
    return parsed.countryCallingCode === "1" ? parsed.formatNational() : parsed.formatInternational();
  } catch {
    return e164;
  }
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
