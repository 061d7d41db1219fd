import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Client, deliveredLink, json, query, signedIn, uniqueEmail, userByEmail } from "./helpers";

describe("POST /login", () => {
  it("signs in, rotates the session id, stamps last_login_at and logs auth.login", async () => {
    const client = new Client();
    await client.csrf();
    const guestSession = client.sessionId;
    const before = await userByEmail("auditor@amp.test");

    const response = await client.post("/login", { email: "AUDITOR@amp.test", password: "password" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(client.sessionId).toBeDefined();
    expect(client.sessionId).not.toBe(guestSession);
    expect(await query("SELECT id FROM sessions WHERE id = ?", guestSession)).toHaveLength(0);

    const after = await userByEmail("auditor@amp.test");
    expect(after.last_login_at).not.toBe(before.last_login_at);
    const [entry] = await query<{ actor_id: number; ip: string; user_agent: string | null }>(
      "SELECT * FROM activity_log WHERE action = 'auth.login' ORDER BY id DESC LIMIT 1",
    );
    expect(entry?.actor_id).toBe(after.id);
    expect(entry?.ip).toBe(client.ip);

    const user = await json<{ email: string }>(await client.get("/api/user"));
    expect(user.email).toBe("auditor@amp.test");
  });

  it("answers wrong credentials with 422 auth.failed", async () => {
    const client = new Client();
    await client.csrf();
    for (const body of [
      { email: "admin@amp.test", password: "wrong-password" },
      { email: "nobody@amp.test", password: "password" },
      // An invited user without a password cannot sign in.
      { email: "omar.farouk@northwind.test", password: "" + "password" },
    ]) {
      const response = await client.post("/login", body);
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({ message: "auth.failed", errors: { email: ["auth.failed"] } });
    }
  });

  it("refuses a disabled user with auth.disabled", async () => {
    const client = new Client();
    await client.csrf();
    const response = await client.post("/login", { email: "chris.doyle@amp.test", password: "password" });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ errors: { email: ["auth.disabled"] } });
    expect((await client.get("/api/user")).status).toBe(401);
  });

  it("throttles after 5 failures per e-mail and IP, with Retry-After", async () => {
    const client = new Client();
    await client.csrf();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await client.post("/login", { email: "provider@amp.test", password: "nope" })).status).toBe(422);
    }
    const blocked = await client.post("/login", { email: "provider@amp.test", password: "password" });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await blocked.json()).toMatchObject({ message: "auth.throttle" });

    // Another IP, or the same IP for another address, is not affected.
    const elsewhere = new Client();
    expect((await elsewhere.login("provider@amp.test")).status).toBe(200);
    expect((await client.post("/login", { email: "support@amp.test", password: "password" })).status).toBe(200);

    // Once the window has passed, the address may try again.
    await env.DB.prepare("UPDATE throttles SET reset_at = ? WHERE key LIKE 'login|provider@amp.test|%'")
      .bind(new Date(Date.now() - 1000).toISOString())
      .run();
    expect((await client.post("/login", { email: "provider@amp.test", password: "password" })).status).toBe(200);
  });

  it("uses CF-Connecting-IP before X-Forwarded-For for throttling", async () => {
    const first = new Client();
    await first.csrf();
    for (let attempt = 0; attempt < 5; attempt++) {
      await first.fetch("/login", {
        method: "POST",
        json: { email: "auditor@amp.test", password: "nope" },
        headers: { "CF-Connecting-IP": "192.0.2.77" },
      });
    }
    const second = new Client();
    await second.csrf();
    const response = await second.fetch("/login", {
      method: "POST",
      json: { email: "auditor@amp.test", password: "password" },
      headers: { "CF-Connecting-IP": "192.0.2.77" },
    });
    expect(response.status).toBe(429);
  });

  it("keeps a remembered session for 30 days of inactivity", async () => {
    const client = new Client();
    await client.csrf();
    const response = await client.post("/login", { email: "support@amp.test", password: "password", remember: true });
    expect(response.headers.getSetCookie().find((c) => c.startsWith(`${env.SESSION_COOKIE}=`))).toMatch(/Max-Age=2592000/);
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000).toISOString();
    await env.DB.prepare("UPDATE sessions SET last_activity = ? WHERE id = ?").bind(tenDaysAgo, client.sessionId).run();
    expect((await client.get("/api/user")).status).toBe(200);
  });
});

describe("POST /logout", () => {
  it("ends the session, rotates the id and the CSRF token", async () => {
    const client = await signedIn("support@amp.test");
    const signedInSession = client.sessionId;
    const token = client.cookies.get("XSRF-TOKEN");
    const response = await client.post("/logout");
    expect(response.status).toBe(204);
    expect(client.sessionId).not.toBe(signedInSession);
    expect(client.cookies.get("XSRF-TOKEN")).not.toBe(token);
    expect(await query("SELECT id FROM sessions WHERE id = ?", signedInSession)).toHaveLength(0);
    expect((await client.get("/api/user")).status).toBe(401);
    const [entry] = await query<{ action: string }>("SELECT action FROM activity_log ORDER BY id DESC LIMIT 1");
    expect(entry?.action).toBe("auth.logout");
  });
});

describe("POST /register", () => {
  const setRegistration = (enabled: boolean) =>
    env.DB.prepare("INSERT OR REPLACE INTO system_settings (key, value) VALUES ('registration_enabled', ?)")
      .bind(JSON.stringify(enabled))
      .run();

  it("is refused with 403 while registration is off", async () => {
    await setRegistration(false);
    const client = new Client();
    await client.csrf();
    const response = await client.post("/register", {
      name: "Off Person",
      email: uniqueEmail("off"),
      organization_name: "Off Home",
      password: "long-enough-password",
      password_confirmation: "long-enough-password",
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "This action is unauthorized." });
  });

  it("creates a residential organization and its admin, signed in with a new session id", async () => {
    await setRegistration(true);
    const client = new Client();
    await client.csrf();
    const guestSession = client.sessionId;
    const email = uniqueEmail("Register");
    const response = await client.post("/register", {
      name: "Rosa Diaz",
      email,
      organization_name: "Diaz Household",
      password: "correct horse",
      password_confirmation: "correct horse",
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ success: true });
    expect(client.sessionId).not.toBe(guestSession);

    const user = await json<{ email: string; organization: { type: string; name: string }; roles: { name: string }[] }>(
      await client.get("/api/user"),
    );
    expect(user.email).toBe(email.toLowerCase());
    expect(user.organization).toMatchObject({ name: "Diaz Household", type: "residential" });
    expect(user.roles.map((role) => role.name)).toEqual(["Organization Admin"]);

    const again = new Client();
    await again.csrf();
    const duplicate = await again.post("/register", {
      name: "Rosa Again",
      email,
      organization_name: "Second",
      password: "short",
      password_confirmation: "different",
    });
    expect(duplicate.status).toBe(422);
    expect(await duplicate.json()).toMatchObject({
      errors: { email: ["validation.unique"], password: [`validation.too_short|{"min":8}`, "validation.confirmed"] },
    });
  });
});

describe("password reset", () => {
  async function requestReset(email: string): Promise<{ token: string; client: Client }> {
    const client = new Client();
    await client.csrf();
    const response = await client.post("/forgot-password", { email });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "passwords.sent" });
    const [mail] = await query<{ text: string; template: string; status: string; to: string }>(
      'SELECT * FROM mail_log WHERE "to" = ? ORDER BY id DESC LIMIT 1',
      email,
    );
    expect(mail).toMatchObject({ template: "password_reset", status: "not_sent", to: email });
    // No platform relay in the test Worker (SMTP_HOST): logged as not_sent; delivery is tested in smtp-delivery.test.ts.
    // The mail log keeps the link redacted; the real one went only to the transport.
    expect(mail?.text).toContain("/password-setup?token=[redacted]&email=");
    const url = await deliveredLink(email);
    expect(`${url.origin}${url.pathname}`).toBe(`${env.APP_URL}/password-setup`);
    expect(url.searchParams.get("email")).toBe(email);
    return { token: url.searchParams.get("token") ?? "", client };
  }

  it("mails a link, resets the password once, and the new password signs in", async () => {
    const email = "taylor.brooks@amp.test";
    const { token, client } = await requestReset(email);
    const [stored] = await query<{ token_hash: string }>("SELECT token_hash FROM password_reset_tokens WHERE email = ?", email);
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.token_hash).not.toContain(token);

    const reset = await client.post("/reset-password", {
      token,
      email,
      password: "new-password-1",
      password_confirmation: "new-password-1",
    });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ message: "passwords.reset" });

    const reused = await client.post("/reset-password", {
      token,
      email,
      password: "another-password",
      password_confirmation: "another-password",
    });
    expect(reused.status).toBe(422);
    expect(await reused.json()).toMatchObject({ errors: { email: ["passwords.token"] } });

    expect((await new Client().login(email, "password")).status).toBe(422);
    expect((await new Client().login(email, "new-password-1")).status).toBe(200);
  });

  it("rejects an expired token, a wrong token and weak passwords", async () => {
    const email = "riley.chen@amp.test";
    const { token, client } = await requestReset(email);
    const weak = await client.post("/reset-password", { token, email, password: "short", password_confirmation: "short" });
    expect(weak.status).toBe(422);
    expect(await weak.json()).toMatchObject({ errors: { password: [`validation.too_short|{"min":8}`] } });

    const mismatch = await client.post("/reset-password", {
      token,
      email,
      password: "long-enough-1",
      password_confirmation: "long-enough-2",
    });
    expect(await mismatch.json()).toMatchObject({ errors: { password: ["validation.confirmed"] } });

    const wrong = await client.post("/reset-password", {
      token: `${token}x`,
      email,
      password: "long-enough-1",
      password_confirmation: "long-enough-1",
    });
    expect(await wrong.json()).toMatchObject({ errors: { email: ["passwords.token"] } });

    await env.DB.prepare("UPDATE password_reset_tokens SET created_at = ? WHERE email = ?")
      .bind(new Date(Date.now() - 61 * 60_000).toISOString(), email)
      .run();
    const expired = await client.post("/reset-password", {
      token,
      email,
      password: "long-enough-1",
      password_confirmation: "long-enough-1",
    });
    expect(expired.status).toBe(422);
    expect(await expired.json()).toMatchObject({ errors: { email: ["passwords.token"] } });
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const [{ count: before } = { count: 0 }] = await query<{ count: number }>("SELECT count(*) AS count FROM mail_log");
    const client = new Client();
    await client.csrf();
    const response = await client.post("/forgot-password", { email: "ghost@nowhere.test" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "passwords.sent" });
    const [{ count: after } = { count: 0 }] = await query<{ count: number }>("SELECT count(*) AS count FROM mail_log");
    expect(after).toBe(before);
  });

  it("lets an invited user set a first password", async () => {
    const email = "omar.farouk@northwind.test";
    const { token, client } = await requestReset(email);
    expect(
      (await client.post("/reset-password", { token, email, password: "first-password", password_confirmation: "first-password" })).status,
    ).toBe(200);
    expect((await new Client().login(email, "first-password")).status).toBe(200);
  });
});
