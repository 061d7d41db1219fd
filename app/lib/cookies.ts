/** Plain cookie reading and writing, shared by server and browser code. Values are URI-encoded. */

/**
 * The last header read and its cookies: a request's readers (session, language, preferences, toast, organization
 * filter, list columns) each ask for the same header, and parsing it is done once (issue 27). Frozen, since
 * every reader shares the one object.
 */
const NONE: Readonly<Record<string, string>> = Object.freeze({});
let lastHeader: string | null = null;
let lastCookies = NONE;

export function parseCookieHeader(header: string | null): Readonly<Record<string, string>> {
  if (!header) return NONE;
  if (header === lastHeader) return lastCookies;
  const cookies: Record<string, string> = {};
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in cookies) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      cookies[name] = decodeURIComponent(raw);
    } catch {
      cookies[name] = raw;
    }
  }
  lastHeader = header;
  lastCookies = Object.freeze(cookies);
  return lastCookies;
}

export interface CookieOptions {
  maxAge?: number;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: "Lax" | "Strict";
}

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? "/"}`];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  if (options.httpOnly) parts.push("HttpOnly");
  if (options.secure) parts.push("Secure");
  parts.push(`SameSite=${options.sameSite ?? "Lax"}`);
  return parts.join("; ");
}
