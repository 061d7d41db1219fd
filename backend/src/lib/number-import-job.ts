/**
 * Phone-number imports, step 2: the commit is a durable job on Cloudflare Queues. Committing sends one
 * message per batch of valid rows (`seq` ranges of BATCH_ROWS); the Worker's `queue` handler writes each
 * batch as ONE D1 batch (a transaction): its ledger row, the rows' outcomes, the E911 addresses, the new
 * numbers, the label/CNAM updates and the import's progress. A batch that fails is rolled back whole and
 * retried by the queue; a batch delivered twice finds its ledger row and writes nothing. After MAX_ATTEMPTS
 * the import is marked `interrupted` and can be resumed (the missing batches are sent again).
 */
import { rowErrorKey } from "../../../common/number-imports";
import { holdsNumberSql } from "./inventory";

export const BATCH_ROWS = 1000;
/** Deliveries of one batch before the import is marked interrupted (wrangler.toml max_retries = 5, plus the first). */
export const MAX_ATTEMPTS = 6;

export interface ImportBatchMessage {
  import_id: number;
  batch: number;
}

/** Sends the given batches of an import, at most 100 messages per call (the Queues limit). */
export async function enqueueBatches(queue: Queue<ImportBatchMessage>, importId: number, batches: number[]): Promise<void> {
  for (let start = 0; start < batches.length; start += 100) {
    await queue.sendBatch(batches.slice(start, start + 100).map((batch) => ({ body: { import_id: importId, batch } })));
  }
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** The statements of one batch, in the order they run inside its transaction. */
function batchStatements(
  db: D1Database,
  importId: number,
  batch: number,
  existingChoice: "skip" | "update",
  carrier: string,
): D1PreparedStatement[] {
  const from = batch * BATCH_ROWS + 1;
  const to = (batch + 1) * BATCH_ROWS;
  const range = "import_id = ?1 AND seq BETWEEN ?2 AND ?3";
  const taken = rowErrorKey("number_taken");
  // The inventory rule (lib/inventory.ts): a disconnected row holds nothing, its number is created again on it.
  const held = holdsNumberSql("number");
  return [
    // The ledger first: a batch already written fails here (primary key) and the whole transaction is void.
    db
      .prepare(`INSERT INTO number_import_batches (import_id, batch, rows) SELECT ?1, ?4, COUNT(*) FROM number_import_rows WHERE ${range}`)
      .bind(importId, from, to, batch),
    // What happens to each row, decided against the inventory as it is now (someone may have added a number since the preview).
    db
      .prepare(
        `UPDATE number_import_rows SET
           existing_id = (SELECT id FROM phone_numbers number WHERE number.e164 = number_import_rows.e164 AND ${held}),
           outcome = CASE
             WHEN NOT EXISTS (SELECT 1 FROM phone_numbers number WHERE number.e164 = number_import_rows.e164 AND ${held}) THEN 'created'
             WHEN EXISTS (SELECT 1 FROM phone_numbers number WHERE number.e164 = number_import_rows.e164 AND ${held}
                            AND number.organization_id IS number_import_rows.organization_id)
               THEN ?4
             ELSE 'failed' END,
           error = CASE
             WHEN EXISTS (SELECT 1 FROM phone_numbers number WHERE number.e164 = number_import_rows.e164 AND ${held}
                            AND number.organization_id IS NOT number_import_rows.organization_id)
               THEN ?5 END,
           error_column = CASE
             WHEN EXISTS (SELECT 1 FROM phone_numbers number WHERE number.e164 = number_import_rows.e164 AND ${held}
                            AND number.organization_id IS NOT number_import_rows.organization_id)
               THEN 'number' END
         WHERE ${range}`,
      )
      .bind(importId, from, to, existingChoice === "update" ? "updated" : "skipped", taken),
    // E911 ids are given here, above the current maximum, so the numbers can point at them in the same transaction.
    db
      .prepare(
        `UPDATE number_import_rows SET e911_address_id = base.top + ranked.position
         FROM (SELECT row_number, ROW_NUMBER() OVER (ORDER BY seq) AS position FROM number_import_rows
               WHERE ${range} AND outcome = 'created' AND e911 IS NOT NULL) ranked,
              (SELECT COALESCE(MAX(id), 0) AS top FROM e911_addresses) base
         WHERE number_import_rows.import_id = ?1 AND number_import_rows.row_number = ranked.row_number`,
      )
      .bind(importId, from, to),
    db
      .prepare(
        `INSERT INTO e911_addresses (id, organization_id, caller_name, house_number, house_number_suffix, pre_directional, street_name,
           street_suffix, post_directional, unit, city, state, postal_code, postal_code_plus4, country)
         SELECT e911_address_id, organization_id, e911 ->> '$.caller_name', e911 ->> '$.house_number', e911 ->> '$.house_number_suffix',
           e911 ->> '$.pre_directional', e911 ->> '$.street_name', e911 ->> '$.street_suffix', e911 ->> '$.post_directional',
           e911 ->> '$.unit', e911 ->> '$.city', e911 ->> '$.state', e911 ->> '$.postal_code', e911 ->> '$.postal_code_plus4',
           e911 ->> '$.country'
         FROM number_import_rows WHERE ${range} AND e911_address_id IS NOT NULL`,
      )
      .bind(importId, from, to),
    db
      .prepare(
        `INSERT INTO phone_numbers (e164, organization_id, status, type, carrier, country, label, cnam, e911_address_id, e911_status, import_id)
         SELECT e164, organization_id, 'in_service', type, ?4, country, label, cnam, e911_address_id,
           CASE WHEN e911_address_id IS NULL THEN NULL ELSE 'pending' END, ?1
         FROM number_import_rows WHERE ${range} AND outcome = 'created'
         ORDER BY seq
         ON CONFLICT (e164) DO UPDATE SET organization_id = excluded.organization_id, status = 'in_service', type = excluded.type,
           carrier = excluded.carrier, country = excluded.country, label = excluded.label, cnam = excluded.cnam,
           e911_address_id = excluded.e911_address_id, e911_status = excluded.e911_status, e911_error = NULL,
           import_id = excluded.import_id, order_id = NULL, updated_at = ${NOW}
         WHERE phone_numbers.status = 'disconnected'`,
      )
      .bind(importId, from, to, carrier),
    db
      .prepare(
        `UPDATE phone_numbers SET label = COALESCE(source.label, phone_numbers.label), cnam = COALESCE(source.cnam, phone_numbers.cnam), updated_at = ${NOW}
         FROM (SELECT existing_id, label, cnam FROM number_import_rows WHERE ${range} AND outcome = 'updated') source
         WHERE phone_numbers.id = source.existing_id`,
      )
      .bind(importId, from, to),
    db
      .prepare(
        `UPDATE number_imports SET
           batches_done = batches_done + 1,
           rows_done = rows_done + (SELECT COUNT(*) FROM number_import_rows WHERE ${range}),
           created_count = created_count + (SELECT COUNT(*) FROM number_import_rows WHERE ${range} AND outcome = 'created'),
           updated_count = updated_count + (SELECT COUNT(*) FROM number_import_rows WHERE ${range} AND outcome = 'updated'),
           skipped_count = skipped_count + (SELECT COUNT(*) FROM number_import_rows WHERE ${range} AND outcome = 'skipped'),
           failed_count = failed_count + (SELECT COUNT(*) FROM number_import_rows WHERE ${range} AND outcome = 'failed'),
           status = CASE WHEN batches_done + 1 >= batches_total THEN 'completed' ELSE 'running' END,
           finished_at = CASE WHEN batches_done + 1 >= batches_total THEN ${NOW} END,
           last_error = NULL,
           updated_at = ${NOW}
         WHERE id = ?1`,
      )
      .bind(importId, from, to),
    // The batch that completes the import writes its activity entry, in the same transaction: exactly once.
    db
      .prepare(
        `INSERT INTO activity_log (actor_id, action, subject_type, subject_id, subject_label, organization_id, changes, created_at)
         SELECT committed_by, 'number_imports.completed', 'number_import', id, file_name, organization_id,
           json_object('created', json_object('old', NULL, 'new', created_count), 'updated', json_object('old', NULL, 'new', updated_count),
             'skipped', json_object('old', NULL, 'new', skipped_count), 'failed', json_object('old', NULL, 'new', failed_count),
             'invalid', json_object('old', NULL, 'new', rows_invalid)),
           ${NOW}
         FROM number_imports WHERE id = ?1 AND status = 'completed' AND batches_done = batches_total`,
      )
      .bind(importId),
  ];
}

export type BatchResult = "written" | "already_written" | "not_running";

/** Writes one batch of an import, or nothing when it was written before. Throws when D1 fails (the batch is rolled back). */
export async function commitBatch(db: D1Database, importId: number, batch: number, carrier: string): Promise<BatchResult> {
  const job = await db
    .prepare(
      `SELECT status, existing_choice AS existingChoice, batches_total AS batchesTotal,
         EXISTS (SELECT 1 FROM number_import_batches WHERE import_id = ?1 AND batch = ?2) AS done
       FROM number_imports WHERE id = ?1`,
    )
    .bind(importId, batch)
    .first<{ status: string; existingChoice: "skip" | "update" | null; batchesTotal: number; done: number }>();
  if (job?.done) return "already_written";
  if (!job || !["queued", "running", "interrupted"].includes(job.status) || batch >= job.batchesTotal) return "not_running";
  try {
    await db.batch(batchStatements(db, importId, batch, job.existingChoice ?? "skip", carrier));
  } catch (error) {
    // Two deliveries of the same batch raced: the other one wrote it.
    if (/UNIQUE constraint failed: number_import_batches/.test(String((error as Error)?.message))) return "already_written";
    throw error;
  }
  await dropCommittedRows(db, importId);
  return "written";
}

/** Once complete, only the rows the error report and the "already in the inventory" list need are kept. */
async function dropCommittedRows(db: D1Database, importId: number): Promise<void> {
  await db
    .prepare(
      `DELETE FROM number_import_rows WHERE import_id = ?1 AND error IS NULL AND existing_id IS NULL
         AND EXISTS (SELECT 1 FROM number_imports WHERE id = ?1 AND status = 'completed')`,
    )
    .bind(importId)
    .run();
}

/** The queue consumer: each message one batch; a failure is retried with a delay, then the import is interrupted. */
export async function consumeImportBatches(
  batch: MessageBatch<ImportBatchMessage>,
  env: { DB: D1Database; CARRIER?: string },
): Promise<void> {
  for (const message of batch.messages) {
    const { import_id: importId, batch: number } = message.body;
    try {
      await commitBatch(env.DB, importId, number, env.CARRIER || "sandbox");
      message.ack();
    } catch (error) {
      console.error(`[imports] import ${importId} batch ${number} attempt ${message.attempts} failed`, error);
      if (message.attempts >= MAX_ATTEMPTS) {
        await env.DB.prepare(
          `UPDATE number_imports SET status = 'interrupted', last_error = ?2, updated_at = ${NOW} WHERE id = ?1 AND status <> 'completed'`,
        )
          .bind(importId, String((error as Error)?.message ?? error).slice(0, 500))
          .run()
          .catch(() => undefined);
        message.ack();
      } else {
        message.retry({ delaySeconds: Math.min(30, 2 ** message.attempts) });
      }
    }
  }
}

/** The batches of an import not yet in its ledger. */
export async function missingBatches(db: D1Database, importId: number, batchesTotal: number): Promise<number[]> {
  const { results } = await db
    .prepare("SELECT batch FROM number_import_batches WHERE import_id = ?")
    .bind(importId)
    .all<{ batch: number }>();
  const done = new Set(results.map((row) => row.batch));
  return Array.from({ length: batchesTotal }, (_, index) => index).filter((index) => !done.has(index));
}
