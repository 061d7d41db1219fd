import { isHttps } from "~/lib/request-url.server";
/**
 * The stylesheet sonner (toasts) inserts at runtime without a nonce, admitted by its hash. sonner
 * inserts the element empty and then fills it, and Chromium checks both states: the empty
 * stylesheet's hash is admitted too (an empty style element does nothing). A sonner upgrade that
 * changes its CSS fails `tests/unit/portal/security-headers.test.ts`, which recomputes the hash.
 */
export const SONNER_STYLE_HASH = "'sha256-StEaX+se6YS7pqjzrzMIA0KaX9zF/8zAhvQXZAe5epY='";
const EMPTY_STYLE_HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

/**
 * Strict headers for every HTML response. Scripts and style elements run only with this response's
 * nonce (or, for sonner's stylesheet, its hash); no inline style attributes (React sets styles
 * through the CSSOM, which CSP allows); nothing loads from a third-party host (fonts and icons are
 * self-hosted).
 */
export function securityHeaders(nonce: string, request: Request): Record<string, string> {
  const secure = isHttps(request);
  const headers: Record<string, string> = {
    "Content-Security-Policy": [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
      `style-src 'self' 'nonce-${nonce}' ${SONNER_STYLE_HASH} ${EMPTY_STYLE_HASH}`,
      "img-src 'self' data: blob:",
      "font-src 'self'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      "base-uri 'self'",
      "object-src 'none'",
    ].join("; "),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    // Lets Chromium send the OS colour scheme on the next request, so the theme renders without a flash.
    "Accept-CH": "Sec-CH-Prefers-Color-Scheme",
    Vary: "Sec-CH-Prefers-Color-Scheme",
  };
  if (secure) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}

/**
 * Strict headers for a static resource the portal generates itself (the navigation's icon sprite): not an
 * HTML page, so entry.server's headers never reach it. Opened on its own it can run nothing and load
 * nothing (sandboxed, `default-src 'none'`), cannot be framed, and is readable only by the portal's pages.
 */
export const STATIC_RESOURCE_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
};
