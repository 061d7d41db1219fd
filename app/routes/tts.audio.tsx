import { requireScreen } from "~/lib/sanctum/context.server";
import type { Route } from "./+types/tts.audio";

/**
 * A prompt's audio for the page's `<audio>` player and the download link: the backend's file, fetched
 * with the user's session (the backend checks the permission and the organization), streamed through.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "tts");
  if (!/^[1-9]\d{0,9}$/.test(params.id ?? "")) throw new Response("Not found", { status: 404 });
  const download = new URL(request.url).searchParams.get("download") === "1";
  const upstream = await api.raw(`/api/tts/${params.id}/audio${download ? "?download=1" : ""}`);
  return proxiedAudio(upstream, request);
}

/** The upstream answer with only the headers a media element and a download need. */
export function proxiedAudio(upstream: Response, request: Request): Response {
  if (!upstream.ok) return new Response(null, { status: upstream.status === 401 ? 401 : upstream.status === 403 ? 403 : 404 });
  const headers = new Headers({ "X-Content-Type-Options": "nosniff", "Content-Security-Policy": "default-src 'none'; sandbox" });
  for (const name of ["Content-Type", "Content-Length", "Content-Disposition", "Cache-Control", "ETag"]) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  return new Response(upstream.body, { status: 200, headers });
}
