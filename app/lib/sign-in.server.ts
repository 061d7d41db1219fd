import { type RouterContextProvider, redirect, redirectDocument } from "react-router";
import { getLocale } from "~/middleware/i18next";
import { savedPreferenceCookies } from "./preferences.server";
import { safeRedirectPath } from "./safe-redirect";
import { getClient, getSession } from "./sanctum/context.server";
import type { CurrentUser } from "./types";

/** The sign-in sequence's steps, in order: which one failed tells why. */
export type SignInStep = "csrf-cookie" | "login" | "two-factor" | "user";

/**
 * A line for the server log explaining a refused sign-in that the user only sees as "Login failed".
 * With Laravel, a host missing from SANCTUM_STATEFUL_DOMAINS looks like this: the XSRF cookie is
 * handed out, then `POST /login` answers 419 (no session to hold the token) or 401, or the login is
 * accepted and `GET /api/user` answers 401 (the request is not treated as stateful). Null when the
 * failure says nothing about the set-up (422 wrong password, 429 throttle).
 */
export function signInFailureHint(step: SignInStep, status: number, upstreamOrigin: string, xsrfCookieReceived: boolean): string | null {
  const host = new URL(upstreamOrigin).host;
  const check = `is ${host} in the backend's SANCTUM_STATEFUL_DOMAINS (and its session cookie domain)?`;
  if (step === "csrf-cookie") return `sign-in: GET /sanctum/csrf-cookie answered ${status}: is SANCTUM_URL the backend's base URL?`;
  if (step === "login" && !xsrfCookieReceived)
    return `sign-in: GET /sanctum/csrf-cookie set no XSRF-TOKEN cookie, then POST /login answered ${status}: ${check}`;
  if (step === "login" && (status === 401 || status === 419))
    return `sign-in: POST /login answered ${status} right after /sanctum/csrf-cookie: ${check}`;
  if (step === "user" && status === 401) return `sign-in: POST /login succeeded but GET /api/user answered 401: ${check}`;
  return null;
}

/** The Origin the upstream client sends (see SanctumClient): UPSTREAM_ORIGIN, else the portal's own. */
export function upstreamOrigin(env: PortalEnv, request: Request): string {
  return env.UPSTREAM_ORIGIN || new URL(request.url).origin;
}

/**
 * The end of a sign-in (after the password, or after the second step): who is signed in, the portal
 * session saved, and the first page. The user's saved language differs from the sign-in page's: a full page
 * load renders the first page in it at once (a client navigation would show the old language until the new
 * strings arrive).
 */
export async function finishSignIn(request: Request, context: Readonly<RouterContextProvider>, redirectTo: string | undefined) {
  const user = await getClient(context).call<CurrentUser>("/api/user", { on401: "throw" });
  getSession(context).markChanged();
  const navigate = user.locale && user.locale !== getLocale(context) ? redirectDocument : redirect;
  return navigate(safeRedirectPath(redirectTo), { headers: savedPreferenceCookies(request, user) });
}
