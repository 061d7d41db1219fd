import type { TFunction } from "i18next";
import { useTranslation } from "~/lib/i18n";
import type { Namespace } from "~/locales/types";

/** `t` with a key known only at run time (the typed `TFunction` accepts literal keys only). */
type DynamicT = (key: string, options: Record<string, unknown>) => string;

/**
 * Validation messages travel as translation keys so the server (Zod schemas, the API's 422 answers)
 * never has to know the reader's language:
 *
 * - `validation.required`                  → key `required` of the `validation` namespace
 * - `validation.too_short|{"minimum":8}`   → the same, with interpolation params as JSON after `|`
 * - `auth.failed`, `errors:generic.title`  → any other loaded namespace works the same way (the first
 *   segment names the namespace; i18next's `ns:key` form is accepted too)
 * - anything else (e.g. Laravel's "The email field is required.") is shown verbatim, and so is a
 *   key that no loaded namespace knows.
 */
const KEY_PATTERN = /^([a-z][a-z0-9_-]*)[.:]([A-Za-z0-9_][A-Za-z0-9_.-]*)$/;

export interface ParsedMessage {
  ns: string;
  key: string;
  params: Record<string, unknown>;
}

export function parseValidationMessage(message: string): ParsedMessage | null {
  const separator = message.indexOf("|");
  const path = separator === -1 ? message : message.slice(0, separator);
  const match = KEY_PATTERN.exec(path);
  if (!match) return null;

  let params: Record<string, unknown> = {};
  if (separator !== -1) {
    try {
      const parsed: unknown = JSON.parse(message.slice(separator + 1));
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
      params = parsed as Record<string, unknown>;
    } catch {
      return null;
    }
  }
  return { ns: match[1], key: match[2], params };
}

/** Builds a message in the convention above: `validationMessage("too_short", { minimum: 8 })`. */
export function validationMessage(key: string, params?: Record<string, string | number>): string {
  const path = `validation.${key}`;
  return params && Object.keys(params).length > 0 ? `${path}|${JSON.stringify(params)}` : path;
}

// biome-ignore lint/suspicious/noExplicitAny: accepts the `t` of any namespace.
export function translateError(t: TFunction<any, any>, message: string): string {
  const parsed = parseValidationMessage(message);
  if (!parsed) return message;
  return (t as unknown as DynamicT)(parsed.key, { ...parsed.params, ns: parsed.ns, defaultValue: message });
}

/** The namespaces that messages in this convention name, each once. */
export function messageNamespaces(messages: readonly string[]): string[] {
  const namespaces = new Set<string>();
  for (const message of messages) {
    const parsed = parseValidationMessage(message);
    if (parsed) namespaces.add(parsed.ns);
  }
  return [...namespaces];
}

/**
 * The browser holds only the namespaces its screens declare (docs/decisions/024-strings-load-per-namespace.md),
 * but a message from an API may name any: this loads the ones `messages` name before the component renders
 * them (it suspends meanwhile, inside the submission's or navigation's transition), so `translateError`
 * finds their strings. A name that is no namespace fails to load at once, and the message shows verbatim.
 */
export function useMessageStrings(messages: readonly string[] | undefined): void {
  useTranslation(messageNamespaces(messages ?? []) as Namespace[]);
}
