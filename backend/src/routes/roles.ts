import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, asc, count, countDistinct, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { PERMISSIONS, type Permission, PROVIDER_ONLY_PERMISSIONS } from "../../../common/permissions";
import type { Db } from "../db/client";
import { rolePermissions, roles, userRoles, users } from "../db/schema";
import { logActivity } from "../lib/activity";
import { currentUser, requireAuth, requirePermission } from "../lib/auth";
import type { AppEnv, CurrentUser } from "../lib/context";
import { ApiError, forbidden, notFound } from "../lib/errors";
import { errorResponses, jsonBody, jsonContent } from "../lib/openapi";
import { likePattern, listQuerySchema, paginate, paginatorSchema } from "../lib/pagination";
import { ErrorBag, optionalSafeText, safeText, validationHook } from "../lib/validation";

/** Roles and the permission catalogue. Roles are global (not organization-owned); every write is provider-only. */
export const rolesRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

export const SUPER_ADMIN_ROLE = "Super Admin";
/** The key that must stay with at least one active user, or nobody could repair the roles again. */
export const LOCKOUT_KEY: Permission = "admin.roles.update";

const ROLE_SCOPES = ["provider", "organization"] as const;

const RoleSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    scope: z.enum(ROLE_SCOPES),
    is_system: z.boolean(),
    users_count: z.number().int(),
    permissions: z.array(z.string()),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Role");

const idParam = z.object({ id: z.coerce.number().int().positive() });

/** Permission keys of each role, in catalogue order. */
export async function permissionsByRole(db: Db, roleIds: number[]): Promise<Map<number, Permission[]>> {
  const granted = new Map<number, Set<string>>(roleIds.map((id) => [id, new Set<string>()]));
  if (roleIds.length > 0) {
    const rows = await db.select().from(rolePermissions).where(inArray(rolePermissions.roleId, roleIds));
    for (const row of rows) granted.get(row.roleId)?.add(row.permission);
  }
  return new Map([...granted].map(([id, keys]) => [id, PERMISSIONS.filter((key) => keys.has(key))]));
}

/**
 * How many active users hold `key` through a role, leaving out one user and/or one role (the ones a pending
 * change is about to alter; the caller adds back what they will hold after the change).
 */
export async function activeHolders(db: Db, key: Permission, except: { userId?: number; roleId?: number } = {}): Promise<number> {
  const [row] = await db
    .select({ total: countDistinct(userRoles.userId) })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(
      and(
        eq(rolePermissions.permission, key),
        eq(users.status, "active"),
        except.userId === undefined ? undefined : ne(userRoles.userId, except.userId),
        except.roleId === undefined ? undefined : ne(userRoles.roleId, except.roleId),
      ),
    );
  return row?.total ?? 0;
}

const usersCount = () => sql<number>`(SELECT COUNT(*) FROM ${userRoles} WHERE ${userRoles.roleId} = "roles"."id")`.mapWith(Number);

function roleColumns() {
  return {
    id: roles.id,
    name: roles.name,
    description: roles.description,
    scope: roles.scope,
    isSystem: roles.isSystem,
    usersCount: usersCount(),
    createdAt: roles.createdAt,
    updatedAt: roles.updatedAt,
  };
}

type RoleRow = Awaited<ReturnType<typeof findRole>>;

function serializeRole(row: RoleRow, permissions: Permission[]): z.infer<typeof RoleSchema> {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    scope: row.scope,
    is_system: row.isSystem,
    users_count: row.usersCount,
    permissions,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

async function findRole(db: Db, id: number) {
  const [row] = await db.select(roleColumns()).from(roles).where(eq(roles.id, id));
  if (!row) throw notFound();
  return row;
}

const SORTS = { name: roles.name, created_at: roles.createdAt, users_count: usersCount() } as const;

rolesRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/permissions",
    tags: ["Roles"],
    summary: "The permission key catalogue",
    middleware: [requireAuth, requirePermission("admin.roles.read")] as const,
    responses: { 200: jsonContent(z.array(z.string()), "Every permission key"), ...errorResponses(401, 403) },
  }),
  (c) => c.json([...PERMISSIONS], 200),
);

rolesRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/roles/options",
    tags: ["Roles"],
    summary: "The roles the caller may assign to users (needs admin.users.create or admin.users.update)",
    middleware: [requireAuth] as const,
    responses: {
      200: jsonContent(
        z.array(z.object({ id: z.number().int(), name: z.string(), scope: z.enum(ROLE_SCOPES) })),
        "Assignable roles, by name",
      ),
      ...errorResponses(401, 403),
    },
  }),
  async (c) => {
    const me = currentUser(c);
    if (!me.permissions.includes("admin.users.create") && !me.permissions.includes("admin.users.update")) throw forbidden();
    const db = c.get("db");
    const rows = await db
      .select({ id: roles.id, name: roles.name, scope: roles.scope })
      .from(roles)
      .where(me.isProvider ? undefined : eq(roles.scope, "organization"))
      .orderBy(asc(roles.name));
    const granted = await permissionsByRole(
      db,
      rows.map((row) => row.id),
    );
    return c.json(
      rows.filter((row) => (granted.get(row.id) ?? []).every((key) => me.permissions.includes(key))),
      200,
    );
  },
);

rolesRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/roles",
    tags: ["Roles"],
    summary: "Roles with their keys and how many users hold them",
    middleware: [requireAuth, requirePermission("admin.roles.read")] as const,
    request: {
      query: listQuerySchema.extend({
        sort: z.enum(["name", "created_at", "users_count"]).default("name"),
        scope: z.enum(ROLE_SCOPES).optional(),
      }),
    },
    responses: { 200: jsonContent(paginatorSchema(RoleSchema), "One page of roles"), ...errorResponses(401, 403, 422) },
  }),
  async (c) => {
    const query = c.req.valid("query");
    const db = c.get("db");
    const where = and(
      query.search ? sql`${roles.name} LIKE ${likePattern(query.search)} ESCAPE '\\'` : undefined,
      query.scope ? eq(roles.scope, query.scope) : undefined,
    );
    const order = query.direction === "asc" ? asc : desc;
    const [rows, totals] = await Promise.all([
      db
        .select(roleColumns())
        .from(roles)
        .where(where)
        .orderBy(order(SORTS[query.sort]), order(roles.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page),
      db.select({ total: count() }).from(roles).where(where),
    ]);
    const granted = await permissionsByRole(
      db,
      rows.map((row) => row.id),
    );
    const data = rows.map((row) => serializeRole(row, granted.get(row.id) ?? []));
    return c.json(paginate(data, totals[0]?.total ?? 0, query.page, query.per_page), 200);
  },
);

rolesRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/roles/{id}",
    tags: ["Roles"],
    summary: "One role",
    middleware: [requireAuth, requirePermission("admin.roles.read")] as const,
    request: { params: idParam },
    responses: { 200: jsonContent(RoleSchema, "The role"), ...errorResponses(401, 403, 404, 422) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const db = c.get("db");
    const row = await findRole(db, id);
    const granted = await permissionsByRole(db, [id]);
    return c.json(serializeRole(row, granted.get(id) ?? []), 200);
  },
);

const RoleBody = z.object({
  name: safeText({ max: 100 }),
  description: optionalSafeText(500),
  scope: z.enum(ROLE_SCOPES),
  permissions: z.array(z.string().max(100)).max(PERMISSIONS.length * 2),
});

type RoleInput = z.infer<typeof RoleBody>;

/**
 * Rules every role save shares: catalogue keys only, no provider-only key in an organization role, a unique
 * name (case-insensitive), and no key the editor does not hold themselves unless the role already had it.
 */
async function checkRole(db: Db, me: CurrentUser, body: RoleInput, existing?: { id: number; keys: Permission[] }) {
  const bag = new ErrorBag();
  const requested = new Set(body.permissions);
  body.permissions.forEach((key, index) => {
    if (!(PERMISSIONS as readonly string[]).includes(key)) bag.add(`permissions.${index}`, "validation.in");
  });
  const keys = PERMISSIONS.filter((key) => requested.has(key));
  if (body.scope === "organization" && keys.some((key) => PROVIDER_ONLY_PERMISSIONS.includes(key))) {
    bag.add("permissions", "validation.provider_only_permission");
  }
  if (keys.some((key) => !existing?.keys.includes(key) && !me.permissions.includes(key))) {
    bag.add("permissions", "validation.permission_not_held");
  }
  const duplicate = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(sql`lower(${roles.name}) = lower(${body.name})`, existing ? ne(roles.id, existing.id) : undefined))
    .limit(1);
  if (duplicate.length > 0) bag.add("name", "validation.unique");
  return { bag, keys };
}

function auditFields(role: { name: string; description: string; scope: string }, keys: Permission[]) {
  return { name: role.name, description: role.description, scope: role.scope, permissions: keys };
}

rolesRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/roles",
    tags: ["Roles"],
    summary: "Create a role",
    middleware: [requireAuth, requirePermission("admin.roles.create")] as const,
    request: { body: jsonBody(RoleBody) },
    responses: { 201: jsonContent(RoleSchema, "The new role"), ...errorResponses(401, 403, 419, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const body = c.req.valid("json");
    const db = c.get("db");
    const { bag, keys } = await checkRole(db, me, body);
    bag.throwIfAny();

    const now = new Date().toISOString();
    const values = { name: body.name, description: body.description ?? "", scope: body.scope };
    const [created] = await db
      .insert(roles)
      .values({ ...values, isSystem: false, createdAt: now, updatedAt: now })
      .returning({ id: roles.id });
    if (!created) throw new Error("Role insert returned no row.");
    if (keys.length > 0) await db.insert(rolePermissions).values(keys.map((permission) => ({ roleId: created.id, permission })));
    await logActivity(c, {
      action: "roles.created",
      subject_type: "role",
      subject_id: created.id,
      subject_label: body.name,
      after: auditFields(values, keys),
    });
    return c.json(serializeRole(await findRole(db, created.id), keys), 201);
  },
);

rolesRoutes.openapi(
  createRoute({
    method: "put",
    path: "/api/roles/{id}",
    tags: ["Roles"],
    summary: "Update a role (system roles keep name and scope; Super Admin keeps every key; someone must keep admin.roles.update)",
    middleware: [requireAuth, requirePermission("admin.roles.update")] as const,
    request: { params: idParam, body: jsonBody(RoleBody) },
    responses: { 200: jsonContent(RoleSchema, "The updated role"), ...errorResponses(401, 403, 404, 419, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const db = c.get("db");
    const role = await findRole(db, id);
    const before = (await permissionsByRole(db, [id])).get(id) ?? [];
    const { bag, keys } = await checkRole(db, me, body, { id, keys: before });
    if (role.isSystem && body.name !== role.name) bag.add("name", "roles.system");
    if (role.isSystem && body.scope !== role.scope) bag.add("scope", "roles.system");
    if (role.isSystem && role.name === SUPER_ADMIN_ROLE && keys.length !== PERMISSIONS.length) bag.add("permissions", "roles.lockout");
    bag.throwIfAny();
    if (!keys.includes(LOCKOUT_KEY) && role.usersCount > 0 && (await activeHolders(db, LOCKOUT_KEY, { roleId: id })) === 0) {
      bag.add("permissions", "roles.lockout").throwIfAny();
    }

    const values = { name: body.name, description: body.description ?? "", scope: body.scope };
    await db.batch([
      db
        .update(roles)
        .set({ ...values, updatedAt: new Date().toISOString() })
        .where(eq(roles.id, id)),
      db.delete(rolePermissions).where(eq(rolePermissions.roleId, id)),
      ...(keys.length > 0 ? [db.insert(rolePermissions).values(keys.map((permission) => ({ roleId: id, permission })))] : []),
    ]);
    await logActivity(c, {
      action: "roles.updated",
      subject_type: "role",
      subject_id: id,
      subject_label: body.name,
      before: auditFields(role, before),
      after: auditFields(values, keys),
    });
    return c.json(serializeRole(await findRole(db, id), keys), 200);
  },
);

rolesRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/api/roles/{id}",
    tags: ["Roles"],
    summary: "Delete a role (409 roles.system for system roles, roles.in_use while assigned)",
    middleware: [requireAuth, requirePermission("admin.roles.delete")] as const,
    request: { params: idParam },
    responses: { 204: { description: "Deleted" }, ...errorResponses(401, 403, 404, 409, 419, 422) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const db = c.get("db");
    const role = await findRole(db, id);
    if (role.isSystem) throw new ApiError(409, { message: "roles.system" });
    if (role.usersCount > 0) throw new ApiError(409, { message: "roles.in_use" });
    const before = (await permissionsByRole(db, [id])).get(id) ?? [];
    await db.delete(roles).where(eq(roles.id, id));
    await logActivity(c, {
      action: "roles.deleted",
      subject_type: "role",
      subject_id: id,
      subject_label: role.name,
      before: auditFields(role, before),
    });
    return c.body(null, 204);
  },
);
