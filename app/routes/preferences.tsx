import { redirect } from "react-router";
import { serializeCookie } from "~/lib/cookies";
import {
  cookieName,
  DEFAULT_PRIMARY_COLOR,
  PREFERENCE_MAX_AGE,
  PREFERENCE_SCHEMA,
  type PreferenceKey,
  validPreference,
} from "~/lib/preferences";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { getClient, getSession } from "~/lib/sanctum/context.server";
import type { CurrentUser } from "~/lib/types";
import type { Route } from "./+types/preferences";

const USER_THEME_FIELDS: Partial<Record<PreferenceKey, keyof CurrentUser>> = {
  theme: "theme",
  "primary-color": "theme_primary_color",
  "semi-dark": "theme_semi_dark_menu",
};

export function loader() {
  return redirect("/");
}

/**
 * Saves one interface preference in its amp-* cookie (30 days, path /). Theme, primary colour and
 * semi-dark menu are also saved to the signed-in user, so they follow the user to another browser.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const key = String(form.get("key") ?? "");
  // A custom colour form carries a hidden default and the picker: the last value wins.
  const value = String(form.getAll("value").at(-1) ?? "");
  const back = safeRedirectPath(form.get("redirectTo"), "/");
  const secure = new URL(request.url).protocol === "https:";
  const headers = new Headers();
  const set = (name: PreferenceKey, cookieValue: string) =>
    headers.append("Set-Cookie", serializeCookie(cookieName(name), cookieValue, { maxAge: PREFERENCE_MAX_AGE, secure }));
  const userChanges: Record<string, unknown> = {};

  if (key === "reset") {
    for (const [name, entry] of Object.entries(PREFERENCE_SCHEMA)) {
      if (name === "color-scheme") continue;
      headers.append("Set-Cookie", serializeCookie(cookieName(name as PreferenceKey), "", { maxAge: 0, secure }));
      if (name in USER_THEME_FIELDS)
        userChanges[USER_THEME_FIELDS[name as PreferenceKey] as string] = name === "semi-dark" ? false : entry.fallback;
    }
    headers.append("Set-Cookie", serializeCookie(cookieName("primary-color"), "", { maxAge: 0, secure }));
    userChanges.theme_primary_color = DEFAULT_PRIMARY_COLOR;
  } else {
    const preference = validPreference(key, value);
    if (!preference) return redirect(back, 303);
    set(preference.key, preference.value);
    // §4: switching to horizontal navigation turns a hidden navbar sticky and un-collapses the vertical one.
    if (preference.key === "layout" && preference.value === "horizontal") {
      const cookies = request.headers.get("Cookie") ?? "";
      if (cookies.includes(`${cookieName("navbar-type")}=hidden`)) set("navbar-type", "sticky");
      set("nav-collapsed", "false");
    }
    const field = USER_THEME_FIELDS[preference.key];
    if (field) userChanges[field] = preference.key === "semi-dark" ? preference.value === "true" : preference.value;
  }

  if (Object.keys(userChanges).length > 0 && !getSession(context).isNew) {
    const api = getClient(context);
    try {
      const user = await api.call<CurrentUser>("/api/user", { on401: "throw" });
      await api.call("/api/user/preferences", {
        method: "PUT",
        on401: "throw",
        json: {
          theme: user.theme ?? "system",
          theme_primary_color: user.theme_primary_color ?? DEFAULT_PRIMARY_COLOR,
          theme_semi_dark_menu: !!user.theme_semi_dark_menu,
          ...userChanges,
        },
      });
    } catch (error) {
      // The cookie still holds the choice; the profile copy is a convenience.
      if (error instanceof Response) throw error;
      console.error("save preferences to profile", error);
    }
  }
  return redirect(back, { status: 303, headers });
}
