/**
 * The portal's `t`: i18next's answer for what the catalogue (`app/locales`) uses, without i18next in the browser
 * (decision 062). The catalogue has nested keys, `ns:key`, `{{name}}` placeholders (values not escaped: React
 * escapes them when it renders), objects asked with `returnObjects`; tests/unit/portal/translate.test.ts compares
 * this with i18next for every key of every language and fails when a string uses anything else (plural or context
 * suffixes, `$t(` nesting, `{{x, format}}`, `{{- x}}`).
 *
 * Options: `ns`, `defaultValue`, `returnObjects`, `context` (`key_<context>` when it exists, else `key`); every
 * option is also a value for the placeholders, as in i18next. `count` is only a value: no key has a plural form
 * for it to pick (the test fails when one does).
 */

/** One namespace's strings in one language, as a file of `app/locales/<language>/` exports it. */
export type Strings = { readonly [key: string]: unknown };
/** A language's loaded namespaces by name (one that failed to load has none: absent or null). */
export type LoadedStrings = { readonly [namespace: string]: Strings | null | undefined };
export type TranslateOptions = { readonly [option: string]: unknown };

const SENTENCE_CHARACTER = /[ ,?!;]/;
const NESTING = /\$t\(.+?\)/;

/** i18next's rule: a key holding a space or `,?!;` (before its first `.`, if it has one) reads as a sentence, not `ns:key`. */
function readsAsSentence(key: string): boolean {
  if (!SENTENCE_CHARACTER.test(key)) return false;
  const dot = key.indexOf(".");
  return dot <= 0 || SENTENCE_CHARACTER.test(key.slice(0, dot));
}
const PLACEHOLDER = /\{\{(.+?)\}\}/g;

/**
 * What `find` gave, per namespace object and key: a page asks for the same few hundred keys on every render, and
 * splitting each key and walking the objects again was ~2 % of a list page's CPU (issue 27). Namespaces are
 * modules' constants; a cache that fills up (keys built from data) starts over.
 */
const found = new WeakMap<Strings, Map<string, unknown>>();
const MAX_KEYS_PER_NAMESPACE = 5000;

/** `key` in `strings` ("a.b.c" walks nested objects), own properties only. */
function find(strings: Strings | null | undefined, key: string): unknown {
  if (!strings) return undefined;
  let answers = found.get(strings);
  if (answers?.has(key)) return answers.get(key);
  let current: unknown = strings;
  for (const part of key.split(".")) {
    if (!current || typeof current !== "object" || !Object.hasOwn(current, part)) {
      current = undefined;
      break;
    }
    current = (current as Strings)[part];
  }
  if (!answers) {
    answers = new Map();
    found.set(strings, answers);
  }
  if (answers.size >= MAX_KEYS_PER_NAMESPACE) answers.clear();
  answers.set(key, current);
  return current;
}

/**
 * i18next's interpolation with `escapeValue: false`, one pass: a placeholder takes its value as a string (null → "");
 * a value the call does not name leaves the placeholder as it is, one named as undefined gives "". Inserted text is
 * not read again, so a value holding `{{x}}` or `$t(…)` shows as typed (i18next does the same).
 */
function interpolate(text: string, values: TranslateOptions): string {
  if (!text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (whole, inner: string) => {
    const name = inner.trim();
    if (!Object.hasOwn(values, name)) return whole;
    const value = values[name];
    return value == null ? "" : String(value);
  });
}

/** Each string of an object (nested) interpolated, as i18next's `returnObjects` gives it. */
function interpolateAll(value: unknown, values: TranslateOptions): unknown {
  if (typeof value === "string") return interpolate(value, values);
  if (!value || typeof value !== "object") return value;
  const copy: Record<string, unknown> = Array.isArray(value) ? ([] as unknown as Record<string, unknown>) : {};
  for (const [name, inner] of Object.entries(value)) copy[name] = interpolateAll(inner, values);
  return copy;
}

/**
 * The translation of `key` among `loaded` (one language's namespaces), `namespace` unless the key or `options.ns`
 * names another. A missing key gives `defaultValue` if given, else the key without its namespace (interpolated
 * either way); an object without `returnObjects` gives i18next's sentence about it.
 */
export function translate(loaded: LoadedStrings, language: string, namespace: string, key: string, options?: TranslateOptions): unknown {
  const values = options ?? {};
  let ns = typeof values.ns === "string" ? values.ns : namespace;
  if (key.includes(":") && !readsAsSentence(key) && !NESTING.test(key)) {
    const parts = key.split(":");
    ns = parts.shift() as string;
    key = parts.join(".");
  }
  const strings = loaded[ns];
  const context = values.context;
  const withContext =
    (typeof context === "string" || typeof context === "number") && context !== "" ? find(strings, `${key}_${context}`) : undefined;
  const found = withContext !== undefined ? withContext : find(strings, key);
  if (found && typeof found === "object") {
    return values.returnObjects ? interpolateAll(found, values) : `key '${key} (${language})' returned an object instead of string.`;
  }
  if (typeof found === "string") return interpolate(found, values);
  const fallback = values.defaultValue;
  return interpolate(fallback == null ? key : String(fallback), values);
}
