import { parseCookieHeader } from "./cookies";

/**
 * Interface preferences (specification §3, §9): each in a cookie `<prefix>-<key>`, where the prefix is
 * the application title in lower case, kept 30 days on path `/`. Plain values, one format for all.
 */

/** The cookie prefix for an application title: lower case, letters and digits only ("AMP" → "amp"). */
export function cookiePrefixFor(appName: string | null | undefined): string {
  return (appName ?? "").toLowerCase().replace(/[^a-z0-9]/g, "") || "amp";
}

/**
 * The prefix in use. It is configuration (APP_NAME), the same for every request of a deployment: the
 * Worker sets it from its env on each request (workers/app.ts), the browser from <html data-cookie-prefix>
 * (entry.client.tsx), so every cookie name comes from this one place.
 */
let cookiePrefix = "amp";
let prefixedAppName: string | null | undefined = "amp";

export function setCookiePrefix(appName: string | null | undefined): void {
  // Called on every request with the same value: worked out once.
  if (appName === prefixedAppName) return;
  cookiePrefix = cookiePrefixFor(appName);
  prefixedAppName = appName;
}

export function currentCookiePrefix(): string {
  return cookiePrefix;
}
export const PREFERENCE_MAX_AGE = 30 * 24 * 60 * 60;
export const DEFAULT_PRIMARY_COLOR = "#7367F0";
export const DEFAULT_PRIMARY_COLOR_DARK = "#675DD8";
export const PRIMARY_COLOR_PRESETS = [DEFAULT_PRIMARY_COLOR, "#0D9394", "#FFB400", "#FF4C51", "#16B1FF"] as const;
export const LOCALES = ["en", "fr", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export const RTL_LOCALES: readonly Locale[] = ["ar"];

const choice = <T extends string>(values: readonly T[], fallback: T) => ({ values, fallback });

/** Every preference: allowed values and default. */
export const PREFERENCE_SCHEMA = {
  theme: choice(["light", "dark", "system"] as const, "system"),
  "color-scheme": choice(["light", "dark"] as const, "light"),
  "semi-dark": choice(["false", "true"] as const, "false"),
  skin: choice(["default", "bordered"] as const, "default"),
  "content-width": choice(["boxed", "wide"] as const, "boxed"),
  "nav-collapsed": choice(["false", "true"] as const, "false"),
  "navbar-blur": choice(["true", "false"] as const, "true"),
  layout: choice(["vertical", "horizontal"] as const, "vertical"),
  "navbar-type": choice(["sticky", "static", "hidden"] as const, "sticky"),
  "horizontal-nav-type": choice(["sticky", "static"] as const, "sticky"),
  "footer-type": choice(["static", "sticky", "hidden"] as const, "static"),
} as const;

export type PreferenceKey = keyof typeof PREFERENCE_SCHEMA | "primary-color" | "language";
type Schema = typeof PREFERENCE_SCHEMA;
export type Preferences = { [K in keyof Schema]: Schema[K]["values"][number] } & {
  "primary-color": string;
  language: Locale | null;
};

export const cookieName = (key: PreferenceKey | "organization" | `columns-${string}`) => `${cookiePrefix}-${key}`;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const isHexColor = (value: string) => HEX_COLOR.test(value);
export const isLocale = (value: string | null | undefined): value is Locale => !!value && (LOCALES as readonly string[]).includes(value);

/** Validates one submitted preference; null when the key or value is not allowed. */
export function validPreference(key: string, value: string): { key: PreferenceKey; value: string } | null {
  if (key === "primary-color") return isHexColor(value) ? { key, value: value.toUpperCase() } : null;
  if (key === "language") return isLocale(value) ? { key, value } : null;
  if (key in PREFERENCE_SCHEMA) {
    const entry = PREFERENCE_SCHEMA[key as keyof Schema];
    return (entry.values as readonly string[]).includes(value) ? { key: key as PreferenceKey, value } : null;
  }
  return null;
}

export function readPreferences(cookieHeader: string | null): Preferences {
  const cookies = parseCookieHeader(cookieHeader);
  const preferences = {} as Record<string, string | null>;
  for (const [key, entry] of Object.entries(PREFERENCE_SCHEMA)) {
    const value = cookies[cookieName(key as PreferenceKey)];
    preferences[key] = value && (entry.values as readonly string[]).includes(value) ? value : entry.fallback;
  }
  const color = cookies[cookieName("primary-color")];
  preferences["primary-color"] = color && isHexColor(color) ? color.toUpperCase() : DEFAULT_PRIMARY_COLOR;
  const language = cookies[cookieName("language")];
  preferences.language = isLocale(language) ? language : null;
  return preferences as Preferences;
}

/**
 * §4: light theme with semi-dark menu → the light logo; light theme without it → the login logo;
 * any other theme → the light logo. The "light" logo is the one drawn for dark backgrounds, the
 * "login" logo the one for light backgrounds (system settings call them `dark` and `light`).
 */
export function logoBackground(theme: "light" | "dark", semiDark: boolean): "light" | "dark" {
  return theme === "light" && !semiDark ? "light" : "dark";
}
