import type { MiddlewareFunction } from "react-router";
import { requestUrl } from "~/lib/request-url.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for the portal's own forms, on top of SameSite=Lax cookies: a state-changing request
 * must come from this origin (Origin header), or at least not from another site (Sec-Fetch-Site).
 */
export const originGuard: MiddlewareFunction<Response> = ({ request }, next) => {
  if (SAFE_METHODS.has(request.method)) return next();
  const origin = request.headers.get("Origin");
  const site = request.headers.get("Sec-Fetch-Site");
  const sameOrigin = origin ? origin === requestUrl(request).origin : site !== "cross-site";
  if (!sameOrigin) throw new Response("Cross-site request refused", { status: 403 });
  return next();
};
