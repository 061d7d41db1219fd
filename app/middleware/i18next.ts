import { createInstance, type i18n } from "i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { cloudflareContext } from "~/lib/cloudflare.server";
import { parseCookieHeader } from "~/lib/cookies";
import { StringStore } from "~/lib/i18n";
import { cookieName, isLocale, type Locale } from "~/lib/preferences";
import { getPublicSettings } from "~/lib/public-settings.server";
import type { Strings } from "~/lib/translate";
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
 * of every request. The browser has no i18next: its strings are a StringStore (~/lib/i18n, decision 062).
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
    });
    instance = created.init({ lng: locale }).then(() => created);
    // A failed initialisation is not kept: the next request tries again.
    instance.catch(() => instances.delete(locale));
    instances.set(locale, instance);
  }
  return instance;
}

/**
 * What the server's render reads its strings from (`<StringsProvider>`, entry.server): one store per language and
 * isolate over the bundled catalogue, the same strings the i18next instance holds. Components translate through the
 * portal's own `t` (decision 062); react-i18next's `useTranslation` copied the instance's ~70 own properties and
 * built a fixed `t` on every call, and the server mounts every component afresh.
 */
const renderingStores = new Map<Locale, StringStore>();

export function renderingStrings(locale: Locale): StringStore {
  let store = renderingStores.get(locale);
  if (!store) {
    const catalogue: Readonly<Record<string, Strings | undefined>> = resources[locale];
    // Nothing to wait for: every namespace is bundled, and a name that is none has no strings (its key shows).
    store = new StringStore(locale, (_language, namespace) => (Object.hasOwn(catalogue, namespace) ? catalogue[namespace] : undefined));
    renderingStores.set(locale, store);
  }
  return store;
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
