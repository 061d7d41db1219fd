import { REQUIRED, requiredOr, tooLong } from "~/components/admin/schema";
import { validationMessage } from "~/lib/validation-message";
import { z } from "~/lib/zod";
import { LANGUAGES } from "./types";

/** Step 1: the subscriber; `organization_id` is posted only by provider staff. */
export const subscriberSchema = z.object({
  organization_id: z.optional(z.int(requiredOr(validationMessage("in"))).check(z.positive(validationMessage("in")))),
  name: z.string(requiredOr(validationMessage("invalid"))).check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(255, tooLong(255))),
  email: z.email(requiredOr(validationMessage("email"))).check(z.maxLength(255, tooLong(255))),
  phone: z
    .string(requiredOr(validationMessage("phone")))
    .check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(40, tooLong(40)), z.regex(/^[+()\d\s.-]+$/, validationMessage("phone"))),
  locale: z.enum(LANGUAGES, requiredOr(validationMessage("in"))),
});

/** Step 3, "port an existing number". */
export const portSchema = z.object({
  number: z.string(requiredOr(validationMessage("phone"))).check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(40, tooLong(40))),
});
