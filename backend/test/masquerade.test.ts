import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Client, json, query, signedIn, userByEmail } from "./helpers";

type Status = { isMasqueraded: boolean; masquerader: { id: number; name: string; email: string } | null };

describe("masquerade", () => {
  it("acts as another user, rotates the session, logs both identities, and ends", async () => {
    const admin = await signedIn("admin@amp.test");
    const adminUser = await userByEmail("admin@amp.test");
    const target = await userByEmail("orgadmin@northwind.test");
    expect(await json<Status>(await admin.get("/api/users/masquerader"))).toEqual({ isMasqueraded: false, masquerader: null });

    const before = admin.sessionId;
    const start = await admin.post(`/api/users/masquerade/${target.id}`);
    expect(start.status).toBe(200);
    expect(await start.json()).toEqual({ success: true });
    expect(admin.sessionId).not.toBe(before);
    expect(await query("SELECT id FROM sessions WHERE id = ?", before)).toHaveLength(0);

    expect(await json<{ email: string }>(await admin.get("/api/user"))).toMatchObject({ email: "orgadmin@northwind.test" });
    expect(await json<Status>(await admin.get("/api/users/masquerader"))).toEqual({
      isMasqueraded: true,
      masquerader: { id: adminUser.id, name: "Avery Collins", email: "admin@amp.test" },
    });
    const [started] = await query<{ actor_id: number; masquerader_id: number; subject_id: number }>(
      "SELECT * FROM activity_log WHERE action = 'users.masquerade.start' ORDER BY id DESC LIMIT 1",
    );
    expect(started).toMatchObject({ actor_id: target.id, masquerader_id: adminUser.id, subject_id: target.id });

    // While masquerading, actions are logged with both identities too.
    await admin.put("/api/user/preferences", { theme: "light", theme_primary_color: "#7367F0", theme_semi_dark_menu: false });
    const [acted] = await query<{ actor_id: number; masquerader_id: number }>("SELECT * FROM activity_log ORDER BY id DESC LIMIT 1");
    expect(acted).toMatchObject({ actor_id: target.id, masquerader_id: adminUser.id });

    const masqueradingSession = admin.sessionId;
    const end = await admin.get("/api/users/masquerade/end");
    expect(end.status).toBe(200);
    expect(admin.sessionId).not.toBe(masqueradingSession);
    expect(await json<{ email: string }>(await admin.get("/api/user"))).toMatchObject({ email: "admin@amp.test" });
    const [ended] = await query<{ actor_id: number; masquerader_id: number }>(
      "SELECT * FROM activity_log WHERE action = 'users.masquerade.end' ORDER BY id DESC LIMIT 1",
    );
    expect(ended).toMatchObject({ actor_id: target.id, masquerader_id: adminUser.id });

    const again = await admin.get("/api/users/masquerade/end");
    expect(again.status).toBe(400);
  });

  it("needs admin.users.masquerade", async () => {
    const support = await signedIn("support@amp.test");
    const target = await userByEmail("grace.liu@northwind.test");
    expect((await support.post(`/api/users/masquerade/${target.id}`)).status).toBe(403);
  });

  it("never onto oneself, a missing user, or a user holding a permission the masquerader lacks", async () => {
    const provider = await signedIn("provider@amp.test");
    const self = await userByEmail("provider@amp.test");
    const superAdmin = await userByEmail("admin@amp.test");
    expect((await provider.post(`/api/users/masquerade/${self.id}`)).status).toBe(403);
    expect((await provider.post("/api/users/masquerade/999999")).status).toBe(404);
    // The Super Admin holds admin.settings.update, which a Provider Admin lacks.
    const escalation = await provider.post(`/api/users/masquerade/${superAdmin.id}`);
    expect(escalation.status).toBe(403);
    expect(await escalation.json()).toEqual({ message: "This action is unauthorized." });
    expect(await json<{ email: string }>(await provider.get("/api/user"))).toMatchObject({ email: "provider@amp.test" });
    // A support agent holds nothing a provider admin lacks.
    const agent = await userByEmail("taylor.brooks@amp.test");
    expect((await provider.post(`/api/users/masquerade/${agent.id}`)).status).toBe(200);
    // And masquerading does not nest.
    const other = await userByEmail("grace.liu@northwind.test");
    expect((await provider.post(`/api/users/masquerade/${other.id}`)).status).toBe(403);
  });

  it("keeps an organization member within their organization", async () => {
    // Give one of Northwind's admins the masquerade key through an extra role.
    const orgAdmin = await userByEmail("daniel.kim@northwind.test");
    const role = await env.DB.prepare(
      "INSERT INTO roles (name, description, scope) VALUES ('Northwind Masquerader', '', 'organization') RETURNING id",
    ).first<{ id: number }>();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO role_permissions (role_id, permission) VALUES (?, 'admin.users.masquerade')").bind(role?.id),
      env.DB.prepare("INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)").bind(orgAdmin.id, role?.id),
    ]);

    const client = await signedIn("daniel.kim@northwind.test");
    const otherOrganization = await userByEmail("ben.okafor@lakeside.test");
    expect((await client.post(`/api/users/masquerade/${otherOrganization.id}`)).status).toBe(404);
    const colleague = await userByEmail("grace.liu@northwind.test");
    expect((await client.post(`/api/users/masquerade/${colleague.id}`)).status).toBe(200);
    expect(await json<{ email: string }>(await client.get("/api/user"))).toMatchObject({ email: "grace.liu@northwind.test" });
  });

  it("answers 401 to the status call without a session", async () => {
    expect((await new Client().get("/api/users/masquerader")).status).toBe(401);
  });
});
