import type { Preferences } from "./preferences";
import { DEFAULT_PRIMARY_COLOR, isHexColor } from "./preferences";
import type { CurrentUser } from "./types";

export interface ResolvedTheme {
  mode: "light" | "dark" | "system";
  /** What to paint now: for "system", the OS scheme from the cookie the browser keeps, or the client hint. */
  resolved: "light" | "dark";
  primary: string;
  semiDark: boolean;
}

/**
 * §4: signed in, the user's saved theme applies (falling back to the cookies, then system, then
 * light); guests always see the light theme with the default colour.
 */
export function resolveTheme(request: Request, preferences: Preferences, user: CurrentUser | null): ResolvedTheme {
  if (!user) return { mode: "light", resolved: "light", primary: DEFAULT_PRIMARY_COLOR, semiDark: false };
  const mode = user.theme ?? preferences.theme;
  const hint = request.headers.get("Sec-CH-Prefers-Color-Scheme");
  const system = hint === "dark" || hint === "light" ? hint : preferences["color-scheme"];
  const primary =
    user.theme_primary_color && isHexColor(user.theme_primary_color) ? user.theme_primary_color : preferences["primary-color"];
  const semiDark = user.theme_semi_dark_menu ?? preferences["semi-dark"] === "true";
  return { mode, resolved: mode === "system" ? system : mode, primary, semiDark };
}
