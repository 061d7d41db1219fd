// The SMTP relay form's schema: its own module, loaded by the page when the form is first focused
// (`useSchemaForm`, decision 063) and imported by the action and loader on the server.
import { RECORD_ID } from "~/lib/record-id";
import { validationMessage } from "~/lib/validation-message";
import { z } from "~/lib/zod";
import { isSmtpHost, SMTP_ENCRYPTION_OPTIONS } from "../../../common/smtp";

const email = z.email(validationMessage("email")).check(z.maxLength(254, validationMessage("too_long", { max: 254 })));

/** The same rules as the backend (`PUT /api/smtp-relay`), so the browser can say it first. */
export const smtpSchema = z
  .object({
    intent: z._default(z.enum(["save", "test"]), "save"),
    organization_id: z.optional(z.string().check(z.regex(RECORD_ID))),
    enabled: z.optional(z.boolean()),
    host: z.string({ error: validationMessage("required") }).check(z.trim(), z.refine(isSmtpHost, "smtp.validation.host")),
    port: z
      .number({ error: validationMessage("integer") })
      .check(
        z.int(validationMessage("integer")),
        z.minimum(1, validationMessage("min", { min: 1 })),
        z.maximum(65535, validationMessage("max", { max: 65535 })),
      ),
    encryption: z.enum(SMTP_ENCRYPTION_OPTIONS, { error: validationMessage("in") }),
    auth: z.optional(z.boolean()),
    username: z.optional(z.string().check(z.trim(), z.maxLength(255, validationMessage("too_long", { max: 255 })))),
    password: z.optional(z.string().check(z.maxLength(255, validationMessage("too_long", { max: 255 })))),
    clear_password: z.optional(z.boolean()),
    from_address: z.pipe(z.string({ error: validationMessage("required") }), email),
    from_name: z.optional(z.string().check(z.trim(), z.maxLength(100, validationMessage("too_long", { max: 100 })))),
    reply_to: z.optional(email),
    test_to: z.optional(email),
  })
  .check(
    z.superRefine((value, context) => {
      if (value.auth && !value.username) context.addIssue({ code: "custom", path: ["username"], message: validationMessage("required") });
      if (value.intent === "test" && !value.test_to) {
        context.addIssue({ code: "custom", path: ["test_to"], message: validationMessage("required") });
      }
    }),
  );
