import { recordId } from "~/lib/admin/upstream.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { Route } from "./+types/branded-documents.file";

/**
 * A branded document's bytes, through the portal (the bundled backend has no public URL): `?inline=1` for a
 * preview, otherwise an attachment; `?version=N` for a previous version. The backend decides the type from
 * the content and sends nosniff and a sandboxing CSP, so an uploaded SVG never runs in the portal's origin;
 * those headers are passed on unchanged.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "branded-documents");
  const id = recordId(params.id);
  const search = new URL(request.url).searchParams;
  const query = new URLSearchParams();
  if (search.get("inline") === "1") query.set("inline", "1");
  const version = search.get("version");
  if (version && /^[1-9]\d{0,5}$/.test(version)) query.set("version", version);
  const upstream = await api.raw(`/api/branded-documents/${id}/file${query.size ? `?${query}` : ""}`);
  if (upstream.status !== 200) {
    await upstream.body?.cancel();
    throw new Response("Not found", { status: upstream.status === 401 ? 401 : 404 });
  }
  const headers = new Headers({ "X-Content-Type-Options": "nosniff", "Cache-Control": "private, no-store" });
  for (const name of ["Content-Type", "Content-Length", "Content-Disposition", "Content-Security-Policy"]) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.body, { status: 200, headers });
}
