import { parseCookieHeader, serializeCookie } from "./cookies";
import { cookieName } from "./preferences";
import type { CurrentUser } from "./types";

/**
 * The organization filter (navbar, default none) lives for the browser session in `amp-organization`.
 * Only provider staff may use it; the backend ignores it for organization members anyway.
 */
const COOKIE = cookieName("organization");

export function organizationFilter(request: Request, user: CurrentUser): number | null {
  if (!user.is_provider) return null;
  const value = Number(parseCookieHeader(request.headers.get("Cookie"))[COOKIE]);
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function organizationFilterCookie(organizationId: number | null, secure: boolean): string {
  return organizationId ? serializeCookie(COOKIE, String(organizationId), { secure }) : serializeCookie(COOKIE, "", { maxAge: 0, secure });
}
