/**
 * The browser request's URL, parsed once per request. The Worker's entry, the session, the security headers, the
 * preference and column cookies and the upstream client each read it, and every `new URL` is a call into the
 * runtime (issue 27). The URL is shared: read it, never change it (copy it with `new URL(url)` to build another).
 */
const parsed = new WeakMap<Request, URL>();

export function requestUrl(request: Request): URL {
  let url = parsed.get(request);
  if (!url) {
    url = new URL(request.url);
    parsed.set(request, url);
  }
  return url;
}

/** Whether the browser came over HTTPS (cookies are then `Secure` and `__Host-`): a request's URL is normalised. */
export function isHttps(request: Request): boolean {
  return request.url.startsWith("https:");
}
