import { eq, inArray } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { isPermission, PERMISSIONS, type Permission } from "../../../common/permissions";
import type { Db } from "../db/client";
import { organizations, rolePermissions, roles, userRoles, users } from "../db/schema";
import type { AppEnv, CurrentUser } from "./context";
import { forbidden, unauthenticated } from "./errors";

/** A user with organization, roles and the union of their roles' permission keys (catalogue order). */
export async function loadUser(db: Db, userId: number): Promise<CurrentUser | null> {
  // Promise.all, not db.batch: Drizzle maps batched join results by column name, and joined tables
  // share names (id, name, created_at), which shifts the values.
  const [userRows, roleRows] = await Promise.all([
    db
      .select({ user: users, organization: organizations })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(eq(users.id, userId)),
    db
      .select({ id: roles.id, name: roles.name, permission: rolePermissions.permission })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
      .where(eq(userRoles.userId, userId)),
  ]);
  const row = userRows[0];
  if (!row) return null;

  const roleList = new Map<number, { id: number; name: string }>();
  const granted = new Set<Permission>();
  for (const role of roleRows) {
    roleList.set(role.id, { id: role.id, name: role.name });
    if (role.permission && isPermission(role.permission)) granted.add(role.permission);
  }
  const { user, organization } = row;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    locale: user.locale,
    status: user.status,
    theme: user.theme,
    themePrimaryColor: user.themePrimaryColor,
    themeSemiDarkMenu: user.themeSemiDarkMenu,
    organizationId: organization.id,
    organization: { id: organization.id, name: organization.name, type: organization.type },
    roles: [...roleList.values()].sort((a, b) => a.id - b.id),
    permissions: PERMISSIONS.filter((key) => granted.has(key)),
    isProvider: organization.type === "provider",
    lastLoginAt: user.lastLoginAt,
    createdAt: user.createdAt,
  };
}

/** Users' permission keys, for comparing privileges (masquerade) without loading whole users. */
export async function permissionsOf(db: Db, userIds: number[]): Promise<Map<number, Set<string>>> {
  const result = new Map<number, Set<string>>(userIds.map((id) => [id, new Set<string>()]));
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ userId: userRoles.userId, permission: rolePermissions.permission })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds));
  for (const row of rows) result.get(row.userId)?.add(row.permission);
  return result;
}

/** 401 unless the session belongs to an active user; puts the user on the context. */
export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const userId = c.get("session").userId;
  if (userId === null) throw unauthenticated();
  const user = await loadUser(c.get("db"), userId);
  if (user?.status !== "active") throw unauthenticated();
  c.set("user", user);
  await next();
};

/** 403 unless the signed-in user holds `key`. Use after requireAuth. */
export function requirePermission(key: Permission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!currentUser(c).permissions.includes(key)) throw forbidden();
    await next();
  };
}

/** The signed-in user in a handler behind requireAuth. */
export function currentUser(c: Context<AppEnv>): CurrentUser {
  const user = c.get("user");
  if (!user) throw unauthenticated();
  return user;
}

/** The public `User` shape of docs/api.md. */
export function serializeUser(user: CurrentUser) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    locale: user.locale,
    status: user.status,
    organization: user.organization,
    roles: user.roles,
    user_permissions: user.permissions,
    theme: user.theme,
    theme_primary_color: user.themePrimaryColor,
    theme_semi_dark_menu: user.themeSemiDarkMenu,
    is_provider: user.isProvider,
  };
}
