import { afterEach, describe, expect, it, vi } from "vitest";
import { organizationOptions, roleFilterOptions } from "~/lib/admin/options.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { CurrentUser } from "~/lib/types";
import { decodeUserHeader, encodeUserHeader, KNOWN_USER_HEADER, USER_HEADER, USER_STAMP_HEADER } from "../../../common/user-stamp";
import { harness, runRoute, userWith } from "./route-harness";

/**
 * One upstream call per navigation (context.server.ts, userMiddleware): with a backend that stamps its
 * answers, a page is drawn from the user the isolate saw last and the page's own call tells whether that
 * user changed. These tests count the calls and check that a changed user never outlives one page.
 */
function stampingBackend(initial: CurrentUser) {
  const state = { user: initial, version: 1 };
  const calls: string[] = [];
  const answer = (request: Headers, status: number, body: unknown) => {
    const headers = new Headers({ "Content-Type": "application/json" });
    const known = request.get(KNOWN_USER_HEADER);
    if (known !== null) {
      const stamp = `stamp-${state.version}`;
      headers.set(USER_STAMP_HEADER, stamp);
      if (known !== stamp)
        headers.set(USER_HEADER, encodeUserHeader({ ...state.user, masquerade: { isMasqueraded: false, masquerader: null } }));
    }
    return new Response(JSON.stringify(body), { status, headers });
  };
  const binding = {
    async fetch(input: RequestInfo | URL, init?: RequestInit) {
      const url = new URL(String(input));
      const headers = new Headers(init?.headers);
      calls.push(`${init?.method ?? "GET"} ${url.pathname}`);
      if (url.pathname === "/api/user")
        return answer(headers, 200, { ...state.user, masquerade: { isMasqueraded: false, masquerader: null } });
      if (url.pathname === "/api/organizations/options") return answer(headers, 200, [{ id: 1, name: `Northwind ${state.version}` }]);
      if (url.pathname === "/api/roles")
        return answer(headers, 200, { data: [{ id: 3, name: "Auditor", scope: "provider", users_count: 2 }] });
      if (url.pathname === "/api/activity-log") {
        // The backend authorises against the user as they are now.
        return state.user.user_permissions.includes("admin.activity.read")
          ? answer(headers, 200, { data: [] })
          : answer(headers, 403, { message: "This action is unauthorized." });
      }
      return answer(headers, 500, { message: "no answer here" });
    },
  };
  return {
    binding: binding as unknown as Fetcher,
    calls,
    /** Another administrator changes the user's roles. */
    change(user: CurrentUser) {
      state.user = user;
      state.version++;
    },
  };
}

const ACTIVITY = userWith(["admin.activity.read"]);
const NO_ACTIVITY = userWith([]);

async function setUp(user = ACTIVITY, { withOrganizations = false, withRoles = false } = {}) {
  const backend = stampingBackend(user);
  const h = await harness(user, { env: { BACKEND: backend.binding } });
  const seen: unknown[] = [];
  const page = (path = "/activity-log", method: "GET" | "POST" = "GET") =>
    runRoute(
      h,
      async ({ context }: { context: Parameters<typeof requireScreen>[0] }) => {
        const { api } = requireScreen(context, "activity-log");
        await api.call("/api/activity-log");
        if (withOrganizations) seen.push(await organizationOptions(api));
        if (withRoles) seen.push(await roleFilterOptions(api, user));
        return null;
      },
      { path, method, cookie: h.signedInCookie, signedInLayout: true },
    );
  // The public settings (kept per isolate) are not part of this count.
  const upstream = () => backend.calls.splice(0).filter((call) => call !== "GET /api/public-settings");
  return { backend, page, upstream, h, seen };
}

describe("the user header (Latin-1: base64 of the JSON's UTF-8)", () => {
  it("carries any text there and back, and reads a header that is not one as null", () => {
    const user = { id: 7, name: "ليلى حداد — Zoë", permissions: Array.from({ length: 60 }, (_, i) => `tools.${i}.read`) };
    const header = encodeUserHeader(user);
    expect(header).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(decodeUserHeader(header)).toEqual(user);
    expect(decodeUserHeader("not base64!")).toBeNull();
    expect(decodeUserHeader(btoa("{not json"))).toBeNull();
  });
});

describe("user stamps: one upstream call per navigation", () => {
  it("asks who is signed in on the first page only; later pages make only their own call", async () => {
    const { page, upstream } = await setUp();
    expect(await page()).toEqual({ status: 200, location: null });
    expect(upstream()).toEqual(["GET /api/user", "GET /api/activity-log"]);
    expect((await page()).status).toBe(200);
    expect(upstream()).toEqual(["GET /api/activity-log"]);
  });

  it("draws a document again when the page's call says the user lost a permission, and then refuses it", async () => {
    const { backend, page, upstream } = await setUp();
    await page();
    upstream();
    backend.change(NO_ACTIVITY);
    // The page was drawn for the user as they were (and the backend refused its call): drawn again.
    expect(await page()).toEqual({ status: 302, location: "/activity-log" });
    expect(upstream()).toEqual(["GET /api/activity-log"]);
    // Drawn again, the guard knows the user as they are now: not authorized, before any call of the page.
    expect((await page()).status).toBe(401);
    expect(upstream()).toEqual(["GET /api/user"]);
  });

  it("a client navigation keeps its answer (the backend authorised it) and the next one uses the new user", async () => {
    const { backend, page, upstream } = await setUp(NO_ACTIVITY);
    expect((await page("/activity-log.data")).status).toBe(401);
    upstream();
    backend.change(ACTIVITY);
    expect((await page("/activity-log.data")).status).toBe(401);
    expect(upstream()).toEqual(["GET /api/user"]);
    expect((await page("/activity-log.data")).status).toBe(200);
    expect(upstream()).toEqual(["GET /api/activity-log"]);
  });

  it("a form post asks who is signed in first, and the page after it asks again", async () => {
    const { page, upstream } = await setUp();
    await page();
    upstream();
    await page("/activity-log", "POST");
    expect(upstream()).toEqual(["GET /api/user", "GET /api/activity-log"]);
    await page();
    expect(upstream()).toEqual(["GET /api/user", "GET /api/activity-log"]);
  });

  it("without stamps (a Laravel backend) every page asks who is signed in", async () => {
    const h = await harness(ACTIVITY, { upstream: { "/api/activity-log": () => Response.json({ data: [] }) } });
    const page = () =>
      runRoute(
        h,
        async ({ context }: { context: Parameters<typeof requireScreen>[0] }) => {
          await requireScreen(context, "activity-log").api.call("/api/activity-log");
          return null;
        },
        { path: "/activity-log", cookie: h.signedInCookie, signedInLayout: true },
      );
    for (let round = 0; round < 2; round++) {
      h.calls.length = 0;
      expect((await page()).status).toBe(200);
      expect(h.calls.map((call) => call.path).filter((path) => path !== "/api/public-settings")).toEqual([
        "/api/user",
        "/api/users/masquerader",
        "/api/activity-log",
      ]);
    }
  });
});

describe("the users list's role filter, kept for the session as the organization options are", () => {
  it("is asked once for several pages, and again after the session's form post", async () => {
    const { page, upstream, seen } = await setUp(userWith(["admin.activity.read", "admin.roles.read"]), { withRoles: true });
    await page();
    expect(upstream()).toContain("GET /api/roles");
    await page();
    expect(upstream()).toEqual(["GET /api/activity-log"]);
    await page("/activity-log", "POST");
    expect(upstream()).toContain("GET /api/roles");
    expect(seen).toEqual([0, 1, 2].map(() => [{ id: 3, name: "Auditor", scope: "provider" }]));
  });
});

describe("the navbar's organization options, kept for the session", () => {
  afterEach(() => vi.useRealTimers());

  it("are asked once for several pages, and again after the session's form post", async () => {
    const { page, upstream, seen } = await setUp(ACTIVITY, { withOrganizations: true });
    await page();
    expect(upstream()).toContain("GET /api/organizations/options");
    await page();
    await page("/activity-log.data");
    expect(upstream()).toEqual(["GET /api/activity-log", "GET /api/activity-log"]);
    // The post may have been the change itself (a new organization): the next page asks again.
    await page("/activity-log", "POST");
    expect(upstream()).toContain("GET /api/organizations/options");
    expect(seen).toHaveLength(4);
  });

  it("are asked again when the user changed, and after 30 seconds", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { backend, page, upstream, seen } = await setUp(ACTIVITY, { withOrganizations: true });
    await page();
    upstream();
    backend.change(userWith(["admin.activity.read", "admin.users.read"]));
    // This page learns of the change from its own call and is drawn again; the options are not kept.
    expect((await page()).status).toBe(302);
    upstream();
    await page();
    expect(upstream()).toEqual(["GET /api/activity-log", "GET /api/organizations/options"]);
    expect(seen.at(-1)).toEqual([{ id: 1, name: "Northwind 2" }]);
    vi.advanceTimersByTime(29_000);
    await page();
    expect(upstream()).toEqual(["GET /api/activity-log"]);
    vi.advanceTimersByTime(2_000);
    await page();
    expect(upstream()).toEqual(["GET /api/activity-log", "GET /api/organizations/options"]);
  });
});
