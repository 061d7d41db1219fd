import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { type ValidationErrors, validationError } from "./errors";

/**
 * Zod issues → Laravel's 422 shape. Messages are translation keys of the portal's `validation` namespace
 * (documented in docs/backend.md); a schema's custom message is used as is, so it must be a key too.
 */
function messageFor(issue: z.core.$ZodIssue, rawValue: unknown): string {
  switch (issue.code) {
    case "invalid_type":
      if (rawValue === undefined || rawValue === null) return "validation.required";
      if (issue.expected === "number" || issue.expected === "int") return "validation.numeric";
      if (issue.expected === "boolean") return "validation.boolean";
      if (issue.expected === "array") return "validation.array";
      if (issue.expected === "string") return "validation.string";
      return "validation.invalid";
    case "too_small":
      if (rawValue === "" || (Array.isArray(rawValue) && rawValue.length === 0 && issue.minimum === 1)) {
        return "validation.required";
      }
      return bounded(issue.origin, "min", issue.minimum);
    case "too_big":
      return bounded(issue.origin, "max", issue.maximum);
    case "invalid_format":
      if (issue.format === "email") return "validation.email";
      if (issue.format === "url") return "validation.url";
      if (issue.format === "date" || issue.format === "datetime") return "validation.date";
      if (issue.format === "regex") return "validation.regex";
      return "validation.format";
    case "invalid_value":
      return "validation.in";
    case "custom":
      return issue.message.startsWith("validation.") ? issue.message : "validation.invalid";
    default:
      return "validation.invalid";
  }
}

/** `validation.too_short|{"min":8}` and the like: the portal interpolates the bound into the message. */
function bounded(origin: string, side: "min" | "max", bound: number | bigint): string {
  const key =
    origin === "string" ? (side === "min" ? "too_short" : "too_long") : origin === "array" || origin === "set" ? `${side}_items` : side;
  return `validation.${key}|${JSON.stringify({ [side]: Number(bound) })}`;
}

function valueAt(data: unknown, path: PropertyKey[]): unknown {
  let current = data;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

export function zodErrors(error: z.ZodError, data: unknown): ValidationErrors {
  const errors: ValidationErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".") || "body";
    const message = messageFor(issue, valueAt(data, issue.path));
    const list = errors[field] ?? [];
    if (!list.includes(message)) list.push(message);
    errors[field] = list;
  }
  return errors;
}

/** The OpenAPIHono defaultHook: any failed request validation (body, query, params) answers 422. */
export function validationHook(
  result: { success: true; data: unknown } | { success: false; error: z.ZodError; data?: unknown },
  _c: Context,
): void {
  if (!result.success) throw validationError(zodErrors(result.error, result.data));
}

/** Collects errors found after schema validation (uniqueness, settings-dependent rules) into one 422. */
export class ErrorBag {
  private readonly errors: ValidationErrors = {};

  add(field: string, message: string): this {
    const list = this.errors[field] ?? [];
    if (!list.includes(message)) list.push(message);
    this.errors[field] = list;
    return this;
  }

  throwIfAny(): void {
    if (Object.keys(this.errors).length > 0) throw validationError(this.errors);
  }
}

/** Password rules shared by register, reset and change: minimum length from the settings, confirmation. */
export function checkNewPassword(bag: ErrorBag, password: string, confirmation: string | undefined, minLength: number) {
  if (password.length < minLength) bag.add("password", `validation.too_short|${JSON.stringify({ min: minLength })}`);
  if (confirmation !== password) bag.add("password", "validation.confirmed");
}

/**
 * Characters no single-line text may contain: controls (NUL, tab, newline, C1), lone surrogates, line and
 * paragraph separators, and format characters — bidi marks, embeddings, overrides and isolates, zero-width
 * space, word joiner, BOM, soft hyphen, tag characters — except ZWNJ and ZWJ, which Persian, Indic scripts
 * and emoji need inside words.
 */
const FORBIDDEN_CHARACTER = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}]|(?![\u200C\u200D])\p{Cf}/u;
/** What renders as nothing: spaces, default-ignorable code points (fillers, joiners), the Braille blank. */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\u2800]+$/u;

/** The text is free of forbidden characters and shows something: the rule of `safeText`. */
export function isSafeText(value: string): boolean {
  return !FORBIDDEN_CHARACTER.test(value) && !INVISIBLE_ONLY.test(value);
}

/**
 * Every name-like text the backend accepts (names of users, organizations and roles, the portal name,
 * addresses...): trimmed, NFC-normalised, `validation.invalid_characters` for controls, bidi overrides and
 * isolates, invisible format characters or invisible-only input (so "Super Admin" plus a zero-width
 * character is refused instead of passing as a second "Super Admin"). `min` 1 (the default) means required.
 */
export function safeText(options: { max: number; min?: number }) {
  return z
    .string()
    .trim()
    .normalize("NFC")
    .min(options.min ?? 1)
    .max(options.max)
    .refine(isSafeText, { message: "validation.invalid_characters" });
}

/** Optional `safeText`: missing, null or "" (an empty form field) becomes null. */
export function optionalSafeText(max: number) {
  return z
    .string()
    .trim()
    .normalize("NFC")
    .max(max)
    .refine((value) => value === "" || isSafeText(value), { message: "validation.invalid_characters" })
    .nullish()
    .transform((value) => (value ? value : null));
}
