import { getClient } from "~/lib/sanctum/context.server";
import type { Route } from "./+types/api-docs";

/**
 * "API documentation" (§1): the backend's reference page and OpenAPI document, served through the
 * portal because the bundled backend is reached by service binding, not from the browser.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const rest = params["*"] ?? "";
  const path = rest === "openapi.json" ? "/api/openapi.json" : rest === "" ? "/api/docs" : null;
  if (!path) throw new Response("Not found", { status: 404 });
  const upstream = await getClient(context).raw(path);
  const headers = new Headers({
    "Content-Type": upstream.headers.get("Content-Type") ?? "text/html; charset=utf-8",
    "Cache-Control": "public, max-age=300",
    "X-Content-Type-Options": "nosniff",
  });
  const policy = upstream.headers.get("Content-Security-Policy");
  if (policy) headers.set("Content-Security-Policy", policy);
  return new Response(upstream.body, { status: upstream.status, headers });
}
