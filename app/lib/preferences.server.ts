import { isHttps } from "~/lib/request-url.server";
import { serializeCookie } from "./cookies";
import { cookieName, isHexColor, isLocale, PREFERENCE_MAX_AGE, type PreferenceKey } from "./preferences";
import type { CurrentUser } from "./types";

/**
 * The one writer of the interface preference cookies (`<prefix>-<key>`, 30 days, path /): the
 * /preferences action, sign-in and registration, and the profile. A value keeps the preference, `null`
 * forgets it (the default applies again). Appends to `headers` when given.
 */
export function preferenceCookies(
  request: Request,
  values: Partial<Record<PreferenceKey, string | null>>,
  headers: Headers = new Headers(),
): Headers {
  const secure = isHttps(request);
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const maxAge = value === null ? 0 : PREFERENCE_MAX_AGE;
    headers.append("Set-Cookie", serializeCookie(cookieName(key as PreferenceKey), value ?? "", { maxAge, secure }));
  }
  return headers;
}

type SavedPreferences = Partial<Pick<CurrentUser, "locale" | "theme" | "theme_primary_color" | "theme_semi_dark_menu">>;

/**
 * The preferences a user saved (language, theme, primary colour, semi-dark menu) as this browser's
 * cookies, so they follow the user: after sign-in, and after the profile saves them. Fields that are
 * absent or unset leave the browser's cookie as it is.
 */
export function savedPreferenceCookies(request: Request, saved: SavedPreferences): Headers {
  const color = saved.theme_primary_color;
  return preferenceCookies(request, {
    language: isLocale(saved.locale) ? saved.locale : undefined,
    theme: saved.theme ?? undefined,
    "primary-color": color && isHexColor(color) ? color.toUpperCase() : undefined,
    "semi-dark": saved.theme_semi_dark_menu == null ? undefined : String(!!saved.theme_semi_dark_menu),
  });
}
