import type { SQL } from "drizzle-orm";
import type { Context } from "hono";
import type { Db } from "../db/client";
import { activityLog } from "../db/schema";
import type { ActivityAction } from "./activity-titles";
import type { AppEnv } from "./context";
import { clientIp, userAgent } from "./request";

export const REDACTED = "[redacted]";
const SECRET_FIELDS = ["password", "password_hash", "token", "pin", "secret", "api_key"];

/** `password`, `smtp_password`, `porting_pin`, `api_key` ...: the field itself or a `_<secret>` suffix. */
export function isSecretField(field: string): boolean {
  const name = field.toLowerCase();
  return SECRET_FIELDS.some((secret) => name === secret || name.endsWith(`_${secret}`));
}

export type Changes = Record<string, { old: unknown; new: unknown }>;

/** The fields whose values differ between before and after (create: before empty; delete: after empty). */
export function diffChanges(before: Record<string, unknown> = {}, after: Record<string, unknown> = {}): Changes {
  const changes: Changes = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const oldValue = before[field] ?? null;
    const newValue = after[field] ?? null;
    if (JSON.stringify(oldValue) === JSON.stringify(newValue)) continue;
    changes[field] = isSecretField(field)
      ? { old: oldValue === null ? null : REDACTED, new: newValue === null ? null : REDACTED }
      : { old: oldValue, new: newValue };
  }
  return changes;
}

export interface ActivityEntryInput {
  action: ActivityAction;
  subject_type?: string | null;
  subject_id?: number | null;
  subject_label?: string | null;
  organization_id?: number | null;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** Defaults to the session's (effective) user; null for anonymous actions such as a reset request. */
  actor_id?: number | null;
}

/**
 * Writes one activity-log row: actor and masquerader from the session (the token's owner and the token's id
 * and name for a bearer request), the changed fields (secrets
 * redacted), IP, user agent and time. Every mutation calls it once.
 */
export async function logActivity(c: Context<AppEnv>, entry: ActivityEntryInput): Promise<void> {
  await activityStatement(c, entry);
}

/**
 * The insert of `logActivity`, not yet run: for writes that go into one `db.batch` with the rows they log.
 * `subject_id` may then be a subquery (`sql\`(SELECT id FROM users WHERE email = ${email})\``) naming a row
 * inserted earlier in the same batch.
 */
export type ActivityStatementInput = Omit<ActivityEntryInput, "subject_id"> & { subject_id?: number | SQL | null };

export function activityStatement(
  c: Context<AppEnv>,
  entry: Omit<ActivityEntryInput, "subject_id"> & { subject_id?: number | SQL | null },
) {
  const session = c.get("session");
  const token = c.get("apiToken");
  const changes = entry.before || entry.after ? diffChanges(entry.before, entry.after) : {};
  return c
    .get("db")
    .insert(activityLog)
    .values({
      actorId: entry.actor_id === undefined ? (token?.userId ?? session.userId) : entry.actor_id,
      masqueraderId: session.masqueraderId,
      action: entry.action,
      subjectType: entry.subject_type ?? null,
      subjectId: entry.subject_id ?? null,
      subjectLabel: entry.subject_label ?? null,
      organizationId: entry.organization_id ?? null,
      changes: Object.keys(changes).length > 0 ? JSON.stringify(changes) : null,
      ip: clientIp(c),
      userAgent: userAgent(c),
      createdAt: new Date().toISOString(),
      tokenId: token?.id ?? null,
      tokenName: token?.name ?? null,
    });
}

/**
 * An activity row written by background work (a queue consumer finishing what a user started): no session, no
 * request; the actor is named by the caller (the user who started the work), IP and user agent are empty.
 */
export function backgroundActivityStatement(db: Db, entry: ActivityStatementInput) {
  const changes = entry.before || entry.after ? diffChanges(entry.before, entry.after) : {};
  return db.insert(activityLog).values({
    actorId: entry.actor_id ?? null,
    masqueraderId: null,
    action: entry.action,
    subjectType: entry.subject_type ?? null,
    subjectId: entry.subject_id ?? null,
    subjectLabel: entry.subject_label ?? null,
    organizationId: entry.organization_id ?? null,
    changes: Object.keys(changes).length > 0 ? JSON.stringify(changes) : null,
    ip: null,
    userAgent: null,
    createdAt: new Date().toISOString(),
    tokenId: null,
    tokenName: null,
  });
}
