import { parseCookieHeader, serializeCookie } from "./cookies";
import { cookieName } from "./preferences";
import type { CurrentUser } from "./types";

/**
 * The organization filter (navbar, default none) lives for the browser session in `<prefix>-organization`.
 * Only provider staff may use it; the backend ignores it for organization members anyway.
 */
export function organizationFilter(request: Request, user: CurrentUser): number | null {
  if (!user.is_provider) return null;
  const value = Number(parseCookieHeader(request.headers.get("Cookie"))[cookieName("organization")]);
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function organizationFilterCookie(organizationId: number | null, secure: boolean): string {
  const name = cookieName("organization");
  return organizationId ? serializeCookie(name, String(organizationId), { secure }) : serializeCookie(name, "", { maxAge: 0, secure });
}
