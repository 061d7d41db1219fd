import { validationMessage } from "./validation-message";
import { z } from "./zod";

/**
 * A form that sets a new password (registration, password setup, the profile's security tab): `shape`'s
 * fields plus the password, at least the system's minimum length, and its confirmation, which must match.
 */
export function newPasswordSchema<Shape extends Record<string, z.ZodMiniType>>(minLength: number, shape: Shape) {
  return z
    .object({
      ...shape,
      password: z
        .string({ error: validationMessage("required") })
        .check(z.minLength(minLength, validationMessage("too_short", { min: minLength }))),
      password_confirmation: z.string({ error: validationMessage("required") }),
    })
    .check(
      z.refine(confirmed, {
        path: ["password_confirmation"],
        error: validationMessage("confirmed"),
      }),
    );
}

/** zod cannot see the password fields through the generic shape's type: read them as what they are. */
function confirmed(value: unknown): boolean {
  const { password, password_confirmation } = value as { password: string; password_confirmation: string };
  return password === password_confirmation;
}
