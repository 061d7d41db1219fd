import { requiredOr, tooLong } from "~/components/admin/schema";
import { validationMessage } from "~/lib/validation-message";
import { z } from "~/lib/zod";
import {
  DIRECTIONALS,
  E911_ADDRESS_FIELDS,
  E911_COUNTRIES,
  E911_LIMITS,
  HOUSE_NUMBER_PATTERN,
  plus4Error,
  postalCodeError,
  regionsOf,
} from "../../../common/e911";

const invalid = validationMessage("invalid");
const choose = validationMessage("in");
const required = (max: number) =>
  z.string(requiredOr(invalid)).check(z.trim(), z.minLength(1, validationMessage("required")), z.maxLength(max, tooLong(max)));
const optional = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max, tooLong(max))));

/**
 * The E911 address form (edit and bulk), the same rules as the backend's: the state must belong to the
 * country, and the postal code (and ZIP+4) follow the country's format. Messages are keys.
 */
export const e911AddressSchema = z
  .object({
    caller_name: required(E911_LIMITS.caller_name),
    house_number: required(E911_LIMITS.house_number).check(z.regex(HOUSE_NUMBER_PATTERN, "e911.validation.house_number")),
    house_number_suffix: optional(E911_LIMITS.house_number_suffix),
    pre_directional: z.optional(z.enum(DIRECTIONALS, requiredOr(choose))),
    street_name: required(E911_LIMITS.street_name),
    street_suffix: optional(E911_LIMITS.street_suffix),
    post_directional: z.optional(z.enum(DIRECTIONALS, requiredOr(choose))),
    unit: optional(E911_LIMITS.unit),
    city: required(E911_LIMITS.city),
    state: z.string(requiredOr(choose)),
    postal_code: z.string(requiredOr(invalid)).check(z.trim()),
    postal_code_plus4: z.optional(z.string().check(z.trim())),
    country: z.enum(E911_COUNTRIES, requiredOr(choose)),
  })
  .check(
    z.superRefine((value, context) => {
      if (!regionsOf(value.country).includes(value.state)) context.addIssue({ code: "custom", path: ["state"], message: choose });
      const postal = postalCodeError(value.country, value.postal_code);
      if (postal) context.addIssue({ code: "custom", path: ["postal_code"], message: postal });
      const plus4 = plus4Error(value.country, value.postal_code_plus4);
      if (plus4) context.addIssue({ code: "custom", path: ["postal_code_plus4"], message: plus4 });
    }),
  );

export type E911AddressValues = z.infer<typeof e911AddressSchema>;

export const ADDRESS_FIELDS = E911_ADDRESS_FIELDS;

export interface E911Address {
  id: number;
  caller_name: string;
  house_number: string;
  house_number_suffix: string | null;
  pre_directional: string | null;
  street_name: string;
  street_suffix: string | null;
  post_directional: string | null;
  unit: string | null;
  city: string;
  state: string;
  postal_code: string;
  postal_code_plus4: string | null;
  country: "US" | "CA" | "PR";
  validation_status: "unvalidated" | "valid" | "invalid" | "suggested";
  suggestion: Record<string, string | number | null> | null;
  last_error: string | null;
}

export interface E911Entry {
  id: number;
  e164: string;
  organization_id: number;
  organization_name: string | null;
  number_status: string;
  e911_status: "pending" | "provisioned" | "failed" | "removed" | null;
  e911_error: string | null;
  address: E911Address | null;
  updated_at: string;
}

/** The address on one line, as a postal label reads: "1200 NW Everett St, Floor 2, PORTLAND OR 97209-0001". */
export function addressLine(address: Pick<E911Address, (typeof ADDRESS_FIELDS)[number]> | Record<string, unknown>): string {
  const part = (key: string) => {
    const value = (address as Record<string, unknown>)[key];
    return typeof value === "string" && value ? value : null;
  };
  const street = [
    part("house_number"),
    part("house_number_suffix"),
    part("pre_directional"),
    part("street_name"),
    part("street_suffix"),
    part("post_directional"),
  ]
    .filter(Boolean)
    .join(" ");
  const zip = [part("postal_code"), part("postal_code_plus4")].filter(Boolean).join("-");
  return [street, part("unit"), [part("city"), part("state"), zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

/** Form defaults from a stored (or suggested) address: nulls become absent fields. */
export function addressDefaults(address: Record<string, unknown> | null | undefined): Record<string, string> {
  const values: Record<string, string> = { country: "US" };
  for (const field of ADDRESS_FIELDS) {
    const value = address?.[field];
    if (typeof value === "string" && value) values[field] = value;
  }
  return values;
}

/** Form values → the API body (empty optional fields as null). */
export function addressBody(values: E911AddressValues): Record<string, string | null> {
  const body: Record<string, string | null> = {};
  for (const field of ADDRESS_FIELDS) body[field] = values[field] || null;
  return body;
}
