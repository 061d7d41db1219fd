/**
 * Phone-number rules shared by the portal and the backend: the search criteria's vocabulary and the
 * keypad conversion of vanity patterns ("FLOWERS" → 3569377).
 */

export const NUMBER_TYPES = ["local", "toll_free", "mobile"] as const;
export const SEARCH_COUNTRIES = ["US", "CA"] as const;
export const SEARCH_FEATURES = ["voice", "sms", "mms", "fax"] as const;
export const PATTERN_MODES = ["starts_with", "contains", "ends_with"] as const;
/** Toll-free prefixes of the NANP (US and Canada). */
export const TOLL_FREE_PREFIXES = ["800", "833", "844", "855", "866", "877", "888"] as const;
export const MAX_ORDER_QUANTITY = 100;
/** Patterns apply to the 7-digit local number (exchange + line). */
export const MAX_PATTERN_LENGTH = 7;
export const CNAM_MAX_LENGTH = 15;
/** Caller ID names carriers accept: letters, digits, space and a little punctuation. */
export const CNAM_PATTERN = /^[A-Za-z0-9 .,&'-]*$/;

const KEYPAD: Record<string, string> = {
  A: "2",
  B: "2",
  C: "2",
  D: "3",
  E: "3",
  F: "3",
  G: "4",
  H: "4",
  I: "4",
  J: "5",
  K: "5",
  L: "5",
  M: "6",
  N: "6",
  O: "6",
  P: "7",
  Q: "7",
  R: "7",
  S: "7",
  T: "8",
  U: "8",
  V: "8",
  W: "9",
  X: "9",
  Y: "9",
  Z: "9",
};

/** Letters to their telephone keypad digits; digits kept; anything else dropped. */
export function keypadDigits(pattern: string): string {
  return [...pattern.toUpperCase()].map((char) => (/\d/.test(char) ? char : (KEYPAD[char] ?? ""))).join("");
}

/**
 * The digits of a search text written as a phone number, so "(212) 555-0100", "212.555.0100" and
 * "+12125550100" all match; "" for a text with anything else in it ("Reception 12" is a label search, and its
 * "12" must not also find every number with a 12 in it).
 */
export function searchDigits(text: string): string {
  return /^[\d\s()+\-./]+$/.test(text.trim()) ? text.replace(/\D/g, "") : "";
}

/** +12125550100 → (212) 555-0100, the way North American numbers are read; anything else as it is. */
export function formatNanp(e164: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : e164;
}
