import { validationMessage } from "./validation-message";
import { z } from "./zod";

/** The forms of the second factor on the Security tab (app/components/profile/two-factor-card.tsx). */
export const TWO_FACTOR_INTENTS = ["enable", "confirm", "cancel", "recovery-codes", "disable"] as const;
export type TwoFactorIntent = (typeof TWO_FACTOR_INTENTS)[number];

/**
 * One intent's fields: the app's code to confirm an enrolment, and the password when the backend's last
 * confirmation is too old (`needsPassword`; the action accepts it as optional and the backend answers 423).
 */
export function twoFactorSchema(intent: TwoFactorIntent, needsPassword: boolean) {
  const password = z.string({ error: validationMessage("required") }).check(z.maxLength(1000));
  return z.object({
    intent: z.literal(intent),
    password: needsPassword ? password : z.optional(password),
    code:
      intent === "confirm"
        ? z.string({ error: validationMessage("required") }).check(z.trim(), z.regex(/^\d{3}\s?\d{3}$/, { error: "auth.two_factor_code" }))
        : z.optional(z.string()),
  });
}
