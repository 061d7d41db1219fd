import { upstreamTimeoutMs } from "./sanctum/client.server";

/**
 * Scripts reach the API with a personal access token through the portal (the bundled backend has no public
 * address): a request for `/api/*` carrying `Authorization: Bearer` is passed to the backend as it came, and
 * nothing else is. No cookie goes either way, no portal session is read or made, and no CORS header is
 * added, so a web page elsewhere cannot use a token from a browser. workers/app.ts calls this before React
 * Router sees the request.
 */
export function isBearerApiRequest(request: Request, pathname: string): boolean {
  return pathname.startsWith("/api/") && /^Bearer\s+\S/i.test(request.headers.get("Authorization") ?? "");
}

const BINDING_BASE = "https://amp-backend.internal";
/** Request headers passed on; every other one (Cookie, Origin, Referer, X-XSRF-TOKEN…) stays behind. */
const PASSED_REQUEST = ["Authorization", "Accept", "Accept-Language", "Content-Type", "User-Agent"];
/** Answer headers never passed back: cookies, CORS grants, the portal's own user stamps. */
const WITHHELD_RESPONSE = /^(set-cookie|access-control-|x-amp-user|server-timing$)/i;

type CloudflareRequest = Request & { cf?: { city?: unknown; country?: unknown } };

export async function forwardApiRequest(request: Request, env: PortalEnv): Promise<Response> {
  const url = new URL(request.url);
  const headers = new Headers();
  for (const name of PASSED_REQUEST) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (!headers.has("Accept")) headers.set("Accept", "application/json");
  const ip = request.headers.get("CF-Connecting-IP") ?? request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim();
  if (ip) headers.set("X-Forwarded-For", ip);
  const cf = (request as CloudflareRequest).cf;
  if (typeof cf?.city === "string") headers.set("CF-IPCity", encodeURIComponent(cf.city));
  if (typeof cf?.country === "string") headers.set("CF-IPCountry", cf.country);

  const hasBody = !["GET", "HEAD"].includes(request.method);
  const base = env.SANCTUM_URL?.replace(/\/$/, "") || BINDING_BASE;
  const init: RequestInit & { duplex?: "half" } = {
    method: request.method,
    headers,
    body: hasBody ? request.body : undefined,
    redirect: "manual",
    signal: AbortSignal.timeout(upstreamTimeoutMs(env)),
  };
  if (hasBody) init.duplex = "half";
  let upstream: Response;
  try {
    const target = base + url.pathname + url.search;
    upstream = await (env.SANCTUM_URL ? fetch(target, init) : env.BACKEND.fetch(target, init));
  } catch (error) {
    console.error("api passthrough", error);
    return Response.json({ message: "Service unavailable." }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
  const answer = new Headers();
  for (const [name, value] of upstream.headers) if (!WITHHELD_RESPONSE.test(name)) answer.append(name, value);
  answer.set("Cache-Control", "no-store");
  answer.set("X-Content-Type-Options", "nosniff");
  return new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: answer });
}
