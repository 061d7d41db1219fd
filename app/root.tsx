import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { ErrorPage } from "./components/error-page";
import { ThemeScript, useSystemThemeSync } from "./components/theme";
import { LazyToasts, useFlashToast, usePreloadErrorToast } from "./components/toasts";
import { getEnv } from "./lib/cloudflare.server";
import { primaryPalette } from "./lib/color";
import { drainBody } from "./lib/drain-body.server";
import { useNonce } from "./lib/nonce";
import { originGuard } from "./lib/origin-guard.server";
import { DEFAULT_PRIMARY_COLOR, type Locale, RTL_LOCALES, readPreferences } from "./lib/preferences";
import { getPublicSettings } from "./lib/public-settings.server";
import { getMasquerade, getOptionalUser, sessionMiddleware } from "./lib/sanctum/context.server";
import { resolveTheme } from "./lib/theme.server";
import { readToast } from "./lib/toast.server";
import { getLocale, i18nextMiddleware } from "./middleware/i18next";

// A stylesheet with a `precedence` is a React resource: React puts it in <head> before the hoisted
// modulepreload links, so the browser fetches it first (a plain import would come after ~20 scripts).
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet, precedence: "default" }];

export const middleware: Route.MiddlewareFunction[] = [drainBody, originGuard, sessionMiddleware, i18nextMiddleware];

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

/** The primary colour's accessible shades as CSS variables on <html> (see app/app.css). */
function primaryStyle(primary: string): React.CSSProperties {
  const palette = primaryPalette(primary);
  return {
    "--primary-choice": primary,
    "--primary-base": palette.fill,
    "--primary-dark": palette.hover,
    "--primary-on-fill": palette.onFill,
    "--primary-text-light": palette.textOnLight,
    "--primary-text-dark": palette.textOnDark,
  } as React.CSSProperties;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const locale = root?.locale ?? "en";
  const theme = root?.theme ?? { mode: "light" as const, resolved: "light" as const, primary: DEFAULT_PRIMARY_COLOR, semiDark: false };
  return (
    <html
      lang={locale}
      dir={root?.dir ?? "ltr"}
      className={theme.resolved === "dark" ? "dark" : undefined}
      data-theme={theme.mode}
      data-skin={root?.preferences.skin ?? "default"}
      style={primaryStyle(theme.primary)}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <ThemeScript mode={theme.mode} nonce={nonce} />
        <Meta />
        <Links />
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
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language !== loaderData.locale) void i18n.changeLanguage(loaderData.locale);
  }, [loaderData.locale, i18n]);
  useSystemThemeSync(loaderData.theme.mode);
  // Marks the document as interactive (tests wait for it before typing into enhanced forms).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useFlashToast(loaderData.toast);
  usePreloadErrorToast();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error)) console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage status={status} />;
}
