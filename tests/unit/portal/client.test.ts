import { describe, expect, it } from "vitest";
import {
  loginRedirectUrl,
  SanctumClient,
  Unauthenticated,
  UpstreamError,
  UpstreamThrottled,
  UpstreamUnavailable,
} from "~/lib/sanctum/client.server";
import { PortalSession } from "~/lib/sanctum/session.server";
import { fakeKv } from "./fake-kv";

type Handler = (request: Request) => Response | Promise<Response>;

const SECRET = "a-test-secret-of-at-least-32-characters";

async function setup(
  handler: Handler,
  options: { sanctumUrl?: string; browserHeaders?: Record<string, string>; signedIn?: boolean; timeoutMs?: string } = {},
) {
  const seen: Request[] = [];
  const backend = {
    fetch: async (input: string, init?: RequestInit) => {
      const request = new Request(input, init);
      seen.push(request.clone() as Request);
      return handler(request);
    },
  };
  const env = {
    BACKEND: backend,
    SANCTUM_URL: options.sanctumUrl ?? "",
    UPSTREAM_ORIGIN: "",
    UPSTREAM_TIMEOUT_MS: options.timeoutMs ?? "",
  } as unknown as PortalEnv;
  const { kv, counts } = fakeKv();
  const headers: Record<string, string> = {
    "CF-Connecting-IP": "203.0.113.9",
    "Sec-Fetch-Site": "same-origin",
    "Sec-Fetch-Mode": "navigate",
    ...options.browserHeaders,
  };
  if (options.signedIn) {
    // A session that already has a KV record, as after sign-in.
    const first = await PortalSession.load(new Request("http://portal.test/"), kv, SECRET);
    first.markChanged();
    headers.Cookie = (await first.commit())!.split(";")[0];
    counts.puts = 0;
  }
  const request = new Request("http://portal.test/users?page=2", { headers });
  const session = await PortalSession.load(request, kv, SECRET);
  return { client: new SanctumClient({ env, request, session }), session, seen, counts };
}

const json = (body: unknown, init?: ResponseInit) =>
  new Response(JSON.stringify(body), { ...init, headers: { "Content-Type": "application/json", ...init?.headers } });

describe("SanctumClient", () => {
  it("sends what Laravel Sanctum needs and nothing of the browser's fetch metadata", async () => {
    const { client, session, seen } = await setup(() => json({ ok: true }));
    session.record.jar = { "XSRF-TOKEN": "abc%3D%3D", amp_session: "s1" };
    await client.call("/api/users", { method: "POST", json: { name: "x" } });
    const request = seen[0];
    expect(request.url).toBe("https://amp-backend.internal/api/users");
    expect(request.headers.get("Accept")).toBe("application/json");
    expect(request.headers.get("Origin")).toBe("http://portal.test");
    expect(request.headers.get("X-XSRF-TOKEN")).toBe("abc==");
    expect(request.headers.get("Cookie")).toBe("XSRF-TOKEN=abc%3D%3D; amp_session=s1");
    expect(request.headers.get("X-Forwarded-For")).toBe("203.0.113.9");
    expect(request.headers.get("Sec-Fetch-Site")).toBeNull();
    expect(request.headers.get("Sec-Fetch-Mode")).toBeNull();
    expect(request.redirect).toBe("manual");
  });

  it("fetches a CSRF cookie before the first mutation", async () => {
    const { client, seen } = await setup((request) =>
      new URL(request.url).pathname === "/sanctum/csrf-cookie"
        ? new Response(null, { status: 204, headers: { "Set-Cookie": "XSRF-TOKEN=t1; Path=/" } })
        : json({ success: true }),
    );
    await client.call("/login", { method: "POST", json: {} });
    expect(seen.map((request) => new URL(request.url).pathname)).toEqual(["/sanctum/csrf-cookie", "/login"]);
    expect(seen[1].headers.get("X-XSRF-TOKEN")).toBe("t1");
  });

  it("recovers from 419 once: new CSRF cookie, retry, and the jar is saved", async () => {
    let calls = 0;
    const { client, session, seen, counts } = await setup(
      (request) => {
        if (new URL(request.url).pathname === "/sanctum/csrf-cookie")
          return new Response(null, { status: 204, headers: { "Set-Cookie": "XSRF-TOKEN=fresh; Path=/" } });
        calls++;
        return calls === 1 ? json({ message: "CSRF token mismatch." }, { status: 419 }) : json({ saved: true });
      },
      { signedIn: true },
    );
    session.record.jar = { "XSRF-TOKEN": "stale" };
    await expect(client.call("/api/user/preferences", { method: "PUT", json: {} })).resolves.toEqual({ saved: true });
    expect(seen.at(-1)?.headers.get("X-XSRF-TOKEN")).toBe("fresh");
    await session.commit();
    expect(counts.puts).toBe(1);
  });

  it("a persistent 419 ends the session cleanly (sign in again) instead of looping", async () => {
    const { client, session, seen } = await setup(
      (request) =>
        new URL(request.url).pathname === "/sanctum/csrf-cookie"
          ? new Response(null, { status: 204 })
          : json({ message: "CSRF token mismatch." }, { status: 419 }),
      { signedIn: true },
    );
    const thrown = await client.call("/api/x", { method: "POST", json: {} }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Unauthenticated);
    expect((thrown as Unauthenticated).endedSession).toBe(true);
    expect(client.signedOut).toBe(true);
    expect(session.record.jar).toEqual({});
    expect(seen.filter((request) => new URL(request.url).pathname === "/api/x")).toHaveLength(2);
  });

  it("with on401: 'throw' a persistent 419 is only an answer: the session goes on", async () => {
    const { client } = await setup((request) =>
      new URL(request.url).pathname === "/sanctum/csrf-cookie"
        ? new Response(null, { status: 204 })
        : json({ message: "CSRF token mismatch." }, { status: 419 }),
    );
    const thrown = await client.call("/login", { method: "POST", json: {}, on401: "throw" }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(UpstreamError);
    expect((thrown as UpstreamError).status).toBe(419);
    expect(client.signedOut).toBe(false);
  });

  it("on 401 throws Unauthenticated and ends the session: jar emptied, record deleted, stale cookie cleared", async () => {
    const { client, session, counts } = await setup(() => json({ message: "Unauthenticated." }, { status: 401 }), { signedIn: true });
    session.record.jar = { amp_session: "gone" };
    const thrown = await client.call("/api/user").catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Unauthenticated);
    expect((thrown as Unauthenticated).endedSession).toBe(true);
    expect(client.signedOut).toBe(true);
    expect(session.record.jar).toEqual({});
    expect(await session.commit()).toMatch(/^amp-session=; Path=\/; Max-Age=0/);
    expect(counts.deletes).toBe(1);
  });

  it("with on401: 'throw' a 401 is only an answer: the session goes on", async () => {
    const { client, session } = await setup(
      (request) =>
        new URL(request.url).pathname === "/sanctum/csrf-cookie"
          ? new Response(null, { status: 204 })
          : json({ message: "Unauthenticated." }, { status: 401 }),
      { signedIn: true },
    );
    await expect(client.call("/login", { method: "POST", json: {}, on401: "throw" })).rejects.toBeInstanceOf(Unauthenticated);
    expect(client.signedOut).toBe(false);
    expect(await session.commit()).toBeNull();
  });

  it("the login redirect keeps a safe redirectTo", () => {
    expect(loginRedirectUrl(new Request("http://portal.test/users.data?page=2"))).toBe("/login?redirectTo=%2Fusers%3Fpage%3D2");
    expect(loginRedirectUrl(new Request("http://portal.test/"))).toBe("/login");
  });

  it("an outage never ends the session: 5xx, invalid JSON and network errors are UpstreamUnavailable", async () => {
    const answers: Record<string, () => Response> = {
      "/a": () => json({ message: "Server Error" }, { status: 500 }),
      "/b": () => new Response("<!doctype html><h1>502 Bad Gateway</h1>", { status: 200, headers: { "Content-Type": "text/html" } }),
      "/c": () => {
        throw new TypeError("Network connection lost.");
      },
      "/d": () => json({ message: "Too Many Attempts." }, { status: 429, headers: { "Retry-After": "9" } }),
    };
    const { client, session } = await setup((request) => answers[new URL(request.url).pathname](), { signedIn: true });
    const failures = await Promise.all(["/a", "/b", "/c", "/d"].map((path) => client.call(path).catch((error: unknown) => error)));
    expect(failures[0]).toBeInstanceOf(UpstreamUnavailable);
    expect(failures[0]).toMatchObject({ status: 500, reason: "status" });
    expect(failures[1]).toMatchObject({ status: 502, reason: "invalid-json" });
    expect(failures[2]).toMatchObject({ status: 502, reason: "network" });
    expect(failures[3]).toBeInstanceOf(UpstreamThrottled);
    expect((failures[3] as UpstreamThrottled).retryAfter).toBe(9);
    expect(client.signedOut).toBe(false);
    expect(await session.commit()).toBeNull();
  });

  it("gives up after UPSTREAM_TIMEOUT_MS, aborting the request", async () => {
    let aborted = false;
    // Node's Request follows the caller's signal through a weak reference: held here, the garbage collector
    // cannot drop it (and its abort event) before the timeout, as it once did in a full unit run.
    const held: Request[] = [];
    const { client } = await setup(
      (request) =>
        new Promise<Response>((_, reject) => {
          held.push(request);
          request.signal.addEventListener("abort", () => {
            aborted = true;
            reject(request.signal.reason);
          });
        }),
      { timeoutMs: "50" },
    );
    const started = Date.now();
    await expect(client.call("/api/user")).rejects.toMatchObject({ status: 504, reason: "timeout" });
    expect(aborted).toBe(true);
    expect(held).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("the timeout also covers a body that stalls after the headers", async () => {
    const { client } = await setup(
      () => new Response(new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode("{")) }), { status: 200 }),
      { timeoutMs: "50" },
    );
    await expect(client.call("/api/user")).rejects.toMatchObject({ reason: "timeout" });
  });

  it("cancels the bodies it discards (the CSRF cookie's, the 419 before a retry, redirects)", async () => {
    const cancelled: string[] = [];
    const body = (label: string) =>
      new ReadableStream({
        pull: (controller) => controller.enqueue(new TextEncoder().encode("x")),
        cancel: () => {
          cancelled.push(label);
        },
      });
    let calls = 0;
    const { client, session } = await setup((request) => {
      const path = new URL(request.url).pathname;
      if (path === "/sanctum/csrf-cookie")
        return new Response(body("csrf"), { status: 200, headers: { "Set-Cookie": "XSRF-TOKEN=t; Path=/" } });
      if (path === "/redirect") return new Response(body("302"), { status: 302, headers: { Location: "/home" } });
      calls++;
      return calls === 1 ? new Response(body("419"), { status: 419 }) : json({ saved: true });
    });
    session.record.jar = { "XSRF-TOKEN": "stale" };
    await client.call("/api/x", { method: "PUT", json: {} });
    await client.call("/redirect", { method: "POST", json: {}, on401: "throw" }).catch(() => undefined);
    expect(cancelled.sort()).toEqual(["302", "419", "csrf"]);
  });

  it("reads a Laravel API Resource's paginated list ({data, links, meta}) as the plain paginator", async () => {
    const { client } = await setup(() =>
      json({
        data: [{ id: 7 }],
        links: { first: "/api/users?page=1", last: "/api/users?page=3", prev: "/api/users?page=1", next: "/api/users?page=3" },
        meta: { current_page: 2, from: 2, last_page: 3, path: "/api/users", per_page: 1, to: 2, total: 3 },
      }),
    );
    await expect(client.call("/api/users")).resolves.toEqual({
      data: [{ id: 7 }],
      current_page: 2,
      from: 2,
      last_page: 3,
      per_page: 1,
      to: 2,
      total: 3,
    });
  });

  it("with a deferred failure (the post's user call failed) sends no mutation, and still reads", async () => {
    const { client, seen } = await setup(() => json({ ok: true }));
    const failure = new UpstreamThrottled({ retryAfter: 7 });
    client.deferredFailure = failure;
    await expect(client.call("/api/roles/1", { method: "PUT", json: {} })).rejects.toBe(failure);
    await expect(client.call("/api/roles/1")).resolves.toEqual({ ok: true });
    expect(seen.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual(["GET /api/roles/1"]);
  });

  it("makes each GET once per request; a mutation starts afresh", async () => {
    const { client, seen } = await setup(() => json({ ok: true }));
    client.call("/api/public-settings");
    await Promise.all([
      client.call("/api/public-settings"),
      client.call("/api/organizations/options"),
      client.call("/api/organizations/options"),
    ]);
    expect(seen.map((request) => new URL(request.url).pathname)).toEqual(["/api/public-settings", "/api/organizations/options"]);
    expect(client.calls).toBe(2);
    await client.call("/api/organizations", { method: "POST", json: {} });
    await client.call("/api/organizations/options");
    expect(seen.filter((request) => new URL(request.url).pathname === "/api/organizations/options")).toHaveLength(2);
  });

  it("reports 422 errors and Retry-After of 429", async () => {
    const { client } = await setup((request) =>
      request.url.endsWith("/a")
        ? json({ message: "invalid", errors: { email: ["validation.email"] } }, { status: 422 })
        : json({ message: "Too many" }, { status: 429, headers: { "Retry-After": "42" } }),
    );
    const invalid = (await client.call("/a", { on401: "throw" }).catch((error: unknown) => error)) as UpstreamError;
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ email: ["validation.email"] });
    const throttled = (await client.call("/b", { on401: "throw" }).catch((error: unknown) => error)) as UpstreamError;
    expect(throttled.status).toBe(429);
    expect(throttled.body.retryAfter).toBe(42);
  });

  it("marks the jar changed only when a cookie appears or disappears, not when its value is re-encrypted", async () => {
    let value = 1;
    const { client, session } = await setup(() => json({}, { headers: { "Set-Cookie": `laravel_session=v${value++}; Path=/; HttpOnly` } }));
    session.record.jar = { laravel_session: "v0" };
    await client.call("/api/user");
    await client.call("/api/users/masquerader");
    expect(session.record.jar.laravel_session).toBe("v2");
    expect(await session.commit()).toBeNull();
  });

  it("never creates a KV record for a guest whose call only brought cookies (failed sign-in, password request)", async () => {
    const { client, session, counts } = await setup(() =>
      json({ message: "invalid" }, { status: 422, headers: { "Set-Cookie": "laravel_session=new; Path=/" } }),
    );
    await client.csrfCookie().catch(() => undefined);
    await client.call("/forgot-password", { method: "POST", json: {}, on401: "throw" }).catch(() => undefined);
    expect(session.record.jar.laravel_session).toBe("new");
    expect(await session.commit()).toBeNull();
    expect(counts.puts).toBe(0);
  });

  it("saves a signed-in session when a new upstream cookie appears", async () => {
    const { client, session, counts } = await setup(() => json({}, { headers: { "Set-Cookie": "remember_web=r; Path=/" } }), {
      signedIn: true,
    });
    await client.call("/api/user");
    await session.commit();
    expect(counts.puts).toBe(1);
  });

  it("forgets a cookie the backend expires", async () => {
    const { client, session } = await setup(() => json({}, { headers: { "Set-Cookie": "remember_web=x; Max-Age=0; Path=/" } }));
    session.record.jar = { remember_web: "x", laravel_session: "s" };
    await client.call("/api/user");
    expect(session.record.jar).toEqual({ laravel_session: "s" });
  });

  it("treats Laravel's guest-middleware redirect as an error, never following it", async () => {
    const { client } = await setup(() => new Response(null, { status: 302, headers: { Location: "/home" } }));
    await expect(client.call("/login", { method: "POST", json: {}, on401: "throw" })).rejects.toMatchObject({ status: 302 });
  });
});
