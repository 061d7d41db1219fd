import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CSV_BOM } from "../../common/csv";
import { EXPORT_BATCH } from "../src/lib/export";
import { json, query, signedIn } from "./helpers";

/** The CSV's records (no quoted line breaks in these exports); the file starts with a UTF-8 BOM. */
async function records(response: Response): Promise<string[][]> {
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
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
