// The profile tabs' forms. Their own module, not the routes': the pages load it when a form is first focused
// (`useSchemaForm`, decision 063), and the actions and loaders import it on the server.
import { newPasswordSchema } from "~/lib/new-password";
import { isHexColor, LOCALES } from "~/lib/preferences";
import { validationMessage } from "~/lib/validation-message";
import { z } from "~/lib/zod";

/** Account: name, e-mail and language. */
export const accountSchema = z.object({
  name: z
    .string({ error: validationMessage("required") })
    .check(z.trim(), z.minLength(1, validationMessage("required")), z.maxLength(255, validationMessage("too_long", { max: 255 }))),
  email: z.email({ error: validationMessage("email") }).check(z.maxLength(255, validationMessage("too_long", { max: 255 }))),
  locale: z.enum(LOCALES, { error: validationMessage("in") }),
});

/** Preferences: the theme and its colour (a preset or a custom one). */
export const themeSchema = z
  .object({
    theme: z.enum(["light", "dark", "system"], { error: validationMessage("in") }),
    theme_primary_color: z
      .string({ error: validationMessage("required") })
      .check(z.refine((value) => value === "custom" || isHexColor(value), validationMessage("color"))),
    custom_color: z.optional(z.string()),
    theme_semi_dark_menu: z.optional(z.boolean()),
  })
  .check(
    z.refine((value) => value.theme_primary_color !== "custom" || isHexColor(value.custom_color ?? ""), {
      path: ["custom_color"],
      error: validationMessage("color"),
    }),
  );

/** Security: a new password. The minimum length is a system setting, so the schema is built for it on both sides. */
export const passwordSchema = (minLength: number) =>
  newPasswordSchema(minLength, { current_password: z.string({ error: validationMessage("required") }) });

/** API tokens: a new personal access token. */
export const tokenSchema = z.object({
  name: z
    .string({ error: validationMessage("required") })
    .check(z.trim(), z.maxLength(100, { error: validationMessage("too_long", { max: 100 }) })),
  abilities: z
    .array(z.string(), { error: validationMessage("min_items", { min: 1 }) })
    .check(z.minLength(1, { error: validationMessage("min_items", { min: 1 }) })),
  expires_at: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: validationMessage("date") }))),
});
