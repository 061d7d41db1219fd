import { requiredOr, tooLong } from "~/components/admin/schema";
import { validationMessage } from "~/lib/validation-message";
import { z } from "~/lib/zod";
import {
  DIRECTIONALS,
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
