import { z } from "@hono/zod-openapi";
import { and, desc, inArray, lt, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Context } from "hono";
import { type CsvValue, csvStream } from "../../../common/csv";
import type { Db } from "../db/client";
import type { AppEnv, CurrentUser } from "./context";
import type { ListSearch } from "./list";
import { tenantScope } from "./tenant";

/**
 * CSV export of a list (issue 25, decision 045): the rows the list's filters and search select, newest first,
 * streamed. The rows are read in batches walking the primary key downwards (`id < last`, never OFFSET), each
 * batch one indexed query, so a million rows cost a few hundred queries and memory for one batch; the CSV
 * writer (common/csv.ts) pulls one record at a time, so nothing waits for the whole file.
 */
export const EXPORT_BATCH = 2_000;

export interface ExportSpec<Row> {
  table: SQLiteTable;
  /** The table's integer primary key: the walk's order. */
  id: SQLiteColumn;
  /** Who asks, the table's organization column and the organization filter: `tenantScope`. */
  tenant: { actor: CurrentUser; column: SQLiteColumn; requested?: number | null };
  /** The list's own filters (undefined entries ignored). */
  filters: (SQL | undefined)[];
  search?: ListSearch;
  /** Reads the batch's rows with their joins: `where` selects exactly the batch's ids; `order` is newest first. */
  rows: (where: SQL, order: SQL[]) => Promise<Row[]>;
  rowId: (row: Row) => number;
  header: readonly string[];
  line: (row: Row) => readonly CsvValue[];
  /** The download's name, e.g. `phone-numbers.csv`. */
  filename: string;
}

/** Every matching row, batch by batch, newest first. */
export async function* exportedRows<Row>(db: Db, spec: ExportSpec<Row>, batch = EXPORT_BATCH): AsyncGenerator<Row> {
  const { actor, column, requested } = spec.tenant;
  const where = and(tenantScope(actor, column, requested), ...spec.filters, spec.search?.where("lookup"));
  let before: number | null = null;
  for (;;) {
    const ids = db
      .select({ id: spec.id })
      .from(spec.table)
      .where(and(where, before === null ? undefined : lt(spec.id, before)))
      .orderBy(desc(spec.id))
      .limit(batch);
    const rows = await spec.rows(inArray(spec.id, ids), [desc(spec.id)]);
    for (const row of rows) yield row;
    if (rows.length < batch) return;
    before = spec.rowId(rows[rows.length - 1] as Row);
  }
}

/** The export as a streamed download: UTF-8 with a BOM (Excel), a header row, then one line per row. */
export function exportResponse<Row>(c: Context<AppEnv>, spec: ExportSpec<Row>, batch = EXPORT_BATCH): Response {
  const db = c.get("db");
  async function* lines() {
    yield spec.header;
    for await (const row of exportedRows(db, spec, batch)) yield spec.line(row);
  }
  return c.body(csvStream(lines(), { bom: true }), 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${spec.filename}"`,
    "Cache-Control": "no-store",
  });
}

/** The export route's OpenAPI response. */
export const csvExportResponse = {
  200: {
    description: "CSV (UTF-8 with BOM), streamed: the rows the list's filters and search select, newest first",
    content: { "text/csv": { schema: z.string() } },
  },
};
