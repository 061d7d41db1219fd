// The phone and country checks use libphonenumber's small metadata (number lengths per country), which is
// 28 KiB gzipped: the server has it from the start (~/lib/admin/organization-schema.server.ts), the browser fetches it when
// the form is first focused (`loadPhoneRules`, with this schema: decision 063), so the browser never checks without it.
// The backend validates with the full metadata and stores E.164.
import type { CountryCode } from "libphonenumber-js/min";
import { validationMessage } from "~/lib/validation-message";
import { z } from "~/lib/zod";
import { requiredOr, tooLong } from "./schema";
import { LOCALES, ORGANIZATION_STATUSES, ORGANIZATION_TYPES } from "./types";

const invalid = validationMessage("invalid");
const choose = validationMessage("in");

/** An optional text: empty becomes `null`, so clearing a field clears it upstream too. */
const optionalText = (max: number) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max, tooLong(max)))),
    z.transform((value) => value || null),
  );

interface PhoneRules {
  countries: readonly string[];
  isValidPhoneNumber: (text: string, region: CountryCode) => boolean;
}

let phoneRules: PhoneRules | null = null;

/** Gives the schema libphonenumber's rules (the server does so when its module loads). */
export function setPhoneRules(rules: PhoneRules): void {
  phoneRules = rules;
}

/** In the browser: fetches libphonenumber's rules (on the form's first focus, with this module) for its own checks. */
export async function loadPhoneRules(): Promise<void> {
  if (phoneRules) return;
  const { getCountries, isValidPhoneNumber } = await import("libphonenumber-js/min");
  phoneRules ??= { countries: getCountries(), isValidPhoneNumber };
}

/** A country libphonenumber knows; until its rules are here (browser only), any two capital letters. */
export function isCountry(value: string): value is CountryCode {
  return phoneRules ? phoneRules.countries.includes(value) : /^[A-Z]{2}$/.test(value);
}

function isValidPhone(text: string, region: CountryCode): boolean {
  return phoneRules ? phoneRules.isValidPhoneNumber(text, region) : true;
}

/** An IANA time zone the runtime accepts (aliases of renamed zones included). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return /^[A-Za-z]/.test(value);
  } catch {
    return false;
  }
}

/** `POST /api/organizations` and `PUT /api/organizations/{id}`. */
export const organizationSchema = z
  .object({
    name: z.string(requiredOr(invalid)).check(z.trim(), z.minLength(1, validationMessage("required")), z.maxLength(255, tooLong(255))),
    account_number: z
      .string(requiredOr(invalid))
      .check(z.trim(), z.minLength(1, validationMessage("required")), z.maxLength(64, tooLong(64))),
    status: z.enum(ORGANIZATION_STATUSES, requiredOr(choose)),
    type: z.enum(ORGANIZATION_TYPES, requiredOr(choose)),
    contact_name: optionalText(255),
    contact_email: z.pipe(
      z.optional(z.email(validationMessage("email")).check(z.maxLength(255, tooLong(255)))),
      z.transform((value) => value ?? null),
    ),
    contact_phone: z.pipe(
      z.optional(z.string().check(z.trim(), z.maxLength(32, tooLong(32)))),
      z.transform((value) => value ?? null),
    ),
    address_line1: optionalText(255),
    address_line2: optionalText(255),
    city: optionalText(120),
    state: optionalText(120),
    postal_code: optionalText(20),
    country: z.string(requiredOr(choose)).check(z.refine(isCountry, choose)),
    timezone: z.string(requiredOr(choose)).check(z.refine(isTimeZone, choose)),
    default_locale: z.enum(LOCALES, requiredOr(choose)),
  })
  // As the backend does (it stores E.164): a national number is read in the organization's country, US by default.
  // (`when`: checked even while other fields are still invalid, so every error shows at once.)
  .check(
    z.refine((value) => !value.contact_phone || isValidPhone(value.contact_phone, phoneRegion(value.country)), {
      path: ["contact_phone"],
      message: validationMessage("phone"),
      when: (payload) => typeof (payload.value as { contact_phone?: unknown } | undefined)?.contact_phone === "string",
    }),
  );

function phoneRegion(country: unknown): CountryCode {
  return typeof country === "string" && isCountry(country) ? country : "US";
}
