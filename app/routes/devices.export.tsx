import { isRecordId } from "~/lib/record-id";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { Route } from "./+types/devices.export";

/** A device's overrides as a CSV or JSON download, fetched with the user's session (the backend checks access). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "device-overrides");
  if (!isRecordId(params.id)) throw new Response("Not found", { status: 404 });
  const format = new URL(request.url).searchParams.get("format") === "csv" ? "csv" : "json";
  const upstream = await api.raw(`/api/devices/${params.id}/overrides/export`, { query: { format } });
  if (!upstream.ok) return new Response(null, { status: upstream.status === 401 || upstream.status === 403 ? upstream.status : 404 });
  const headers = new Headers({ "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" });
  for (const name of ["Content-Type", "Content-Disposition"]) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.body, { status: 200, headers });
}
