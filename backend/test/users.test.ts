import { describe, expect, it } from "vitest";
import { Client, deliveredLink, json, query, signedIn, uniqueEmail } from "./helpers";

type Page<T = Record<string, unknown>> = { data: T[]; total: number; per_page: number; current_page: number };
type Row = { id: number; name: string; email: string; organization: { id: number; name: string }; roles: { id: number; name: string }[] };

const remove = (client: Client, path: string) => client.fetch(path, { method: "DELETE" });

async function latestActivity(action: string, subjectId: number) {
  const [row] = await query<{ changes: string | null; actor_id: number; organization_id: number }>(
    "SELECT * FROM activity_log WHERE action = ? AND subject_id = ? ORDER BY id DESC LIMIT 1",
    action,
    subjectId,
  );
  return row;
}

describe("GET /api/users", () => {
  it("lists every organization for provider staff, with organization, roles and paginator fields", async () => {
    const admin = await signedIn("admin@amp.test");
    const page = await json<Page<Row> & Record<string, unknown>>(await admin.get("/api/users?per_page=100&sort=name&direction=asc"));
    expect(page).toMatchObject({ current_page: 1, per_page: 100, last_page: 1, from: 1 });
    expect(page.total).toBe(24);
    expect(new Set(page.data.map((row) => row.organization.id))).toEqual(new Set([1, 2, 3, 4]));
    expect(page.data[0]).toMatchObject({ name: "Aisha Bello", organization: { id: 3, name: "Lakeside Logistics" } });
    const priya = page.data.find((row) => row.email === "orgadmin@northwind.test");
    expect(priya).toMatchObject({ roles: [{ id: 4, name: "Organization Admin" }], status: "active" });
    expect(priya).toHaveProperty("last_login_at");
    expect(priya).toHaveProperty("created_at");
  });

  it("searches, filters by role, organization and status, and paginates", async () => {
    const admin = await signedIn("provider@amp.test");
    const search = await json<Page<Row>>(await admin.get("/api/users?search=lakeside.test"));
    expect(search.total).toBe(7);
    const byRole = await json<Page<Row>>(await admin.get("/api/users?role_id=5"));
    expect(byRole.data.map((row) => row.email).sort()).toEqual(["auditor@amp.test", "ethan.walsh@amp.test"]);
    const disabled = await json<Page<Row>>(await admin.get("/api/users?status=disabled"));
    expect(disabled.data.map((row) => row.email)).toEqual(["chris.doyle@amp.test"]);
    const northwind = await json<Page<Row>>(await admin.get("/api/users?organization_id=2&per_page=5&page=2"));
    expect(northwind).toMatchObject({ total: 5, current_page: 2, last_page: 1, from: null, to: null });
    expect(northwind.data).toHaveLength(0);
    const first = await json<Page<Row>>(await admin.get("/api/users?organization_id=2&per_page=5"));
    expect(first.data).toHaveLength(5);
  });

  it("keeps organization members inside their organization whatever they send", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const page = await json<Page<Row>>(await member.get("/api/users?organization_id=3&per_page=100"));
    expect(page.total).toBe(5);
    expect(page.data.every((row) => row.organization.id === 2)).toBe(true);
  });

  it("rejects bad list parameters with 422", async () => {
    const admin = await signedIn("admin@amp.test");
    for (const [params, field] of [
      ["per_page=7", "per_page"],
      ["per_page=1000", "per_page"],
      ["sort=password_hash", "sort"],
      ["status=gone", "status"],
      ["page=0", "page"],
    ]) {
      const response = await admin.get(`/api/users?${params}`);
      expect(response.status, params).toBe(422);
      expect(Object.keys((await json<{ errors: object }>(response)).errors)).toEqual([field]);
    }
  });

  it("answers 401 without a session and 403 without admin.users.read", async () => {
    const guest = new Client();
    expect((await guest.get("/api/users")).status).toBe(401);
    const grace = await signedIn("grace.liu@northwind.test");
    expect((await grace.get("/api/users")).status).toBe(403);
    expect((await grace.get("/api/users/9")).status).toBe(403);
  });
});

describe("GET /api/users/{id}", () => {
  it("shows a user with permissions, created_at and last_login_at; another organization's user is 404", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const own = await member.get("/api/users/10");
    expect(own.status).toBe(200);
    expect(await json(own)).toMatchObject({
      id: 10,
      organization: { id: 2 },
      user_permissions: expect.any(Array),
      created_at: expect.any(String),
    });
    expect((await member.get("/api/users/13")).status).toBe(404);
    expect((await member.get("/api/users/1")).status).toBe(404);
    expect((await member.get("/api/users/99999")).status).toBe(404);
    expect((await member.get("/api/users/abc")).status).toBe(422);
  });

  it("does not shadow the masquerade routes", async () => {
    const admin = await signedIn("admin@amp.test");
    expect(await json(await admin.get("/api/users/masquerader"))).toEqual({ isMasqueraded: false, masquerader: null });
  });
});

describe("POST /api/users", () => {
  it("creates a user without a password, sends the invitation and logs users.created", async () => {
    const admin = await signedIn("admin@amp.test");
    const email = uniqueEmail("invitee");
    const response = await admin.post("/api/users", {
      name: "New Person",
      email: email.toUpperCase(),
      organization_id: 3,
      role_ids: [4],
      locale: "fr",
    });
    expect(response.status).toBe(201);
    const created = await json<{ id: number; email: string; roles: unknown[]; organization: { id: number } }>(response);
    expect(created).toMatchObject({ email, roles: [{ id: 4, name: "Organization Admin" }], organization: { id: 3 }, locale: "fr" });

    const [stored] = await query<{ password_hash: string | null }>("SELECT password_hash FROM users WHERE id = ?", created.id);
    expect(stored?.password_hash).toBeNull();
    const [mail] = await query<{ template: string; text: string; organization_id: number; status: string }>(
      "SELECT * FROM mail_log WHERE `to` = ? ORDER BY id DESC LIMIT 1",
      email,
    );
    expect(mail).toMatchObject({ template: "invitation", organization_id: 3, status: "not_sent" });
    expect(mail?.text).toContain("/password-setup?token=[redacted]&email=");
    const url = await deliveredLink(email);
    expect(url.searchParams.get("email")).toBe(email);
    expect(await query("SELECT email FROM password_reset_tokens WHERE email = ?", email)).toHaveLength(1);

    // The link works with the ordinary reset endpoint.
    const invitee = new Client();
    await invitee.csrf();
    const reset = await invitee.post("/reset-password", {
      token: url.searchParams.get("token"),
      email,
      password: "a-new-password",
      password_confirmation: "a-new-password",
    });
    expect(reset.status).toBe(200);
    expect((await invitee.login(email, "a-new-password")).status).toBe(200);

    const entry = await latestActivity("users.created", created.id);
    expect(entry?.organization_id).toBe(3);
    expect(JSON.parse(entry?.changes ?? "{}")).toMatchObject({ email: { old: null, new: email }, roles: { new: ["Organization Admin"] } });
  });

  it("validates with translation keys", async () => {
    const admin = await signedIn("admin@amp.test");
    const empty = await admin.post("/api/users", {});
    expect(empty.status).toBe(422);
    expect(await json(empty)).toMatchObject({ errors: { name: ["validation.required"], email: ["validation.required"] } });

    const bad = await admin.post("/api/users", { name: "X", email: "not-mail", locale: "de", role_ids: "1" });
    expect((await json<{ errors: Record<string, string[]> }>(bad)).errors).toMatchObject({
      email: ["validation.email"],
      locale: ["validation.in"],
      role_ids: ["validation.array"],
    });

    const taken = await admin.post("/api/users", { name: "X", email: "ADMIN@amp.test", organization_id: 99, role_ids: [77] });
    expect((await json<{ errors: Record<string, string[]> }>(taken)).errors).toEqual({
      email: ["validation.unique"],
      organization_id: ["validation.in"],
      "role_ids.0": ["validation.in"],
    });
  });

  it("lets an organization member create only in their organization, with organization roles they hold", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const elsewhere = await member.post("/api/users", { name: "X", email: uniqueEmail(), organization_id: 3, role_ids: [] });
    expect(elsewhere.status).toBe(403);

    for (const roleId of [1, 2, 3, 5]) {
      const provider = await member.post("/api/users", { name: "X", email: uniqueEmail(), role_ids: [roleId] });
      expect(provider.status).toBe(422);
      expect((await json<{ errors: Record<string, string[]> }>(provider)).errors.role_ids).toContain("validation.role_scope");
    }

    const ok = await member.post("/api/users", { name: "Team Mate", email: uniqueEmail(), role_ids: [4] });
    expect(ok.status).toBe(201);
    expect(await json(ok)).toMatchObject({ organization: { id: 2 }, roles: [{ id: 4 }] });
  });

  it("never assigns a role holding a key the caller lacks", async () => {
    const provider = await signedIn("provider@amp.test");
    const response = await provider.post("/api/users", { name: "X", email: uniqueEmail(), organization_id: 1, role_ids: [1] });
    expect(response.status).toBe(422);
    expect(await json(response)).toMatchObject({ errors: { role_ids: ["validation.permission_not_held"] } });
  });

  it("answers 403 without admin.users.create", async () => {
    const support = await signedIn("support@amp.test");
    expect((await support.post("/api/users", { name: "X", email: uniqueEmail(), role_ids: [] })).status).toBe(403);
  });
});

describe("PUT /api/users/{id}", () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    name: "Grace Liu",
    email: "grace.liu@northwind.test",
    organization_id: 2,
    role_ids: [],
    locale: "en",
    status: "active",
    ...overrides,
  });

  it("updates a user, logs before/after, and signs out a disabled user", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const grace = await signedIn("grace.liu@northwind.test");
    const response = await member.put("/api/users/11", body({ name: "Grace L. Liu", status: "disabled" }));
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ name: "Grace L. Liu", status: "disabled" });
    expect((await grace.get("/api/user")).status).toBe(401);
    const entry = await latestActivity("users.updated", 11);
    expect(JSON.parse(entry?.changes ?? "{}")).toEqual({
      name: { old: "Grace Liu", new: "Grace L. Liu" },
      status: { old: "active", new: "disabled" },
    });
    expect((await member.put("/api/users/11", body())).status).toBe(200);
  });

  it("cannot reach another organization's user even by naming its organization", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const response = await member.put("/api/users/15", body({ name: "Ben", email: "ben.okafor@lakeside.test", organization_id: 3 }));
    expect(response.status).toBe(404);
    const moved = await member.put("/api/users/11", body({ organization_id: 3 }));
    expect(moved.status).toBe(403);
    const [ben] = await query<{ name: string }>("SELECT name FROM users WHERE id = 15");
    expect(ben?.name).toBe("Ben Okafor");
  });

  it("refuses self-disable and self-lockout", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const mine = body({ name: "Priya Raman", email: "orgadmin@northwind.test", role_ids: [4] });
    const disable = await member.put("/api/users/9", { ...mine, status: "disabled" });
    expect(disable.status).toBe(422);
    expect(await json(disable)).toMatchObject({ errors: { status: ["validation.self_disable"] } });
    const noRoles = await member.put("/api/users/9", { ...mine, role_ids: [] });
    expect(await json(noRoles)).toMatchObject({ errors: { role_ids: ["validation.self_lockout"] } });
    expect((await member.put("/api/users/9", { ...mine, locale: "fr" })).status).toBe(200);
  });

  it("never edits a more privileged user and keeps someone holding admin.roles.update", async () => {
    const provider = await signedIn("provider@amp.test");
    const superAdmin = { name: "Avery Collins", email: "admin@amp.test", organization_id: 1, role_ids: [], locale: "en", status: "active" };
    expect((await provider.put("/api/users/1", superAdmin)).status).toBe(403);

    // Leave only the Super Admin holding admin.roles.update, then they cannot drop it.
    await query("DELETE FROM user_roles WHERE role_id = 2");
    const admin = await signedIn("admin@amp.test");
    const lockout = await admin.put("/api/users/1", { ...superAdmin, role_ids: [3] });
    expect(lockout.status).toBe(422);
    expect((await json<{ errors: Record<string, string[]> }>(lockout)).errors.role_ids).toEqual(
      expect.arrayContaining(["validation.self_lockout"]),
    );
    await query("INSERT INTO user_roles (user_id, role_id) VALUES (2, 2), (7, 2)");
  });
});

describe("DELETE /api/users/{id}", () => {
  it("deletes a user of the caller's organization (204) and logs users.deleted", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const created = await json<{ id: number }>(await member.post("/api/users", { name: "Temp", email: uniqueEmail("temp"), role_ids: [] }));
    const response = await remove(member, `/api/users/${created.id}`);
    expect(response.status).toBe(204);
    expect(await query("SELECT id FROM users WHERE id = ?", created.id)).toHaveLength(0);
    expect(await latestActivity("users.deleted", created.id)).toBeDefined();
  });

  it("refuses deleting yourself (409), other organizations' users (404) and more privileged users (403)", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    expect((await remove(member, "/api/users/9")).status).toBe(409);
    expect((await remove(member, "/api/users/16")).status).toBe(404);
    const provider = await signedIn("provider@amp.test");
    expect((await remove(provider, "/api/users/1")).status).toBe(403);
    const support = await signedIn("support@amp.test");
    expect((await remove(support, "/api/users/16")).status).toBe(403);
    expect(await query("SELECT id FROM users WHERE id IN (1, 9, 16)")).toHaveLength(3);
  });
});
