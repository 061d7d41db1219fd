import type { Context } from "hono";

/** The client's IP: Cloudflare's header, else the first X-Forwarded-For hop (the portal forwards it). */
export function clientIp(c: Context): string {
  const cloudflare = c.req.header("CF-Connecting-IP");
  if (cloudflare) return cloudflare.trim();
  const forwarded = c.req.header("X-Forwarded-For")?.split(",")[0]?.trim();
  return forwarded || "unknown";
}

export function userAgent(c: Context): string | null {
  return c.req.header("User-Agent")?.slice(0, 500) ?? null;
}
