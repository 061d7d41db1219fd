import { redirect } from "react-router";
import { readFormData } from "~/lib/forms.server";
import { cookieName, DEFAULT_PRIMARY_COLOR, PREFERENCE_SCHEMA, type PreferenceKey, validPreference } from "~/lib/preferences";
import { preferenceCookies } from "~/lib/preferences.server";
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
  const form = await readFormData(request);
  const key = String(form.get("key") ?? "");
  // A custom colour form carries a hidden default and the picker: the last value wins.
  const value = String(form.getAll("value").at(-1) ?? "");
  const back = safeRedirectPath(form.get("redirectTo"), "/");
  const changes: Partial<Record<PreferenceKey, string | null>> = {};
  const userChanges: Record<string, unknown> = {};

  if (key === "reset") {
    for (const [name, entry] of Object.entries(PREFERENCE_SCHEMA)) {
      if (name === "color-scheme") continue;
      changes[name as PreferenceKey] = null;
      if (name in USER_THEME_FIELDS)
        userChanges[USER_THEME_FIELDS[name as PreferenceKey] as string] = name === "semi-dark" ? false : entry.fallback;
    }
    changes["primary-color"] = null;
    userChanges.theme_primary_color = DEFAULT_PRIMARY_COLOR;
  } else {
    const preference = validPreference(key, value);
    if (!preference) return redirect(back, 303);
    changes[preference.key] = preference.value;
    // §4: switching to horizontal navigation turns a hidden navbar sticky and un-collapses the vertical one.
    if (preference.key === "layout" && preference.value === "horizontal") {
      const cookies = request.headers.get("Cookie") ?? "";
      if (cookies.includes(`${cookieName("navbar-type")}=hidden`)) changes["navbar-type"] = "sticky";
      changes["nav-collapsed"] = "false";
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
      console.error("save preferences to profile", error);
    }
  }
  return redirect(back, { status: 303, headers: preferenceCookies(request, changes) });
}
