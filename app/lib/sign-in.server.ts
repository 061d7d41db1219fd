import { serializeCookie } from "./cookies";
import { cookieName, isHexColor, isLocale, PREFERENCE_MAX_AGE } from "./preferences";
import type { CurrentUser } from "./types";

/**
 * After sign-in the user's saved preferences follow them to this browser: language, theme,
 * primary colour and semi-dark menu become this browser's amp-* cookies.
 */
export function signInCookies(request: Request, user: CurrentUser): Headers {
  const secure = new URL(request.url).protocol === "https:";
  const headers = new Headers();
  const set = (key: Parameters<typeof cookieName>[0], value: string) =>
    headers.append("Set-Cookie", serializeCookie(cookieName(key), value, { maxAge: PREFERENCE_MAX_AGE, secure }));
  if (isLocale(user.locale)) set("language", user.locale);
  if (user.theme) set("theme", user.theme);
  if (user.theme_primary_color && isHexColor(user.theme_primary_color)) set("primary-color", user.theme_primary_color.toUpperCase());
  if (user.theme_semi_dark_menu !== null) set("semi-dark", String(!!user.theme_semi_dark_menu));
  return headers;
}
