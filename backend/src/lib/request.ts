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

/**
 * Where the client is, as Cloudflare's visitor location headers say (`CF-IPCity`, `CF-IPCountry`): the portal
 * sets them from its own request's `cf` data, since a service binding's request carries none of the browser's.
 */
export function clientCity(c: Context): string | null {
  const raw = c.req.header("CF-IPCity")?.trim();
  if (!raw) return null;
  // The portal percent-encodes it (a header is Latin-1); Cloudflare's own header may carry it as is.
  let city = raw;
  try {
    city = decodeURIComponent(raw);
  } catch {
    // Not an escape sequence: keep it as sent.
  }
  return city.slice(0, 100) || null;
}

export function clientCountry(c: Context): string | null {
  const country = c.req.header("CF-IPCountry")?.trim().toUpperCase();
  return country && /^[A-Z]{2}$/.test(country) && country !== "XX" ? country : null;
}
