import type { MiddlewareHandler } from "hono";
import { createDb } from "../db/client";
import type { AppEnv } from "./context";
import { validationError } from "./errors";

/** The Drizzle client for the request. */
export const dbMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("db", createDb(c.env.DB));
  c.set("user", undefined);
  await next();
};

/** JSON answers get a strict policy; the HTML reference page may only use its own inline styles. */
const JSON_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const DOCS_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Security headers on every response, including errors. */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const headers = c.res.headers;
  const isHtml = headers.get("Content-Type")?.startsWith("text/html") ?? false;
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "no-referrer");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Resource-Policy", "same-site");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
  headers.set("X-Permitted-Cross-Domain-Policies", "none");
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", isHtml ? DOCS_CSP : JSON_CSP);
  if (new URL(c.req.url).protocol === "https:") {
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store, private");
};

/**
 * Parses a JSON body up front so malformed JSON, or JSON that is not an object, answers 422 instead of
 * Hono's 400. Hono caches the parsed body, so the route's validator reads the same value.
 */
export const jsonBodyGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const contentType = c.req.header("Content-Type") ?? "";
  if (/^application\/([\w.-]+\+)?json/i.test(contentType) && !["GET", "HEAD", "OPTIONS"].includes(c.req.method)) {
    const text = await c.req.text();
    if (text.trim() !== "") {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw validationError({ body: ["validation.json"] });
      }
      if (body === null || typeof body !== "object" || Array.isArray(body)) {
        throw validationError({ body: ["validation.json"] });
      }
    }
  }
  await next();
};
