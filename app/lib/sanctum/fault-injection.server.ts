import { parseCookieHeader } from "../cookies";
import { requestUrl } from "../request-url.server";

/**
 * Fault injection for the e2e fault suite (tests/e2e/faults.spec.ts): a test sets the `amp-fault`
 * cookie (`500`, `429`, `404`, `403`, `401`, `hang` or `invalid-json`, optionally `:<path>` or `:<path prefix>*`) and the
 * bundled backend answers the matching calls with that fault. Three locks keep it out of production:
 * the portal forwards the cookie only when its FAULT_INJECTION var is "1" AND the browser reached it on
 * localhost; the backend honours the header only when its own FAULT_INJECTION var is "1". The e2e server
 * sets both vars in the built Workers' local `.dev.vars`; wrangler.toml never has them, and
 * `npm run deploy` refuses a config that does (see docs/architecture.md, "Fault injection").
 */
export const FAULT_COOKIE = "amp-fault";
export const FAULT_HEADER = "X-Amp-Fault";
const FAULT = /^(500|429|404|403|401|hang|invalid-json)(:\/[\w\-/]*\*?)?$/;
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function faultInjectionHeader(
  env: Pick<PortalEnv, "FAULT_INJECTION">,
  request: Request,
): { name: typeof FAULT_HEADER; value: string } | null {
  if (env.FAULT_INJECTION !== "1") return null;
  if (!LOCAL_HOSTS.has(requestUrl(request).hostname)) return null;
  const value = parseCookieHeader(request.headers.get("Cookie"))[FAULT_COOKIE];
  return value && FAULT.test(value) ? { name: FAULT_HEADER, value } : null;
}
