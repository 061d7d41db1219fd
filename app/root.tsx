import { useEffect } from "react";
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "react-router";
import { useLanguage, useTranslation } from "~/lib/i18n";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import arabicFont from "./arabic-font.css?url";
import { ErrorPage, errorPageProps } from "./components/error-page";
import { ThemeScript, useSystemThemeSync } from "./components/theme";
import { LazyToasts, useFlashToast, usePreloadErrorToast } from "./components/toasts";
import guestStylesheet from "./guest.css?url";
import { getEnv } from "./lib/cloudflare.server";
import { primaryPalette } from "./lib/color";
import { drainBody } from "./lib/drain-body.server";
import { useNonce, useStyleNonce } from "./lib/nonce";
import { originGuard } from "./lib/origin-guard.server";
import { currentCookiePrefix, DEFAULT_PRIMARY_COLOR, type Locale, RTL_LOCALES, readPreferences } from "./lib/preferences";
import { getPublicSettings } from "./lib/public-settings.server";
import { getMasquerade, getOptionalUser, sessionMiddleware, upstreamErrorMiddleware } from "./lib/sanctum/context.server";
import { resolveTheme } from "./lib/theme.server";
import { readToast } from "./lib/toast.server";
import { useDeclaredStrings } from "./locales/route-strings";
import type { StringsHandle } from "./locales/types";
import { getLocale, i18nextMiddleware } from "./middleware/i18next";

/**
 * The strings every page needs (layouts, error page, toasts, dialogs): each route adds its own in its `handle`
 * (docs/decisions/024-strings-load-per-namespace.md); a route with a form adds `validation` (decision 063).
 */
export const handle: StringsHandle = { i18n: ["common", "errors", "ui"] };

/** Whether this document already has app.css (set when a page with it renders in the browser). */
let appSheetInDocument = false;

/**
 * The page's stylesheet: guest.css (the utilities of the guest pages only) on a page of the `_guest` layout,
 * app.css (every utility) on any other (docs/decisions/056). React keeps a stylesheet resource once it is in the
 * document, so after a signed-in page a guest page keeps app.css: guest.css is never added after app.css, whose
 * rules it repeats and would otherwise reorder.
 */
function usePageStylesheet(): string {
  const guest = useMatches().some((match) => match.id === "routes/_guest");
  if (guest && !appSheetInDocument) return guestStylesheet;
  if (typeof document !== "undefined") appSheetInDocument = true;
  return stylesheet;
}

export const middleware: Route.MiddlewareFunction[] = [
  drainBody,
  originGuard,
  sessionMiddleware,
  upstreamErrorMiddleware,
  i18nextMiddleware,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = getEnv(context);
  const locale = getLocale(context) as Locale;
  const user = getOptionalUser(context);
  const preferences = readPreferences(request.headers.get("Cookie"));
  const [settings, { toast, clear }] = await Promise.all([getPublicSettings(context), readToast(request, env.SESSION_SECRET)]);
  const theme = resolveTheme(request, preferences, user);
  return data(
    {
      locale,
      dir: RTL_LOCALES.includes(locale) ? ("rtl" as const) : ("ltr" as const),
      appName: settings.portal_name,
      settings,
      preferences,
      theme,
      signedIn: !!user,
      masquerade: getMasquerade(context),
      toast,
    },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

/**
 * The primary colour's accessible shades as CSS variables on :root (see app/app.css). A nonce'd style
 * element rather than a style attribute: the CSP admits no inline style attributes. The colour is a
 * validated #RRGGBB, so nothing else can reach the stylesheet.
 */
function primaryCss(primary: string): string {
  const palette = primaryPalette(primary);
  return `:root{--primary-choice:${primary};--primary-base:${palette.fill};--primary-dark:${palette.hover};--primary-on-fill:${palette.onFill};--primary-text-light:${palette.textOnLight};--primary-text-dark:${palette.textOnDark}}`;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const styleNonce = useStyleNonce();
  const pageStylesheet = usePageStylesheet();
  // Without the root's data (its boundary renders), the request's language still decides.
  const { language } = useTranslation();
  const locale = root?.locale ?? language;
  const theme = root?.theme ?? { mode: "light" as const, resolved: "light" as const, primary: DEFAULT_PRIMARY_COLOR, semiDark: false };
  return (
    <html
      lang={locale}
      dir={root?.dir ?? (RTL_LOCALES.includes(locale as Locale) ? "rtl" : "ltr")}
      className={theme.resolved === "dark" ? "dark" : undefined}
      data-theme={theme.mode}
      data-skin={root?.preferences.skin ?? "default"}
      data-cookie-prefix={currentCookiePrefix()}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Vite's dev client reads this nonce for the style elements it injects (hot CSS). */}
        <meta property="csp-nonce" nonce={styleNonce} />
        <style nonce={styleNonce}>{primaryCss(theme.primary)}</style>
        <ThemeScript mode={theme.mode} nonce={nonce} />
        <Meta />
        {/* Without an explicit nonce, <Links> takes the server's and renders none in the browser: a
            hydration mismatch on every page. */}
        {/* A stylesheet with a `precedence` is a React resource: React puts it in <head> before the hoisted
            modulepreload links, so the browser fetches it first (a plain import would come after ~20 scripts). */}
        <link rel="stylesheet" href={pageStylesheet} precedence="default" />
        <Links nonce={styleNonce} />
        {/* Noto Sans Arabic's @font-face rules: only Arabic pages use the family. A navigation that brings
            Arabic (signing in applies the user's language) adds the sheet before the page shows. */}
        {locale === "ar" && <link rel="stylesheet" href={arabicFont} precedence="default" />}
      </head>
      <body>
        {children}
        <LazyToasts dir={root?.dir ?? "ltr"} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useDeclaredStrings();
  // A navigation can bring another language (signing in applies the user's saved one): the namespaces used so
  // far load in it, then the page re-renders in it.
  useLanguage(loaderData.locale);
  useSystemThemeSync(loaderData.theme.mode);
  useHydratedMark();
  useFlashToast(loaderData.toast);
  usePreloadErrorToast();
  return <Outlet />;
}

/** Also the page of an upstream outage (503) or throttle (429): upstreamErrorMiddleware renders it here. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error)) console.error(error);
  useHydratedMark();
  return <ErrorPage {...errorPageProps(error)} />;
}

/** Marks the document as interactive: the e2e `page.goto` waits for it before a spec clicks or types. */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}
