import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { diffChanges } from "../src/lib/activity";
import { ACTIVITY_ACTIONS } from "../src/lib/activity-titles";
import { Client, json, query, signedIn } from "./helpers";

type Page = { data: { id: number; organization_id: number | null; action: string }[]; total: number; per_page: number; last_page: number };

describe("GET /api/activity-log/titles", () => {
  it("titles every action key in English, French and Arabic", async () => {
    const client = new Client();
    const en = await json<Record<string, string>>(await client.get("/api/activity-log/titles?locale=en"));
    const fr = await json<Record<string, string>>(await client.get("/api/activity-log/titles?locale=fr"));
    const ar = await json<Record<string, string>>(await client.get("/api/activity-log/titles?locale=ar"));
    for (const titles of [en, fr, ar]) expect(Object.keys(titles).sort()).toEqual([...ACTIVITY_ACTIONS].sort());
    expect(en["auth.login"]).toBe("Signed in");
    expect(fr["auth.login"]).toBe("Connexion");
    expect(ar["auth.login"]).toBe("تسجيل الدخول");
    for (const key of ACTIVITY_ACTIONS) {
      expect(fr[key], key).not.toBe(en[key]);
      expect(ar[key], key).toMatch(/[\u0600-\u06FF]/);
    }
    expect((await client.get("/api/activity-log/titles?locale=de")).status).toBe(422);
  });

  it("titles every action already in the log", async () => {
    const titles = await json<Record<string, string>>(await new Client().get("/api/activity-log/titles"));
    const actions = await query<{ action: string }>("SELECT DISTINCT action FROM activity_log");
    for (const { action } of actions) expect(titles[action], action).toBeTypeOf("string");
  });
});

describe("activity log tenant scope", () => {
  it("shows an organization member only their organization, even when they ask for another", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const own = await json<Page>(await member.get("/api/activity-log?per_page=100"));
    expect(own.total).toBeGreaterThan(0);
    expect(own.data.every((row) => row.organization_id === 2)).toBe(true);

    const foreign = await json<Page>(await member.get("/api/activity-log?per_page=100&organization_id=3"));
    expect(foreign.total).toBe(own.total);
    expect(foreign.data.every((row) => row.organization_id === 2)).toBe(true);

    const [lakesideRow] = await query<{ id: number }>("SELECT id FROM activity_log WHERE organization_id = 3 LIMIT 1");
    expect((await member.get(`/api/activity-log/${lakesideRow?.id}`)).status).toBe(404);
  });

  it("lets provider staff see everything or filter by organization", async () => {
    const auditor = await signedIn("auditor@amp.test");
    const all = await json<Page>(await auditor.get("/api/activity-log?per_page=5"));
    const [{ count } = { count: 0 }] = await query<{ count: number }>("SELECT count(*) AS count FROM activity_log");
    expect(all.total).toBe(count);
    expect(all.data).toHaveLength(5);
    expect(all.per_page).toBe(5);

    const lakeside = await json<Page>(await auditor.get("/api/activity-log?per_page=100&organization_id=3"));
    expect(lakeside.total).toBeGreaterThan(0);
    expect(lakeside.data.every((row) => row.organization_id === 3)).toBe(true);

    const logins = await json<Page>(await auditor.get("/api/activity-log?action=auth.login&per_page=10"));
    expect(logins.data.every((row) => row.action === "auth.login")).toBe(true);
  });

  it("needs admin.activity.read", async () => {
    const member = await signedIn("grace.liu@northwind.test");
    expect((await member.get("/api/activity-log")).status).toBe(403);
  });
});

describe("activity logger", () => {
  it("records only changed fields and redacts secrets", () => {
    expect(
      diffChanges(
        { name: "A", password: "old-secret", smtp_password: "x", porting_pin: "1234", api_key: "k", same: 1 },
        { name: "B", password: "new-secret", smtp_password: "y", porting_pin: "9999", api_key: "k2", same: 1, token: "t" },
      ),
    ).toEqual({
      name: { old: "A", new: "B" },
      password: { old: "[redacted]", new: "[redacted]" },
      smtp_password: { old: "[redacted]", new: "[redacted]" },
      porting_pin: { old: "[redacted]", new: "[redacted]" },
      api_key: { old: "[redacted]", new: "[redacted]" },
      token: { old: null, new: "[redacted]" },
    });
  });

  it("writes actor, IP, user agent and time, with secrets redacted in the stored row", async () => {
    await env.DB.prepare("INSERT OR REPLACE INTO system_settings (key, value) VALUES ('registration_enabled', 'true')").run();
    const client = new Client();
    await client.csrf();
    const response = await client.fetch("/register", {
      method: "POST",
      json: {
        name: "Logged Person",
        email: "logged.person@example.test",
        organization_name: "Logged Home",
        password: "super-secret-pass",
        password_confirmation: "super-secret-pass",
      },
      headers: { "User-Agent": "ActivityTest/1.0" },
    });
    expect(response.status).toBe(201);
    const [row] = await query<{ actor_id: number; ip: string; user_agent: string; changes: string; created_at: string }>(
      "SELECT * FROM activity_log WHERE action = 'auth.register' ORDER BY id DESC LIMIT 1",
    );
    expect(row?.ip).toBe(client.ip);
    expect(row?.user_agent).toBe("ActivityTest/1.0");
    expect(Date.now() - Date.parse(row?.created_at ?? "")).toBeLessThan(60_000);
    expect(row?.changes).not.toContain("super-secret-pass");
    expect(JSON.parse(row?.changes ?? "{}").password).toEqual({ old: null, new: "[redacted]" });
  });
});
