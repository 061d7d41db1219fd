// /password-setup's form, in a module of its own: its messages are the "passwords" strings, which only that page
// loads. Loaded by the page when the form is first focused (`useSchemaForm`, decision 063).
import { newPasswordSchema } from "~/lib/new-password";
import { z } from "~/lib/zod";

/** The link of the invitation or forgot-password e-mail, with the system's minimum password length. */
export const setupSchema = (minLength: number) =>
  newPasswordSchema(minLength, { token: z.string({ error: "passwords.token" }), email: z.email({ error: "passwords.token" }) });
