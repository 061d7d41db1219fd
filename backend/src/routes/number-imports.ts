import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { CSV_BOM, type CsvDelimiter, csvLine } from "../../../common/csv";
import {
  EXISTING_CHOICES,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_PREVIEW_ERRORS,
  IMPORT_STATUSES,
  IMPORT_UPLOAD_PERMISSIONS,
  IMPORT_UPLOADS_PER_HOUR,
  rowErrorText,
} from "../../../common/number-imports";
import type { Db } from "../db/client";
import { numberImports, organizations, users } from "../db/schema";
import { logActivity } from "../lib/activity";
import { currentUser, requireAnyPermission, requireAuth, requirePermission } from "../lib/auth";
import type { AppEnv, CurrentUser } from "../lib/context";
import { ApiError, notFound, validationError } from "../lib/errors";
import { receiveImport } from "../lib/number-import";
import { CsvReader, type ImportEncoding } from "../lib/number-import-csv";
import { BATCH_ROWS, enqueueBatches, type ImportBatchMessage, missingBatches } from "../lib/number-import-job";
import { errorResponses, jsonBody, jsonContent } from "../lib/openapi";
import { listQuerySchema, paginate, paginatorSchema } from "../lib/pagination";
import { tenantScope } from "../lib/tenant";
import { enforce } from "../lib/throttle";
import { validationHook } from "../lib/validation";

/**
 * Phone-number imports (issue 10): upload and validate (read permission), preview, commit as a queued job
 * (import permission), progress, error report. An import belongs to its uploader's organization: members see
 * their organization's imports, provider staff every import.
 */
export const numberImportsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const idParam = z.object({ id: z.coerce.number().int().positive() });

/** A stalled job (no progress for this long) may be resumed even though it never reported a failure. */
const STALLED_MS = 10 * 60 * 1000;

const RowErrorSchema = z.object({
  row: z.number().int().openapi({ description: "Row of the file, the header being row 1" }),
  column: z.string().nullable(),
  message: z
    .string()
    .openapi({ description: "Translation key (`imports.row.*`), with `|{params}`", example: "imports.row.number_invalid" }),
});

const ImportSchema = z
  .object({
    id: z.number().int(),
    file_name: z.string(),
    size: z.number().int(),
    delimiter: z.string(),
    encoding: z.string(),
    status: z.enum(IMPORT_STATUSES),
    organization_id: z.number().int(),
    created_by: z.number().int().nullable(),
    created_by_name: z.string().nullable(),
    columns: z.array(z.string()),
    ignored_columns: z.array(z.string()),
    rows_total: z.number().int(),
    rows_valid: z.number().int(),
    rows_invalid: z.number().int(),
    duplicates: z.number().int(),
    existing: z.number().int(),
    organizations: z.array(
      z.object({ organization_id: z.number().int(), name: z.string(), valid: z.number().int(), existing: z.number().int() }),
    ),
    validation_ms: z.number().int(),
    existing_choice: z.enum(EXISTING_CHOICES).nullable(),
    committed_at: z.string().nullable(),
    rows_to_commit: z.number().int(),
    rows_done: z.number().int(),
    created_count: z.number().int(),
    updated_count: z.number().int(),
    skipped_count: z.number().int(),
    failed_count: z.number().int(),
    last_error: z.string().nullable(),
    finished_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    resumable: z.boolean(),
  })
  .openapi("NumberImport");

const ExistingRowSchema = z
  .object({
    row: z.number().int(),
    number: z.string(),
    number_id: z.number().int().openapi({ description: "The inventory's number (its page)" }),
    outcome: z.enum(["updated", "skipped"]).nullable().openapi({ description: "What the commit did; null before it" }),
  })
  .openapi("NumberImportExistingRow");

const ImportDetailSchema = ImportSchema.extend({
  errors: z.array(RowErrorSchema).openapi({ description: `The first ${IMPORT_PREVIEW_ERRORS} row errors, by row` }),
  taken: z.number().int().openapi({
    description:
      "Rows refused because another organization or the provider's stock holds the number (`imports.row.number_taken`, listed in `errors`)",
  }),
  existing_rows: z.array(ExistingRowSchema).openapi({
    description: `The first ${IMPORT_PREVIEW_ERRORS} valid rows whose number the row's own organization already holds (counted in \`existing\`)`,
  }),
}).openapi("NumberImportDetail");

function importColumns() {
  return {
    id: numberImports.id,
    fileName: numberImports.fileName,
    size: numberImports.size,
    delimiter: numberImports.delimiter,
    encoding: numberImports.encoding,
    status: numberImports.status,
    organizationId: numberImports.organizationId,
    createdBy: numberImports.createdBy,
    createdByName: users.name,
    columns: numberImports.columns,
    ignoredColumns: numberImports.ignoredColumns,
    rowsTotal: numberImports.rowsTotal,
    rowsValid: numberImports.rowsValid,
    rowsInvalid: numberImports.rowsInvalid,
    duplicates: numberImports.duplicates,
    existing: numberImports.existing,
    organizationCounts: numberImports.organizationCounts,
    validationMs: numberImports.validationMs,
    existingChoice: numberImports.existingChoice,
    committedAt: numberImports.committedAt,
    batchesTotal: numberImports.batchesTotal,
    rowsToCommit: numberImports.rowsToCommit,
    rowsDone: numberImports.rowsDone,
    createdCount: numberImports.createdCount,
    updatedCount: numberImports.updatedCount,
    skippedCount: numberImports.skippedCount,
    failedCount: numberImports.failedCount,
    lastError: numberImports.lastError,
    finishedAt: numberImports.finishedAt,
    createdAt: numberImports.createdAt,
    updatedAt: numberImports.updatedAt,
    r2Key: numberImports.r2Key,
  };
}

type ImportRow = Awaited<ReturnType<typeof findImport>>;

const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

function isResumable(row: Pick<ImportRow, "status" | "updatedAt">): boolean {
  if (row.status === "interrupted") return true;
  return (row.status === "queued" || row.status === "running") && Date.now() - Date.parse(row.updatedAt) > STALLED_MS;
}

function serializeImport(row: ImportRow): z.infer<typeof ImportSchema> {
  return {
    id: row.id,
    file_name: row.fileName,
    size: row.size,
    delimiter: row.delimiter,
    encoding: row.encoding,
    status: row.status,
    organization_id: row.organizationId,
    created_by: row.createdBy,
    created_by_name: row.createdByName,
    columns: parseJson<string[]>(row.columns, []),
    ignored_columns: parseJson<string[]>(row.ignoredColumns, []),
    rows_total: row.rowsTotal,
    rows_valid: row.rowsValid,
    rows_invalid: row.rowsInvalid,
    duplicates: row.duplicates,
    existing: row.existing,
    organizations: parseJson(row.organizationCounts, []),
    validation_ms: row.validationMs,
    existing_choice: row.existingChoice,
    committed_at: row.committedAt,
    rows_to_commit: row.rowsToCommit,
    rows_done: row.rowsDone,
    created_count: row.createdCount,
    updated_count: row.updatedCount,
    skipped_count: row.skippedCount,
    failed_count: row.failedCount,
    last_error: row.lastError,
    finished_at: row.finishedAt,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    resumable: isResumable(row),
  };
}

async function findImport(db: Db, me: CurrentUser, id: number) {
  const [row] = await db
    .select(importColumns())
    .from(numberImports)
    .leftJoin(users, eq(users.id, numberImports.createdBy))
    .where(and(eq(numberImports.id, id), tenantScope(me, numberImports.organizationId), sql`${numberImports.status} <> 'validating'`));
  if (!row) throw notFound();
  return row;
}

/**
 * The detail's lists, so its counts and its rows agree: the first row errors (duplicates and numbers held
 * elsewhere among them), how many rows were refused as held elsewhere, and the first rows already in the
 * organization's own inventory (valid rows, listed apart from the problems).
 */
async function importDetail(d1: D1Database, row: ImportRow) {
  const [errors, taken, existingRows] = await Promise.all([
    rowErrors(d1, row.id),
    row.rowsInvalid + row.failedCount === 0
      ? 0
      : d1
          .prepare(
            `SELECT COUNT(*) AS n FROM number_import_rows
             WHERE import_id = ? AND error IS NOT NULL AND error = 'imports.row.number_taken'`,
          )
          .bind(row.id)
          .first<{ n: number }>()
          .then((answer) => answer?.n ?? 0),
    row.existing === 0
      ? []
      : d1
          .prepare(
            `SELECT row_number AS row, e164 AS number, existing_id AS number_id, outcome FROM number_import_rows
             WHERE import_id = ? AND existing_id IS NOT NULL AND error IS NULL ORDER BY row_number LIMIT ?`,
          )
          .bind(row.id, IMPORT_PREVIEW_ERRORS)
          .all<{ row: number; number: string; number_id: number; outcome: "updated" | "skipped" | null }>()
          .then((answer) => answer.results),
  ]);
  return { ...serializeImport(row), errors, taken, existing_rows: existingRows };
}

async function rowErrors(d1: D1Database, importId: number) {
  const { results } = await d1
    .prepare(
      `SELECT row_number AS row, error_column AS column, error AS message FROM number_import_rows
       WHERE import_id = ? AND error IS NOT NULL ORDER BY row_number LIMIT ?`,
    )
    .bind(importId, IMPORT_PREVIEW_ERRORS)
    .all<{ row: number; column: string | null; message: string }>();
  return results;
}

numberImportsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/phone-number-imports",
    tags: ["Phone-number imports"],
    summary: "Import history, newest first: members see their organization's imports, provider staff every import",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.read")] as const,
    request: { query: listQuerySchema.pick({ page: true, per_page: true }) },
    responses: { 200: jsonContent(paginatorSchema(ImportSchema), "One page of imports"), ...errorResponses(401, 403, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const query = c.req.valid("query");
    const db = c.get("db");
    const where = and(tenantScope(me, numberImports.organizationId), sql`${numberImports.status} <> 'validating'`);
    const [rows, totals] = await Promise.all([
      db
        .select(importColumns())
        .from(numberImports)
        .leftJoin(users, eq(users.id, numberImports.createdBy))
        .where(where)
        .orderBy(desc(numberImports.createdAt), desc(numberImports.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page),
      db.select({ total: count() }).from(numberImports).where(where),
    ]);
    return c.json(paginate(rows.map(serializeImport), totals[0]?.total ?? 0, query.page, query.per_page), 200);
  },
);

numberImportsRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/phone-number-imports",
    tags: ["Phone-number imports"],
    summary: `Upload a CSV (multipart \`file\`) or pasted rows (\`text\`) and validate it while it streams: at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB and ${IMPORT_MAX_ROWS.toLocaleString("en")} rows`,
    description:
      "Columns (header row, any order, case and spacing ignored): `number` (required), `organization` (account number or name; staff only, " +
      "members import into their own organization), `type` (local, toll_free, mobile), `label`, `cnam` and the optional E911 columns " +
      "`e911_caller_name` … `e911_country`. Comma, semicolon or tab; UTF-8 with or without BOM, UTF-16 with BOM, Windows-1252. " +
      "`organization_id` (staff): the organization of rows that name none; send it before the file. File-level refusals are 422 on `file` " +
      "(`imports.file.*`); row problems are in the import's `errors`. Needs `tools.phone_numbers.order` or `.import` (read-only roles " +
      "cannot upload); at most IMPORT_UPLOADS_PER_HOUR (default 30) uploads per user and hour, then 429 `imports.file.quota` with Retry-After.",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.read"), requireAnyPermission(...IMPORT_UPLOAD_PERMISSIONS)] as const,
    request: {
      body: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              properties: {
                organization_id: { type: "integer", description: "Staff: organization of rows without one" },
                file: { type: "string", format: "binary", description: "The CSV file" },
                text: { type: "string", description: "Pasted CSV text instead of a file" },
              },
            },
          },
        },
      },
    },
    responses: { 201: jsonContent(ImportDetailSchema, "The validated import (preview)"), ...errorResponses(401, 403, 415, 419, 422, 429) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const body = c.req.raw.body;
    if (!body) throw validationError({ file: ["imports.file.missing"] });
    // Counted before the file is read (atomic, so parallel uploads cannot pass it together).
    const perHour = Number(c.env.IMPORT_UPLOADS_PER_HOUR) || IMPORT_UPLOADS_PER_HOUR;
    await enforce(
      c.get("db"),
      [{ key: `imports:upload:${me.id}`, maxAttempts: perHour, decaySeconds: 3600 }],
      "imports.file.quota",
      "file",
    );
    const [own] = await db
      .select({ accountNumber: organizations.accountNumber, name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, me.organizationId));
    const importId = await receiveImport(
      { body, contentType: c.req.header("Content-Type") ?? "" },
      {
        db: c.env.DB,
        bucket: c.env.FILES,
        actor: me,
        own: own ?? { accountNumber: "", name: "" },
        resolveDefaultOrganization: async (raw) => {
          if (!me.isProvider) return null;
          const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
          const [exists] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id));
          if (!exists) throw validationError({ organization_id: ["validation.exists"] });
          return exists.id;
        },
      },
    );
    const row = await findImport(db, me, importId);
    await logActivity(c, {
      action: "number_imports.uploaded",
      subject_type: "number_import",
      subject_id: row.id,
      subject_label: row.fileName,
      organization_id: row.organizationId,
      after: { rows: row.rowsTotal, valid: row.rowsValid, invalid: row.rowsInvalid, duplicates: row.duplicates, existing: row.existing },
    });
    return c.json(await importDetail(c.env.DB, row), 201);
  },
);

numberImportsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/phone-number-imports/{id}",
    tags: ["Phone-number imports"],
    summary: "An import: counts, per-organization counts, the first row errors, and the commit's progress",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.read")] as const,
    request: { params: idParam },
    responses: { 200: jsonContent(ImportDetailSchema, "The import"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const row = await findImport(c.get("db"), currentUser(c), c.req.valid("param").id);
    return c.json(await importDetail(c.env.DB, row), 200);
  },
);

numberImportsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/phone-number-imports/{id}/errors",
    tags: ["Phone-number imports"],
    summary: "The error report: the header and every refused row as in the file, plus `error` (in the user's language) and `error_column`",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.read")] as const,
    request: { params: idParam },
    responses: {
      200: { description: "CSV (UTF-8 with BOM, the file's delimiter)", content: { "text/csv": { schema: z.string() } } },
      ...errorResponses(401, 403, 404),
    },
  }),
  async (c) => {
    const me = currentUser(c);
    const row = await findImport(c.get("db"), me, c.req.valid("param").id);
    const object = await c.env.FILES.get(row.r2Key);
    if (!object) throw notFound();
    const stream = errorReport(
      c.env.DB,
      row.id,
      object.body,
      { encoding: row.encoding as ImportEncoding, delimiter: row.delimiter },
      me.locale,
    );
    const name = `${row.fileName.replace(/\.[^.]*$/, "").replace(/[^\w.-]+/g, "_") || "import"}-errors.csv`;
    return c.body(stream, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
    });
  },
);

/**
 * The original file read again from R2 (same parser, same row numbers) merged with the row errors read in
 * row order, 1,000 at a time: refused rows come out as they were, with their message appended.
 */
function errorReport(
  d1: D1Database,
  importId: number,
  original: ReadableStream<Uint8Array>,
  shape: { encoding: ImportEncoding; delimiter: string },
  locale: CurrentUser["locale"],
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const csv = new CsvReader({ encoding: shape.encoding, delimiter: shape.delimiter as "," });
  // The report keeps the file's delimiter; cells that a spreadsheet would run as formulas are neutralised.
  const line = (fields: string[]) => encoder.encode(csvLine(fields, { delimiter: shape.delimiter as CsvDelimiter }));
  let errors: { row: number; column: string | null; message: string }[] = [];
  let lastRow = 0;
  const nextErrors = async () => {
    const { results } = await d1
      .prepare(
        `SELECT row_number AS row, error_column AS column, error AS message FROM number_import_rows
         WHERE import_id = ? AND error IS NOT NULL AND row_number > ? ORDER BY row_number LIMIT 1000`,
      )
      .bind(importId, lastRow)
      .all<{ row: number; column: string | null; message: string }>();
    errors = results;
    if (results.length > 0) lastRow = results[results.length - 1].row;
  };
  // The file goes into the parser while the report reads records out of it.
  const reader = original.getReader();
  const feeding = (async () => {
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      await csv.write(value);
    }
    await csv.close();
  })();
  feeding.catch(async (error) => {
    await csv.abort(error);
    await reader.cancel().catch(() => undefined);
  });
  const stop = async () => {
    await records.return(undefined);
    await csv.abort(new Error("report complete"));
  };
  const records = csv.records();
  let rowNumber = 0;
  let header: string[] | null = null;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (true) {
        if (header && errors.length === 0) {
          controller.close();
          await stop();
          return;
        }
        const next = await records.next();
        if (next.done) {
          controller.close();
          return;
        }
        const record = next.value;
        if (!header) {
          header = record;
          // The BOM makes Excel read the report as UTF-8.
          controller.enqueue(encoder.encode(CSV_BOM));
          controller.enqueue(line([...record, "error", "error_column"]));
          await nextErrors();
          return;
        }
        if (record.every((value) => value.trim() === "")) continue;
        rowNumber++;
        const row = rowNumber + 1;
        if (errors[0]?.row !== row) continue;
        const error = errors.shift() as (typeof errors)[number];
        if (errors.length === 0) await nextErrors();
        controller.enqueue(line([...record, rowErrorText(locale, error.message), error.column ?? ""]));
        return;
      }
    },
    async cancel() {
      await stop();
    },
  });
}

numberImportsRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/phone-number-imports/{id}/commit",
    tags: ["Phone-number imports"],
    summary: "Commit the valid rows as a queued job (202); progress is read on the import",
    description:
      "`existing`: numbers already in the organization's inventory are skipped or get the file's label and CNAM. " +
      "`skip_invalid` must be true when the file has invalid rows (they are never written). 422 `imports.nothing_to_commit` when no valid row remains; " +
      "409 `imports.not_validated` when the import was committed already.",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.import")] as const,
    request: {
      params: idParam,
      body: jsonBody(z.object({ existing: z.enum(EXISTING_CHOICES).default("skip"), skip_invalid: z.boolean().default(false) })),
    },
    responses: { 202: jsonContent(ImportSchema, "The queued import"), ...errorResponses(401, 403, 404, 409, 419, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const row = await findImport(db, me, id);
    if (row.status !== "validated") throw new ApiError(409, { message: "imports.not_validated" });
    if (row.rowsValid === 0) throw validationError({ body: ["imports.nothing_to_commit"] });
    if (row.rowsInvalid > 0 && !body.skip_invalid) throw validationError({ skip_invalid: ["imports.confirm_skip_invalid"] });
    const batchesTotal = Math.ceil(row.rowsValid / BATCH_ROWS);
    const now = new Date().toISOString();
    const claimed = await c.env.DB.prepare(
      `UPDATE number_imports SET status = 'queued', existing_choice = ?2, committed_by = ?3, committed_at = ?4, batches_total = ?5,
         rows_to_commit = rows_valid, updated_at = ?4
       WHERE id = ?1 AND status = 'validated'`,
    )
      .bind(id, body.existing, me.id, now, batchesTotal)
      .run();
    // Two commits of the same import at once: only one claims it.
    if (claimed.meta.changes !== 1) throw new ApiError(409, { message: "imports.not_validated" });
    await enqueueBatches(
      c.env.IMPORT_QUEUE as Queue<ImportBatchMessage>,
      id,
      Array.from({ length: batchesTotal }, (_, index) => index),
    );
    await logActivity(c, {
      action: "number_imports.committed",
      subject_type: "number_import",
      subject_id: id,
      subject_label: row.fileName,
      organization_id: row.organizationId,
      after: { rows: row.rowsValid, existing: body.existing, skipped_invalid: row.rowsInvalid },
    });
    return c.json(serializeImport(await findImport(db, me, id)), 202);
  },
);

numberImportsRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/phone-number-imports/{id}/resume",
    tags: ["Phone-number imports"],
    summary: "Resume an interrupted (or stalled) import: the batches not written yet are queued again (202)",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.import")] as const,
    request: { params: idParam },
    responses: { 202: jsonContent(ImportSchema, "The resumed import"), ...errorResponses(401, 403, 404, 409, 419) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const { id } = c.req.valid("param");
    const row = await findImport(db, me, id);
    if (!isResumable(row)) throw new ApiError(409, { message: "imports.not_resumable" });
    const missing = await missingBatches(c.env.DB, id, row.batchesTotal);
    await c.env.DB.prepare(
      `UPDATE number_imports SET status = 'running', last_error = NULL, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?`,
    )
      .bind(id)
      .run();
    await enqueueBatches(c.env.IMPORT_QUEUE as Queue<ImportBatchMessage>, id, missing);
    await logActivity(c, {
      action: "number_imports.resumed",
      subject_type: "number_import",
      subject_id: id,
      subject_label: row.fileName,
      organization_id: row.organizationId,
      after: { batches: missing.length, rows_done: row.rowsDone },
    });
    return c.json(serializeImport(await findImport(db, me, id)), 202);
  },
);
