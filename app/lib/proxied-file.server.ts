/**
 * A file the backend answered (a prompt's audio, a porting document, an import's error report), passed
 * to the browser with only the headers a media element and a download need, and a sandboxing CSP. A
 * refusal keeps 401/403; anything else that failed is not found.
 */
export function proxiedFile(upstream: Response, request: Request): Response {
  if (!upstream.ok) return new Response(null, { status: upstream.status === 401 ? 401 : upstream.status === 403 ? 403 : 404 });
  const headers = new Headers({ "X-Content-Type-Options": "nosniff", "Content-Security-Policy": "default-src 'none'; sandbox" });
  for (const name of ["Content-Type", "Content-Length", "Content-Disposition", "Cache-Control", "ETag"]) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  return new Response(upstream.body, { status: 200, headers });
}
