import { eq, isNull, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { CurrentUser } from "./context";
import { forbidden } from "./errors";

/**
 * THE tenant rule, in one place. Provider staff see every organization, or only `requested` when they set
 * the organization filter; organization members always get their own organization, whatever they send.
 * Returns the organization id a query is limited to, or undefined for "every organization".
 */
export function tenantOrganizationId(actor: CurrentUser, requested?: number | null): number | undefined {
  if (!actor.isProvider) return actor.organizationId;
  return requested ?? undefined;
}

/**
 * The WHERE condition for organization-owned rows; undefined (no condition) for unfiltered provider staff.
 * Every list, read, update and delete of organization-owned data goes through it, in one line:
 *
 *   db.select().from(phoneNumbers).where(and(tenantScope(user, phoneNumbers.organizationId, query.organization_id), ...))
 *   db.update(phoneNumbers).set(...).where(and(eq(phoneNumbers.id, id), tenantScope(user, phoneNumbers.organizationId)))
 *
 * A row of another organization is then simply not found (404), never revealed.
 */
export function tenantScope(actor: CurrentUser, column: SQLiteColumn, requested?: number | null): SQL | undefined {
  const organizationId = tenantOrganizationId(actor, requested);
  return organizationId === undefined ? undefined : eq(column, organizationId);
}

/**
 * The organization a new row belongs to: the member's own organization, or for provider staff the one they
 * chose (their own when they chose none). An organization member naming another organization gets 403.
 */
export function writableOrganizationId(actor: CurrentUser, requested?: number | null): number {
  if (actor.isProvider) return requested ?? actor.organizationId;
  if (requested != null && requested !== actor.organizationId) throw forbidden();
  return actor.organizationId;
}

/**
 * Like `tenantScope`, for tables whose rows may also be provider-wide (`column` null, e.g. branded documents):
 * members see their organization's rows and the provider-wide ones; staff filtering on an organization see
 * what that organization sees; unfiltered staff see everything.
 */
export function sharedTenantScope(actor: CurrentUser, column: SQLiteColumn, requested?: number | null): SQL | undefined {
  const organizationId = tenantOrganizationId(actor, requested);
  return organizationId === undefined ? undefined : or(eq(column, organizationId), isNull(column));
}
