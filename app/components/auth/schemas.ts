// The guest pages' forms. Their own module, not the routes': the pages load it when a form is first focused
// (`useSchemaForm`, decision 063), and the actions and loaders import it on the server.
import { newPasswordSchema } from "~/lib/new-password";
import { validationMessage } from "~/lib/validation-message";
import { z } from "~/lib/zod";

/** /forgot-password. */
export const forgotPasswordSchema = z.object({ email: z.email({ error: validationMessage("email") }) });

/** /register, with the system's minimum password length. */
export const registerSchema = (minLength: number) =>
  newPasswordSchema(minLength, {
    name: z.string({ error: validationMessage("required") }).check(z.maxLength(255, validationMessage("too_long", { max: 255 }))),
    organization_name: z
      .string({ error: validationMessage("required") })
      .check(z.maxLength(255, validationMessage("too_long", { max: 255 }))),
    email: z.email({ error: validationMessage("email") }),
  });

const redirectTo = z.optional(z.string());

/** /two-factor-challenge: the authenticator's code. */
export const codeSchema = z.object({
  code: z.string({ error: validationMessage("required") }).check(z.trim(), z.regex(/^\d{3}\s?\d{3}$/, { error: "auth.two_factor_code" })),
  redirectTo,
});

/** /two-factor-challenge?recovery=1: a recovery code. */
export const recoverySchema = z.object({
  recovery_code: z.string({ error: validationMessage("required") }).check(z.trim(), z.maxLength(50, { error: "auth.recovery_code" })),
  redirectTo,
});
