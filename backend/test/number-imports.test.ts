import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { isFormulaLike } from "../../common/csv";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from "../../common/number-imports";
import { commitBatch } from "../src/lib/number-import-job";
import { type Client, json, signedIn } from "./helpers";

interface ImportAnswer {
  id: number;
  status: string;
  rows_total: number;
  rows_valid: number;
  rows_invalid: number;
  duplicates: number;
  existing: number;
  delimiter: string;
  encoding: string;
  columns: string[];
  ignored_columns: string[];
  organizations: { organization_id: number; name: string; valid: number; existing: number }[];
  errors: { row: number; column: string | null; message: string }[];
  taken: number;
  existing_rows: { row: number; number: string; number_id: number; outcome: "updated" | "skipped" | null }[];
  rows_done: number;
  rows_to_commit: number;
  created_count: number;
  updated_count: number;
  skipped_count: number;
  failed_count: number;
  resumable: boolean;
}

/** A block of distinct valid NANP numbers no other test uses: 2xx area codes of the table, exchange 7xx. */
let block = 0;
function numbers(count: number): string[] {
  block++;
  const exchange = 700 + block;
  return Array.from({ length: count }, (_, index) => `+1212${exchange}${String(index).padStart(4, "0")}`);
}

async function upload(
  client: Client,
  content: string | Uint8Array<ArrayBuffer>,
  options: { name?: string; organizationId?: number; paste?: boolean } = {},
) {
  const form = new FormData();
  if (options.organizationId) form.set("organization_id", String(options.organizationId));
  if (options.paste) form.set("text", String(content));
  else form.set("file", new File([content], options.name ?? "numbers.csv", { type: "text/csv" }));
  return client.fetch("/api/phone-number-imports", { method: "POST", body: form });
}

async function uploaded(
  client: Client,
  content: string | Uint8Array<ArrayBuffer>,
  options?: Parameters<typeof upload>[2],
): Promise<ImportAnswer> {
  const response = await upload(client, content, options);
  if (response.status !== 201) throw new Error(`upload → ${response.status} ${await response.text()}`);
  return json<ImportAnswer>(response);
}

async function refusal(client: Client, content: string | Uint8Array<ArrayBuffer>, options?: Parameters<typeof upload>[2]): Promise<string> {
  const response = await upload(client, content, options);
  expect(response.status).toBe(422);
  const body = await json<{ errors: Record<string, string[]> }>(response);
  return (body.errors.file ?? body.errors.text ?? body.errors.organization_id)[0];
}

async function finished(client: Client, id: number): Promise<ImportAnswer> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const current = await json<ImportAnswer>(await client.get(`/api/phone-number-imports/${id}`));
    if (current.status === "completed" || current.status === "interrupted") return current;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`import ${id} did not finish`);
}

const countNumbers = async (importId: number) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM phone_numbers WHERE import_id = ?").bind(importId).first<{ n: number }>())?.n ?? 0;

describe("phone-number imports: validation while streaming", () => {
  it("validates rows for two organizations, reports errors and duplicates, and commits on the queue", async () => {
    const admin = await signedIn("admin@amp.test");
    const [a, b, c, d] = numbers(4);
    const formatted = `(${a.slice(2, 5)}) ${a.slice(5, 8)}-${a.slice(8)}`;
    const csv = [
      "Number,Organization,Type,Label,CNAM,Notes",
      `${a},BUS-10021,local,Front desk,NORTHWIND,kept`,
      `${formatted},BUS-10021,,Duplicate,,`,
      `${b},Lakeside Logistics,,Dock,,`,
      `${c},NO-SUCH-ORG,,,,`,
      "+44 20 7946 0958,BUS-10021,,,,",
      "12345,BUS-10021,,,,",
      `${d},BUS-10021,fax,,,`,
    ].join("\n");
    const preview = await uploaded(admin, csv);
    expect(preview).toMatchObject({ status: "validated", rows_total: 7, rows_valid: 2, rows_invalid: 5, duplicates: 1, delimiter: "," });
    expect(preview.columns).toEqual(["number", "organization", "type", "label", "cnam"]);
    expect(preview.ignored_columns).toEqual(["Notes"]);
    expect(preview.errors.map((error) => [error.row, error.column, error.message])).toEqual([
      [3, "number", 'imports.row.duplicate|{"row":2}'],
      [5, "organization", "imports.row.organization_unknown"],
      [6, "number", 'imports.row.number_country|{"country":"GB"}'],
      [7, "number", "imports.row.number_invalid"],
      [8, "type", "imports.row.type_invalid"],
    ]);
    expect(preview.organizations.map((entry) => [entry.name, entry.valid]).sort()).toEqual([
      ["Lakeside Logistics", 1],
      ["Northwind Dental", 1],
    ]);

    // Invalid rows are never written, but the commit must say so.
    expect((await admin.post(`/api/phone-number-imports/${preview.id}/commit`, { existing: "skip" })).status).toBe(422);
    const queued = await admin.post(`/api/phone-number-imports/${preview.id}/commit`, { existing: "skip", skip_invalid: true });
    expect(queued.status).toBe(202);
    expect((await admin.post(`/api/phone-number-imports/${preview.id}/commit`, { skip_invalid: true })).status).toBe(409);
    const done = await finished(admin, preview.id);
    expect(done).toMatchObject({ status: "completed", rows_done: 2, rows_to_commit: 2, created_count: 2, failed_count: 0 });
    const listed = await json<{ data: { e164: string; organization_name: string; label: string; cnam: string }[] }>(
      await admin.get(`/api/phone-numbers?import=${preview.id}&sort=e164&direction=asc`),
    );
    expect(listed.data.map((number) => [number.e164, number.organization_name, number.label])).toEqual([
      [a, "Northwind Dental", "Front desk"],
      [b, "Lakeside Logistics", "Dock"],
    ]);
    const activity = await env.DB.prepare(
      "SELECT action, changes FROM activity_log WHERE subject_type = 'number_import' AND subject_id = ? ORDER BY id",
    )
      .bind(preview.id)
      .all<{ action: string; changes: string }>();
    expect(activity.results.map((row) => row.action)).toEqual([
      "number_imports.uploaded",
      "number_imports.committed",
      "number_imports.completed",
    ]);
    expect(JSON.parse(activity.results[2].changes).created.new).toBe(2);

    // The error report: the refused rows as they were, with the message in the user's language.
    const report = await admin.get(`/api/phone-number-imports/${preview.id}/errors`);
    expect(report.headers.get("Content-Type")).toContain("text/csv");
    const lines = (await report.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Number,Organization,Type,Label,CNAM,Notes,error,error_column");
    expect(lines).toHaveLength(6);
    expect(lines[1]).toBe(`${formatted},BUS-10021,,Duplicate,,,Repeated in this file: the same number as row 2.,number`);
    expect(lines[5]).toContain(`${d},BUS-10021,fax`);
  });

  it("neutralises formula cells in the error report (CSV injection), and the report imports back as it is", async () => {
    const admin = await signedIn("admin@amp.test");
    const [a, b] = numbers(2);
    const csv = [
      "number;organization;label;cnam",
      "=cmd|'/C calc'!A0;BUS-10021;x;",
      `${a};NO-SUCH-ORG;@SUM(1+1)*cmd|' /C calc'!A0;`,
      `${b};BUS-10021;-2+3;+HYPERLINK("http://evil")`,
      "-2;BUS-10021;\tx;",
    ].join("\r\n");
    const preview = await uploaded(admin, csv);
    expect(preview.rows_invalid).toBe(4);
    const text = (await (await admin.get(`/api/phone-number-imports/${preview.id}/errors`)).text()).replace(/^\uFEFF/, "");
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe("number;organization;label;cnam;error;error_column");
    expect(lines[1].startsWith("'=cmd|'/C calc'!A0;BUS-10021;x;;")).toBe(true);
    expect(lines[2].startsWith(`${a};NO-SUCH-ORG;'@SUM(1+1)*cmd|' /C calc'!A0;;`)).toBe(true);
    expect(lines[3].startsWith(`${b};BUS-10021;'-2+3;"'+HYPERLINK(""http://evil"")";`)).toBe(true);
    // A plain (negative) number stays a number; a leading tab is a formula start too.
    expect(lines[4].startsWith("-2;BUS-10021;'\tx;;")).toBe(true);
    // No line of the report starts a cell with a formula character.
    for (const line of lines) for (const cell of line.split(";")) expect(isFormulaLike(cell.replace(/^"/, ""))).toBe(false);

    // Fixed and imported again, the cells read as they were typed, without the added quote.
    const fixed = await uploaded(admin, text.replace("NO-SUCH-ORG", "BUS-10021"));
    const stored = await env.DB.prepare("SELECT row_number, label, error FROM number_import_rows WHERE import_id = ? ORDER BY row_number")
      .bind(fixed.id)
      .all<{ row_number: number; label: string | null; error: string | null }>();
    expect(stored.results.find((row) => row.row_number === 3)).toMatchObject({ label: "@SUM(1+1)*cmd|' /C calc'!A0", error: null });
  });

  it("reads semicolons with a BOM, tabs, quoted commas and line breaks, mixed line endings and Windows-1252", async () => {
    const admin = await signedIn("admin@amp.test");
    const [a, b, c, d, e, f] = numbers(6);
    const semicolons = await uploaded(
      admin,
      `\uFEFFnumber;organization;label;notes\r\n${a};BUS-10021;"Desk; 2nd floor";\r\n${b};BUS-10021;Fax;"Line one\nline two"\n${c};BUS-10021;x;\r`,
    );
    expect(semicolons).toMatchObject({ delimiter: ";", rows_total: 3, rows_valid: 3, encoding: "utf-8", ignored_columns: ["notes"] });
    const stored = await env.DB.prepare("SELECT row_number, label FROM number_import_rows WHERE import_id = ? ORDER BY row_number")
      .bind(semicolons.id)
      .all();
    expect(stored.results).toEqual([
      { row_number: 2, label: "Desk; 2nd floor" },
      { row_number: 3, label: "Fax" },
      { row_number: 4, label: "x" },
    ]);

    const tabs = await uploaded(admin, `phone number\taccount\n${d}\tBUS-10021\n`);
    expect(tabs).toMatchObject({ delimiter: "\t", rows_valid: 1, columns: ["number", "organization"] });

    // Excel's plain "CSV" on Windows: Windows-1252 bytes (é = 0xE9).
    const latin = new Uint8Array([
      ...new TextEncoder().encode(`number,organization,label\n${e},BUS-10021,R`),
      0xe9,
      ...new TextEncoder().encode("ception\n"),
    ]);
    const windows = await uploaded(admin, latin);
    expect(windows).toMatchObject({ encoding: "windows-1252", rows_valid: 1 });
    const label = await env.DB.prepare("SELECT label FROM number_import_rows WHERE import_id = ?")
      .bind(windows.id)
      .first<{ label: string }>();
    expect(label?.label).toBe("Réception");

    const pasted = await uploaded(admin, `number,organization\n${f},BUS-10021`, { paste: true });
    expect(pasted).toMatchObject({ rows_valid: 1 });
  });

  it("refuses what is not a usable CSV with a clear message", async () => {
    const admin = await signedIn("admin@amp.test");
    expect(await refusal(admin, "")).toBe("imports.file.empty");
    expect(await refusal(admin, "number,label\r\n")).toBe("imports.file.header_only");
    expect(await refusal(admin, "phone_model,label\n123,x\n")).toBe("imports.file.no_number_column");
    expect(await refusal(admin, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), { name: "numbers.csv" })).toBe(
      "imports.file.spreadsheet",
    );
    expect(await refusal(admin, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 10]))).toBe("imports.file.binary");
    expect(await refusal(admin, 'number,label\n+12125550100,"never closed\n')).toMatch(/^imports\.file\.malformed/);
    const missing = await admin.fetch("/api/phone-number-imports", { method: "POST", body: new FormData() });
    expect(missing.status).toBe(422);
    expect((await admin.post("/api/phone-number-imports", { text: "number" })).status).toBe(415);
    // Nothing is left behind by a refused upload.
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM number_imports WHERE status = 'validating'").first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("enforces the size and row limits", async () => {
    const admin = await signedIn("admin@amp.test");
    // 21 MB in 21,000 rows (long values of an ignored column): the byte limit speaks before the row limit.
    const row = `+12125550100,${"x".repeat(1000)}\n`;
    const big = `number,notes\n${row.repeat(Math.ceil((IMPORT_MAX_BYTES + 1024 * 1024) / row.length))}`;
    expect(await refusal(admin, big)).toBe('imports.file.too_large|{"max":20}');
    // 300,000 rows: refused once row 200,001 is read.
    const rows = `number\n${"+12125550100\n".repeat(IMPORT_MAX_ROWS + 100_000)}`;
    expect(await refusal(admin, rows)).toBe(`imports.file.too_many_rows|{"max":${IMPORT_MAX_ROWS}}`);
  }, 120_000);

  it("keeps members to their own organization and does not let them commit", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const [a, b, c] = numbers(3);
    const preview = await uploaded(member, `number,organization\n${a},\n${b},Lakeside Logistics\n${c},Northwind Dental\n`);
    expect(preview).toMatchObject({ rows_valid: 2, rows_invalid: 1 });
    expect(preview.errors[0]).toMatchObject({ row: 3, message: "imports.row.organization_not_allowed" });
    expect(preview.organizations).toEqual([{ organization_id: 2, name: "Northwind Dental", valid: 2, existing: 0 }]);
    // The import key is provider-only: members preview, staff commit.
    expect((await member.post(`/api/phone-number-imports/${preview.id}/commit`, { skip_invalid: true })).status).toBe(403);

    // Tenant isolation: another organization's member neither sees nor lists it; staff do.
    const other = await signedIn("marcus.bell@lakeside.test");
    expect((await other.get(`/api/phone-number-imports/${preview.id}`)).status).toBe(404);
    expect((await other.get(`/api/phone-number-imports/${preview.id}/errors`)).status).toBe(404);
    const theirs = await json<{ data: { id: number }[] }>(await other.get("/api/phone-number-imports?per_page=100"));
    expect(theirs.data.map((entry) => entry.id)).not.toContain(preview.id);
    const mine = await json<{ data: { id: number; created_by_name: string }[] }>(
      await member.get("/api/phone-number-imports?per_page=100"),
    );
    expect(mine.data.map((entry) => entry.id)).toContain(preview.id);
    const admin = await signedIn("admin@amp.test");
    expect((await admin.get(`/api/phone-number-imports/${preview.id}`)).status).toBe(200);
  });

  it("splits read and import: the Support Agent previews but cannot commit or resume", async () => {
    const support = await signedIn("support@amp.test");
    const [a] = numbers(1);
    const preview = await uploaded(support, `number\n${a}\n`, { organizationId: 3 });
    expect(preview.organizations[0]).toMatchObject({ organization_id: 3, valid: 1 });
    expect((await support.post(`/api/phone-number-imports/${preview.id}/commit`, {})).status).toBe(403);
    expect((await support.post(`/api/phone-number-imports/${preview.id}/resume`)).status).toBe(403);
    // Staff rows without an organization need the form's default.
    const without = await uploaded(support, `number\n${numbers(1)[0]}\n`);
    expect(without.errors[0]).toMatchObject({ column: "organization", message: "imports.row.organization_required" });
    expect(await refusal(support, `number\n${numbers(1)[0]}\n`, { organizationId: 999999 })).toBe("validation.exists");
  });

  it("refuses uploads from read-only roles, and counts each user's uploads per hour (issue 23, item 7)", async () => {
    const auditor = await signedIn("auditor@amp.test");
    expect((await upload(auditor, `number\n${numbers(1)[0]}\n`, { organizationId: 3 })).status).toBe(403);
    expect((await upload(auditor, `number\n${numbers(1)[0]}\n`, { organizationId: 3, paste: true })).status).toBe(403);
    expect((await auditor.get("/api/phone-number-imports")).status).toBe(200);
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM number_imports WHERE created_by = 4").first<{ n: number }>();
    expect(stored?.n).toBe(0);

    const limit = env.IMPORT_UPLOADS_PER_HOUR;
    env.IMPORT_UPLOADS_PER_HOUR = "2";
    try {
      const provider = await signedIn("provider@amp.test");
      for (let index = 0; index < 2; index++) await uploaded(provider, `number\n${numbers(1)[0]}\n`, { organizationId: 3 });
      const third = await upload(provider, `number\n${numbers(1)[0]}\n`, { organizationId: 3 });
      expect(third.status).toBe(429);
      expect(Number(third.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect((await json<{ errors: Record<string, string[]> }>(third)).errors.file).toEqual(["imports.file.quota"]);
    } finally {
      env.IMPORT_UPLOADS_PER_HOUR = limit;
    }
  });

  it("skips or updates numbers already in the organization and refuses numbers another organization holds", async () => {
    const admin = await signedIn("admin@amp.test");
    const [mine, theirs, fresh] = numbers(3);
    await env.DB.batch([
      env.DB.prepare("INSERT INTO phone_numbers (e164, organization_id, status, label) VALUES (?, 2, 'in_service', 'Old label')").bind(
        mine,
      ),
      env.DB.prepare("INSERT INTO phone_numbers (e164, organization_id, status) VALUES (?, 3, 'in_service')").bind(theirs),
    ]);
    const csv = `number,organization,label,cnam\n${mine},BUS-10021,New label,NEW CNAM\n${theirs},BUS-10021,,\n${fresh},BUS-10021,,\n`;
    const preview = await uploaded(admin, csv);
    expect(preview).toMatchObject({ rows_valid: 2, existing: 1, rows_invalid: 1 });
    expect(preview.errors[0]).toMatchObject({ row: 3, message: "imports.row.number_taken" });
    await admin.post(`/api/phone-number-imports/${preview.id}/commit`, { existing: "update", skip_invalid: true });
    expect(await finished(admin, preview.id)).toMatchObject({ created_count: 1, updated_count: 1, skipped_count: 0 });
    const updated = await env.DB.prepare("SELECT label, cnam FROM phone_numbers WHERE e164 = ?").bind(mine).first();
    expect(updated).toEqual({ label: "New label", cnam: "NEW CNAM" });

    const again = await uploaded(admin, `number,organization,label\n${mine},BUS-10021,Ignored\n`);
    await admin.post(`/api/phone-number-imports/${again.id}/commit`, { existing: "skip" });
    expect(await finished(admin, again.id)).toMatchObject({ created_count: 0, skipped_count: 1 });
    expect((await env.DB.prepare("SELECT label FROM phone_numbers WHERE e164 = ?").bind(mine).first())?.label).toBe("New label");
  });

  it("counts in-file duplicates and numbers already in the inventory apart, lists exactly those rows, and reuses a disconnected number (issue 25)", async () => {
    const admin = await signedIn("admin@amp.test");
    const [mine, theirs, gone, fresh] = numbers(4);
    await env.DB.batch([
      env.DB.prepare("INSERT INTO phone_numbers (e164, organization_id, status, label) VALUES (?, 2, 'in_service', 'Kept')").bind(mine),
      env.DB.prepare("INSERT INTO phone_numbers (e164, organization_id, status) VALUES (?, 3, 'porting_in')").bind(theirs),
      // Released by another organization: nobody's any more (lib/inventory.ts), so it imports like a new number.
      env.DB.prepare(
        "INSERT INTO phone_numbers (e164, organization_id, status, label, cnam) VALUES (?, 3, 'disconnected', 'Old', 'OLD')",
      ).bind(gone),
    ]);
    const spaced = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;
    const csv = [
      "number,organization,label",
      `${mine},BUS-10021,A`, // row 2: already the organization's
      `${theirs},BUS-10021,B`, // row 3: held by another organization
      `${gone},BUS-10021,C`, // row 4: disconnected, free
      `${fresh},BUS-10021,D`, // row 5: new
      `${spaced(mine)},BUS-10021,E`, // row 6: repeats row 2 in the file
      `${fresh},BUS-10021,F`, // row 7: repeats row 5 in the file
      "",
    ].join("\n");
    const preview = await uploaded(admin, csv);
    expect(preview).toMatchObject({ rows_total: 6, rows_valid: 3, rows_invalid: 3, duplicates: 2, existing: 1, taken: 1 });
    const mineId = (await env.DB.prepare("SELECT id FROM phone_numbers WHERE e164 = ?").bind(mine).first<{ id: number }>())?.id;
    expect(preview.existing_rows).toEqual([{ row: 2, number: mine, number_id: mineId, outcome: null }]);
    expect(preview.errors.map((error) => [error.row, error.message])).toEqual([
      [3, "imports.row.number_taken"],
      [6, 'imports.row.duplicate|{"row":2}'],
      [7, 'imports.row.duplicate|{"row":5}'],
    ]);
    // The listed rows are exactly the counted ones.
    expect(preview.errors.filter((error) => error.message.startsWith("imports.row.duplicate"))).toHaveLength(preview.duplicates);
    expect(preview.errors.filter((error) => error.message === "imports.row.number_taken")).toHaveLength(preview.taken);

    await admin.post(`/api/phone-number-imports/${preview.id}/commit`, { existing: "skip", skip_invalid: true });
    const done = await finished(admin, preview.id);
    expect(done).toMatchObject({ status: "completed", created_count: 2, skipped_count: 1, updated_count: 0, failed_count: 0, taken: 1 });
    expect(done.existing_rows).toEqual([{ row: 2, number: mine, number_id: mineId, outcome: "skipped" }]);
    const reused = await env.DB.prepare("SELECT organization_id, status, label, cnam, import_id FROM phone_numbers WHERE e164 = ?")
      .bind(gone)
      .first();
    expect(reused).toEqual({ organization_id: 2, status: "in_service", label: "C", cnam: null, import_id: preview.id });
    expect((await env.DB.prepare("SELECT label FROM phone_numbers WHERE e164 = ?").bind(mine).first())?.label).toBe("Kept");
    expect(await env.DB.prepare("SELECT organization_id, status FROM phone_numbers WHERE e164 = ?").bind(theirs).first()).toEqual({
      organization_id: 3,
      status: "porting_in",
    });
  });

  it("creates the E911 addresses of the rows that have one", async () => {
    const admin = await signedIn("admin@amp.test");
    const [a, b, c] = numbers(3);
    const header =
      "number,organization,e911_caller_name,e911_house_number,e911_street_name,e911_street_suffix,e911_city,e911_state,e911_postal_code";
    const csv = `${header}\n${a},BUS-10021,Reception,100,Main,St,DENVER,co,80202\n${b},BUS-10021,,,,,,,\n${c},BUS-10021,Reception,,Main,St,DENVER,CO,80202\n`;
    const preview = await uploaded(admin, csv);
    expect(preview.errors).toEqual([{ row: 4, column: "e911_house_number", message: "imports.row.e911_incomplete" }]);
    await admin.post(`/api/phone-number-imports/${preview.id}/commit`, { skip_invalid: true });
    await finished(admin, preview.id);
    const linked = await env.DB.prepare(
      `SELECT p.e164, p.e911_status, a.city, a.state, a.organization_id FROM phone_numbers p LEFT JOIN e911_addresses a ON a.id = p.e911_address_id
       WHERE p.import_id = ? ORDER BY p.e164`,
    )
      .bind(preview.id)
      .all();
    expect(linked.results).toEqual([
      { e164: a, e911_status: "pending", city: "DENVER", state: "CO", organization_id: 2 },
      { e164: b, e911_status: null, city: null, state: null, organization_id: null },
    ]);
  });
});

describe("phone-number imports: the commit job", () => {
  /** A validated import of `count` numbers, claimed as the commit endpoint would, without queue messages. */
  async function claimed(count: number) {
    const admin = await signedIn("admin@amp.test");
    const list = numbers(count);
    const preview = await uploaded(admin, `number,organization\n${list.map((number) => `${number},BUS-10021`).join("\n")}\n`);
    await env.DB.prepare(
      "UPDATE number_imports SET status = 'queued', existing_choice = 'skip', committed_by = 1, batches_total = ?2, rows_to_commit = rows_valid WHERE id = ?1",
    )
      .bind(preview.id, Math.ceil(count / 1000))
      .run();
    return { admin, id: preview.id, list };
  }

  it("writes a batch once however often it is delivered", async () => {
    const { id } = await claimed(1500);
    expect(await commitBatch(env.DB, id, 1, "sandbox")).toBe("written");
    expect(await commitBatch(env.DB, id, 1, "sandbox")).toBe("already_written");
    expect(await countNumbers(id)).toBe(500);
    expect(await commitBatch(env.DB, id, 0, "sandbox")).toBe("written");
    expect(await commitBatch(env.DB, id, 0, "sandbox")).toBe("already_written");
    expect(await countNumbers(id)).toBe(1500);
    const job = await env.DB.prepare("SELECT status, rows_done, created_count FROM number_imports WHERE id = ?").bind(id).first();
    expect(job).toEqual({ status: "completed", rows_done: 1500, created_count: 1500 });
    const completions = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM activity_log WHERE action = 'number_imports.completed' AND subject_id = ?",
    )
      .bind(id)
      .first<{ n: number }>();
    expect(completions?.n).toBe(1);
  });

  it("leaves nothing half-written when the database fails mid-batch, and resumes", async () => {
    const { admin, id, list } = await claimed(2000);
    const poisoned = list[1500];
    await env.DB.prepare(
      `CREATE TRIGGER import_test_failure BEFORE INSERT ON phone_numbers WHEN NEW.e164 = '${poisoned}' BEGIN SELECT RAISE(ABORT, 'disk failure'); END`,
    ).run();
    try {
      expect(await commitBatch(env.DB, id, 0, "sandbox")).toBe("written");
      await expect(commitBatch(env.DB, id, 1, "sandbox")).rejects.toThrow(/disk failure/);
      // The failed batch wrote nothing: no number, no ledger row, no progress.
      expect(await countNumbers(id)).toBe(1000);
      const ledger = await env.DB.prepare("SELECT COUNT(*) AS n FROM number_import_batches WHERE import_id = ?")
        .bind(id)
        .first<{ n: number }>();
      expect(ledger?.n).toBe(1);
      expect(await env.DB.prepare("SELECT rows_done FROM number_imports WHERE id = ?").bind(id).first()).toEqual({ rows_done: 1000 });
    } finally {
      await env.DB.prepare("DROP TRIGGER import_test_failure").run();
    }
    // The queue gave up: the import is interrupted and resumable from the page.
    await env.DB.prepare("UPDATE number_imports SET status = 'interrupted', last_error = 'disk failure' WHERE id = ?").bind(id).run();
    const stopped = await json<ImportAnswer>(await admin.get(`/api/phone-number-imports/${id}`));
    expect(stopped).toMatchObject({ status: "interrupted", resumable: true });
    expect((await admin.post(`/api/phone-number-imports/${id}/resume`)).status).toBe(202);
    expect(await finished(admin, id)).toMatchObject({ status: "completed", created_count: 2000, rows_done: 2000 });
    expect(await countNumbers(id)).toBe(2000);
    expect((await admin.post(`/api/phone-number-imports/${id}/resume`)).status).toBe(409);
  });
});
