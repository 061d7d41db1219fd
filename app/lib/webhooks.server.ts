/**
 * Carrier webhooks (issue 24): the backend has no public URL, so the portal exposes `POST /webhooks/{carrier}`
 * (e.g. /webhooks/telnyx, the URL set in the carrier's portal) and hands the request to the backend's
 * `POST /api/webhooks/{carrier}` through the service binding (or SANCTUM_URL): the raw body byte for byte,
 * since the carrier's signature covers it, and the carrier's headers. No session is involved: browser
 * credentials (cookies, Origin, Referer, CSRF headers) are dropped, and the backend authenticates the request
 * by its signature alone. It runs before React Router, so the origin guard and the session middleware never
 * see it.
 */

/** Matches the portal path; the carrier name is lower-case letters, digits and dashes. */
export const WEBHOOK_PATH = /^\/webhooks\/([a-z0-9-]{1,40})\/?$/;
/** A carrier's event is small; anything larger is refused before it is read. */
export const MAX_WEBHOOK_BYTES = 256 * 1024;
/** A webhook is answered within this time (carriers retry on their own). */
const FORWARD_TIMEOUT_MS = 10_000;

/** Request headers never forwarded: browser credentials and hop-by-hop headers. */
const DROPPED = new Set([
  "cookie",
  "origin",
  "referer",
  "authorization",
  "x-xsrf-token",
  "x-csrf-token",
  "host",
  "connection",
  "content-length",
  "transfer-encoding",
]);

interface WebhookEnv {
  SANCTUM_URL?: string;
  BACKEND: Fetcher;
}

/** The carrier a request is a webhook of, or null when it is not one. */
export function webhookCarrier(pathname: string): string | null {
  const match = WEBHOOK_PATH.exec(pathname);
  return match?.[1] ?? null;
}

export async function forwardWebhook(request: Request, carrier: string, env: WebhookEnv): Promise<Response> {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  if (Number(request.headers.get("Content-Length") ?? "0") > MAX_WEBHOOK_BYTES) return new Response("Payload Too Large", { status: 413 });
  const body = await request.arrayBuffer();
  if (body.byteLength > MAX_WEBHOOK_BYTES) return new Response("Payload Too Large", { status: 413 });
  const headers = new Headers();
  for (const [name, value] of request.headers) if (!DROPPED.has(name.toLowerCase())) headers.set(name, value);
  const path = `/api/webhooks/${carrier}`;
  const url = env.SANCTUM_URL ? new URL(path, env.SANCTUM_URL).toString() : `https://backend${path}`;
  const init: RequestInit = { method: "POST", headers, body, signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS) };
  try {
    const response = await (env.SANCTUM_URL ? fetch(url, init) : env.BACKEND.fetch(url, init));
    // The carrier needs the status (2xx: delivered; 4xx: refused; 5xx: retry later), not the backend's headers.
    return new Response(response.body, {
      status: response.status,
      headers: { "Content-Type": response.headers.get("Content-Type") ?? "application/json", "Cache-Control": "no-store" },
    });
  } catch (error) {
    console.error("webhook forward", carrier, error);
    return new Response(JSON.stringify({ message: "webhooks.unavailable" }), {
      status: 503,
      headers: { "Content-Type": "application/json", "Retry-After": "60", "Cache-Control": "no-store" },
    });
  }
}
