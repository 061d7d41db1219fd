/**
 * Reading phone numbers as people paste them: one per line, separated by commas, semicolons, tabs or
 * spaces, in any formatting ("(212) 555-0100", "212.555.0100", "+1 212 555 0100"). Shared by the portal
 * (CSV uploads, the form's echo) and the backend (the authoritative check). North American numbers only:
 * the carrier tools work on the NANP (US, Canada, Puerto Rico and the other +1 countries).
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/max";

export const MAX_CHECK_NUMBERS = 1000;

/** Why a piece of text is not a number; a key of the `porting` namespace (`unparseable.*`). */
export type UnparseableReason = "not_a_number" | "too_short" | "too_long" | "not_nanp" | "invalid" | "duplicate";

export interface Unparseable {
  input: string;
  reason: UnparseableReason;
}

export interface NumberList {
  /** Unique E.164 numbers in the order first seen. */
  numbers: string[];
  rejected: Unparseable[];
}

/** One number in any formatting → E.164, or the reason it is not a NANP number. */
export function parseNanpNumber(input: string): { e164: string } | { reason: Exclude<UnparseableReason, "duplicate"> } {
  const text = input.trim();
  if (/[A-Za-z]/.test(text.replace(/^\s*(tel:)/i, "")) || !/\d/.test(text)) return { reason: "not_a_number" };
  const digits = text.replace(/\D/g, "");
  const international = text.startsWith("+") || text.startsWith("00");
  if (international && !/^(00)?1/.test(digits)) return { reason: "not_nanp" };
  const national = digits.replace(/^(00)?1(?=\d{10}$)/, "");
  if (national.length < 10) return { reason: "too_short" };
  if (national.length > 10) return { reason: "too_long" };
  const parsed = parsePhoneNumberFromString(`+1${national}`);
  if (!parsed?.isValid()) return { reason: "invalid" };
  return { e164: parsed.number };
}

/** How many digits make one number: 10, or 11 when the first is the country code 1. */
function complete(digits: string): boolean {
  return digits.length === 10 ? digits[0] !== "1" : digits.length === 11 && digits[0] === "1";
}

/**
 * Splits pasted text into candidate numbers. Lines, commas, semicolons and tabs always separate; spaces
 * separate only between complete numbers, so "212 555 0100 415 555 0101" is two numbers and
 * "(212) 555-0100" one.
 */
export function splitNumberText(text: string): string[] {
  const pieces: string[] = [];
  for (const chunk of text.split(/[\r\n,;\t]+/)) {
    // Text without a digit (a CSV header, a label column) is one entry, reported as it is.
    if (!/\d/.test(chunk)) {
      if (chunk.trim()) pieces.push(chunk.trim());
      continue;
    }
    const tokens = chunk.trim().split(/\s+/).filter(Boolean);
    let current: string[] = [];
    for (const token of tokens) {
      current.push(token);
      const digits = current.join("").replace(/\D/g, "");
      if (complete(digits) || digits.length > 11 || /[A-Za-z]/.test(token)) {
        pieces.push(current.join(" "));
        current = [];
      }
    }
    if (current.length > 0) pieces.push(current.join(" "));
  }
  return pieces;
}

/** Pasted text → unique numbers and the pieces that are not numbers (duplicates reported once each). */
export function parseNumberList(text: string): NumberList {
  const numbers: string[] = [];
  const seen = new Set<string>();
  const rejected: Unparseable[] = [];
  for (const piece of splitNumberText(text)) {
    const result = parseNanpNumber(piece);
    if ("reason" in result) rejected.push({ input: piece, reason: result.reason });
    else if (seen.has(result.e164)) rejected.push({ input: piece, reason: "duplicate" });
    else {
      seen.add(result.e164);
      numbers.push(result.e164);
    }
  }
  return { numbers, rejected };
}
