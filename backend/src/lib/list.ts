import { z } from "@hono/zod-openapi";
import { and, asc, count, desc, eq, getTableName, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../db/client";
import { rowCounts } from "../db/schema";
import type { CurrentUser } from "./context";
import { type ListQuery, paginate } from "./pagination";
import { tenantOrganizationId, tenantScope } from "./tenant";

/**
 * THE list pattern (docs/backend.md, "How to write a list endpoint"): one page of a table at millions of rows
 * costs about what it costs at a thousand.
 *
 * - `total` comes from `row_counts` (kept by triggers, migration 0004) when the only conditions are the tenant
 *   scope and the rows the count is kept for (`within`), and from a count that stops at `COUNT_CAP` when the
 *   caller filters or searches: a filter matching 200,000 rows answers "10,000+" instead of counting them all.
 * - The page is found on the table alone (its ORDER BY index, no joins, no wide columns), then only those
 *   `perPage` rows are read with their joins: a deep page walks index entries, not joined rows.
 * - Search goes through an FTS5 index (`searchCondition`), never LIKE '%…%'. A narrow search looks its few
 *   matches up and sorts them; a broad one (more than `COUNT_CAP` matches) walks the sort index newest first
 *   and stops after one page instead of sorting every match (`SearchWalk`).
 */

/** Counts stop here: past it the list says "10,000+" and pages on with "next" (decision 047). */
export const COUNT_CAP = 10_000;

/**
 * How the page query meets the search's `id IN (matches)`: `lookup` lets SQLite drive from the matches (then
 * sort them all), `scan` writes `+id` so it cannot, and walks the ORDER BY index instead, testing each row
 * against the matches until the page is full.
 */
export type SearchWalk = "lookup" | "scan";

/** A list's search condition, written for either walk. */
export interface ListSearch {
  where: (walk: SearchWalk) => SQL;
  /**
   * The matching ids alone (a subquery on the search index), when every match is a row of the list: with no
   * other condition, counting them needs no table.
   */
  ids?: SQL;
  /**
   * Ids of some of the matches, cheaper to read than all of them (a one-word search's exact word, without the
   * prefix FTS5 merges every term for): when they alone pass the cap, so do the matches.
   */
  someIds?: SQL;
  /**
   * For the scan walk: a test of one row that needs no set of every match (null when the search cannot be
   * written so). `where("scan")` first builds that set, ~0.1 s at 200,000 matches; a row test costs
   * microseconds a row, so it wins while the walk is short (`ROW_TEST_WALK`).
   */
  rowTest?: (db: Db) => Promise<SQL | null>;
  /**
   * For the scan walk: the search as a test of the walked row's own columns, no search-index lookup per row
   * (`wordScanTest`). Cheaper than `rowTest` by two orders of magnitude, so it is used for deeper walks
   * (`SCAN_TEST_WALK`). Undefined when the search cannot be written so.
   */
  scanTest?: SQL;
  /**
   * A lower bound of the matches among all the index's rows, read from the index's vocabulary (how many rows
   * hold each term the search's word begins); undefined when the search cannot be bounded so. Asked only for a
   * deep page of a broad search over a whole list (`deepScanPays`).
   */
  matchesAtLeast?: (db: Db) => Promise<number>;
}

/** The scan walk tests each row on its own while it is expected to read at most this many rows. */
const ROW_TEST_WALK = 5_000;

/**
 * The scan walk uses `scanTest` while it is expected to read at most this many rows, with the cap as the matches'
 * lower bound (decision 053; a dense search walks far fewer). Deeper, `deepScanPays` decides with a better bound
 * (decision 058, which measured ~0.7 µs a walked row on the large state, not 053's ~0.2).
 */
const SCAN_TEST_WALK = 150_000;

/**
 * What testing one walked row on its columns (`scanTest`: the sort index, the row, its GLOBs) costs against what
 * the set of matches costs per match to build: ~0.7 µs a row against ~0.17 µs a match on the large state
 * (sqlite3 shell, user CPU: page 400 of `updated` walks ~18,000 rows in 14 ms; its 222,335 matches make a set in
 * ~34 ms; bench/README.md, decision 058).
 */
const SCAN_ROW_COST_IN_MATCHES = 4;

/**
 * Past `SCAN_TEST_WALK` (estimated with the cap as the matches' lower bound), whether the scan test still costs
 * less than the set of matches, now that `matches` (a better lower bound) are known: the walk to the page's end
 * is expected to read `reach × rows ÷ matches` rows (matches spread along the sort order), the set costs one
 * entry per match. Pure; backend/test/list.test.ts.
 */
export function deepScanPays(reach: number, rows: number, matches: number): boolean {
  if (matches <= COUNT_CAP) return false;
  return ((reach * rows) / matches) * SCAN_ROW_COST_IN_MATCHES <= matches;
}

/** `column` as the search's walk needs it (see `SearchWalk`). */
export function walkedId(column: SQLiteColumn, walk: SearchWalk): SQL {
  return walk === "scan" ? sql`+${column}` : sql`${column}`;
}

/** Tables whose rows `row_counts` counts, and whether it also counts them per organization. */
const COUNTED = {
  organizations: false,
  users: true,
  activity_log: true,
  mail_log: true,
  phone_numbers: true,
  // Tallies of phone_numbers for the dashboard (migration 0012): in service, and in service without E911.
  phone_numbers_in_service: true,
  phone_numbers_without_e911: true,
  // The E911 list's rows (migration 0013): organization numbers not disconnected, and those of them without E911.
  e911_entries: true,
  e911_entries_without_e911: true,
} as const;
export type CountedTable = keyof typeof COUNTED;

/** FTS5 tables of migration 0004 (external content: rowid = the listed table's id). */
export type SearchIndex = "users_fts" | "organizations_fts" | "activity_log_fts" | "mail_log_fts";

/** Trigram FTS5 tables (migrations 0012, 0013) and their columns: they find any substring of three characters or more. */
interface SubstringIndexes {
  phone_numbers_fts: "e164" | "label" | "cnam" | "city" | "rate_center" | "e911_city";
  e911_addresses_fts: "caller_name" | "street_name" | "city";
}
export type SubstringIndex = keyof SubstringIndexes;

export interface ListSpec<Row> {
  table: SQLiteTable;
  /** The table's integer primary key (the order's tie-break). */
  id: SQLiteColumn;
  /** Name of the table (or tally) in `row_counts`. */
  counted: CountedTable;
  /**
   * The rows `counted` counts, when it counts fewer than the whole table (e.g. the E911 list: organization
   * numbers not disconnected). Not a filter: the kept count still gives the total.
   */
  within?: SQL;
  /** Who asks, and the table's organization column: the tenant scope (`tenantScope`) is applied here. */
  tenant: { actor: CurrentUser; column: SQLiteColumn };
  /** The validated `listQuerySchema` query. */
  query: Pick<ListQuery, "page" | "per_page" | "direction" | "organization_id">;
  /** What the list is sorted by (a column of the table, or an expression on it); ties are broken by id. */
  sort: SQLiteColumn | SQL;
  /** The caller's filters; undefined entries are ignored. Any defined one means a (capped) count. */
  filters: (SQL | undefined)[];
  /** The caller's search, if any. */
  search?: ListSearch;
  /**
   * Reads the page's rows with their joins: `where` selects exactly the page's ids; `order` is the list's order.
   * Must apply both (an IN list has no order).
   */
  rows: (where: SQL, order: SQL[]) => Promise<Row[]>;
}

/** One page in Laravel's paginator shape ({data, current_page, per_page, total, last_page, from, to}). */
export async function listPage<Row>(db: Db, spec: ListSpec<Row>) {
  const { actor, column } = spec.tenant;
  const { page, per_page: perPage, direction, organization_id: requested } = spec.query;
  const scope = and(tenantScope(actor, column, requested), spec.within);
  const by = direction === "asc" ? asc : desc;
  const order = [by(spec.sort), by(spec.id)];
  const pageRows = (search: SQL | undefined) => {
    const where = and(scope, ...spec.filters, search);
    const ids = db
      .select({ id: spec.id })
      .from(spec.table)
      .where(where)
      .orderBy(...order)
      .limit(perPage)
      .offset((page - 1) * perPage);
    return spec.rows(inArray(spec.id, ids), order);
  };
  const filtered = spec.filters.some((filter) => filter !== undefined);
  const organizationId = tenantOrganizationId(actor, requested);
  if (spec.search) {
    // The count decides the walk, so it comes first; it stops at the cap, so it is cheap either way.
    const total = await searchCount(db, spec, scope, filtered);
    const capped = total > COUNT_CAP;
    const search = capped ? await broadSearch(db, spec, organizationId, scope, filtered) : spec.search.where("lookup");
    const rows = await pageRows(search);
    return paginate(rows, Math.min(total, COUNT_CAP), page, perPage, { capped });
  }
  if (filtered) {
    const [rows, total] = await Promise.all([pageRows(undefined), countUpTo(db, spec.table, and(scope, ...spec.filters))]);
    const capped = total > COUNT_CAP;
    return paginate(rows, Math.min(total, COUNT_CAP), page, perPage, { capped });
  }
  // The kept count is exact and free, whatever its size.
  const [rows, total] = await Promise.all([pageRows(undefined), maintainedCount(db, spec.table, spec.counted, organizationId, scope)]);
  return paginate(rows, total, page, perPage);
}

/**
 * The condition of a broad search (more than `COUNT_CAP` matches) for the scan walk. More than `COUNT_CAP` of
 * the list's kept rows match, so walking the sort index meets a match at least every rows ÷ `COUNT_CAP` rows:
 * while the page's end is that close, each row is tested on its own; deeper, the set of matches pays off.
 */
async function broadSearch<Row>(
  db: Db,
  spec: ListSpec<Row>,
  organizationId: number | undefined,
  scope: SQL | undefined,
  filtered: boolean,
): Promise<SQL> {
  const search = spec.search as ListSearch;
  const { page, per_page: perPage } = spec.query;
  if (!search.scanTest && !search.rowTest) return search.where("scan");
  const rows = await maintainedCount(db, spec.table, spec.counted, organizationId, scope);
  const expectedWalk = (page * perPage * rows) / COUNT_CAP;
  if (search.scanTest && expectedWalk <= SCAN_TEST_WALK) return search.scanTest;
  // A deep page of a search over the whole list: the index's vocabulary bounds the matches better than the cap
  // (`updated`: 189,304 rows hold the word itself), and a dense search's walk stays shorter than its set.
  if (search.scanTest && search.matchesAtLeast && scope === undefined && !filtered) {
    if (deepScanPays(page * perPage, rows, await search.matchesAtLeast(db))) return search.scanTest;
  }
  const rowTest = search.rowTest && expectedWalk <= ROW_TEST_WALK ? await search.rowTest(db) : null;
  return rowTest ?? search.where("scan");
}

/** Matches of the search, up to `COUNT_CAP + 1`: from the search index alone when nothing else narrows them. */
async function searchCount<Row>(db: Db, spec: ListSpec<Row>, scope: SQL | undefined, filtered: boolean): Promise<number> {
  const search = spec.search as ListSearch;
  const indexAlone = search.ids !== undefined && scope === undefined && !filtered;
  if (search.someIds) {
    const some = indexAlone
      ? await countIdsUpTo(db, search.someIds)
      : await countUpTo(db, spec.table, and(scope, ...spec.filters, sql`${spec.id} IN (${search.someIds})`));
    if (some > COUNT_CAP) return some;
  }
  if (indexAlone) return countIdsUpTo(db, search.ids as SQL);
  return countUpTo(db, spec.table, and(scope, ...spec.filters, search.where("lookup")));
}

/** Rows of `table` matching `where`, counted up to `COUNT_CAP + 1` (more means "more than the cap"). */
export async function countUpTo(db: Db, table: SQLiteTable, where: SQL | undefined): Promise<number> {
  const limited = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(COUNT_CAP + 1);
  const [row] = await db.select({ total: count() }).from(limited.as("limited"));
  return row?.total ?? 0;
}

/** Ids of a subquery counted up to `COUNT_CAP + 1`. */
async function countIdsUpTo(db: Db, ids: SQL): Promise<number> {
  const [row] = await db.all<{ total: number }>(sql`SELECT count(*) AS total FROM (${ids} LIMIT ${COUNT_CAP + 1})`);
  return row?.total ?? 0;
}

async function countRows(db: Db, table: SQLiteTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(table).where(where);
  return row?.total ?? 0;
}

/** The trigger-kept count; COUNT(*) for an organization of a table counted only in all (a one-row lookup). */
async function maintainedCount(
  db: Db,
  table: SQLiteTable,
  counted: CountedTable,
  organizationId: number | undefined,
  scope: SQL | undefined,
): Promise<number> {
  if (organizationId !== undefined && !COUNTED[counted]) return countRows(db, table, scope);
  return countOf(db, counted, organizationId);
}

/** Rows of `table` in all, or of one organization, from `row_counts`. */
export async function countOf(db: Db, table: CountedTable, organizationId: number | undefined): Promise<number> {
  const [row] = await countQuery(db, table, organizationId);
  return row?.total ?? 0;
}

/** `countOf` as a query, for callers that batch several reads (the dashboard). */
export function countQuery(db: Db, table: CountedTable, organizationId: number | undefined) {
  return db
    .select({ total: rowCounts.total })
    .from(rowCounts)
    .where(and(eq(rowCounts.tableName, table), eq(rowCounts.organizationId, organizationId ?? 0)));
}

/**
 * FTS5 query for what a user typed: its words as one phrase, the last word a prefix ("lakeside.te" finds
 * "dispatch@lakeside.test"). Quotes are doubled, so the text is never FTS5 syntax. Null when the text has
 * no letter or digit (nothing to look up).
 */
export function ftsPhrase(search: string): string | null {
  if (!/[\p{L}\p{N}]/u.test(search)) return null;
  return `"${search.replaceAll('"', '""')}"*`;
}

/** Rows whose indexed columns match the search (see `ftsPhrase`); no row when it has no letter or digit. */
export function searchCondition(index: SearchIndex, id: SQLiteColumn, search: string): ListSearch {
  const phrase = ftsPhrase(search);
  if (phrase === null) return { where: () => sql`0`, ids: sql`SELECT 0 WHERE 0` };
  const ids = sql`SELECT rowid FROM ${sql.identifier(index)} WHERE ${sql.identifier(index)} MATCH ${phrase}`;
  return {
    where: (walk) => sql`${walkedId(id, walk)} IN (${ids})`,
    ids,
    rowTest: (db) => exactTermTest(db, index, id, search),
    scanTest: wordScanTest(index, id, search, ids),
    someIds: exactWordIds(index, search),
    matchesAtLeast: wordMatchesAtLeast(index, search),
  };
}

/** Terms of a word's vocabulary read for `matchesAtLeast` (each costs a read of its rows' list). */
const MATCH_BOUND_TERMS = 3;

/**
 * For a search of one ASCII word: the most rows any one term it begins holds (the index's fts5vocab table,
 * migration 0019), among the first few such terms — the word itself first when it is one. Each of those rows
 * matches the search, so the matches are at least that many. Undefined for other searches.
 */
function wordMatchesAtLeast(index: SearchIndex, search: string): ((db: Db) => Promise<number>) | undefined {
  const word = singleAsciiWord(search);
  if (word === null) return undefined;
  return async (db) => {
    const terms = await db.all<{ doc: number }>(
      sql`SELECT doc FROM ${sql.identifier(`${index}_vocab`)} WHERE term >= ${word} AND term < ${`${word}\u{10FFFF}`} LIMIT ${MATCH_BOUND_TERMS}`,
    );
    return Math.max(0, ...terms.map((term) => term.doc));
  };
}

/** Rows having a one-word search's word as a whole term (a subset of its matches), from the index alone. */
function exactWordIds(index: SearchIndex, search: string): SQL | undefined {
  const word = singleAsciiWord(search);
  if (word === null) return undefined;
  return sql`SELECT rowid FROM ${sql.identifier(index)} WHERE ${sql.identifier(index)} MATCH ${`"${word}"`}`;
}

/** The columns of each word index (migration 0004): the listed table's own columns of the same names. */
const INDEXED_COLUMNS: Record<SearchIndex, string[]> = {
  users_fts: ["name", "email"],
  organizations_fts: ["name", "account_number", "contact_email"],
  activity_log_fts: ["subject_label", "action"],
  mail_log_fts: ["to", "subject"],
};

/** The one word of a search of ASCII characters (lower-cased), or null when it has none, several, or other characters. */
export function singleAsciiWord(search: string): string | null {
  if (!/^\p{ASCII}*$/u.test(search)) return null;
  const words = search.match(/[A-Za-z0-9]+/g);
  return words?.length === 1 ? (words[0] as string).toLowerCase() : null;
}

/**
 * A search of one ASCII word (`"word"*`: a token of some indexed column starts with it) as a test of the
 * walked row's own columns, with no search-index lookup per row. For ASCII text the index's tokens
 * (unicode61) are the runs of letters and digits, folded to lower case, so a column matches when its
 * lower-cased text has the word at its start or after a character that is neither ('*[^a-z0-9]word*';
 * the LIKE before it only skips the GLOB where the word is nowhere). A row with a non-ASCII column (accents
 * fold, other letters join tokens) is tested against the set of matches instead: SQLite builds that set once,
 * the first time it meets such a row, so a walk of ASCII rows never pays for it. The same rows as the index
 * (backend/test/list.test.ts). Undefined when the search is not a single ASCII word.
 */
export function wordScanTest(index: SearchIndex, id: SQLiteColumn, search: string, ids: SQL): SQL | undefined {
  const word = singleAsciiWord(search);
  if (word === null) return undefined;
  const table = sql.identifier(getTableName(id.table));
  const columns = INDEXED_COLUMNS[index].map((name) => sql`${table}.${sql.identifier(name)}`);
  const ascii = (column: SQL) => sql`coalesce(length(CAST(${column} AS BLOB)) = length(${column}), 1)`;
  const matches = columns.map(
    (column) =>
      sql`(${column} LIKE ${`%${word}%`} AND ${ascii(column)} AND (lower(${column}) GLOB ${`${word}*`} OR lower(${column}) GLOB ${`*[^a-z0-9]${word}*`}))`,
  );
  const allAscii = sql.join(columns.map(ascii), sql` AND `);
  return sql`(${sql.join(matches, sql` OR `)} OR (NOT (${allAscii}) AND ${walkedId(id, "scan")} IN (${ids})))`;
}

/** A prefix stands for at most this many terms in a row test; more, and the set of matches is cheaper. */
const ROW_TEST_TERMS = 4;

/**
 * The search as a test of one row: FTS5 expands a prefix query again for every row it tests (0.5 s for a page),
 * an exact term costs microseconds. So the last, typed-so-far word is expanded once into the terms it stands
 * for (the index's fts5vocab table, migration 0019), and the row is tested with the phrase ending in each.
 * Only for a last word of ASCII letters and digits, whose folding to terms is plain lower case; null otherwise.
 */
export async function exactTermTest(db: Db, index: SearchIndex, id: SQLiteColumn, search: string): Promise<SQL | null> {
  const last = /([A-Za-z0-9]+)[^\p{L}\p{N}]*$/u.exec(search);
  // The whole last word, not the ASCII end of a word such as "éupdated".
  if (!last?.[1] || /[\p{L}\p{N}]$/u.test(search.slice(0, last.index))) return null;
  const prefix = last[1].toLowerCase();
  const vocabulary = sql.identifier(`${index}_vocab`);
  const terms = await db.all<{ term: string }>(
    sql`SELECT term FROM ${vocabulary} WHERE term >= ${prefix} AND term < ${`${prefix}\u{10FFFF}`} LIMIT ${ROW_TEST_TERMS + 1}`,
  );
  if (terms.length === 0 || terms.length > ROW_TEST_TERMS) return null;
  const head = search.slice(0, last.index);
  const query = terms.map(({ term }) => `"${`${head} ${term}`.replaceAll('"', '""')}"`).join(" OR ");
  return sql`EXISTS (SELECT 1 FROM ${sql.identifier(index)} WHERE ${sql.identifier(index)} MATCH ${query} AND rowid = ${id})`;
}

/** Trigrams need three characters: a shorter term has no trigram to look up. */
export const SUBSTRING_MIN_CHARACTERS = 3;

/**
 * Rows whose indexed columns (or only `column`) contain any of `terms` anywhere (a trigram index); `id` is the
 * column holding the index's rowid. Null when no term is long enough to look up (`SUBSTRING_MIN_CHARACTERS`):
 * the caller decides what a very short search means.
 */
export function substringCondition<Index extends SubstringIndex>(
  index: Index,
  id: SQLiteColumn,
  terms: string[],
  column?: SubstringIndexes[Index],
): ((walk: SearchWalk) => SQL) | null {
  const usable = [...new Set(terms)].filter((term) => [...term].length >= SUBSTRING_MIN_CHARACTERS);
  if (usable.length === 0) return null;
  const phrases = usable.map((term) => `"${term.replaceAll('"', '""')}"`).join(" OR ");
  const query = column ? `${column} : (${phrases})` : phrases;
  return (walk) => sql`${walkedId(id, walk)} IN (SELECT rowid FROM ${sql.identifier(index)} WHERE ${sql.identifier(index)} MATCH ${query})`;
}

/** The `from` and `to` filters of the logs: optional calendar days (YYYY-MM-DD), both inclusive. */
export const dayRangeQuery = {
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
};

/** Conditions for `dayRangeQuery` on an ISO timestamp column; `to` includes its whole day. */
export function dayRange(column: SQLiteColumn, range: { from?: string; to?: string }): (SQL | undefined)[] {
  return [range.from ? gte(column, range.from) : undefined, range.to ? lt(column, sql`date(${range.to}, '+1 day')`) : undefined];
}
