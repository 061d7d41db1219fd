import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SONNER_STYLE_HASH, securityHeaders } from "~/lib/security-headers.server";

const NONCE = "bm9uY2UtZm9yLXRlc3Rz";

/** The CSP as directive → sources. */
function policy(headers: Record<string, string>): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of headers["Content-Security-Policy"].split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

const overHttps = securityHeaders(NONCE, new Request("https://portal.example.com/dashboard"));
const overHttp = securityHeaders(NONCE, new Request("http://localhost:5173/dashboard"));

describe("security headers of every HTML response", () => {
  it("scripts run only with this response's nonce (no inline script, no eval, no other host)", () => {
    const scripts = policy(overHttps).get("script-src") ?? [];
    expect(scripts).toContain(`'nonce-${NONCE}'`);
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts.filter((source) => !source.startsWith("'"))).toEqual([]);
    expect(policy(overHttps).get("default-src")).toEqual(["'self'"]);
    expect(policy(overHttps).get("object-src")).toEqual(["'none'"]);
    expect(policy(overHttps).get("base-uri")).toEqual(["'self'"]);
    expect(policy(overHttps).get("form-action")).toEqual(["'self'"]);
  });

  it("a new nonce gives a new policy", () => {
    expect(securityHeaders("b3RoZXI=", new Request("https://portal.example.com/"))["Content-Security-Policy"]).not.toContain(NONCE);
    expect(policy(securityHeaders("b3RoZXI=", new Request("https://portal.example.com/"))).get("script-src")).toContain("'nonce-b3RoZXI='");
  });

  it("style elements need the nonce, style attributes are not admitted", () => {
    const styles = policy(overHttps).get("style-src") ?? [];
    expect(styles).toContain(`'nonce-${NONCE}'`);
    expect(styles).not.toContain("'unsafe-inline'");
    expect(styles).not.toContain("'unsafe-hashes'");
    expect(policy(overHttps).has("style-src-attr")).toBe(false);
  });

  it("admits exactly the stylesheet the installed sonner inserts", () => {
    const source = readFileSync(new URL("../../../node_modules/sonner/dist/index.mjs", import.meta.url), "utf8");
    const literal = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1];
    expect(literal).toBeDefined();
    const css = JSON.parse(literal as string) as string;
    const hash = `'sha256-${createHash("sha256").update(css).digest("base64")}'`;
    expect(SONNER_STYLE_HASH).toBe(hash);
    expect(policy(overHttps).get("style-src")).toContain(hash);
  });

  it("cannot be framed (clickjacking)", () => {
    expect(policy(overHttps).get("frame-ancestors")).toEqual(["'none'"]);
    expect(overHttps["X-Frame-Options"]).toBe("DENY");
  });

  it("no MIME sniffing", () => {
    expect(overHttps["X-Content-Type-Options"]).toBe("nosniff");
  });

  it("sends only the origin to other sites", () => {
    expect(overHttps["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("HSTS over HTTPS only (over plain HTTP browsers ignore it, and localhost must stay reachable)", () => {
    expect(overHttps["Strict-Transport-Security"]).toMatch(/^max-age=(\d+); includeSubDomains$/);
    expect(Number(/max-age=(\d+)/.exec(overHttps["Strict-Transport-Security"])?.[1])).toBeGreaterThanOrEqual(31536000);
    expect(overHttp["Strict-Transport-Security"]).toBeUndefined();
  });

  it("isolates the browsing context and turns off powerful features", () => {
    expect(overHttps["Cross-Origin-Opener-Policy"]).toBe("same-origin");
    expect(overHttps["Permissions-Policy"]).toContain("camera=()");
  });
});
