import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export type ValidationErrors = Record<string, string[]>;

/** An error that becomes a JSON answer in Laravel's shape; thrown from handlers, helpers and middleware. */
export class ApiError extends Error {
  constructor(
    /** Any HTTP status, including Laravel's 419 that Hono's status type does not list. */
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.message === "string" ? body.message : `HTTP ${status}`);
  }
}

export const unauthenticated = () => new ApiError(401, { message: "Unauthenticated." });
export const forbidden = () => new ApiError(403, { message: "This action is unauthorized." });
export const notFound = () => new ApiError(404, { message: "Not found." });
export const csrfMismatch = () => new ApiError(419, { message: "CSRF token mismatch." });

/** 422 with `errors: {field: [translation key]}`; the message is the first error, as Laravel does. */
export function validationError(errors: ValidationErrors): ApiError {
  const first = Object.values(errors)[0]?.[0] ?? "validation.invalid";
  return new ApiError(422, { message: first, errors });
}

export function tooManyAttempts(retryAfterSeconds: number, field?: string, message = "auth.throttle"): ApiError {
  const body: Record<string, unknown> = { message };
  if (field) body.errors = { [field]: [message] };
  return new ApiError(429, body, { "Retry-After": String(retryAfterSeconds) });
}

export function handleError(error: Error, c: Context): Response {
  if (error instanceof ApiError) {
    return c.json(error.body, error.status as ContentfulStatusCode, error.headers);
  }
  if (error instanceof HTTPException) {
    // An empty or broken JSON body that reached Hono's validator: bad input, so 422 like any other.
    if (error.status === 400 && error.message.startsWith("Malformed JSON")) {
      const invalid = validationError({ body: ["validation.json"] });
      return c.json(invalid.body, 422);
    }
    // Hono's own rejections (e.g. 415 Unsupported Media Type) in our JSON shape.
    return c.json({ message: error.message || "Bad request." }, error.status as ContentfulStatusCode);
  }
  console.error(error);
  return c.json({ message: "Server Error." }, 500);
}
