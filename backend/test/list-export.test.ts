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
