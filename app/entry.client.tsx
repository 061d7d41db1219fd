import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { pageNonce } from "~/lib/nonce";
import { setCookiePrefix } from "~/lib/preferences";
import { installPreloadErrorHandler } from "~/lib/preload-error";
import { clientLanguages } from "~/locales/client";

installPreloadErrorHandler();
// The server names the preference cookies after APP_NAME and says so on <html>.
setCookiePrefix(document.documentElement.dataset.cookiePrefix);

declare global {
  // Read by get-nonce, through which radix's scroll lock (react-style-singleton) nonces its style element.
  var __webpack_nonce__: string | undefined;
}
// The browser hides nonce attributes but keeps the property: reuse this page's nonce for style
// elements that libraries insert at runtime, which the CSP admits only with it.
globalThis.__webpack_nonce__ = pageNonce() || undefined;

async function hydrate() {
  // The server chose the language and wrote it on <html lang>; load just that one.
  const lng = document.documentElement.lang || "en";
  const load = clientLanguages[`./${lng}/index.ts`] ?? clientLanguages["./en/index.ts"];
  const { default: resources } = await load();
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: lng,
    resources: { [lng]: resources },
    defaultNS: "common",
    interpolation: { escapeValue: false },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate().catch((error) => console.error("hydration failed", error));
