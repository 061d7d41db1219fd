// Numbers are formatted on the server: libphonenumber's metadata (28 KiB gzipped even in its "min" build)
// stays out of the browser. Loaders send `phoneLabels(...)` with their data; components read it through
// `phoneFormatter` (./format.ts). Validation with the full metadata happens on the backend.
import { parsePhoneNumberWithError } from "libphonenumber-js/min";
import type { PhoneLabels } from "~/components/numbers/format";

/**
 * A stored E.164 number as people write it: NANP numbers (+1) in their national form "(212) 555-0100",
 * others in international form "+33 1 23 45 67 89". Unparseable input comes back unchanged.
 */
export function formatPhoneNumber(e164: string): string {
  let label = formatted.get(e164);
  if (label === undefined) {
    if (formatted.size >= FORMATTED_LIMIT) formatted.clear();
    label = format(e164);
    formatted.set(e164, label);
  }
  return label;
}

/**
 * Labels already made, by their input (decision 054). Parsing with libphonenumber is ~50–100 µs a number, and
 * lists draw the same numbers page after page: a list of numbers spent ~12 % of its render on it. The label of a
 * string never changes (the metadata is part of the build), so the map only bounds its size: cleared when full.
 */
const formatted = new Map<string, string>();
export const FORMATTED_LIMIT = 5_000;

/** How many labels are kept (tests). */
export const formattedCount = () => formatted.size;

function format(e164: string): string {
  try {
    const parsed = parsePhoneNumberWithError(e164);
    return parsed.countryCallingCode === "1" ? parsed.formatNational() : parsed.formatInternational();
  } catch {
    return e164;
  }
}

/** Anything that looks like an international number ("+12125550100", "+1 212 555 0100"). */
const INTERNATIONAL = /^\+[\d\s().-]{6,24}$/;

/** Every international number string found anywhere in `values` (objects, arrays), with its formatted label. */
export function phoneLabels(...values: unknown[]): PhoneLabels {
  const labels: Record<string, string> = {};
  const walk = (value: unknown): void => {
    if (typeof value === "string") {
      if (INTERNATIONAL.test(value) && !(value in labels)) labels[value] = formatPhoneNumber(value);
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item);
    } else if (value && typeof value === "object") {
      for (const item of Object.values(value)) walk(item);
    }
  };
  for (const value of values) walk(value);
  return labels;
}
