import { z } from "@hono/zod-openapi";
import {
  DIRECTIONALS,
  E911_COUNTRIES,
  E911_LIMITS,
  HOUSE_NUMBER_PATTERN,
  normalizePostalCode,
  plus4Error,
  postalCodeError,
  regionsOf,
} from "../../../common/e911";
import type { E911AddressInput } from "../carriers/types";

/** An E911 address as the API takes it (E911, residential wizard, number imports): fields and per-country rules. */
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);

const AddressFields = z.object({
  caller_name: z.string().trim().min(1).max(E911_LIMITS.caller_name),
  house_number: z.string().trim().min(1).max(E911_LIMITS.house_number).regex(HOUSE_NUMBER_PATTERN),
  house_number_suffix: optional(E911_LIMITS.house_number_suffix),
  pre_directional: z
    .enum(DIRECTIONALS)
    .nullish()
    .or(z.literal(""))
    .transform((value) => value || null),
  street_name: z.string().trim().min(1).max(E911_LIMITS.street_name),
  street_suffix: optional(E911_LIMITS.street_suffix),
  post_directional: z
    .enum(DIRECTIONALS)
    .nullish()
    .or(z.literal(""))
    .transform((value) => value || null),
  unit: optional(E911_LIMITS.unit),
  city: z.string().trim().min(1).max(E911_LIMITS.city),
  state: z.string().trim().min(1).max(2),
  postal_code: z.string().trim().min(1).max(7),
  postal_code_plus4: optional(4),
  country: z.enum(E911_COUNTRIES),
  latitude: z
    .number()
    .min(-90)
    .max(90)
    .nullish()
    .transform((value) => value ?? null),
  longitude: z
    .number()
    .min(-180)
    .max(180)
    .nullish()
    .transform((value) => value ?? null),
});

/** The per-country rules: state in the country's list, postal code and +4 in its format. */
export const E911AddressBody = AddressFields.superRefine((value, context) => {
  if (!regionsOf(value.country).includes(value.state)) {
    context.addIssue({ code: "custom", path: ["state"], message: "validation.in" });
  }
  const postal = postalCodeError(value.country, value.postal_code);
  if (postal) context.addIssue({ code: "custom", path: ["postal_code"], message: "validation.format" });
  const plus4 = plus4Error(value.country, value.postal_code_plus4);
  if (plus4) context.addIssue({ code: "custom", path: ["postal_code_plus4"], message: "validation.format" });
})
  .transform((value) => ({ ...value, postal_code: normalizePostalCode(value.country, value.postal_code) }))
  .openapi("E911AddressInput");

export type Address = z.infer<typeof E911AddressBody>;

export function addressValues(address: Address | E911AddressInput) {
  return {
    callerName: address.caller_name,
    houseNumber: address.house_number,
    houseNumberSuffix: address.house_number_suffix,
    preDirectional: address.pre_directional,
    streetName: address.street_name,
    streetSuffix: address.street_suffix,
    postDirectional: address.post_directional,
    unit: address.unit,
    city: address.city,
    state: address.state,
    postalCode: address.postal_code,
    postalCodePlus4: address.postal_code_plus4,
    country: address.country,
    latitude: address.latitude,
    longitude: address.longitude,
  };
}

export function oneLine(address: {
  house_number: string;
  pre_directional: string | null;
  street_name: string;
  street_suffix: string | null;
  city: string;
  state: string;
}): string {
  return [address.house_number, address.pre_directional, address.street_name, address.street_suffix, address.city, address.state]
    .filter(Boolean)
    .join(" ");
}
