import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Client, json, query, signedIn } from "./helpers";

describe("GET /sanctum/csrf-cookie", () => {
  it("answers 204 with a readable XSRF-TOKEN and an HttpOnly session cookie, and stores the session", async () => {
    const client = new Client();
    const response = await client.csrf();
    expect(response.status).toBe(204);
    const cookies = response.headers.getSetCookie();
    const session = cookies.find((cookie) => cookie.startsWith(`${env.SESSION_COOKIE}=`));
    const xsrf = cookies.find((cookie) => cookie.startsWith("XSRF-TOKEN="));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Path=\//);
    expect(xsrf).not.toMatch(/HttpOnly/i);
    expect(xsrf).toMatch(/SameSite=Lax/i);
    expect(client.sessionId).toMatch(/^[A-Za-z0-9]{40}$/);
    const rows = await query<{ xsrf_token: string; user_id: number | null }>("SELECT * FROM sessions WHERE id = ?", client.sessionId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.user_id).toBeNull();
    expect(decodeURIComponent(client.cookies.get("XSRF-TOKEN") ?? "")).toBe(rows[0]?.xsrf_token);
  });

  it("keeps an existing session instead of creating another", async () => {
    const client = new Client();
    await client.csrf();
    const first = client.sessionId;
    await client.csrf();
    expect(client.sessionId).toBe(first);
  });
});

describe("stateful detection", () => {
  it("honours the session cookie only for stateful origins", async () => {
    const client = await signedIn("support@amp.test");
    expect((await client.get("/api/user")).status).toBe(200);

    client.origin = "https://evil.example";
    expect((await client.get("/api/user")).status).toBe(401);

    client.origin = null;
    expect((await client.get("/api/user")).status).toBe(401);

    // Referer counts when Origin is absent; an entry without a port matches any port.
    expect((await client.fetch("/api/user", { headers: { Referer: "http://127.0.0.1:8787/dashboard" } })).status).toBe(200);
  });

  it("answers 401 in Laravel's shape without a session", async () => {
    const response = await new Client().get("/api/user");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Unauthenticated." });
  });
});

describe("CSRF", () => {
  it("rejects a mutation without or with a wrong X-XSRF-TOKEN with 419", async () => {
    const client = new Client();
    await client.csrf();
    const missing = await client.fetch("/login", {
      method: "POST",
      json: { email: "admin@amp.test", password: "password" },
      headers: { "X-XSRF-TOKEN": "" },
    });
    expect(missing.status).toBe(419);
    expect(await missing.json()).toEqual({ message: "CSRF token mismatch." });

    const wrong = await client.fetch("/login", {
      method: "POST",
      json: { email: "admin@amp.test", password: "password" },
      headers: { "X-XSRF-TOKEN": "not-the-token" },
    });
    expect(wrong.status).toBe(419);

    expect((await client.post("/login", { email: "admin@amp.test", password: "password" })).status).toBe(200);
  });

  it("rejects a mutation without any session with 419", async () => {
    const client = new Client();
    const response = await client.fetch("/login", {
      method: "POST",
      json: { email: "admin@amp.test", password: "password" },
      headers: { "X-XSRF-TOKEN": "anything" },
    });
    expect(response.status).toBe(419);
  });
});

describe("bad input", () => {
  it("answers malformed JSON with 422, never 500", async () => {
    const client = new Client();
    await client.csrf();
    for (const body of ["{not json", "[1,2]", "", "null"]) {
      const response = await client.fetch("/login", {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json" },
      });
      expect(response.status, body).toBe(422);
      expect(await json(response)).toMatchObject({ errors: expect.any(Object) });
    }
  });

  it("names every invalid field with translation keys", async () => {
    const client = new Client();
    await client.csrf();
    const response = await client.post("/login", { email: "not-an-email" });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: "validation.email",
      errors: { email: ["validation.email"], password: ["validation.required"] },
    });
  });

  it("answers unknown paths and bad page sizes as JSON", async () => {
    const admin = await signedIn("admin@amp.test");
    const missing = await admin.get("/api/nothing-here");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Not found." });
    const badPage = await admin.get("/api/activity-log?per_page=7");
    expect(badPage.status).toBe(422);
    expect(await badPage.json()).toMatchObject({ errors: { per_page: ["validation.in"] } });
  });
});

describe("security headers", () => {
  it("sets strict headers on every response, errors included", async () => {
    for (const path of ["/api/health", "/api/user", "/api/nothing"]) {
      const response = await new Client().get(path);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("X-Frame-Options")).toBe("DENY");
      expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
      expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
      expect(response.headers.get("Content-Type")).toContain("application/json");
    }
  });
});

describe("session lifetime", () => {
  it("expires a session idle longer than session_idle_minutes", async () => {
    const client = await signedIn("support@amp.test");
    await env.DB.prepare("INSERT OR REPLACE INTO system_settings (key, value) VALUES ('session_idle_minutes', '5')").run();
    try {
      const fourMinutesAgo = new Date(Date.now() - 4 * 60_000).toISOString();
      await env.DB.prepare("UPDATE sessions SET last_activity = ? WHERE id = ?").bind(fourMinutesAgo, client.sessionId).run();
      expect((await client.get("/api/user")).status).toBe(200);

      const sixMinutesAgo = new Date(Date.now() - 6 * 60_000).toISOString();
      await env.DB.prepare("UPDATE sessions SET last_activity = ? WHERE id = ?").bind(sixMinutesAgo, client.sessionId).run();
      expect((await client.get("/api/user")).status).toBe(401);
      expect(await query("SELECT id FROM sessions WHERE id = ?", client.sessionId)).toHaveLength(0);
    } finally {
      await env.DB.prepare("DELETE FROM system_settings WHERE key = 'session_idle_minutes'").run();
    }
  });

  it("writes last_activity at most once a minute", async () => {
    const client = await signedIn("support@amp.test");
    const thirtySecondsAgo = new Date(Date.now() - 30_000).toISOString();
    await env.DB.prepare("UPDATE sessions SET last_activity = ? WHERE id = ?").bind(thirtySecondsAgo, client.sessionId).run();
    await client.get("/api/user");
    let [row] = await query<{ last_activity: string }>("SELECT last_activity FROM sessions WHERE id = ?", client.sessionId);
    expect(row?.last_activity).toBe(thirtySecondsAgo);

    const twoMinutesAgo = new Date(Date.now() - 120_000).toISOString();
    await env.DB.prepare("UPDATE sessions SET last_activity = ? WHERE id = ?").bind(twoMinutesAgo, client.sessionId).run();
    await client.get("/api/user");
    [row] = await query<{ last_activity: string }>("SELECT last_activity FROM sessions WHERE id = ?", client.sessionId);
    expect(Date.parse(row?.last_activity ?? "")).toBeGreaterThan(Date.now() - 10_000);
  });
});

describe("public endpoints", () => {
  it("reports health of D1 and R2", async () => {
    const response = await new Client().get("/api/health");
    const body = await json<{ status: string; checks: { d1: { ok: boolean; ms: number }; r2: { ok: boolean } } }>(response);
    expect(body.status).toBe("ok");
    expect(body.checks.d1.ok).toBe(true);
    expect(body.checks.r2.ok).toBe(true);
    expect(typeof body.checks.d1.ms).toBe("number");
  });

  it("serves public settings and logos from R2", async () => {
    const client = new Client();
    let settings = await json<{ portal_name: string; logos: Record<string, string | null> }>(await client.get("/api/public-settings"));
    expect(settings).toMatchObject({ portal_name: "AMP", default_locale: "en", password_min_length: 8 });
    expect(settings.logos.light).toBeNull();
    expect((await client.get("/api/files/logos/light")).status).toBe(404);

    await env.FILES.put("logos/light.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>");
    const logo = { key: "logos/light.svg", content_type: "image/svg+xml", updated_at: "2026-11-01T00:00:00.000Z" };
    await env.DB.prepare("INSERT OR REPLACE INTO system_settings (key, value) VALUES ('logos', ?)")
      .bind(JSON.stringify({ light: logo, dark: null, collapsed: null }))
      .run();
    settings = await json(await client.get("/api/public-settings"));
    expect(settings.logos.light).toBe("/api/files/logos/light?v=2026-11-01T00%3A00%3A00.000Z");
    const image = await client.get("/api/files/logos/light");
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(image.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(await image.text()).toContain("<svg");
    expect((await client.get("/api/files/logos/banner")).status).toBe(422);
  });

  it("publishes the OpenAPI document and a self-contained reference page", async () => {
    const client = new Client();
    const document = await json<{ openapi: string; paths: Record<string, unknown> }>(await client.get("/api/openapi.json"));
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(["/login", "/api/user", "/api/users/masquerade/{id}", "/api/activity-log/titles"]),
    );
    const page = await client.get("/api/docs");
    expect(page.headers.get("Content-Type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("/api/users/masquerade/{id}");
    expect(html).not.toMatch(/<script|https?:\/\/(?!localhost)[a-z]/i);
  });
});
