import { getClient } from "~/lib/sanctum/context.server";
import type { Route } from "./+types/files";

/** Image types a logo may be served as; anything else is handed out as an opaque download. */
const IMAGE_TYPES: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/svg+xml": "svg",
};

/**
 * The headers of an uploaded file served from the portal's origin. Whatever the upload holds (an SVG
 * with a script, an entity-encoded `javascript:` link, HTML passed off as an image), it cannot run
 * there: the CSP sandbox gives it an opaque origin and no script, nosniff stops the browser from
 * guessing a type, and a type outside the image list is served as a download.
 */
function uploadHeaders(upstream: Headers, name: string): Headers {
  const declared = (upstream.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  const extension = IMAGE_TYPES[declared];
  const headers = new Headers({
    "Content-Type": extension ? declared : "application/octet-stream",
    "Content-Disposition": extension ? `inline; filename="${name}.${extension}"` : `attachment; filename="${name}"`,
    "Content-Security-Policy": "sandbox; default-src 'none'; style-src 'unsafe-inline'",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Resource-Policy": "same-origin",
  });
  for (const header of ["Cache-Control", "ETag", "Last-Modified"]) {
    const value = upstream.get(header);
    if (value) headers.set(header, value);
  }
  return headers;
}

/**
 * Public files of the backend (the uploaded logos): the backend answers with paths under
 * /api/files/, which the browser reaches through the portal (the bundled backend has no public URL).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const rest = params["*"] ?? "";
  const logo = /^logos\/(light|dark|collapsed)$/.exec(rest);
  if (!logo) throw new Response("Not found", { status: 404 });
  const upstream = await getClient(context).raw(`/api/files/${rest}${new URL(request.url).search}`);
  if (!upstream.ok) {
    await upstream.body?.cancel();
    return new Response(upstream.status === 404 ? "Not found" : "Unavailable", {
      status: upstream.status === 404 ? 404 : 502,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
    });
  }
  return new Response(upstream.body, { status: 200, headers: uploadHeaders(upstream.headers, `logo-${logo[1]}`) });
}
