import { describe, expect, it } from "vitest";
import { SanctumClient, UpstreamError } from "~/lib/sanctum/client.server";
import { PortalSession } from "~/lib/sanctum/session.server";
import { fakeKv } from "./fake-kv";

type Handler = (request: Request) => Response | Promise<Response>;

const SECRET = "a-test-secret-of-at-least-32-characters";

async function setup(handler: Handler, options: { sanctumUrl?: string; browserHeaders?: Record<string, string>; signedIn?: boolean } = {}) {
  const seen: Request[] = [];
  const backend = {
    fetch: async (input: string, init?: RequestInit) => {
      const request = new Request(input, init);
      seen.push(request.clone() as Request);
      return handler(request);
    },
  };
  const env = { BACKEND: backend, SANCTUM_URL: options.sanctumUrl ?? "", UPSTREAM_ORIGIN: "" } as unknown as PortalEnv;
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

  it("a persistent 419 surfaces as an error instead of looping", async () => {
    const { client, seen } = await setup((request) =>
      new URL(request.url).pathname === "/sanctum/csrf-cookie"
        ? new Response(null, { status: 204 })
        : json({ message: "CSRF token mismatch." }, { status: 419 }),
    );
    await expect(client.call("/api/x", { method: "POST", json: {} })).rejects.toBeInstanceOf(UpstreamError);
    expect(seen.filter((request) => new URL(request.url).pathname === "/api/x")).toHaveLength(2);
  });

  it("on 401 drops the session and redirects to sign in with a safe redirectTo", async () => {
    const { client, session } = await setup(() => json({ message: "Unauthenticated." }, { status: 401 }));
    session.record.jar = { amp_session: "gone" };
    const thrown = await client.call("/api/user").catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fusers%3Fpage%3D2");
    expect(session.record.jar).toEqual({});
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
    await client.call("/api/user");
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
