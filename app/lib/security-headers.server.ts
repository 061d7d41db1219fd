/**
 * Strict headers for every HTML response. Scripts run only with this response's nonce; nothing
 * loads from a third-party host (fonts and icons are self-hosted).
 */
export function securityHeaders(nonce: string, request: Request): Record<string, string> {
  const secure = new URL(request.url).protocol === "https:";
  const headers: Record<string, string> = {
    "Content-Security-Policy": [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
      "style-src 'self' 'unsafe-inline'",
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
