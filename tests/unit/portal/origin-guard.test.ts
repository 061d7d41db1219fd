import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { originGuard } from "~/lib/origin-guard.server";

const PORTAL = "https://portal.example.com";

/** Runs the guard; "passed" when it handed the request on to the routes. */
async function guard(method: string, headers: Record<string, string>): Promise<number | "passed"> {
  const request = new Request(`${PORTAL}/users/add`, {
    method,
    headers,
    body: method === "GET" || method === "HEAD" ? undefined : "name=x",
  });
  const next = async () => new Response("routes ran");
  try {
    const response = await originGuard(
      { request, context: new RouterContextProvider(), params: {}, unstable_pattern: "/users/add" } as never,
      next,
    );
    return (response as Response).status === 200 ? "passed" : (response as Response).status;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

describe("originGuard (cross-site request forgery)", () => {
  it.each(["POST", "PUT", "PATCH", "DELETE"])("refuses a cross-site %s with 403", async (method) => {
    expect(await guard(method, { Origin: "https://evil.test" })).toBe(403);
  });

  it.each([
    ["another subdomain", { Origin: "https://evil.example.com" }],
    ["another scheme", { Origin: "http://portal.example.com" }],
    ["another port", { Origin: "https://portal.example.com:8443" }],
    ["an opaque origin (sandboxed frame, data: URL)", { Origin: "null" }],
    ["no Origin but Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["a forged same-origin Sec-Fetch-Site beside a foreign Origin", { Origin: "https://evil.test", "Sec-Fetch-Site": "same-origin" }],
  ])("refuses a POST from %s", async (_, headers) => {
    expect(await guard("POST", headers)).toBe(403);
  });

  it.each([
    ["the portal's own Origin", { Origin: PORTAL }],
    ["no Origin and Sec-Fetch-Site: same-origin", { "Sec-Fetch-Site": "same-origin" }],
    ["no Origin and no Sec-Fetch-Site (an old browser, curl)", {}],
  ])("lets a POST with %s through", async (_, headers) => {
    expect(await guard("POST", headers)).toBe("passed");
  });

  it.each(["GET", "HEAD"])("lets a cross-site %s through (reading changes nothing)", async (method) => {
    expect(await guard(method, { Origin: "https://evil.test", "Sec-Fetch-Site": "cross-site" })).toBe("passed");
  });
});
