import { z } from "@hono/zod-openapi";
import { CAPABILITIES } from "../../../common/capabilities";

/** Shared OpenAPI building blocks: the error bodies every route may answer with. */
export const MessageSchema = z.object({ message: z.string() }).openapi("Message");

export const ValidationErrorSchema = z
  .object({
    message: z.string().openapi({ example: "validation.required" }),
    errors: z.record(z.string(), z.array(z.string())).openapi({ example: { email: ["validation.required"] } }),
  })
  .openapi("ValidationError");

const ERROR_DESCRIPTIONS = {
  400: "Bad request",
  401: "Unauthenticated (no session, or a request from a non-stateful origin)",
  403: "This action is unauthorized",
  404: "Not found (or belongs to another organization)",
  409: "Conflict",
  415: "Unsupported media type",
  419: "CSRF token mismatch",
  422: "Validation failed; messages are translation keys",
  423: "Password confirmation required: POST /user/confirm-password first",
  429: "Too many attempts; see Retry-After",
  502: "The carrier failed or timed out; the message is a `numbers.carrier.*` key",
} as const;

type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/** Response definitions for the listed error statuses, to spread into a route's `responses`. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: ERROR_DESCRIPTIONS[status],
        content: { "application/json": { schema: status === 422 ? ValidationErrorSchema : MessageSchema } },
      },
    ]),
  ) as unknown as Record<S, { description: string; content: { "application/json": { schema: typeof MessageSchema } } }>;
}

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

export const SuccessSchema = z.object({ success: z.literal(true) }).openapi("Success");

export const UserSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    locale: z.enum(["en", "fr", "ar"]),
    status: z.enum(["active", "disabled"]),
    organization: z.object({ id: z.number().int(), name: z.string(), type: z.enum(["provider", "business", "residential"]) }).nullable(),
    roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
    user_permissions: z.array(z.string()),
    theme: z.enum(["light", "dark", "system"]),
    theme_primary_color: z.string().openapi({ example: "#7367F0" }),
    theme_semi_dark_menu: z.boolean(),
    is_provider: z.boolean(),
    two_factor_enabled: z
      .boolean()
      .openapi({ description: "A confirmed second factor guards the sign-in (optional for a Laravel backend)" }),
    two_factor_required: z
      .boolean()
      .openapi({ description: "The two_factor_required setting applies to this user (optional for a Laravel backend)" }),
    capabilities: z
      .array(z.enum(CAPABILITIES))
      .openapi({ description: "The optional areas this backend offers (docs/api.md, Capabilities); the portal hides the others" }),
  })
  .openapi("User");
