import { data } from "react-router";
import { describe, expect, it } from "vitest";
import { actionFailure } from "~/lib/forms.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { CurrentUser } from "~/lib/types";
import { harness, PUBLIC_SETTINGS, runRoute, userWith } from "./route-harness";

/**
 * Issue 26.1, decision 038: a form post asks `GET /api/user` first; when that call is throttled or fails,
 * the post must not become an error page. The action runs as the user the isolate saw last, sends no
 * mutation, and answers its form through `actionFailure`.
 */
function flakyBackend(user: CurrentUser) {
  const state: { user: 200 | 429 | 500 | 401 } = { user: 200 };
  const calls: string[] = [];
  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
  const binding = {
    async fetch(input: RequestInfo | URL, init?: RequestInit) {
      const url = new URL(String(input));
      calls.push(`${init?.method ?? "GET"} ${url.pathname}`);
      if (url.pathname === "/api/user") {
        if (state.user === 429) return json({ message: "Too Many Attempts." }, 429, { "Retry-After": "7" });
        if (state.user === 500) return json({ message: "Server Error" }, 500);
        if (state.user === 401) return json({ message: "Unauthenticated." }, 401);
        return json(user);
      }
      if (url.pathname === "/api/users/masquerader") return json({ isMasqueraded: false, masquerader: null });
      if (url.pathname === "/api/public-settings") return json(PUBLIC_SETTINGS);
      if (url.pathname === "/sanctum/csrf-cookie")
        return new Response(null, { status: 204, headers: { "Set-Cookie": "XSRF-TOKEN=t; Path=/" } });
      return json({ id: 1, name: "Night shift" });
    },
  };
  return { binding: binding as unknown as Fetcher, calls, state };
}

async function setUp() {
  const user = userWith(["admin.roles.update"]);
  const backend = flakyBackend(user);
  const h = await harness(user, { env: { BACKEND: backend.binding } });
  const run = (method: "GET" | "POST") =>
    runRoute(
      h,
      async ({ context }: { context: Parameters<typeof requireScreen>[0] }) => {
        const { api } = requireScreen(context, "roles-edit");
        if (method === "GET") return api.call("/api/roles/1");
        try {
          await api.call("/api/roles/1", { method: "PUT", json: { name: "Night shift" } });
          return null;
        } catch (error) {
          const failure = actionFailure(error, "test save");
          return data({ message: failure.message }, { status: failure.status });
        }
      },
      { path: "/roles/edit/1", method, cookie: h.signedInCookie, signedInLayout: true },
    );
  return { backend, run };
}

describe("a form post whose GET /api/user is throttled or fails", () => {
  for (const [answer, status] of [
    [500, 503],
    [429, 429],
  ] as const) {
    it(`(${answer}) answers the form (${status}) as the user seen last, and sends no mutation`, async () => {
      const { backend, run } = await setUp();
      expect((await run("GET")).status).toBe(200);
      backend.state.user = answer;
      backend.calls.splice(0);
      expect(await run("POST")).toEqual({ status, location: null });
      expect(backend.calls.filter((call) => !call.startsWith("GET "))).toEqual([]);
    });
  }

  it("without an earlier answer in the isolate, is the page's own failure (no permission check is skipped)", async () => {
    const { backend, run } = await setUp();
    backend.state.user = 429;
    expect((await run("POST")).status).toBe(429);
    expect(backend.calls.filter((call) => call.startsWith("PUT "))).toEqual([]);
  });

  it("still signs out on a 401", async () => {
    const { backend, run } = await setUp();
    expect((await run("GET")).status).toBe(200);
    backend.state.user = 401;
    const outcome = await run("POST");
    expect(outcome.location).toMatch(/^\/login/);
  });
});
