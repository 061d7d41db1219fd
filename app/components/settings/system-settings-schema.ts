// The system settings form's schema: its own module, loaded by the page when the form is first focused
// (`useSchemaForm`, decision 063) and imported by the action and loader on the server.
import { LOCALES } from "~/lib/preferences";
import { validationMessage } from "~/lib/validation-message";
import { z } from "~/lib/zod";
import { IDLE_MINUTES, PASSWORD_MIN, TWO_FACTOR_POLICIES } from "./system-settings";

/** An optional absolute http(s) URL: empty means "not set" (the menu entry stays hidden). */
const optionalUrl = z.optional(
  z.string().check(
    z.trim(),
    z.maxLength(2048, validationMessage("too_long", { max: 2048 })),
    z.refine((value) => {
      try {
        return ["http:", "https:"].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, validationMessage("url")),
  ),
);

const integer = (range: { min: number; max: number }) =>
  z
    .number({ error: validationMessage("integer") })
    .check(
      z.int(validationMessage("integer")),
      z.minimum(range.min, validationMessage("min", { min: range.min })),
      z.maximum(range.max, validationMessage("max", { max: range.max })),
    );

export const settingsSchema = z.object({
  portal_name: z
    .string({ error: validationMessage("required") })
    .check(z.trim(), z.minLength(1, validationMessage("required")), z.maxLength(100, validationMessage("too_long", { max: 100 }))),
  default_locale: z.enum(LOCALES, { error: validationMessage("in") }),
  registration_enabled: z.optional(z.boolean()),
  password_min_length: integer(PASSWORD_MIN),
  session_idle_minutes: integer(IDLE_MINUTES),
  two_factor_required: z.optional(z.enum(TWO_FACTOR_POLICIES, { error: validationMessage("in") })),
  links: z.optional(z.object({ client_success: optionalUrl, billing: optionalUrl, feedback: optionalUrl })),
});
