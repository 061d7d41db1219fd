/**
 * One rule for numbers coming in from another carrier (docs/security.md, "Numbers are never taken over"):
 * a number already in `phone_numbers`, whatever organization holds it and whether it is the provider's
 * unassigned stock, is refused by the portability check, a porting order (saved and submitted), the
 * residential wizard's port choice and a port's completion. Two exceptions, both the number's own lifecycle:
 *
 * - a `disconnected` row: the number went back to the carrier, so it is nobody's any more (a new order or
 *   port reuses the row, with its label, CNAM and E911 cleared);
 * - a `porting_in` row of the porting organization itself: the residential wizard files a port for its
 *   subscriber and lists the number as porting in meanwhile; that port completes onto its own row.
 *
 * An import (lib/number-import.ts, number-import-job.ts) applies the same rule: a held number of the row's own
 * organization is "already in the inventory" (left as it is or relabelled, never moved); one held by anyone
 * else is refused; a disconnected row is reused like a new number.
 *
 * Completion writes numbers with `completionUpsert`, whose ON CONFLICT clause updates only those two kinds
 * of row: whatever the timing (a number ordered or imported while the port was open), an existing number
 * is never reassigned, relabelled or moved to another organization.
 */
import { and, eq, inArray, ne, not, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { phoneNumbers } from "../db/schema";

/**
 * The rule as a raw-SQL condition on a `phone_numbers` row named `alias`: the row holds its number (every
 * status but `disconnected`). The import's set-based statements use it; `heldInInventory` is the same test.
 */
export function holdsNumberSql(alias: string): string {
  return `${alias}.status <> 'disconnected'`;
}

/** D1 allows 100 bound parameters per statement. */
const CHUNK = 90;

/** Field message for a held number (porting namespace, `inventory.held`). */
export const HELD_MESSAGE = "porting.inventory.held";
/** The portability check's `reason` for a held number (the portal reads it in the porting namespace). */
export const HELD_REASON = "inventory.held";

/** The rows the rule lets a port of `organizationId` take: disconnected ones, and its own porting_in ones. */
export function takeableByPort(organizationId: number | null): SQL {
  const own =
    organizationId === null ? sql`0` : and(eq(phoneNumbers.status, "porting_in"), eq(phoneNumbers.organizationId, organizationId));
  return or(eq(phoneNumbers.status, "disconnected"), own) as SQL;
}

/**
 * The numbers among `e164s` already in the inventory, by the rule above. `organizationId` is the
 * organization porting them (null when none is known yet: then only disconnected rows are free).
 */
export async function heldInInventory(db: Db, e164s: readonly string[], organizationId: number | null): Promise<Set<string>> {
  const held = new Set<string>();
  const unique = [...new Set(e164s)];
  for (let start = 0; start < unique.length; start += CHUNK) {
    const rows = await db
      .select({ e164: phoneNumbers.e164 })
      .from(phoneNumbers)
      .where(
        and(
          inArray(phoneNumbers.e164, unique.slice(start, start + CHUNK)),
          ne(phoneNumbers.status, "disconnected"),
          not(takeableByPort(organizationId)),
        ),
      );
    for (const row of rows) held.add(row.e164);
  }
  return held;
}

/** `numbers.<index>` field errors for the held numbers of `numbers` (the order form's list), or null. */
export async function heldNumberErrors(
  db: Db,
  numbers: readonly string[],
  organizationId: number,
): Promise<Record<string, string[]> | null> {
  const held = await heldInInventory(db, numbers, organizationId);
  if (held.size === 0) return null;
  const errors: Record<string, string[]> = {};
  numbers.forEach((e164, index) => {
    if (held.has(e164)) errors[`numbers.${index}`] = [`${HELD_MESSAGE}|${JSON.stringify({ number: e164 })}`];
  });
  return errors;
}

export interface PortedNumber {
  e164: string;
  organizationId: number;
  type: "local" | "toll_free" | "mobile";
  carrier: string;
  rateCenter: string | null;
  state: string | null;
  lata: string | null;
  stamp: string;
}

/**
 * The statement putting a ported number in service: a new row, or the takeable row of the rule above
 * (its label, CNAM and E911 kept only when it is the organization's own porting_in row). Any other
 * existing row is left exactly as it is.
 */
export function completionUpsert(db: Db, number: PortedNumber) {
  const disconnected = sql`${phoneNumbers.status} = 'disconnected'`;
  return db
    .insert(phoneNumbers)
    .values({
      e164: number.e164,
      organizationId: number.organizationId,
      status: "in_service",
      type: number.type,
      carrier: number.carrier,
      rateCenter: number.rateCenter,
      state: number.state,
      lata: number.lata,
      capabilities: JSON.stringify(["voice", "sms", "emergency"]),
      createdAt: number.stamp,
      updatedAt: number.stamp,
    })
    .onConflictDoUpdate({
      target: phoneNumbers.e164,
      set: {
        organizationId: number.organizationId,
        status: "in_service",
        carrier: number.carrier,
        label: sql`CASE WHEN ${disconnected} THEN NULL ELSE ${phoneNumbers.label} END`,
        cnam: sql`CASE WHEN ${disconnected} THEN NULL ELSE ${phoneNumbers.cnam} END`,
        e911AddressId: sql`CASE WHEN ${disconnected} THEN NULL ELSE ${phoneNumbers.e911AddressId} END`,
        e911Status: sql`CASE WHEN ${disconnected} THEN NULL ELSE ${phoneNumbers.e911Status} END`,
        e911Error: sql`CASE WHEN ${disconnected} THEN NULL ELSE ${phoneNumbers.e911Error} END`,
        orderId: null,
        updatedAt: number.stamp,
      },
      setWhere: takeableByPort(number.organizationId),
    });
}
