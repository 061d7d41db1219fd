import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";

/**
 * Faults on request, for the portal's e2e fault suite only: with FAULT_INJECTION = "1" in this Worker's
 * local vars (the e2e server sets it in the built Worker's .dev.vars; wrangler.toml never has it and
 * `npm run deploy` refuses a config that does), a request carrying `X-Amp-Fault: <fault>[:<path>]`
 * gets that fault instead of an answer. The portal forwards the header only under its own
 * FAULT_INJECTION = "1" and on localhost (app/lib/sanctum/fault-injection.server.ts).
 *
 * Faults: `500`, `429` (Retry-After: 7), `404` (an endpoint that does not exist, as on a Laravel backend
 * lacking it), `403` (a policy refusal, Laravel's wording), `401` (the session ended meanwhile), `hang` (no answer for 60 s), `invalid-json` (a 200 HTML page).
 * The path is exact, or a prefix when it ends with `*`; without a path every call fails.
 */
const FAULT = /^(500|429|404|403|401|hang|invalid-json)(?::(\/[\w\-/]*)(\*)?)?$/;
const HANG_MS = 60_000;

export const faultInjection: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header("X-Amp-Fault");
  if (c.env.FAULT_INJECTION !== "1" || !header) return next();
  const match = FAULT.exec(header);
  if (!match) return next();
  const [, fault, path, prefix] = match;
  if (path && !(prefix ? c.req.path.startsWith(path) : c.req.path === path)) return next();
  switch (fault) {
    case "500":
      return c.json({ message: "Server Error" }, 500);
    case "404":
      return c.json({ message: "Not found." }, 404);
    case "401":
      return c.json({ message: "Unauthenticated." }, 401);
    case "403":
      return c.json({ message: "This action is unauthorized." }, 403);
    case "429":
      return c.json({ message: "Too Many Attempts." }, 429, { "Retry-After": "7" });
    case "invalid-json":
      return c.html("<!doctype html><title>Bad gateway</title><h1>502 Bad Gateway</h1>", 200);
    default:
      await new Promise((resolve) => setTimeout(resolve, HANG_MS));
      return c.json({ message: "Too late" }, 504);
  }
};
