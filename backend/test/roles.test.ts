import { describe, expect, it } from "vitest";
import { PERMISSIONS } from "../../common/permissions";
import { Client, json, query, signedIn } from "./helpers";

type Role = { id: number; name: string; users_count: number; permissions: string[]; is_system: boolean; scope: string };
type Invalid = { errors: Record<string, string[]> };

const remove = (client: Client, path: string) => client.fetch(path, { method: "DELETE" });

describe("GET /api/roles and /api/permissions", () => {
  it("lists roles with users_count, permissions, is_system and scope", async () => {
    const auditor = await signedIn("auditor@amp.test");
    const page = await json<{ data: Role[]; total: number }>(await auditor.get("/api/roles?sort=users_count&direction=desc&per_page=5"));
    expect(page.total).toBe(5);
    expect(page.data.map((role) => role.users_count)).toEqual([5, 5, 2, 2, 1]);
    expect(page.data.find((role) => role.name === "Support Agent")).toMatchObject({ users_count: 5, is_system: true, scope: "provider" });
    const superAdmin = page.data.find((role) => role.name === "Super Admin");
    expect(superAdmin?.permissions).toEqual([...PERMISSIONS]);
    const search = await json<{ data: Role[] }>(await auditor.get("/api/roles?search=admin&sort=name&direction=asc"));
    expect(search.data.map((role) => role.name)).toEqual(["Organization Admin", "Provider Admin", "Super Admin"]);
    expect((await auditor.get("/api/roles?per_page=11")).status).toBe(422);
    expect(await json(await auditor.get("/api/permissions"))).toEqual([...PERMISSIONS]);
    expect((await auditor.get("/api/roles/4")).status).toBe(200);
    expect((await auditor.get("/api/roles/999")).status).toBe(404);
  });

  it("answers 401 and 403", async () => {
    expect((await new Client().get("/api/roles")).status).toBe(401);
    const member = await signedIn("orgadmin@northwind.test");
    expect((await member.get("/api/roles")).status).toBe(403);
    expect((await member.get("/api/permissions")).status).toBe(403);
    const auditor = await signedIn("auditor@amp.test");
    expect((await auditor.post("/api/roles", { name: "X", scope: "provider", permissions: [] })).status).toBe(403);
  });
});

describe("GET /api/roles/options", () => {
  it("offers only roles the caller may assign", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    expect(await json(await member.get("/api/roles/options"))).toEqual([{ id: 4, name: "Organization Admin", scope: "organization" }]);
    const provider = await signedIn("provider@amp.test");
    const names = (await json<Role[]>(await provider.get("/api/roles/options"))).map((role) => role.name);
    expect(names).not.toContain("Super Admin");
    expect(names).toContain("Provider Admin");
    const auditor = await signedIn("auditor@amp.test");
    expect((await auditor.get("/api/roles/options")).status).toBe(403);
  });
});

describe("POST/PUT/DELETE /api/roles", () => {
  it("creates, updates and deletes a role, logging each change", async () => {
    const admin = await signedIn("admin@amp.test");
    const created = await admin.post("/api/roles", {
      name: "Billing Clerk",
      description: "Reads numbers",
      scope: "organization",
      permissions: ["tools.phone_numbers.read", "dashboard.read"],
    });
    expect(created.status).toBe(201);
    const role = await json<Role>(created);
    expect(role).toMatchObject({ is_system: false, users_count: 0, permissions: ["dashboard.read", "tools.phone_numbers.read"] });

    const updated = await admin.put(`/api/roles/${role.id}`, {
      name: "Billing Clerks",
      scope: "organization",
      permissions: ["dashboard.read"],
    });
    expect(updated.status).toBe(200);
    const [entry] = await query<{ changes: string }>(
      "SELECT changes FROM activity_log WHERE action = 'roles.updated' AND subject_id = ? ORDER BY id DESC LIMIT 1",
      role.id,
    );
    expect(JSON.parse(entry?.changes ?? "{}")).toMatchObject({
      name: { old: "Billing Clerk", new: "Billing Clerks" },
      permissions: { old: ["dashboard.read", "tools.phone_numbers.read"], new: ["dashboard.read"] },
    });

    await query("INSERT INTO user_roles (user_id, role_id) VALUES (11, ?)", role.id);
    const inUse = await remove(admin, `/api/roles/${role.id}`);
    expect(inUse.status).toBe(409);
    expect(await json(inUse)).toEqual({ message: "roles.in_use" });
    await query("DELETE FROM user_roles WHERE role_id = ?", role.id);
    expect((await remove(admin, `/api/roles/${role.id}`)).status).toBe(204);
    expect(await query("SELECT id FROM activity_log WHERE action = 'roles.deleted' AND subject_id = ?", role.id)).toHaveLength(1);
  });

  it("validates name, scope and permission keys", async () => {
    const admin = await signedIn("admin@amp.test");
    const shape = await admin.post("/api/roles", { name: "", scope: "galaxy", permissions: "all" });
    expect((await json<Invalid>(shape)).errors).toEqual({
      name: ["validation.required"],
      scope: ["validation.in"],
      permissions: ["validation.array"],
    });
    const rules = await admin.post("/api/roles", {
      name: "super admin",
      scope: "organization",
      permissions: ["admin.settings.update", "made.up.key"],
    });
    expect((await json<Invalid>(rules)).errors).toEqual({
      "permissions.1": ["validation.in"],
      permissions: ["validation.provider_only_permission"],
      name: ["validation.unique"],
    });
  });

  it("never grants a key the editor lacks", async () => {
    const provider = await signedIn("provider@amp.test");
    const response = await provider.post("/api/roles", { name: "Settings", scope: "provider", permissions: ["admin.settings.update"] });
    expect((await json<Invalid>(response)).errors).toEqual({ permissions: ["validation.permission_not_held"] });
    const role = await json<Role>(await (await signedIn("admin@amp.test")).get("/api/roles/2"));
    const escalate = await provider.put("/api/roles/2", { ...role, permissions: [...role.permissions, "admin.settings.update"] });
    expect((await json<Invalid>(escalate)).errors).toEqual({ permissions: ["validation.permission_not_held"] });
  });

  it("protects system roles: no delete, no rename, Super Admin keeps every key", async () => {
    const admin = await signedIn("admin@amp.test");
    const system = await remove(admin, "/api/roles/3");
    expect(system.status).toBe(409);
    expect(await json(system)).toEqual({ message: "roles.system" });

    const superAdmin = await json<Role & { description: string }>(await admin.get("/api/roles/1"));
    const lose = await admin.put("/api/roles/1", { ...superAdmin, permissions: superAdmin.permissions.slice(1) });
    expect((await json<Invalid>(lose)).errors).toEqual({ permissions: ["roles.lockout"] });
    const rename = await admin.put("/api/roles/1", { ...superAdmin, name: "Root", scope: "organization" });
    expect((await json<Invalid>(rename)).errors).toMatchObject({ name: ["roles.system"], scope: ["roles.system"] });
    expect((await admin.put("/api/roles/1", { ...superAdmin, description: "All keys." })).status).toBe(200);
  });

  it("refuses a change that leaves no active user holding admin.roles.update", async () => {
    const admin = await signedIn("admin@amp.test");
    await query("INSERT INTO roles (id, name, scope) VALUES (60, 'Keyholder', 'provider')");
    await query("INSERT INTO role_permissions (role_id, permission) VALUES (60, 'admin.roles.update'), (60, 'admin.roles.read')");
    // Only user 3 holds the key now, through role 60.
    await query("DELETE FROM role_permissions WHERE role_id IN (1, 2) AND permission = 'admin.roles.update'");
    await query("INSERT INTO user_roles (user_id, role_id) VALUES (3, 60)");
    const keyholder = await signedIn("support@amp.test");
    const response = await keyholder.put("/api/roles/60", { name: "Keyholder", scope: "provider", permissions: ["admin.roles.read"] });
    expect(response.status).toBe(422);
    expect((await json<Invalid>(response)).errors).toEqual({ permissions: ["roles.lockout"] });
    expect((await admin.get("/api/roles")).status).toBe(200);
  });
});
