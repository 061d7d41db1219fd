import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { cloudflareContext } from "~/lib/cloudflare.server";
import { parseCookieHeader } from "~/lib/cookies";
import { cookieName, isLocale, type Locale } from "~/lib/preferences";
import { getPublicSettings } from "~/lib/public-settings.server";
import { resources } from "~/locales";

/**
 * Language: the `amp-language` cookie (a plain value, like every amp-* preference), else the
 * default language of the system settings (public settings: applies without a redeploy), else the
 * deployment's DEFAULT_LOCALE, else English.
 */
async function findLocale(request: Request, context: Readonly<RouterContextProvider>): Promise<Locale> {
  const chosen = parseCookieHeader(request.headers.get("Cookie"))[cookieName("language")];
  if (isLocale(chosen)) return chosen;
  const { default_locale } = await getPublicSettings(context);
  if (isLocale(default_locale)) return default_locale;
  const configured = context.get(cloudflareContext).env.DEFAULT_LOCALE;
  return isLocale(configured) ? configured : "en";
}

/**
 * One initialised i18next instance per language and isolate (decision 054). The server's strings are all bundled
 * (`resources`), nothing on the server changes an instance's language or resources, so requests of one language
 * can share it: creating and initialising one per request (what remix-i18next's middleware does) was ~0.2 ms
 * of every request. The browser keeps its own single instance (entry.client.tsx).
 */
const instances = new Map<Locale, Promise<i18n>>();

export function i18nextInstance(locale: Locale): Promise<i18n> {
  let instance = instances.get(locale);
  if (!instance) {
    const created = createInstance({
      resources,
      fallbackLng: "en",
      defaultNS: "common",
      interpolation: { escapeValue: false },
    }).use(initReactI18next);
    instance = created.init({ lng: locale }).then(() => created);
    // A failed initialisation is not kept: the next request tries again.
    instance.catch(() => instances.delete(locale));
    instances.set(locale, instance);
  }
  return instance;
}

/**
 * What the server's render gets as its i18next instance (`<I18nextProvider>`): an object with no properties of its
 * own that reads everything from the shared instance (its prototype). react-i18next's `useTranslation` copies every
 * own property of the instance it is given into a new object on each call, and the server mounts every component
 * afresh: with the instance itself that was ~70 properties (i18next binds each of its methods onto the instance),
 * ~6 % of a list's render. Methods stay bound to the instance, reads see its state; nothing writes to it while
 * rendering (decision 054). Its one own property is a `getFixedT` whose `t` remembers plain lookups.
 */
const renderingViews = new WeakMap<i18n, i18n>();

export function renderingInstance(instance: i18n): i18n {
  let view = renderingViews.get(instance);
  if (!view) {
    view = Object.create(instance, { getFixedT: { value: rememberingGetFixedT(instance) } }) as i18n;
    renderingViews.set(instance, view);
  }
  return view;
}

/**
 * The view's `getFixedT`: its `t` remembers what a key alone (no options) gives, per namespace and key prefix. The
 * server's strings never change, so that answer never does. A call with plain values fills them into that answer
 * (`fillIn`); any other call with options (counts, contexts, another language) goes to i18next as before. A list page asks `t` ~240 times, many of them the same labels (columns, statuses).
 */
function rememberingGetFixedT(instance: i18n): i18n["getFixedT"] {
  const scopes = new Map<string, Map<string, unknown>>();
  type FixedT = ((key: unknown, ...rest: unknown[]) => unknown) & Record<string, unknown>;
  const original = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => FixedT;
  const getFixedT = (lng?: unknown, ns?: unknown, keyPrefix?: unknown, options?: { scopeNs?: unknown }) => {
    const fixed = original(lng, ns, keyPrefix, options);
    if ((lng != null && lng !== instance.language) || typeof keyPrefix === "function") return fixed;
    const scope = JSON.stringify([ns ?? null, keyPrefix ?? null, options?.scopeNs ?? null]);
    let known = scopes.get(scope);
    if (!known) {
      known = new Map();
      scopes.set(scope, known);
    }
    const remembered = known;
    const lookup = (key: string) => {
      let value = remembered.get(key);
      if (value === undefined) {
        value = fixed(key);
        remembered.set(key, value);
      }
      return value;
    };
    const t = (key: unknown, ...rest: unknown[]) => {
      if (typeof key !== "string") return fixed(key, ...rest);
      if (rest.length === 0) return lookup(key);
      if (rest.length === 1) {
        const filled = fillIn(lookup(key), rest[0]);
        if (filled !== null) return filled;
      }
      return fixed(key, ...rest);
    };
    return Object.assign(t, { lng: fixed.lng, lngs: fixed.lngs, ns: fixed.ns, keyPrefix: fixed.keyPrefix });
  };
  return getFixedT as unknown as i18n["getFixedT"];
}

/** i18next's options (not values to put in): a call naming one of them goes to i18next (its ordinal flag acts only with a count). */
const I18NEXT_OPTIONS = new Set([
  "count",
  "context",
  "defaultValue",
  "lng",
  "lngs",
  "fallbackLng",
  "ns",
  "keyPrefix",
  "nsSeparator",
  "keySeparator",
  "replace",
  "interpolation",
  "skipInterpolation",
  "returnObjects",
  "returnDetails",
  "joinArrays",
  "postProcess",
  "appendNamespaceToMissingKey",
  "appendNamespaceToCIMode",
]);
const PLACEHOLDER = /\{\{(.*?)\}\}/g;

/**
 * The remembered string with its `{{name}}` placeholders filled in from `values`, as i18next does it (with
 * `escapeValue: false`), or null for anything but the plain case, which then goes to i18next: a value that is not
 * a string or number, or holds `$` or `{{` (i18next's `String.replace` would read them), an option of i18next's
 * (count, context, …), a value the string does not use, a placeholder without a value or with a format, nesting
 * (`$t(`) or an unescaped placeholder (`{{-`). Values are per row (names), so this only skips i18next's
 * interpolation, ~60 calls on a list page (issue 27, decision 060).
 */
export function fillIn(template: unknown, values: unknown): string | null {
  if (typeof template !== "string" || !values || typeof values !== "object" || Array.isArray(values)) return null;
  if (template.includes("$t(") || template.includes("{{-")) return null;
  const given = values as Record<string, unknown>;
  const names = Object.keys(given);
  if (names.length === 0) return null;
  for (const name of names) {
    const value = given[name];
    if (I18NEXT_OPTIONS.has(name) || name.startsWith("defaultValue") || !template.includes(`{{${name}}}`)) return null;
    if (typeof value === "number") continue;
    if (typeof value !== "string" || value.includes("$") || value.includes("{{")) return null;
  }
  let plain = true;
  const filled = template.replace(PLACEHOLDER, (_whole, name: string) => {
    if (!Object.hasOwn(given, name)) plain = false;
    return String(given[name]);
  });
  return plain ? filled : null;
}

const localeContext = createContext<Locale>();
const i18nextContext = createContext<i18n>();

export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const locale = await findLocale(request, context);
  context.set(localeContext, locale);
  context.set(i18nextContext, await i18nextInstance(locale));
  return next();
};

/** The request's language (`i18nextMiddleware` must have run: root middleware). */
export const getLocale = (context: Readonly<RouterContextProvider>): Locale => context.get(localeContext);

/** The request's i18next instance, shared by the requests of its language: read it, never change its language. */
export const getInstance = (context: Readonly<RouterContextProvider>): i18n => context.get(i18nextContext);

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: (typeof resources)["en"];
  }
}
