import type { ExistingChoice, ImportStatus } from "../../../common/number-imports";

/** `GET /api/phone-number-imports/{id}` (docs/api.md "Phone-number imports"). */
export interface NumberImport {
  id: number;
  file_name: string;
  size: number;
  status: ImportStatus;
  created_by_name: string | null;
  columns: string[];
  ignored_columns: string[];
  rows_total: number;
  rows_valid: number;
  rows_invalid: number;
  duplicates: number;
  existing: number;
  organizations: { organization_id: number; name: string; valid: number; existing: number }[];
  validation_ms: number;
  existing_choice: ExistingChoice | null;
  committed_at: string | null;
  rows_to_commit: number;
  rows_done: number;
  created_count: number;
  updated_count: number;
  skipped_count: number;
  failed_count: number;
  last_error: string | null;
  finished_at: string | null;
  created_at: string;
  updated_at: string;
  resumable: boolean;
}

export interface NumberImportDetail extends NumberImport {
  errors: { row: number; column: string | null; message: string }[];
  /** Rows refused because another organization or the provider's stock holds the number (listed in `errors`); absent from an older backend. */
  taken?: number;
  /** The first valid rows whose number their organization already holds (`existing` counts them all); absent from an older backend. */
  existing_rows?: { row: number; number: string; number_id: number; outcome: "updated" | "skipped" | null }[];
}

export const importUrl = {
  upload: () => "/tools/import/phone_numbers",
  preview: (id: number | string) => `/tools/import/phone_numbers/${id}/step-2`,
  errors: (id: number | string) => `/tools/import/phone_numbers/${id}/errors.csv`,
  template: () => "/tools/import/phone_numbers/template.csv",
  numbers: (id: number | string) => `/tools/numbers?import=${id}`,
};

/** Elapsed and remaining time of a running import, from its commit time and the rows written so far. */
export function importTiming(job: Pick<NumberImport, "committed_at" | "finished_at" | "rows_done" | "rows_to_commit">, now: number) {
  const started = job.committed_at ? Date.parse(job.committed_at) : now;
  const end = job.finished_at ? Date.parse(job.finished_at) : now;
  const elapsedSeconds = Math.max(0, Math.round((end - started) / 1000));
  const remaining = job.rows_to_commit - job.rows_done;
  const etaSeconds = job.rows_done > 0 && remaining > 0 ? Math.round((((end - started) / job.rows_done) * remaining) / 1000) : null;
  return { elapsedSeconds, etaSeconds };
}
