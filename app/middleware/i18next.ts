import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next";
import { cloudflareContext } from "~/lib/cloudflare.server";
import { parseCookieHeader } from "~/lib/cookies";
import { cookieName, isLocale, LOCALES } from "~/lib/preferences";
import { getPublicSettings } from "~/lib/public-settings.server";
import { resources } from "~/locales";

/**
 * Language: the `amp-language` cookie (a plain value, like every amp-* preference), else the
 * default language of the system settings (public settings: applies without a redeploy), else the
 * deployment's DEFAULT_LOCALE, else English.
 */
export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: "en",
    order: ["custom"],
    async findLocale({ request, context }) {
      const chosen = parseCookieHeader(request.headers.get("Cookie"))[cookieName("language")];
      if (isLocale(chosen)) return chosen;
      const { default_locale } = await getPublicSettings(context);
      if (isLocale(default_locale)) return default_locale;
      const configured = context.get(cloudflareContext).env.DEFAULT_LOCALE;
      return isLocale(configured) ? configured : "en";
    },
  },
  i18next: { resources, fallbackLng: "en", defaultNS: "common", interpolation: { escapeValue: false } },
  plugins: [initReactI18next],
});

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: (typeof resources)["en"];
  }
}
