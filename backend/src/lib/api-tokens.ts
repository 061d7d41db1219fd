import type { MiddlewareHandler } from "hono";
import { isPermission, type Permission } from "../../../common/permissions";
import type { ApiTokenAuth, AppEnv, CurrentUser } from "./context";
import { randomString, sha256Hex, timingSafeEqual } from "./crypto";
import { forbidden, unauthenticated } from "./errors";

/**
 * Sanctum personal access tokens. The caller sees `<id>|<secret>` once; the table keeps the secret's SHA-256.
 * A request with `Authorization: Bearer <token>` on /api/* is the token's owner with exactly the token's
 * abilities that the owner still holds (a permission taken from the owner is gone from the token too), in the
 * owner's tenant scope. A bearer request carries no session: the portal forwards it without cookies.
 */
export const TOKEN_SECRET_LENGTH = 40;

/** A new token: what the caller is shown once, and the digest to store. */
export async function newPlainTextToken(): Promise<{ secret: string; digest: string }> {
  const secret = randomString(TOKEN_SECRET_LENGTH);
  return { secret, digest: await sha256Hex(secret) };
}

export function parseAbilities(stored: string): Permission[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((key): key is Permission => typeof key === "string" && isPermission(key)) : [];
  } catch {
    return [];
  }
}

/** The owner as a token request sees them: only the permissions both the owner and the token hold. */
export function withTokenAbilities(user: CurrentUser, token: ApiTokenAuth): CurrentUser {
  const abilities = new Set<string>(token.abilities);
  return { ...user, permissions: user.permissions.filter((key) => abilities.has(key)) };
}

/**
 * Calls a token can never make, whatever its abilities: managing the account itself (profile, password,
 * preferences, sessions, tokens, second factor) and masquerading. `GET /api/user` (who am I) is allowed.
 */
export function isSessionOnlyPath(path: string): boolean {
  return path.startsWith("/api/user/") || path.startsWith("/api/users/masquerade") || path.startsWith("/user/");
}

interface TokenRow {
  id: number;
  user_id: number;
  name: string;
  token: string;
  abilities: string;
  expires_at: string | null;
}

/**
 * Reads `Authorization: Bearer` on /api/* (Sanctum's guard): an unknown, malformed or expired token is 401.
 * Every accepted use writes `last_used_at`. Without the header nothing happens.
 */
export const tokenMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header("Authorization");
  if (!header || !c.req.path.startsWith("/api/")) return next();
  const match = /^Bearer\s+(\d{1,15})\|([A-Za-z0-9]{1,200})$/.exec(header.trim());
  if (!match) throw unauthenticated();
  const [, id, secret] = match;
  const row = await c.env.DB.prepare("SELECT id, user_id, name, token, abilities, expires_at FROM personal_access_tokens WHERE id = ?")
    .bind(Number(id))
    .first<TokenRow>();
  if (!row || !timingSafeEqual(await sha256Hex(secret ?? ""), row.token)) throw unauthenticated();
  const now = new Date().toISOString();
  if (row.expires_at !== null && row.expires_at <= now) throw unauthenticated();
  if (isSessionOnlyPath(c.req.path)) throw forbidden();
  await c.env.DB.prepare("UPDATE personal_access_tokens SET last_used_at = ? WHERE id = ?").bind(now, row.id).run();
  c.set("apiToken", { id: row.id, name: row.name, userId: row.user_id, abilities: parseAbilities(row.abilities) });
  await next();
};
