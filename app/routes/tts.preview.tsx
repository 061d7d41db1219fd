import { proxiedFile } from "~/lib/proxied-file.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { Route } from "./+types/tts.preview";

const LIMIT = 600;

/**
 * The "Listen" player's source: renders the unsaved text given in the query (the backend checks the
 * permission, the voice and the length, and stores nothing).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "tts-add");
  const query = new URL(request.url).searchParams;
  const text = query.get("text") ?? "";
  if (!text || text.length > LIMIT) throw new Response("Not found", { status: 404 });
  const speech = {
    text,
    format: query.get("format") === "ssml" ? "ssml" : "text",
    language: query.get("language") ?? "",
    voice: query.get("voice") ?? "",
  };
  const upstream = await api.raw("/api/tts/preview", { method: "POST", json: speech });
  return proxiedFile(upstream, request);
}
