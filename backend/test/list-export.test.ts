import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CSV_BOM } from "../../common/csv";
import { EXPORT_BATCH } from "../src/lib/export";
import { json, query, signedIn } from "./helpers";

/** The CSV's records (no quoted line breaks in these exports); the file starts with a UTF-8 BOM. */
async function records(response: Response): Promise<string[][]> {
  const text = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true }).decode(await response.arrayBuffer());
  expect(text.startsWith(CSV_BOM)).toBe(true);
  return text
    .slice(CSV_BOM.length)
    .split("\r\n")
    .filter((line) => line !== "")
    .map((line) => line.split(","));
}

describe("list exports", () => {
  it("streams every phone number the filters select, in batches, newest first, in the caller's scope", async () => {
    // More rows than one batch, so the walk crosses batches: a stock of Lakeside numbers with a label to filter on.
    const count = EXPORT_BATCH + 321;
    const values = Array.from(
      { length: count },
      (_, index) => `('+1555${String(7_000_000 + index).padStart(7, "0")}', 3, 'in_service', 'Export batch')`,
    );
    for (let start = 0; start < values.length; start += 500) {
      await env.DB.prepare(
        `INSERT INTO phone_numbers (e164, organization_id, status, label) VALUES ${values.slice(start, start + 500).join(", ")}`,
      ).run();
    }
    const admin = await signedIn("admin@amp.test");
    const response = await admin.get("/api/phone-numbers/export?organization_id=3&search=Export%20batch");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="phone-numbers.csv"');
    // Streamed: no length known in advance.
    expect(response.headers.get("content-length")).toBeNull();
    const [header, ...rows] = await records(response);
    expect(header?.[0]).toBe("e164");
    expect(rows).toHaveLength(count);
    const ids = await query<{ e164: string }>("SELECT e164 FROM phone_numbers WHERE label = 'Export batch' ORDER BY id DESC");
    expect(rows.map((row) => row[0])).toEqual(ids.map((row) => row.e164));
    expect(rows[0]?.slice(1, 4)).toEqual(["Lakeside Logistics", "in_service", "local"]);

    // The same filters as the list: the list's total is the export's row count.
    const member = await signedIn("orgadmin@northwind.test");
    const listed = await json<{ total: number }>(await member.get("/api/phone-numbers?status=in_service"));
    const exported = await records(await member.get("/api/phone-numbers/export?status=in_service&organization_id=3"));
    expect(exported.slice(1)).toHaveLength(listed.total);
    expect(exported.slice(1).every((row) => row[1] === "Northwind Dental")).toBe(true);

    const withoutKey = await signedIn("grace.liu@northwind.test");
    expect((await withoutKey.get("/api/phone-numbers/export")).status).toBe(403);
    expect((await admin.get("/api/phone-numbers/export?status=lost")).status).toBe(422);
  });
});

describe("order history export", () => {
  it("writes every placed order of the caller's scope with all its numbers and who placed it", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const draft = await json<{ id: number }>(await member.post("/api/number-orders", { area_code: "415", quantity: 4 }));
    const offered = await json<{ data: { e164: string }[] }>(await member.get(`/api/number-orders/${draft.id}/available`));
    const numbers = offered.data.map((number) => number.e164).sort();
    await member.post(`/api/number-orders/${draft.id}/reservation`, { numbers });
    await member.post(`/api/number-orders/${draft.id}/submit`);
    const unplaced = await json<{ id: number }>(await member.post("/api/number-orders", { area_code: "212", quantity: 1 }));

    const response = await member.get("/api/number-orders/export");
    expect(response.status).toBe(200);
    const [header, ...rows] = await records(response);
    expect(header?.slice(0, 5)).toEqual(["order", "status", "organization", "placed_by", "numbers"]);
    const row = rows.find((cells) => cells[0] === String(draft.id));
    // A cell starting with "+" and holding more than a number is neutralised by the CSV writer (decision 032).
    expect(row?.slice(1, 5)).toEqual(["submitted", "Northwind Dental", "Priya Raman", `'${numbers.join(" ")}`]);
    expect(rows.some((cells) => cells[0] === String(unplaced.id))).toBe(false);

    const lakeside = await signedIn("marcus.bell@lakeside.test");
    const theirs = await records(await lakeside.get("/api/number-orders/export"));
    expect(theirs.some((cells) => cells[0] === String(draft.id))).toBe(false);
  });
});

describe("administration exports", () => {
  it("the activity log names the person and the masquerader, with the list's filters and scope", async () => {
    const admin = await signedIn("admin@amp.test");
    const response = await admin.get("/api/activity-log/export?action=auth.login");
    expect(response.status).toBe(200);
    const [header, ...rows] = await records(response);
    expect(header?.slice(0, 6)).toEqual(["id", "created_at", "action", "title", "actor", "masquerader"]);
    const [{ total }] = await query<{ total: number }>("SELECT COUNT(*) AS total FROM activity_log WHERE action = 'auth.login'");
    expect(rows).toHaveLength(total);
    expect(rows.every((row) => row[2] === "auth.login" && row[3] === "Signed in")).toBe(true);
    const ids = rows.map((row) => Number(row[0]));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const member = await signedIn("orgadmin@northwind.test");
    const theirs = await records(await member.get("/api/activity-log/export"));
    const [{ own }] = await query<{ own: number }>("SELECT COUNT(*) AS own FROM activity_log WHERE organization_id = 2");
    expect(theirs.slice(1)).toHaveLength(own);
  });

  it("users with their organization and roles; a member exports their own organization only", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const [header, ...rows] = await records(await member.get("/api/users/export?organization_id=1"));
    expect(header).toEqual(["id", "name", "email", "organization", "roles", "status", "locale", "last_login_at", "created_at"]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row[3] === "Northwind Dental")).toBe(true);
    expect(rows.find((row) => row[2] === "orgadmin@northwind.test")?.[4]).toBe("Organization Admin");
    const admin = await signedIn("admin@amp.test");
    const disabled = await records(await admin.get("/api/users/export?status=disabled"));
    expect(disabled.slice(1).map((row) => row[2])).toContain("chris.doyle@amp.test");
    expect(disabled.slice(1).every((row) => row[5] === "disabled")).toBe(true);
  });
});

describe("organization and mail exports", () => {
  it("organizations with their type filter; refused without the list's key", async () => {
    const admin = await signedIn("admin@amp.test");
    const [header, ...rows] = await records(await admin.get("/api/organizations/export?type=business"));
    expect(header?.slice(0, 5)).toEqual(["id", "name", "account_number", "type", "status"]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row[3] === "business")).toBe(true);
    const withoutKey = await signedIn("grace.liu@northwind.test");
    expect((await withoutKey.get("/api/organizations/export")).status).toBe(403);
  });

  it("the mail log without bodies, with the list's filters and scope", async () => {
    const admin = await signedIn("admin@amp.test");
    const [header, ...rows] = await records(await admin.get("/api/mail-log/export"));
    expect(header).toEqual([
      "id",
      "created_at",
      "to",
      "subject",
      "template",
      "status",
      "error",
      "relay",
      "smtp_reply",
      "attempts",
      "sent_at",
    ]);
    const [{ total }] = await query<{ total: number }>("SELECT COUNT(*) AS total FROM mail_log");
    expect(rows).toHaveLength(total);
  });
});

describe("E911 export", () => {
  it("the E911 list's numbers with their addresses, and only those without E911 when asked", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const [header, ...rows] = await records(await member.get("/api/e911/export"));
    expect(header?.slice(0, 4)).toEqual(["e164", "organization", "e911_status", "validation_status"]);
    const listed = await json<{ total: number }>(await member.get("/api/e911"));
    expect(rows).toHaveLength(listed.total);
    expect(rows.every((row) => row[1] === "Northwind Dental")).toBe(true);
    const without = await records(await member.get("/api/e911/export?without_e911=1"));
    const listedWithout = await json<{ total: number }>(await member.get("/api/e911?without_e911=1"));
    expect(without.slice(1)).toHaveLength(listedWithout.total);
    expect(without.slice(1).every((row) => row[2] !== "provisioned")).toBe(true);
  });
});

describe("TTS prompts export", () => {
  it("the prompts of the caller's organization with their text, by the list's filters", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const name = `Export prompt ${Date.now()}`;
    const created = await member.post("/api/tts", {
      name,
      text: "=1+1 is not a formula here.",
      language: "en-US",
      voice: "en-us+f3",
      format: "text",
    });
    expect(created.status).toBe(201);
    const [header, ...rows] = await records(await member.get(`/api/tts/export?search=${encodeURIComponent(name)}`));
    expect(header?.slice(0, 3)).toEqual(["id", "name", "organization"]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.slice(1, 3)).toEqual([name, "Northwind Dental"]);
    // The writer neutralises a formula start (decision 032).
    expect(rows[0]?.[8]).toBe("'=1+1 is not a formula here.");
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    expect((await records(await lakeside.get(`/api/tts/export?search=${encodeURIComponent(name)}`))).slice(1)).toHaveLength(0);
  });
});

describe("porting orders export", () => {
  it("the orders of the caller's scope with their numbers, by the list's filters, never the PIN or account number", async () => {
    await env.DB.prepare(
      "INSERT INTO porting_orders (organization_id, status, created_by, numbers, entity_name, account_number) VALUES (2, 'draft', 9, ?, 'Export Dental', 'ACCT-SECRET'), (3, 'draft', 13, ?, 'Export Dental', 'ACCT-SECRET'), (2, 'cancelled', 9, ?, 'Export Dental', '')",
    )
      .bind(JSON.stringify(["+12125550190", "+12125550191"]), JSON.stringify(["+13125550190"]), JSON.stringify(["+12125550192"]))
      .run();
    const member = await signedIn("orgadmin@northwind.test");
    const response = await member.get("/api/porting/orders/export?search=Export%20Dental&status=draft");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toContain("porting-orders.csv");
    const [header, ...rows] = await records(response);
    expect(header).toEqual([
      "id",
      "organization",
      "status",
      "numbers",
      "entity_name",
      "requested_foc_date",
      "foc_date",
      "exception_reason",
      "submitted_at",
      "completed_at",
      "created_at",
    ]);
    // Several numbers in one cell are not a plain number: the writer neutralises the leading "+" (decision 032).
    expect(rows.map((row) => row.slice(1, 5))).toEqual([["Northwind Dental", "draft", "'+12125550190 +12125550191", "Export Dental"]]);
    const provider = await signedIn("provider@amp.test");
    const all = await records(await provider.get("/api/porting/orders/export?search=Export%20Dental"));
    expect(all.slice(1)).toHaveLength(3);
    expect(all.flat().join(",")).not.toContain("ACCT-SECRET");
    const auditor = await signedIn("auditor@amp.test");
    expect((await auditor.get("/api/porting/orders/export")).status).toBe(403);
  });
});
