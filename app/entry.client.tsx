import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { StringStore, StringsProvider } from "~/lib/i18n";
import { pageNonce } from "~/lib/nonce";
import { setCookiePrefix } from "~/lib/preferences";
import { installPreloadErrorHandler, reportPreloadError } from "~/lib/preload-error";
import { chunkLoader, stringChunks } from "~/locales/client";
import { declaredNamespaces, loadingStringsOnImport } from "~/locales/route-strings";

installPreloadErrorHandler();
// The server names the preference cookies after APP_NAME and says so on <html>.
setCookiePrefix(document.documentElement.dataset.cookiePrefix);

declare global {
  // Read by get-nonce, through which radix's scroll lock (react-style-singleton) nonces its style element.
  var __webpack_nonce__: string | undefined;
  // React Router's framework-mode HTML imports the matched route modules and lists them here before it
  // imports this entry. It adds the modules later navigations import to the same object.
  var __reactRouterRouteModules: Record<string, unknown> | undefined;
}
// The browser hides nonce attributes but keeps the property: reuse this page's nonce for style
// elements that libraries insert at runtime, which the CSP admits only with it.
globalThis.__webpack_nonce__ = pageNonce() || undefined;

async function hydrate() {
  // The server chose the language and wrote it on <html lang>. The page's strings: the namespaces its
  // route modules declare, each its own chunk, all requested at once. Later screens load theirs before
  // they render (useDeclaredStrings in root).
  const lng = document.documentElement.lang || "en";
  const namespaces = declaredNamespaces(Object.values(globalThis.__reactRouterRouteModules ?? {}));
  const onChunkError = (error: unknown) => {
    // Before hydration nobody listens yet: the console at least says why keys show instead of text.
    if (!reportPreloadError(error)) console.error("strings failed to load", error);
  };
  const strings = new StringStore(lng, chunkLoader(stringChunks, onChunkError));
  await strings.load(lng, namespaces);
  // Must be in place before the router reads it (when <HydratedRouter> first renders).
  globalThis.__reactRouterRouteModules = loadingStringsOnImport(globalThis.__reactRouterRouteModules ?? {}, (declared) => {
    void strings.load(strings.getLanguage(), declared);
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <StringsProvider store={strings}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </StringsProvider>,
    );
  });
}

hydrate().catch((error) => console.error("hydration failed", error));
