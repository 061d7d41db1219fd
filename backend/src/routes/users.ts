import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, asc, desc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Permission } from "../../../common/permissions";
import type { Db } from "../db/client";
import { LOCALES, organizations, passwordResetTokens, roles, sessions, USER_STATUSES, userRoles, users } from "../db/schema";
import { activityStatement, logActivity } from "../lib/activity";
import { currentUser, loadUser, requireAnyPermission, requireAuth, requirePermission, serializeUser } from "../lib/auth";
import { BULK_ROW_LIMIT, BulkResultSchema, BulkTally, bulkIdsSchema, oneSelection, walkSelection } from "../lib/bulk";
import type { AppEnv, CurrentUser } from "../lib/context";
import { ApiError, forbidden, notFound } from "../lib/errors";
import { csvExportResponse, exportResponse } from "../lib/export";
import { sendInvitation } from "../lib/invitations";
import { listPage, searchCondition } from "../lib/list";
import { twoFactorResetMail } from "../lib/mail-templates";
import { mailerFor } from "../lib/mailer";
import { errorResponses, jsonBody, jsonContent, UserSchema } from "../lib/openapi";
import { listQuerySchema, paginatorSchema } from "../lib/pagination";
import { getSettings } from "../lib/settings";
import { tenantScope, writableOrganizationId } from "../lib/tenant";
import { ErrorBag, safeText, validationHook } from "../lib/validation";
import { activeHolders, LOCKOUT_KEY, permissionsByRole } from "./roles";

/** User administration. Organization members reach only their own organization's users; others are 404. */
export const usersRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

/** Keys a user may not take away from themselves: losing them would lock them out of fixing it. */
const SELF_KEYS = (key: Permission) => key.startsWith("admin.users.") || key.startsWith("admin.roles.");

const idParam = z.object({ id: z.coerce.number().int().positive() });
const RoleRefSchema = z.object({ id: z.number().int(), name: z.string() });

const UserRowSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    locale: z.enum(LOCALES),
    status: z.enum(USER_STATUSES),
    organization: z.object({ id: z.number().int(), name: z.string() }),
    roles: z.array(RoleRefSchema),
    last_login_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("UserRow");

const UserDetailSchema = UserSchema.extend({ created_at: z.string(), last_login_at: z.string().nullable() }).openapi("UserDetail");

const SORTS = { name: users.name, email: users.email, created_at: users.createdAt, last_login_at: users.lastLoginAt } as const;

async function rolesOf(db: Db, userIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const result = new Map<number, { id: number; name: string }[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(roles.id));
  for (const row of rows) result.get(row.userId)?.push({ id: row.id, name: row.name });
  return result;
}

/** The user as the caller may see it: 404 when it does not exist or belongs to another organization. */
async function findVisibleUser(c: Parameters<typeof currentUser>[0], id: number): Promise<CurrentUser> {
  const me = currentUser(c);
  const db = c.get("db");
  const visible = await db.query.users.findFirst({
    where: and(eq(users.id, id), tenantScope(me, users.organizationId)),
    columns: { id: true },
  });
  const user = visible ? await loadUser(db, id) : null;
  if (!user) throw notFound();
  return user;
}

function detail(user: CurrentUser) {
  return { ...serializeUser(user), created_at: user.createdAt, last_login_at: user.lastLoginAt };
}

/** Never act on someone more privileged than yourself (the masquerade rule). */
function assertNotMorePrivileged(me: CurrentUser, target: CurrentUser): void {
  if (target.permissions.some((key) => !me.permissions.includes(key))) throw forbidden();
}

const userListQuery = listQuerySchema.extend({
  sort: z.enum(["name", "email", "created_at", "last_login_at"]).default("created_at"),
  role_id: z.coerce.number().int().positive().optional(),
  status: z.enum(USER_STATUSES).optional(),
});

/** The list's filters, shared by the list, its export and its bulk actions. */
function userFilters(query: Pick<z.infer<typeof userListQuery>, "status" | "role_id">): (SQL | undefined)[] {
  return [
    query.status ? eq(users.status, query.status) : undefined,
    query.role_id
      ? sql`EXISTS (SELECT 1 FROM ${userRoles} WHERE ${userRoles.userId} = "users"."id" AND ${userRoles.roleId} = ${query.role_id})`
      : undefined,
  ];
}

usersRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/users",
    tags: ["Users"],
    summary: "Users (organization members: their organization only)",
    middleware: [requireAuth, requirePermission("admin.users.read")] as const,
    request: {
      query: userListQuery,
    },
    responses: { 200: jsonContent(paginatorSchema(UserRowSchema), "One page of users"), ...errorResponses(401, 403, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const query = c.req.valid("query");
    const db = c.get("db");
    const page = await listPage(db, {
      table: users,
      id: users.id,
      counted: "users",
      tenant: { actor: me, column: users.organizationId },
      query,
      search: query.search ? searchCondition("users_fts", users.id, query.search) : undefined,
      filters: userFilters(query),
      sort: SORTS[query.sort],
      rows: (where, rowOrder) =>
        db
          .select({
            id: users.id,
            name: users.name,
            email: users.email,
            locale: users.locale,
            status: users.status,
            organizationId: users.organizationId,
            organizationName: organizations.name,
            lastLoginAt: users.lastLoginAt,
            createdAt: users.createdAt,
          })
          .from(users)
          .innerJoin(organizations, eq(organizations.id, users.organizationId))
          .where(where)
          .orderBy(...rowOrder),
    });
    const rows = page.data;
    const roleMap = await rolesOf(
      db,
      rows.map((row) => row.id),
    );
    const data = rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      locale: row.locale,
      status: row.status,
      organization: { id: row.organizationId, name: row.organizationName },
      roles: roleMap.get(row.id) ?? [],
      last_login_at: row.lastLoginAt,
      created_at: row.createdAt,
    }));
    return c.json({ ...page, data }, 200);
  },
);

usersRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/users/export",
    tags: ["Users"],
    summary: "The users list as CSV (the same filters and search), newest first, streamed",
    middleware: [requireAuth, requirePermission("admin.users.read")] as const,
    request: { query: userListQuery },
    responses: { ...csvExportResponse, ...errorResponses(401, 403, 422) },
  }),
  (c) => {
    const me = currentUser(c);
    const query = c.req.valid("query");
    const db = c.get("db");
    return exportResponse(c, {
      table: users,
      id: users.id,
      tenant: { actor: me, column: users.organizationId, requested: query.organization_id },
      filters: userFilters(query),
      search: query.search ? searchCondition("users_fts", users.id, query.search) : undefined,
      rows: async (where, order) => {
        const rows = await db
          .select({
            id: users.id,
            name: users.name,
            email: users.email,
            locale: users.locale,
            status: users.status,
            organizationName: organizations.name,
            lastLoginAt: users.lastLoginAt,
            createdAt: users.createdAt,
          })
          .from(users)
          .innerJoin(organizations, eq(organizations.id, users.organizationId))
          .where(where)
          .orderBy(...order);
        const roleMap = await rolesOf(
          db,
          rows.map((row) => row.id),
        );
        return rows.map((row) => ({ ...row, roles: (roleMap.get(row.id) ?? []).map((role) => role.name) }));
      },
      rowId: (row) => row.id,
      header: ["id", "name", "email", "organization", "roles", "status", "locale", "last_login_at", "created_at"],
      line: (row) => [
        row.id,
        row.name,
        row.email,
        row.organizationName,
        row.roles.join("; "),
        row.status,
        row.locale,
        row.lastLoginAt,
        row.createdAt,
      ],
      filename: "users.csv",
    });
  },
);

usersRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/users/{id}",
    tags: ["Users"],
    summary: "One user",
    middleware: [requireAuth, requirePermission("admin.users.read")] as const,
    request: { params: idParam },
    responses: { 200: jsonContent(UserDetailSchema, "The user"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => c.json(detail(await findVisibleUser(c, c.req.valid("param").id)), 200),
);

const email = z
  .email()
  .max(255)
  .transform((value) => value.toLowerCase());

const CreateBody = z.object({
  name: safeText({ max: 255 }),
  email,
  organization_id: z.number().int().positive().nullish(),
  role_ids: z.array(z.number().int().positive()).max(50).default([]),
  locale: z.enum(LOCALES).optional(),
});

const UpdateBody = CreateBody.extend({ status: z.enum(USER_STATUSES).optional() });

interface Assignment {
  organization: { id: number; name: string; type: "provider" | "business" | "residential"; defaultLocale: "en" | "fr" | "ar" };
  roleIds: number[];
  keys: Set<Permission>;
}

/**
 * Shared create/update checks: unique e-mail, an organization the caller may write to, existing roles whose
 * scope fits the organization, and no newly given role holding a key the caller lacks.
 */
async function checkAssignment(
  c: Parameters<typeof currentUser>[0],
  bag: ErrorBag,
  body: z.infer<typeof CreateBody>,
  existing?: CurrentUser,
): Promise<Assignment | null> {
  const me = currentUser(c);
  const db = c.get("db");
  const organizationId = writableOrganizationId(me, body.organization_id ?? existing?.organizationId);
  const roleIds = [...new Set(body.role_ids)];
  const [organization, taken, roleRows] = await Promise.all([
    db.query.organizations.findFirst({
      where: eq(organizations.id, organizationId),
      columns: { id: true, name: true, type: true, defaultLocale: true },
    }),
    db.query.users.findFirst({
      where: and(eq(users.email, body.email), existing ? ne(users.id, existing.id) : undefined),
      columns: { id: true },
    }),
    roleIds.length > 0 ? db.select({ id: roles.id, scope: roles.scope }).from(roles).where(inArray(roles.id, roleIds)) : [],
  ]);
  if (taken) bag.add("email", "validation.unique");
  if (!organization) bag.add("organization_id", "validation.in");
  const found = new Map(roleRows.map((row) => [row.id, row]));
  roleIds.forEach((id, index) => {
    if (!found.has(id)) bag.add(`role_ids.${index}`, "validation.in");
  });
  if (!organization) return null;

  if (organization.type !== "provider" && roleRows.some((row) => row.scope === "provider")) {
    bag.add("role_ids", "validation.role_scope");
  }
  const granted = await permissionsByRole(db, roleIds);
  const previous = new Set(existing?.roles.map((role) => role.id) ?? []);
  const added = roleIds.filter((id) => !previous.has(id));
  if (added.some((id) => (granted.get(id) ?? []).some((key) => !me.permissions.includes(key)))) {
    bag.add("role_ids", "validation.permission_not_held");
  }
  return { organization, roleIds, keys: new Set(roleIds.flatMap((id) => granted.get(id) ?? [])) };
}

function auditFields(user: {
  name: string;
  email: string;
  organizationId: number;
  locale: string;
  status: string;
  roles: { id: number; name: string }[];
}) {
  return {
    name: user.name,
    email: user.email,
    organization_id: user.organizationId,
    locale: user.locale,
    status: user.status,
    roles: user.roles.map((role) => role.name),
  };
}

usersRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/users",
    tags: ["Users"],
    summary: "Create a user and e-mail them an invitation to set their password",
    middleware: [requireAuth, requirePermission("admin.users.create")] as const,
    request: { body: jsonBody(CreateBody) },
    responses: { 201: jsonContent(UserDetailSchema, "The new user"), ...errorResponses(401, 403, 419, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const body = c.req.valid("json");
    const db = c.get("db");
    const bag = new ErrorBag();
    const assignment = await checkAssignment(c, bag, body);
    bag.throwIfAny();
    if (!assignment) throw notFound();

    const now = new Date().toISOString();
    const locale = body.locale ?? assignment.organization.defaultLocale;
    const [created] = await db
      .insert(users)
      .values({
        organizationId: assignment.organization.id,
        name: body.name,
        email: body.email,
        passwordHash: null,
        status: "active",
        locale,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id });
    if (!created) throw new Error("User insert returned no row.");
    if (assignment.roleIds.length > 0) {
      await db.insert(userRoles).values(assignment.roleIds.map((roleId) => ({ userId: created.id, roleId })));
    }
    const user = await loadUser(db, created.id);
    if (!user) throw notFound();

    await sendInvitation(c, { name: user.name, email: user.email, organizationId: user.organizationId, locale }, me.name);
    await logActivity(c, {
      action: "users.created",
      subject_type: "user",
      subject_id: user.id,
      subject_label: user.name,
      organization_id: user.organizationId,
      after: auditFields(user),
    });
    return c.json(detail(user), 201);
  },
);

usersRoutes.openapi(
  createRoute({
    method: "put",
    path: "/api/users/{id}",
    tags: ["Users"],
    summary: "Update a user (nobody can disable themselves or take away their own user/role administration)",
    middleware: [requireAuth, requirePermission("admin.users.update")] as const,
    request: { params: idParam, body: jsonBody(UpdateBody) },
    responses: { 200: jsonContent(UserDetailSchema, "The updated user"), ...errorResponses(401, 403, 404, 419, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const db = c.get("db");
    const target = await findVisibleUser(c, id);
    assertNotMorePrivileged(me, target);

    const bag = new ErrorBag();
    const assignment = await checkAssignment(c, bag, body, target);
    const status = body.status ?? target.status;
    if (assignment && target.id === me.id) {
      if (status !== "active") bag.add("status", "validation.self_disable");
      if (assignment.organization.id !== me.organizationId) bag.add("organization_id", "validation.self_lockout");
      if (me.permissions.some((key) => SELF_KEYS(key) && !assignment.keys.has(key))) bag.add("role_ids", "validation.self_lockout");
    }
    bag.throwIfAny();
    if (!assignment) throw notFound();
    const keepsKey = status === "active" && assignment.keys.has(LOCKOUT_KEY);
    if (target.permissions.includes(LOCKOUT_KEY) && !keepsKey && (await activeHolders(db, LOCKOUT_KEY, { userId: id })) === 0) {
      bag.add(status === "active" ? "role_ids" : "status", "roles.lockout").throwIfAny();
    }

    const now = new Date().toISOString();
    await db.batch([
      db
        .update(users)
        .set({
          organizationId: assignment.organization.id,
          name: body.name,
          email: body.email,
          locale: body.locale ?? target.locale,
          status,
          updatedAt: now,
        })
        .where(and(eq(users.id, id), tenantScope(me, users.organizationId))),
      db.delete(userRoles).where(eq(userRoles.userId, id)),
      ...(assignment.roleIds.length > 0 ? [db.insert(userRoles).values(assignment.roleIds.map((roleId) => ({ userId: id, roleId })))] : []),
      // A changed address invalidates pending links; a disabled user is signed out everywhere.
      ...(body.email !== target.email ? [db.delete(passwordResetTokens).where(eq(passwordResetTokens.email, target.email))] : []),
      ...(status === "disabled" ? [db.delete(sessions).where(eq(sessions.userId, id))] : []),
    ]);
    const updated = await loadUser(db, id);
    if (!updated) throw notFound();
    await logActivity(c, {
      action: "users.updated",
      subject_type: "user",
      subject_id: id,
      subject_label: updated.name,
      organization_id: updated.organizationId,
      before: auditFields(target),
      after: auditFields(updated),
    });
    return c.json(detail(updated), 200);
  },
);

usersRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/api/users/{id}",
    tags: ["Users"],
    summary: "Delete a user (never yourself: 409 users.self_delete)",
    middleware: [requireAuth, requirePermission("admin.users.delete")] as const,
    request: { params: idParam },
    responses: { 204: { description: "Deleted" }, ...errorResponses(401, 403, 404, 409, 419) },
  }),
  async (c) => {
    const me = currentUser(c);
    const { id } = c.req.valid("param");
    const db = c.get("db");
    const target = await findVisibleUser(c, id);
    if (target.id === me.id) throw new ApiError(409, { message: "users.self_delete" });
    assertNotMorePrivileged(me, target);
    if (
      target.status === "active" &&
      target.permissions.includes(LOCKOUT_KEY) &&
      (await activeHolders(db, LOCKOUT_KEY, { userId: id })) === 0
    ) {
      throw new ApiError(409, { message: "roles.lockout" });
    }
    await db.batch([
      db.delete(passwordResetTokens).where(eq(passwordResetTokens.email, target.email)),
      db.delete(users).where(and(eq(users.id, id), tenantScope(me, users.organizationId))),
    ]);
    await logActivity(c, {
      action: "users.deleted",
      subject_type: "user",
      subject_id: id,
      subject_label: target.name,
      organization_id: target.organizationId,
      before: auditFields(target),
    });
    return c.body(null, 204);
  },
);

usersRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/api/users/{id}/two-factor",
    tags: ["Users"],
    summary: "Reset a user's second factor (a lost phone): they sign in with the password alone and are told by e-mail",
    middleware: [requireAuth, requirePermission("admin.users.update")] as const,
    request: { params: idParam },
    responses: { 200: jsonContent(UserDetailSchema, "The user, without a second factor"), ...errorResponses(401, 403, 404, 409, 419) },
  }),
  async (c) => {
    const me = currentUser(c);
    const { id } = c.req.valid("param");
    const db = c.get("db");
    const target = await findVisibleUser(c, id);
    assertNotMorePrivileged(me, target);
    const stored = await db.query.users.findFirst({ where: eq(users.id, id), columns: { twoFactorSecret: true } });
    if (!target.twoFactorEnabled && !stored?.twoFactorSecret) throw new ApiError(409, { message: "users.two_factor_not_enabled" });
    await db
      .update(users)
      .set({ twoFactorSecret: null, twoFactorRecoveryCodes: null, twoFactorConfirmedAt: null, updatedAt: new Date().toISOString() })
      .where(and(eq(users.id, id), tenantScope(me, users.organizationId)));
    await logActivity(c, {
      action: "users.two_factor_reset",
      subject_type: "user",
      subject_id: id,
      subject_label: target.name,
      organization_id: target.organizationId,
      before: { two_factor: target.twoFactorEnabled ? "on" : "enrolling" },
      after: { two_factor: "off" },
    });
    const settings = await getSettings(db);
    const mail = twoFactorResetMail({
      portalName: settings.portal_name,
      name: target.name,
      admin: me.name,
      url: new URL("/profile/security", c.env.APP_URL).toString(),
      locale: target.locale,
    });
    await mailerFor(c).send({ to: target.email, template: "two_factor_reset", organization_id: target.organizationId, ...mail });
    const updated = await loadUser(db, id);
    if (!updated) throw notFound();
    return c.json(detail(updated), 200);
  },
);

const UserBulkBody = z
  .object({
    action: z
      .enum(["deactivate", "resend_invitation"])
      .openapi({ description: "`deactivate` needs admin.users.update; `resend_invitation` needs admin.users.create" }),
    ids: bulkIdsSchema,
    filter: userListQuery
      .omit({ page: true, per_page: true, sort: true, direction: true })
      .optional()
      .openapi({ description: "Every user the list's filters and search select (the list's own query), instead of `ids`" }),
  })
  .superRefine(oneSelection);

usersRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/users/bulk",
    tags: ["Users"],
    summary: "Deactivate, or send the invitation again to, the ticked users (`ids`) or every user matching the list's filter (`filter`)",
    description:
      "The single edit's rules hold for each user: never yourself, never someone more privileged, never the last active holder of " +
      "the role administration key; those are skipped and counted by reason, as are users already disabled (deactivate) and users who " +
      "have set a password (resend_invitation). Users outside the caller's organization refuse the request (404). At most 100 users per " +
      "request; the rest of a filtered set is counted in `remaining`.",
    middleware: [requireAuth, requireAnyPermission("admin.users.update", "admin.users.create")] as const,
    request: { body: jsonBody(UserBulkBody) },
    responses: { 200: jsonContent(BulkResultSchema, "What was done and skipped"), ...errorResponses(401, 403, 404, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const body = c.req.valid("json");
    const deactivate = body.action === "deactivate";
    if (!me.permissions.includes(deactivate ? "admin.users.update" : "admin.users.create")) throw forbidden();
    const filter = body.filter;
    const tally = new BulkTally();
    const pending = deactivate
      ? and(eq(users.status, "active"), ne(users.id, me.id))
      : and(eq(users.status, "active"), isNull(users.passwordHash));
    const remaining = await walkSelection(
      db,
      {
        table: users,
        id: users.id,
        tenant: { actor: me, column: users.organizationId, requested: filter?.organization_id },
        filters: filter ? userFilters(filter) : [],
        search: filter?.search ? searchCondition("users_fts", users.id, filter.search) : undefined,
        pending,
      },
      body.ids ? { ids: body.ids } : { filter: filter ?? {} },
      BULK_ROW_LIMIT,
      async (batch) => {
        const rows = await db
          .select({ id: users.id, hasPassword: sql<number>`${users.passwordHash} IS NOT NULL` })
          .from(users)
          .where(batch)
          .orderBy(desc(users.id));
        for (const row of rows) {
          const target = await loadUser(db, row.id);
          if (!target) {
            tally.skip("ui.bulk.gone");
            continue;
          }
          if (target.status !== "active") {
            tally.skip(deactivate ? "users.bulk.already_disabled" : "users.bulk.disabled");
            continue;
          }
          if (!deactivate) {
            if (row.hasPassword) {
              tally.skip("users.bulk.has_password");
              continue;
            }
            await sendInvitation(
              c,
              { name: target.name, email: target.email, organizationId: target.organizationId, locale: target.locale },
              me.name,
            );
            await logActivity(c, {
              action: "users.invited",
              subject_type: "user",
              subject_id: target.id,
              subject_label: target.name,
              organization_id: target.organizationId,
            });
            tally.done++;
            continue;
          }
          if (target.id === me.id) {
            tally.skip("validation.self_disable");
            continue;
          }
          if (target.permissions.some((key) => !me.permissions.includes(key))) {
            tally.skip("users.bulk.more_privileged");
            continue;
          }
          if (target.permissions.includes(LOCKOUT_KEY) && (await activeHolders(db, LOCKOUT_KEY, { userId: target.id })) === 0) {
            tally.skip("roles.lockout");
            continue;
          }
          // Claimed by its status: a parallel request deactivating the same user changes it once.
          const [claimed] = await db
            .update(users)
            .set({ status: "disabled", updatedAt: new Date().toISOString() })
            .where(and(eq(users.id, target.id), eq(users.status, "active"), tenantScope(me, users.organizationId)))
            .returning({ id: users.id });
          if (!claimed) {
            tally.skip("users.bulk.already_disabled");
            continue;
          }
          await db.batch([
            db.delete(sessions).where(eq(sessions.userId, target.id)),
            activityStatement(c, {
              action: "users.updated",
              subject_type: "user",
              subject_id: target.id,
              subject_label: target.name,
              organization_id: target.organizationId,
              before: { status: "active" },
              after: { status: "disabled" },
            }),
          ]);
          tally.done++;
        }
      },
    );
    return c.json(tally.result(remaining), 200);
  },
);
