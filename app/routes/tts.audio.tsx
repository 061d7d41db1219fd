import { proxiedFile } from "~/lib/proxied-file.server";
import { isRecordId } from "~/lib/record-id";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { Route } from "./+types/tts.audio";

/**
 * A prompt's audio for the page's `<audio>` player and the download link: the backend's file, fetched
 * with the user's session (the backend checks the permission and the organization), streamed through.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "tts");
  if (!isRecordId(params.id)) throw new Response("Not found", { status: 404 });
  const download = new URL(request.url).searchParams.get("download") === "1";
  const upstream = await api.raw(`/api/tts/${params.id}/audio${download ? "?download=1" : ""}`);
  return proxiedFile(upstream, request);
}
