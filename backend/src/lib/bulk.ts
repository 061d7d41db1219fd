import { z } from "@hono/zod-openapi";
import { and, between, desc, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteInsertSelectQueryBuilder, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Context } from "hono";
import type { Db } from "../db/client";
import { activityLog } from "../db/schema";
import type { ActivityAction } from "./activity-titles";
import type { AppEnv, CurrentUser } from "./context";
import { ApiError, notFound } from "./errors";
import type { ListSearch } from "./list";
import { clientIp, userAgent } from "./request";
import { tenantScope } from "./tenant";

/**
 * Bulk actions on a list (issue 25, decision 046). A selection is either the ticked rows (`ids`, at most one
 * page: 100) or every row matching the list's filter (`filter`: the list's own query, so the set is exactly
 * what the list shows, in the same tenant scope). A filtered set is walked in batches down the primary key
 * (never OFFSET, as exports do, decision 045), each batch a range of ids re-checked against the filter, the
 * tenant scope and the action's own "still to do" condition, so a row changed meanwhile is left alone.
 *
 * Per request, an action does at most `limit` rows (5,000 for set-based writes, 100 for row-by-row ones that
 * call the carrier or send mail); what is left is counted in `remaining` and the caller runs the action again.
 */
export const BULK_IDS_MAX = 100;
/** Rows per batch of a filtered set (one range of ids; no bound parameter per id: D1 allows 100). */
export const BULK_BATCH = 500;
/** Rows a set-based action (a label, an organization) writes per request. */
export const BULK_SET_LIMIT = 5_000;
/** Rows a row-by-row action (release, deactivate, invitations) handles per request. */
export const BULK_ROW_LIMIT = 100;
/** `remaining` counts stop here, as list counts do (decision 047). */
const REMAINING_CAP = 10_000;
/** Ids per statement in an `ids` selection (D1: 100 bound parameters per statement). */
const ID_CHUNK = 50;

export const bulkIdsSchema = z
  .array(z.number().int().positive())
  .min(1)
  .max(BULK_IDS_MAX)
  .optional()
  .openapi({ description: "The ticked rows (at most 100). Give either `ids` or `filter`." });

/** Exactly one of `ids` and `filter` (a 422 on `ids` otherwise). */
export function oneSelection(body: { ids?: unknown; filter?: unknown }, context: z.RefinementCtx): void {
  if ((body.ids === undefined) === (body.filter === undefined)) {
    context.addIssue({ code: "custom", path: ["ids"], message: "ui.bulk.selection" });
  }
}

export const BulkResultSchema = z
  .object({
    done: z.number().int().openapi({ description: "Rows the action changed" }),
    skipped: z.number().int().openapi({ description: "Selected rows left as they were" }),
    reasons: z.record(z.string(), z.number().int()).openapi({ description: "Skipped rows by reason (message key → count)" }),
    remaining: z
      .number()
      .int()
      .openapi({ description: "Matching rows not reached by this request (a filtered set beyond the per-request limit); at most 10,000" }),
  })
  .openapi("BulkResult");

export type BulkResult = z.infer<typeof BulkResultSchema>;

/** The counts of one bulk request. */
export class BulkTally {
  done = 0;
  skipped = 0;
  reasons: Record<string, number> = {};

  skip(reason: string, count = 1): void {
    if (count <= 0) return;
    this.skipped += count;
    this.reasons[reason] = (this.reasons[reason] ?? 0) + count;
  }

  /** A refusal thrown by the single-row path becomes this row's skip reason. */
  skipFor(error: unknown): void {
    if (error instanceof ApiError && typeof error.body.message === "string" && error.status !== 500) this.skip(error.body.message);
    else throw error;
  }

  result(remaining: number): BulkResult {
    return { done: this.done, skipped: this.skipped, reasons: this.reasons, remaining };
  }
}

export interface BulkWalk {
  table: SQLiteTable;
  /** The integer primary key. */
  id: SQLiteColumn;
  /** `tenantScope`: the caller, the table's organization column and (filtered sets) the organization filter. */
  tenant: { actor: CurrentUser; column: SQLiteColumn; requested?: number | null };
  /** The list's filters (filtered sets only). */
  filters: (SQL | undefined)[];
  search?: ListSearch;
  /** The rows the action still has something to do to: a filtered set walks only these. */
  pending?: SQL;
}

export type BulkSelection = { ids: number[] } | { filter: object };

/**
 * Hands the selected rows to `apply` batch by batch, as a condition selecting the batch's rows (tenant scope
 * included); returns how many matching rows were left for another request. Ticked rows the caller cannot see
 * (another organization's, or gone) refuse the whole request with 404, as a single row's action would.
 */
export async function walkSelection(
  db: Db,
  walk: BulkWalk,
  selection: BulkSelection,
  limit: number,
  apply: (batch: SQL) => Promise<void>,
): Promise<number> {
  const { actor, column, requested } = walk.tenant;
  if ("ids" in selection) {
    const ids = [...new Set(selection.ids)];
    const scope = tenantScope(actor, column);
    let visible = 0;
    for (let start = 0; start < ids.length; start += ID_CHUNK) {
      const chunk = ids.slice(start, start + ID_CHUNK);
      const [row] = await db
        .select({ count: sql<number>`count(*)` })
        .from(walk.table)
        .where(and(inArray(walk.id, chunk), scope));
      visible += row?.count ?? 0;
    }
    if (visible !== ids.length) throw notFound();
    for (let start = 0; start < ids.length; start += ID_CHUNK) {
      await apply(and(inArray(walk.id, ids.slice(start, start + ID_CHUNK)), scope) as SQL);
    }
    return 0;
  }
  const where = and(tenantScope(actor, column, requested), ...walk.filters, walk.search?.where("lookup"), walk.pending);
  let before: number | null = null;
  let handled = 0;
  for (;;) {
    const size = Math.min(BULK_BATCH, limit - handled);
    const rows: { id: number }[] = await db
      .select({ id: sql<number>`${walk.id}` })
      .from(walk.table)
      .where(and(where, before === null ? undefined : lt(walk.id, before)))
      .orderBy(desc(walk.id))
      .limit(size);
    const first = rows[0];
    const last = rows[rows.length - 1];
    if (!first || !last) return 0;
    await apply(and(where, between(walk.id, last.id, first.id)) as SQL);
    handled += rows.length;
    before = last.id;
    if (rows.length < size) return 0;
    if (handled >= limit) {
      const [left] = await db.select({ count: sql<number>`count(*)` }).from(
        db
          .select({ one: sql`1` })
          .from(walk.table)
          .where(and(where, lt(walk.id, before)))
          .limit(REMAINING_CAP)
          .as("left"),
      );
      return left?.count ?? 0;
    }
  }
}

/**
 * One activity entry per row a set-based bulk write changes, in a single INSERT … SELECT (run it in the same
 * `db.batch` as the write, before it, so it reads the old values): the same columns `logActivity` writes.
 * `changes` is an SQL expression over the row giving the `{field: {old, new}}` JSON.
 */
export function bulkActivityStatement(
  c: Context<AppEnv>,
  entry: {
    action: ActivityAction;
    subjectType: string;
    table: SQLiteTable;
    subjectId: SQLiteColumn;
    subjectLabel: SQLiteColumn;
    organizationId: SQLiteColumn;
    changes: SQL;
    where: SQL;
  },
) {
  const session = c.get("session");
  const token = c.get("apiToken");
  const value = <T>(v: T) => sql<T>`${v}`;
  return c
    .get("db")
    .insert(activityLog)
    .select(
      (qb) =>
        qb
          .select({
            // NULL: SQLite numbers the row (the insert names every column, in the table's order).
            id: sql<number>`NULL`,
            actorId: value(token?.userId ?? session.userId),
            masqueraderId: value(session.masqueraderId),
            action: value<string>(entry.action),
            subjectType: value(entry.subjectType),
            subjectId: sql<number>`${entry.subjectId}`,
            subjectLabel: sql<string>`${entry.subjectLabel}`,
            organizationId: sql<number | null>`${entry.organizationId}`,
            changes: sql<string>`${entry.changes}`,
            ip: value(clientIp(c)),
            userAgent: value(userAgent(c)),
            createdAt: value(new Date().toISOString()),
            tokenId: value(token?.id ?? null),
            tokenName: value(token?.name ?? null),
          })
          .from(entry.table)
          // Drizzle types an insert's select by the table's own columns; these are SQL values in the same order.
          .where(entry.where) as unknown as SQLiteInsertSelectQueryBuilder<typeof activityLog>,
    );
}
