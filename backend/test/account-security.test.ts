import { describe, expect, it } from "vitest";
import { Client, json, query, signedIn, userByEmail } from "./helpers";

type SessionView = { id: string; user_agent: string | null; city: string | null; country: string | null; current: boolean };

describe("sessions", { timeout: 30_000 }, () => {
  it("lists the user's sessions with device and place, ends one, then all others; the ended ones are signed out", async () => {
    const email = "taylor.brooks@amp.test";
    const here = await signedIn(email);
    const phone = new Client();
    await phone.fetch("/sanctum/csrf-cookie", {
      headers: { "User-Agent": "Phone Browser/1", "CF-IPCity": "Montr%C3%A9al", "CF-IPCountry": "ca" },
    });
    expect(
      (
        await phone.fetch("/login", {
          method: "POST",
          json: { email, password: "password" },
          headers: { "User-Agent": "Phone Browser/1", "CF-IPCity": "Montr%C3%A9al", "CF-IPCountry": "ca" },
        })
      ).status,
    ).toBe(200);
    const laptop = await signedIn(email);
    // Someone else's session is never listed.
    await signedIn("riley.chen@amp.test");

    const { data } = await json<{ data: SessionView[] }>(await here.get("/api/user/sessions"));
    expect(data).toHaveLength(3);
    expect(data.filter((session) => session.current)).toHaveLength(1);
    const phoneSession = data.find((session) => session.user_agent === "Phone Browser/1");
    expect(phoneSession).toMatchObject({ city: "Montréal", country: "CA", current: false });
    expect(phoneSession?.id).toMatch(/^[0-9a-f]{32}$/);
    // The handle is not the cookie.
    expect(data.map((session) => session.id)).not.toContain(phone.sessionId);

    const current = data.find((session) => session.current);
    expect((await here.fetch(`/api/user/sessions/${current?.id}`, { method: "DELETE" })).status).toBe(409);
    expect((await here.fetch(`/api/user/sessions/${phoneSession?.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await phone.get("/api/user")).status).toBe(401);
    expect((await laptop.get("/api/user")).status).toBe(200);
    expect((await here.fetch(`/api/user/sessions/${phoneSession?.id}`, { method: "DELETE" })).status).toBe(404);

    const others = await here.fetch("/api/user/sessions", { method: "DELETE" });
    expect(await others.json()).toEqual({ ended: 1 });
    expect((await laptop.get("/api/user")).status).toBe(401);
    expect((await here.get("/api/user")).status).toBe(200);
    const actions = await query<{ action: string }>(
      "SELECT action FROM activity_log WHERE subject_label = 'Taylor Brooks' AND action LIKE 'profile.session%' ORDER BY id",
    );
    expect(actions.map((row) => row.action)).toEqual(["profile.session_ended", "profile.sessions_ended"]);
  });

  it("a masquerading session cannot see or end the target's sessions", async () => {
    const admin = await signedIn("admin@amp.test");
    const target = await userByEmail("noor.haddad@amp.test");
    await admin.post(`/api/users/masquerade/${target.id}`);
    expect((await admin.get("/api/user/sessions")).status).toBe(403);
    expect((await admin.fetch("/api/user/sessions", { method: "DELETE" })).status).toBe(403);
    await admin.get("/api/users/masquerade/end");
  });
});

type Token = { id: number; name: string; abilities: string[]; last_used_at: string | null; expires_at: string | null };

/** A client with no cookies and no Origin: what the portal's /api passthrough sends. */
function bearer(token: string) {
  const client = new Client();
  client.origin = null;
  return (path: string, init: RequestInit & { json?: unknown } = {}) =>
    client.fetch(path, { ...init, headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${token}` } });
}

describe("personal access tokens", { timeout: 30_000 }, () => {
  it("grants exactly the token's abilities, in the owner's organization, logs the token, and stops when revoked", async () => {
    const owner = await signedIn("orgadmin@northwind.test");
    const created = await owner.post("/api/user/tokens", {
      name: "Numbers script",
      abilities: ["tools.phone_numbers.read", "dashboard.read"],
      expires_at: null,
    });
    expect(created.status).toBe(201);
    const { token, plain_text_token } = await json<{ token: Token; plain_text_token: string }>(created);
    expect(plain_text_token).toMatch(new RegExp(`^${token.id}\\|[A-Za-z0-9]{40}$`));
    expect(token.abilities).toEqual(["dashboard.read", "tools.phone_numbers.read"]);
    // Only the digest is stored.
    const [stored] = await query<{ token: string }>("SELECT token FROM personal_access_tokens WHERE id = ?", token.id);
    expect(stored?.token).toMatch(/^[0-9a-f]{64}$/);
    expect(plain_text_token).not.toContain(stored?.token ?? "-");

    const call = bearer(plain_text_token);
    const me = await json<{ email: string; user_permissions: string[] }>(await call("/api/user"));
    expect(me.email).toBe("orgadmin@northwind.test");
    expect(me.user_permissions).toEqual(["dashboard.read", "tools.phone_numbers.read"]);
    // Allowed, and scoped to the owner's organization as their session would be.
    const numbers = await call("/api/phone-numbers?per_page=100");
    expect(numbers.status).toBe(200);
    const rows = (await json<{ data: { organization_id: number }[] }>(numbers)).data;
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.organization_id))).toEqual(new Set([2]));
    // The owner may read users; the token was not given that.
    expect((await owner.get("/api/users")).status).toBe(200);
    expect((await call("/api/users")).status).toBe(403);
    // Never the account itself, whatever the abilities.
    expect((await call("/api/user/tokens")).status).toBe(403);
    expect((await call("/api/user/password", { method: "PUT", json: {} })).status).toBe(403);

    const [listed] = (await json<{ data: Token[] }>(await owner.get("/api/user/tokens"))).data;
    expect(listed?.last_used_at).not.toBeNull();

    // A change made with the token is logged with it.
    const own = await json<{ data: { id: number }[] }>(await call("/api/phone-numbers?per_page=5&status=in_service"));
    const withOrder = await owner.post("/api/user/tokens", {
      name: "Labeller",
      abilities: ["tools.phone_numbers.order", "tools.phone_numbers.read"],
    });
    const labeller = bearer((await json<{ plain_text_token: string }>(withOrder)).plain_text_token);
    const numberId = own.data[0]?.id;
    expect((await labeller(`/api/phone-numbers/${numberId}`, { method: "PUT", json: { label: "Front desk" } })).status).toBe(200);
    const [row] = await query<{ id: number; actor_id: number }>(
      "SELECT id, actor_id FROM activity_log WHERE token_name = 'Labeller' ORDER BY id DESC LIMIT 1",
    );
    expect(row?.actor_id).toBe((await userByEmail("orgadmin@northwind.test")).id);
    const entry = await json(await (await signedIn("admin@amp.test")).get(`/api/activity-log/${row?.id}`));
    expect(entry).toMatchObject({ token: { name: "Labeller" }, actor: { name: "Priya Raman" } });

    expect((await owner.fetch(`/api/user/tokens/${token.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await call("/api/user")).status).toBe(401);
  });

  it("refuses abilities the owner lacks, past expiry dates, wrong and expired tokens", async () => {
    const owner = await signedIn("auditor@amp.test");
    const refused = await owner.post("/api/user/tokens", { name: "Too much", abilities: ["admin.users.delete"] });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ errors: { abilities: ["validation.permission_not_held"] } });
    const empty = await owner.post("/api/user/tokens", { name: "Nothing", abilities: [] });
    expect(await empty.json()).toMatchObject({ errors: { abilities: ['validation.min_items|{"min":1}'] } });
    const past = await owner.post("/api/user/tokens", { name: "Past", abilities: ["dashboard.read"], expires_at: "2020-01-01" });
    expect(await past.json()).toMatchObject({ errors: { expires_at: ["validation.after_today"] } });

    const created = await json<{ token: Token; plain_text_token: string }>(
      await owner.post("/api/user/tokens", { name: "Soon", abilities: ["dashboard.read"], expires_at: "2099-01-01" }),
    );
    expect(created.token.expires_at).toBe("2099-01-01T00:00:00.000Z");
    expect((await bearer(created.plain_text_token)("/api/dashboard")).status).toBe(200);
    await query("UPDATE personal_access_tokens SET expires_at = '2020-01-01T00:00:00.000Z' WHERE id = ?", created.token.id);
    expect((await bearer(created.plain_text_token)("/api/dashboard")).status).toBe(401);
    expect((await bearer(`${created.token.id}|wrongsecret`)("/api/dashboard")).status).toBe(401);
    expect((await bearer("not-a-token")("/api/dashboard")).status).toBe(401);
  });
});
