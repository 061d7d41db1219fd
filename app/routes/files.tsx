import { getClient } from "~/lib/sanctum/context.server";
import type { Route } from "./+types/files";

/**
 * Public files of the backend (the uploaded logos): the backend answers with paths under
 * /api/files/, which the browser reaches through the portal (the bundled backend has no public URL).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const rest = params["*"] ?? "";
  if (!/^logos\/(light|dark|collapsed)$/.test(rest)) throw new Response("Not found", { status: 404 });
  const upstream = await getClient(context).raw(`/api/files/${rest}${new URL(request.url).search}`);
  const headers = new Headers({
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  });
  for (const name of ["Content-Type", "Cache-Control", "ETag", "Last-Modified"]) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.body, { status: upstream.status, headers });
}
