/**
 * Phone-number imports, step 1: the upload is read as a stream (multipart parsed by multipasta as the bytes
 * arrive), copied to R2 and validated row by row (csv-parse) into `number_import_rows`, 1,000 rows per D1
 * statement. Nothing holds the whole file: memory stays at one R2 part (5 MiB) plus one batch of rows.
 * Then three set-based statements find in-file duplicates, numbers already in the inventory and number the
 * valid rows for the commit job (number-import-job.ts).
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import * as Multipart from "multipasta";
import { unneutralizeCsvCell } from "../../../common/csv";
import {
  E911_IMPORT_FIELDS,
  E911_REQUIRED_FIELDS,
  IMPORT_COUNTRIES,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_PASTE_CHARS,
  IMPORT_MAX_ROWS,
  type ImportColumn,
  type ImportRowError,
  importColumn,
  rowErrorKey,
} from "../../../common/number-imports";
import { CNAM_MAX_LENGTH, CNAM_PATTERN, NUMBER_TYPES } from "../../../common/phone-numbers";
import type { CurrentUser } from "./context";
import { E911AddressBody } from "./e911-address";
import { ApiError, validationError } from "./errors";
import { holdsNumberSql } from "./inventory";
import { CsvReader, concat, ImportFileError } from "./number-import-csv";
import { isSafeText } from "./validation";

/** Rows per staging statement (one JSON parameter, far below D1's 2 MB value limit). */
const STAGE_ROWS = 1000;
/** R2 multipart parts must all be this size but the last (R2 wants ≥ 5 MiB and equal parts). */
const R2_PART_BYTES = 5 * 1024 * 1024;
const LABEL_MAX = 100;

export interface ValidatedRow {
  e164: string | null;
  organizationRef: string | null;
  type: string | null;
  label: string | null;
  cnam: string | null;
  country: string | null;
  e911: Record<string, string> | null;
  error: string | null;
  errorColumn: ImportColumn | null;
}

/** A cell as typed: trimmed, and without the quote our own CSV writer puts before a formula start (an error report imports as it is). */
const cell = (record: string[], index: number | undefined) =>
  index === undefined ? "" : unneutralizeCsvCell((record[index] ?? "").trim());

const TYPE_ALIASES: Record<string, string> = {
  "toll-free": "toll_free",
  tollfree: "toll_free",
  "toll free": "toll_free",
  cell: "mobile",
  wireless: "mobile",
};

/**
 * One data row checked on its own (organization names are resolved later, in batches). The first problem
 * found is the row's error, with the column it is about.
 */
export function validateRecord(record: string[], columns: Map<ImportColumn, number>, width: number): ValidatedRow {
  const row: ValidatedRow = {
    e164: null,
    organizationRef: cell(record, columns.get("organization")) || null,
    type: null,
    label: null,
    cnam: null,
    country: null,
    e911: null,
    error: null,
    errorColumn: null,
  };
  const fail = (code: ImportRowError, column: ImportColumn | null, params?: Record<string, string | number>) => {
    row.error = rowErrorKey(code, params);
    row.errorColumn = column;
    return row;
  };

  const text = cell(record, columns.get("number"));
  if (!text) return fail("number_required", "number");
  const phone = parsePhoneNumberFromString(text, "US");
  if (!phone?.isValid()) return fail("number_invalid", "number");
  row.e164 = phone.number;
  const country = phone.country ?? "";
  if (!(IMPORT_COUNTRIES as readonly string[]).includes(country))
    return fail("number_country", "number", { country: country || phone.countryCallingCode });
  row.country = country;

  if (record.length > width && record.slice(width).some((value) => value.trim() !== "")) return fail("too_many_fields", null);

  const typeText = cell(record, columns.get("type")).toLowerCase();
  const type = TYPE_ALIASES[typeText] ?? typeText;
  if (type) {
    if (!(NUMBER_TYPES as readonly string[]).includes(type)) return fail("type_invalid", "type");
    row.type = type;
  } else {
    const detected = phone.getType();
    row.type = detected === "TOLL_FREE" ? "toll_free" : detected === "MOBILE" ? "mobile" : "local";
  }

  const label = cell(record, columns.get("label")).normalize("NFC");
  if (label) {
    if (label.length > LABEL_MAX || !isSafeText(label)) return fail("label_invalid", "label");
    row.label = label;
  }
  const cnam = cell(record, columns.get("cnam"));
  if (cnam) {
    if (cnam.length > CNAM_MAX_LENGTH || !CNAM_PATTERN.test(cnam)) return fail("cnam_invalid", "cnam");
    row.cnam = cnam;
  }

  const address: Record<string, string> = {};
  for (const field of E911_IMPORT_FIELDS) {
    const value = cell(record, columns.get(`e911_${field}`));
    if (value) address[field] = value;
  }
  if (Object.keys(address).length > 0) {
    const missing = E911_REQUIRED_FIELDS.find((field) => !address[field]);
    if (missing) return fail("e911_incomplete", `e911_${missing}`);
    const parsed = E911AddressBody.safeParse({
      ...address,
      state: address.state?.toUpperCase(),
      country: (address.country ?? country).toUpperCase(),
      pre_directional: address.pre_directional?.toUpperCase(),
      post_directional: address.post_directional?.toUpperCase(),
    });
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? "country");
      return fail("e911_invalid", `e911_${field}` as ImportColumn);
    }
    row.e911 = Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== null && value !== undefined)) as Record<
      string,
      string
    >;
  }
  return row;
}

/** The header row: recognised columns (first occurrence wins) and the names ignored. */
export function readHeader(record: string[]): { columns: Map<ImportColumn, number>; ignored: string[] } {
  const columns = new Map<ImportColumn, number>();
  const ignored: string[] = [];
  record.forEach((header, index) => {
    const column = importColumn(header);
    if (column && !columns.has(column)) columns.set(column, index);
    else if (header.trim()) ignored.push(header.trim());
  });
  return { columns, ignored };
}

type OrganizationMatch = { id: number } | null;

/**
 * Where rows go. Members: their own organization, whatever a row names; a row naming anything else is
 * refused (without saying whether that organization exists). Staff: the row's organization by account number
 * or name (case-insensitive), else the default chosen on the form, else the row is refused.
 */
class OrganizationResolver {
  private readonly cache = new Map<string, OrganizationMatch>();

  constructor(
    private readonly db: D1Database,
    private readonly actor: CurrentUser,
    private readonly defaultOrganizationId: number | null,
    private readonly own: { accountNumber: string; name: string },
  ) {}

  async prepare(refs: Iterable<string>): Promise<void> {
    const unknown = [...new Set([...refs].map((ref) => ref.toLowerCase()))].filter((ref) => !this.cache.has(ref));
    if (unknown.length === 0 || !this.actor.isProvider) return;
    const { results } = await this.db
      .prepare(
        `SELECT id, lower(account_number) AS account, lower(name) AS name FROM organizations
         WHERE lower(account_number) IN (SELECT value FROM json_each(?1)) OR lower(name) IN (SELECT value FROM json_each(?1))
         ORDER BY id`,
      )
      .bind(JSON.stringify(unknown))
      .all<{ id: number; account: string; name: string }>();
    for (const ref of unknown) {
      const match = results.find((row) => row.account === ref) ?? results.find((row) => row.name === ref);
      this.cache.set(ref, match ? { id: match.id } : null);
    }
    // The cache only needs the names of the current batch on a file naming thousands of organizations.
    if (this.cache.size > 10_000) this.cache.clear();
  }

  resolve(ref: string | null): { id: number } | { error: ImportRowError } {
    if (!this.actor.isProvider) {
      if (ref === null) return { id: this.actor.organizationId };
      const lower = ref.toLowerCase();
      return lower === this.own.accountNumber.toLowerCase() || lower === this.own.name.toLowerCase()
        ? { id: this.actor.organizationId }
        : { error: "organization_not_allowed" };
    }
    if (ref === null) return this.defaultOrganizationId ? { id: this.defaultOrganizationId } : { error: "organization_required" };
    const match = this.cache.get(ref.toLowerCase());
    return match ? { id: match.id } : { error: "organization_unknown" };
  }
}

/** Rows waiting for their staging statement. */
class RowStager {
  private pending: { rowNumber: number; row: ValidatedRow }[] = [];

  constructor(
    private readonly db: D1Database,
    private readonly importId: number,
    private readonly organizations: OrganizationResolver,
  ) {}

  async add(rowNumber: number, row: ValidatedRow): Promise<void> {
    this.pending.push({ rowNumber, row });
    if (this.pending.length >= STAGE_ROWS) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const rows = this.pending;
    this.pending = [];
    await this.organizations.prepare(rows.flatMap(({ row }) => (row.organizationRef ? [row.organizationRef] : [])));
    const values = rows.map(({ rowNumber, row }) => {
      let organizationId: number | null = null;
      let { error, errorColumn } = row;
      const resolved = this.organizations.resolve(row.organizationRef);
      if ("id" in resolved) organizationId = resolved.id;
      else if (!error) {
        error = rowErrorKey(resolved.error);
        errorColumn = "organization";
      }
      return [
        rowNumber,
        row.e164,
        organizationId,
        row.type,
        row.label,
        row.cnam,
        row.country,
        row.e911 ? JSON.stringify(row.e911) : null,
        error,
        errorColumn,
      ];
    });
    await this.db
      .prepare(
        `INSERT INTO number_import_rows (import_id, row_number, e164, organization_id, type, label, cnam, country, e911, error, error_column)
         SELECT ?1, value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, value ->> 7, value ->> 8, value ->> 9
         FROM json_each(?2)`,
      )
      .bind(this.importId, JSON.stringify(values))
      .run();
  }
}

/** The original file to R2 while it streams: one `put` for small files, a multipart upload of 5 MiB parts otherwise. */
class R2Copy {
  private chunks: Uint8Array[] = [];
  private buffered = 0;
  private upload: R2MultipartUpload | null = null;
  private readonly parts: R2UploadedPart[] = [];

  constructor(
    private readonly bucket: R2Bucket,
    readonly key: string,
  ) {}

  async write(bytes: Uint8Array): Promise<void> {
    this.chunks.push(bytes);
    this.buffered += bytes.byteLength;
    while (this.buffered >= R2_PART_BYTES) {
      const joined = concat(this.chunks, this.buffered);
      const part = joined.slice(0, R2_PART_BYTES);
      const rest = joined.slice(R2_PART_BYTES);
      this.chunks = rest.byteLength > 0 ? [rest] : [];
      this.buffered = rest.byteLength;
      this.upload ??= await this.bucket.createMultipartUpload(this.key, { httpMetadata: { contentType: "text/csv" } });
      this.parts.push(await this.upload.uploadPart(this.parts.length + 1, part));
    }
  }

  async finish(): Promise<void> {
    const rest = concat(this.chunks, this.buffered);
    if (!this.upload) {
      await this.bucket.put(this.key, rest, { httpMetadata: { contentType: "text/csv" } });
      return;
    }
    if (rest.byteLength > 0) this.parts.push(await this.upload.uploadPart(this.parts.length + 1, rest));
    await this.upload.complete(this.parts);
  }

  async discard(): Promise<void> {
    if (this.upload) await this.upload.abort().catch(() => undefined);
    await this.bucket.delete(this.key).catch(() => undefined);
  }
}

/** A refused upload: 422 on `file` with the message key (`imports.file.*`). */
function fileRefused(key: string): ApiError {
  return validationError({ file: [key] });
}

export interface UploadSource {
  body: ReadableStream<Uint8Array>;
  contentType: string;
}

type MultipartEvent =
  | { kind: "field"; name: string; value: string }
  | { kind: "file"; name: string; filename: string }
  | { kind: "chunk"; bytes: Uint8Array }
  | { kind: "end" };

/**
 * The multipart body as events, read only as fast as they are handled: each read of the request body is
 * parsed and its events handled before the next read (backpressure to the client).
 */
async function* multipartEvents(source: UploadSource): AsyncGenerator<MultipartEvent> {
  const events: MultipartEvent[] = [];
  let failure: Multipart.MultipartError | undefined;
  const parser = Multipart.make({
    headers: { "content-type": source.contentType },
    maxParts: 10,
    maxFieldSize: IMPORT_MAX_PASTE_CHARS * 4,
    // The file's own limit is checked on the way (a clear message); this only stops runaway bodies.
    maxPartSize: IMPORT_MAX_BYTES * 2,
    maxTotalSize: IMPORT_MAX_BYTES * 2 + IMPORT_MAX_PASTE_CHARS * 4,
    isFile: (info) => info.filename !== undefined,
    onField: (info, value) => events.push({ kind: "field", name: info.name, value: Multipart.decodeField(info, value) }),
    onFile: (info) => {
      events.push({ kind: "file", name: info.name, filename: info.filename ?? "" });
      return (chunk) => events.push(chunk === null ? { kind: "end" } : { kind: "chunk", bytes: chunk });
    },
    onError: (error) => {
      failure ??= error;
    },
    onDone: () => undefined,
  });
  const reader = source.body.getReader();
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) parser.end();
      else parser.write(value);
      if (failure) {
        throw failure._tag === "ReachedLimit"
          ? fileRefused(`imports.file.too_large|${JSON.stringify({ max: IMPORT_MAX_BYTES / 1024 / 1024 })}`)
          : validationError({ file: ["imports.file.unreadable"] });
      }
      while (events.length > 0) yield events.shift() as MultipartEvent;
      if (done) return;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

export interface UploadOptions {
  db: D1Database;
  bucket: R2Bucket;
  actor: CurrentUser;
  own: { accountNumber: string; name: string };
  /** Staff: the organization of rows that name none (checked to exist by the caller). */
  resolveDefaultOrganization: (raw: string) => Promise<number | null>;
}

/** Validates one file (or pasted text) into a new import; answers its id. Throws 422 for a refused file. */
export async function receiveImport(source: UploadSource, options: UploadOptions): Promise<number> {
  const { db } = options;
  if (!/^multipart\/form-data/i.test(source.contentType)) throw new ApiError(415, { message: "imports.file.multipart" });
  let defaultOrganizationId: number | null = null;
  let importId: number | null = null;
  let upload: FileUpload | null = null;
  try {
    for await (const event of multipartEvents(source)) {
      if (event.kind === "field") {
        if (event.name === "organization_id" && event.value.trim() !== "") {
          defaultOrganizationId = await options.resolveDefaultOrganization(event.value.trim());
        } else if (event.name === "text" && event.value.trim() !== "" && !upload) {
          if (event.value.length > IMPORT_MAX_PASTE_CHARS)
            throw validationError({ text: [`validation.too_long|${JSON.stringify({ max: IMPORT_MAX_PASTE_CHARS })}`] });
          upload = await FileUpload.start(options, defaultOrganizationId, "pasted.csv");
          importId = upload.importId;
          await upload.write(new TextEncoder().encode(event.value));
          await upload.finish();
        }
      } else if (event.kind === "file" && event.name === "file" && event.filename !== "" && !upload) {
        upload = await FileUpload.start(options, defaultOrganizationId, event.filename);
        importId = upload.importId;
      } else if (event.kind === "chunk" && upload && !upload.finished) {
        await upload.write(event.bytes);
      } else if (event.kind === "end" && upload && !upload.finished) {
        await upload.finish();
      }
    }
    if (!upload) throw validationError({ file: ["imports.file.missing"] });
    if (!upload.finished) throw validationError({ file: ["imports.file.unreadable"] });
    return upload.importId;
  } catch (error) {
    if (upload) await upload.discard();
    else if (importId !== null) await db.prepare("DELETE FROM number_imports WHERE id = ?").bind(importId).run();
    if (error instanceof ImportFileError) throw fileRefused(error.key);
    throw error;
  }
}

/** One file being received: byte and row limits, the R2 copy, the parser and the validation of each record. */
class FileUpload {
  finished = false;
  private bytes = 0;
  private readonly csv = new CsvReader();
  private readonly validation: Promise<{ columns: string[]; ignored: string[]; rows: number }>;
  private readonly startedAt = Date.now();

  private constructor(
    private readonly options: UploadOptions,
    readonly importId: number,
    private readonly copy: R2Copy,
    private readonly stager: RowStager,
  ) {
    this.validation = this.validate();
    // A refusal found by the reader stops the writer at its next chunk; the rejection is handled in finish().
    this.validation.catch((error) => this.csv.abort(error));
  }

  static async start(options: UploadOptions, defaultOrganizationId: number | null, filename: string): Promise<FileUpload> {
    const { db, actor } = options;
    const key = `imports/${actor.organizationId}/${crypto.randomUUID()}.csv`;
    const name =
      filename
        .replace(/[\\/]/g, "_")
        .replace(/[\p{Cc}\p{Cf}]/gu, "")
        .slice(-200) || "import.csv";
    const created = await db
      .prepare(
        `INSERT INTO number_imports (created_by, organization_id, file_name, r2_key, size, delimiter, encoding, columns, ignored_columns, status)
         VALUES (?, ?, ?, ?, 0, ',', 'utf-8', '[]', '[]', 'validating') RETURNING id`,
      )
      .bind(actor.id, actor.organizationId, name, key)
      .first<{ id: number }>();
    const importId = (created as { id: number }).id;
    const resolver = new OrganizationResolver(db, actor, defaultOrganizationId, options.own);
    return new FileUpload(options, importId, new R2Copy(options.bucket, key), new RowStager(db, importId, resolver));
  }

  private async validate() {
    let header: ReturnType<typeof readHeader> | null = null;
    let rows = 0;
    let width = 0;
    for await (const record of this.csv.records()) {
      if (!header) {
        header = readHeader(record);
        width = record.length;
        if (!header.columns.has("number")) throw new ImportFileError("imports.file.no_number_column");
        continue;
      }
      // Lines of empty cells (Excel's trailing ";;;;") are not rows.
      if (record.every((value) => value.trim() === "")) continue;
      rows++;
      if (rows > IMPORT_MAX_ROWS) throw new ImportFileError(`imports.file.too_many_rows|${JSON.stringify({ max: IMPORT_MAX_ROWS })}`);
      // Row 1 is the header, as in the spreadsheet the file came from.
      await this.stager.add(rows + 1, validateRecord(record, header.columns, width));
    }
    if (!header) throw new ImportFileError("imports.file.empty");
    if (rows === 0) throw new ImportFileError("imports.file.header_only");
    await this.stager.flush();
    const columns = [...header.columns.entries()].sort((a, b) => a[1] - b[1]).map(([column]) => column);
    return { columns, ignored: header.ignored, rows };
  }

  async write(bytes: Uint8Array): Promise<void> {
    this.bytes += bytes.byteLength;
    if (this.bytes > IMPORT_MAX_BYTES)
      throw new ImportFileError(`imports.file.too_large|${JSON.stringify({ max: IMPORT_MAX_BYTES / 1024 / 1024 })}`);
    await this.copy.write(bytes);
    try {
      await this.csv.write(bytes);
    } catch (error) {
      throw await this.refusal(error);
    }
  }

  /**
   * Why writing stopped: the bytes are not text (the sniffer's own refusal), else the reader's reason
   * (a row limit, a malformed quote, a failed staging statement) that stopped the parser.
   */
  private async refusal(error: unknown): Promise<unknown> {
    await this.csv.abort(error);
    const reason = await this.validation.then(
      () => error,
      (failure: unknown) => failure,
    );
    return error instanceof ImportFileError ? error : reason;
  }

  async finish(): Promise<void> {
    try {
      await this.csv.close();
    } catch (error) {
      throw await this.refusal(error);
    }
    const { columns, ignored, rows } = await this.validation;
    await this.copy.finish();
    await settleValidation(this.options.db, this.importId, {
      size: this.bytes,
      delimiter: this.csv.shape?.delimiter ?? ",",
      encoding: this.csv.shape?.encoding ?? "utf-8",
      columns,
      ignored,
      rows,
      validationMs: Date.now() - this.startedAt,
    });
    this.finished = true;
  }

  async discard(): Promise<void> {
    await this.csv.abort(new Error("discarded"));
    await this.copy.discard();
    await this.options.db.batch([
      this.options.db.prepare("DELETE FROM number_import_rows WHERE import_id = ?").bind(this.importId),
      this.options.db.prepare("DELETE FROM number_imports WHERE id = ?").bind(this.importId),
    ]);
  }
}

/**
 * After the last row: duplicates (same E.164, however written: the later rows), numbers already in the
 * inventory by the rule of lib/inventory.ts (held by the same organization: "existing", valid; held by another
 * organization or the provider's stock: refused as `number_taken`; a disconnected row is free), `seq` for the valid rows,
 * the counts, and the import becomes `validated`. One D1 batch, so a half-finished validation never shows.
 */
async function settleValidation(
  db: D1Database,
  importId: number,
  file: { size: number; delimiter: string; encoding: string; columns: string[]; ignored: string[]; rows: number; validationMs: number },
): Promise<void> {
  await db.batch([
    db
      .prepare(
        `UPDATE number_import_rows
         SET error = 'imports.row.duplicate|{"row":' || (
               SELECT MIN(first.row_number) FROM number_import_rows first
               WHERE first.import_id = number_import_rows.import_id AND first.e164 = number_import_rows.e164
             ) || '}',
             error_column = 'number'
         WHERE import_id = ?1 AND error IS NULL AND row_number > (
           SELECT MIN(first.row_number) FROM number_import_rows first
           WHERE first.import_id = number_import_rows.import_id AND first.e164 = number_import_rows.e164
         )`,
      )
      .bind(importId),
    db
      .prepare(
        `UPDATE number_import_rows
         SET existing_id = number.id,
             error = CASE WHEN number.organization_id IS number_import_rows.organization_id THEN NULL ELSE 'imports.row.number_taken' END,
             error_column = CASE WHEN number.organization_id IS number_import_rows.organization_id THEN NULL ELSE 'number' END
         FROM phone_numbers number
         WHERE number_import_rows.import_id = ?1 AND number_import_rows.error IS NULL AND number.e164 = number_import_rows.e164
           AND ${holdsNumberSql("number")}`,
      )
      .bind(importId),
    db
      .prepare(
        `UPDATE number_import_rows SET seq = valid.position
         FROM (SELECT row_number, ROW_NUMBER() OVER (ORDER BY row_number) AS position
               FROM number_import_rows WHERE import_id = ?1 AND error IS NULL) valid
         WHERE number_import_rows.import_id = ?1 AND number_import_rows.row_number = valid.row_number`,
      )
      .bind(importId),
    db
      .prepare(
        `UPDATE number_imports SET
           status = 'validated', size = ?2, delimiter = ?3, encoding = ?4, columns = ?5, ignored_columns = ?6, validation_ms = ?7,
           rows_total = (SELECT COUNT(*) FROM number_import_rows WHERE import_id = ?1),
           rows_valid = (SELECT COUNT(*) FROM number_import_rows WHERE import_id = ?1 AND error IS NULL),
           rows_invalid = (SELECT COUNT(*) FROM number_import_rows WHERE import_id = ?1 AND error IS NOT NULL),
           duplicates = (SELECT COUNT(*) FROM number_import_rows WHERE import_id = ?1 AND error LIKE 'imports.row.duplicate%'),
           existing = (SELECT COUNT(*) FROM number_import_rows WHERE import_id = ?1 AND error IS NULL AND existing_id IS NOT NULL),
           organization_counts = (
             SELECT COALESCE(json_group_array(json_object('organization_id', counts.organization_id, 'name', organizations.name,
                      'valid', counts.valid, 'existing', counts.existing)), '[]')
             FROM (SELECT organization_id, COUNT(*) AS valid, COUNT(existing_id) AS existing
                   FROM number_import_rows WHERE import_id = ?1 AND error IS NULL GROUP BY organization_id) counts
             JOIN organizations ON organizations.id = counts.organization_id
           ),
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE id = ?1`,
      )
      .bind(
        importId,
        file.size,
        file.delimiter,
        file.encoding,
        JSON.stringify(file.columns),
        JSON.stringify(file.ignored),
        file.validationMs,
      ),
  ]);
}

/**
 * The cron's clean-up: uploads cut off mid-validation (still `validating` after an hour) and previews never
 * committed within 30 days go, with their files. Committed imports stay (history and error report).
 */
export async function deleteAbandonedImports(db: D1Database, bucket: R2Bucket): Promise<void> {
  const { results } = await db
    .prepare(
      `SELECT id, r2_key AS key FROM number_imports
       WHERE (status = 'validating' AND created_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 hour'))
          OR (status = 'validated' AND created_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-30 days'))
       LIMIT 50`,
    )
    .all<{ id: number; key: string }>();
  for (const { id, key } of results) {
    await bucket.delete(key);
    await db.batch([
      db.prepare("DELETE FROM number_import_rows WHERE import_id = ?").bind(id),
      db.prepare("DELETE FROM number_imports WHERE id = ?").bind(id),
    ]);
  }
  if (results.length > 0) console.log(`[cleanup] abandoned imports=${results.length}`);
}
