import { eq, inArray } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { CAPABILITIES } from "../../../common/capabilities";
import { isPermission, PERMISSIONS, type Permission } from "../../../common/permissions";
import { encodeUserHeader, KNOWN_USER_HEADER, USER_HEADER, USER_STAMP_HEADER } from "../../../common/user-stamp";
import type { Db } from "../db/client";
import { rolePermissions, userRoles, users } from "../db/schema";
import { withTokenAbilities } from "./api-tokens";
import type { AppEnv, CurrentUser } from "./context";
import { ApiError, forbidden, unauthenticated } from "./errors";

interface UserRow {
  id: number;
  name: string;
  email: string;
  locale: CurrentUser["locale"];
  status: CurrentUser["status"];
  theme: CurrentUser["theme"];
  theme_primary_color: string;
  theme_semi_dark_menu: number;
  last_login_at: string | null;
  created_at: string;
  organization_id: number;
  organization_name: string;
  organization_type: CurrentUser["organization"]["type"];
  two_factor_confirmed_at: string | null;
  two_factor_policy: string | null;
}

/**
 * A user with organization, roles and the union of their roles' permission keys (catalogue order).
 * Every authenticated call runs this, so it is two fixed SQL statements in one D1 batch: Drizzle's query
 * builder cost more CPU here than the queries themselves (a profile of `GET /api/user`).
 */
export async function loadUser(db: Db, userId: number): Promise<CurrentUser | null> {
  const d1 = db.$client;
  const [userResult, roleResult] = await d1.batch([
    d1
      .prepare(
        `SELECT u.id, u.name, u.email, u.locale, u.status, u.theme, u.theme_primary_color, u.theme_semi_dark_menu,
                u.last_login_at, u.created_at, o.id AS organization_id, o.name AS organization_name,
                o.type AS organization_type, u.two_factor_confirmed_at,
                (SELECT value FROM system_settings WHERE key = 'two_factor_required') AS two_factor_policy
           FROM users u JOIN organizations o ON o.id = u.organization_id
          WHERE u.id = ?`,
      )
      .bind(userId),
    d1
      .prepare(
        `SELECT r.id, r.name, rp.permission
           FROM user_roles ur JOIN roles r ON r.id = ur.role_id
           LEFT JOIN role_permissions rp ON rp.role_id = r.id
          WHERE ur.user_id = ?`,
      )
      .bind(userId),
  ]);
  const row = (userResult?.results as UserRow[] | undefined)?.[0];
  if (!row) return null;

  const roleList = new Map<number, { id: number; name: string }>();
  const granted = new Set<Permission>();
  for (const role of (roleResult?.results ?? []) as { id: number; name: string; permission: string | null }[]) {
    roleList.set(role.id, { id: role.id, name: role.name });
    if (role.permission && isPermission(role.permission)) granted.add(role.permission);
  }
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    locale: row.locale,
    status: row.status,
    theme: row.theme,
    themePrimaryColor: row.theme_primary_color,
    themeSemiDarkMenu: row.theme_semi_dark_menu === 1,
    organizationId: row.organization_id,
    organization: { id: row.organization_id, name: row.organization_name, type: row.organization_type },
    roles: [...roleList.values()].sort((a, b) => a.id - b.id),
    permissions: PERMISSIONS.filter((key) => granted.has(key)),
    isProvider: row.organization_type === "provider",
    twoFactorEnabled: row.two_factor_confirmed_at !== null,
    twoFactorRequired: twoFactorPolicyApplies(row.two_factor_policy, row.organization_type === "provider"),
    lastLoginAt: row.last_login_at,
    createdAt: row.created_at,
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

/**
 * What a user whom the two_factor_required setting covers may still call before enrolling: who they are, their
 * own account (the second factor included) and the end of a masquerade.
 */
function allowedBeforeEnrolment(path: string): boolean {
  return path === "/api/user" || path.startsWith("/api/user/") || path.startsWith("/user/") || path.startsWith("/api/users/masquerade");
}

/**
 * 401 unless the session (or the bearer token, lib/api-tokens.ts) belongs to an active user; puts the user on
 * the context, with a token's abilities only. A user the two_factor_required setting covers who has not
 * enrolled gets 403 `auth.two_factor_required` outside their own account, unless masqueraded.
 */
export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = c.get("apiToken");
  const userId = token ? token.userId : c.get("session").userId;
  if (userId === null) throw unauthenticated();
  const loaded = await loadUser(c.get("db"), userId);
  if (loaded?.status !== "active") throw unauthenticated();
  const user = token ? withTokenAbilities(loaded, token) : loaded;
  const masquerading = !token && c.get("session").masqueraderId !== null;
  if (user.twoFactorRequired && !user.twoFactorEnabled && !masquerading && !allowedBeforeEnrolment(c.req.path)) {
    throw new ApiError(403, { message: "auth.two_factor_required" });
  }
  c.set("user", user);
  const known = c.req.header(KNOWN_USER_HEADER);
  if (known !== undefined) await stampUser(c, user, known);
  await next();
};

/**
 * The portal's "has my user changed?" (common/user-stamp.ts), answered on any authenticated call: the
 * stamp is a digest of the public user and the masquerade, so a changed role, permission, name, theme or
 * masquerade changes it; the user (with the masquerade status) is sent only when the portal's is stale.
 */
async function stampUser(c: Context<AppEnv>, user: CurrentUser, known: string): Promise<void> {
  const masqueraderId = c.get("session").masqueraderId;
  const publicUser = serializeUser(user);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify([publicUser, masqueraderId])));
  const stamp = btoa(String.fromCharCode(...new Uint8Array(digest).slice(0, 18)));
  c.header(USER_STAMP_HEADER, stamp);
  if (known !== stamp) c.header(USER_HEADER, encodeUserHeader({ ...publicUser, masquerade: await masqueradeStatus(c) }));
}

export interface MasqueradeStatus {
  isMasqueraded: boolean;
  masquerader: { id: number; name: string; email: string } | null;
}

/** Whether the session is masquerading and as whom originally (`GET /api/users/masquerader`, `include=masquerade`). */
export async function masqueradeStatus(c: Context<AppEnv>): Promise<MasqueradeStatus> {
  const masqueraderId = c.get("session").masqueraderId;
  const masquerader =
    masqueraderId === null
      ? null
      : ((await c.get("db").query.users.findFirst({
          where: eq(users.id, masqueraderId),
          columns: { id: true, name: true, email: true },
        })) ?? null);
  return { isMasqueraded: masquerader !== null, masquerader };
}

/** 403 unless the signed-in user holds `key`. Use after requireAuth. */
export function requirePermission(key: Permission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!currentUser(c).permissions.includes(key)) throw forbidden();
    await next();
  };
}

/** 403 unless the user holds at least one of the keys. */
export function requireAnyPermission(...keys: Permission[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!keys.some((key) => currentUser(c).permissions.includes(key))) throw forbidden();
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
    two_factor_enabled: user.twoFactorEnabled,
    two_factor_required: user.twoFactorRequired,
    // Everything the portal may hide when a backend lacks it (common/capabilities.ts): this backend has it all.
    capabilities: [...CAPABILITIES],
  };
}

/** Whether the stored two_factor_required setting (a JSON string, or null: off) applies to a user. */
export function twoFactorPolicyApplies(stored: string | null, isProvider: boolean): boolean {
  let policy: unknown = "off";
  try {
    policy = stored === null ? "off" : JSON.parse(stored);
  } catch {
    // A corrupt value is the default: off.
  }
  return policy === "everyone" || (policy === "staff" && isProvider);
}
