import { describe, expect, it } from "vitest";
import { json, signedIn } from "./helpers";

type Lookup = {
  e164: string;
  carrier: string;
  spid: string;
  lrn: string | null;
  ported: boolean;
  ported_at: string | null;
  line_type: string;
  cnam: string | null;
  inventory: { id: number; organization_id: number | null } | null;
};
type Check = {
  results: { e164: string; portable: boolean; fast_portable: boolean; reason: string | null; losing_carrier: string | null }[];
  rejected: { input: string; reason: string }[];
  groups: { losing_carrier: string | null; total: number; portable: number }[];
};
type Invalid = { message: string; errors: Record<string, string[]> };

const lookup = (number: string) => `/api/numbers/lookup?number=${encodeURIComponent(number)}`;

describe("vendor DID lookup", () => {
  it("reads a number in any formatting and answers the sandbox's holder and porting history", async () => {
    const admin = await signedIn("admin@amp.test");
    const even = await json<Lookup>(await admin.get(lookup("(415) 555-2670")));
    expect(even).toMatchObject({ e164: "+14155552670", carrier: "Sandbox Telco", spid: "991A", ported: false, ported_at: null });
    // CNAM: a local line's city (and state when both fit 15 characters); none for toll-free.
    expect(even.cnam).toBe("SAN FRANCISCO");
    expect(even.lrn).toBe("+14155550000");
    const odd = await json<Lookup>(await admin.get(lookup("+1 415.555.2671")));
    expect(odd).toMatchObject({ e164: "+14155552671", carrier: "Demo Cable Voice", ported: true, lrn: "+14159902671" });
    expect(odd.ported_at).toMatch(/^20(1\d|2[0-4])-\d\d-\d\d$/);
    const tollFree = await json<Lookup>(await admin.get(lookup("800-555-0100")));
    expect(tollFree).toMatchObject({ line_type: "toll_free", lrn: null, ported: false, cnam: null });
    expect(tollFree.inventory).toBeNull();
  });

  it("links a number of our inventory", async () => {
    const support = await signedIn("support@amp.test");
    // Seeded number 1 belongs to Northwind (503 block).
    const staff = await json<Lookup>(await support.get(lookup("503 555 1007")));
    expect(staff.inventory).toMatchObject({ id: 1, organization_id: 2 });
  });

  it("refuses text that is not a NANP number with a translated field message", async () => {
    const admin = await signedIn("admin@amp.test");
    for (const [input, reason] of [
      ["hello", "not_a_number"],
      ["212555", "too_short"],
      ["+44 20 7946 0958", "not_nanp"],
      ["212 555 01000", "too_long"],
      ["(212) 123-4567", "invalid"],
    ]) {
      const response = await admin.get(lookup(input));
      expect(response.status, input).toBe(422);
      expect((await json<Invalid>(response)).errors.number).toEqual([`lookup.unparseable.${reason}`]);
    }
  });

  it("needs tools.vendor_did.read (organization admins do not hold it)", async () => {
    const member = await signedIn("grace.liu@northwind.test");
    expect((await member.get(lookup("2125550100"))).status).toBe(403);
    const orgAdmin = await signedIn("orgadmin@northwind.test");
    expect((await orgAdmin.get(lookup("2125550100"))).status).toBe(403);
  });
});

describe("portability check", () => {
  it("parses lines, commas and spaces, reports unparseable pieces and groups by losing carrier", async () => {
    const admin = await signedIn("admin@amp.test");
    const response = await admin.post("/api/porting/check", {
      numbers: "(212) 555-0100\n415-555-0101, 212 555 0102 212 555 0103\n+1 800 555 0100; 212-555-9999\nabc, 212 555 0100, 12",
    });
    expect(response.status).toBe(200);
    const body = await json<Check>(response);
    expect(body.results.map((result) => result.e164)).toEqual([
      "+12125550100",
      "+14155550101",
      "+12125550102",
      "+12125550103",
      "+18005550100",
      "+12125559999",
    ]);
    expect(body.rejected).toEqual([
      { input: "abc", reason: "not_a_number" },
      { input: "212 555 0100", reason: "duplicate" },
      { input: "12", reason: "too_short" },
    ]);
    const byNumber = Object.fromEntries(body.results.map((result) => [result.e164, result]));
    expect(byNumber["+12125550100"]).toMatchObject({ portable: true, fast_portable: true, losing_carrier: "Sandbox Telco" });
    expect(byNumber["+14155550101"]).toMatchObject({ portable: true, losing_carrier: "Demo Cable Voice" });
    expect(byNumber["+18005550100"]).toMatchObject({ portable: false, reason: "carrier.port_toll_free" });
    expect(byNumber["+12125559999"]).toMatchObject({ portable: false, reason: "carrier.not_portable" });
    expect(body.groups.reduce((sum, group) => sum + group.total, 0)).toBe(6);
    expect(body.groups[0]).toMatchObject({ losing_carrier: "Demo Cable Voice", total: 3, portable: 2 });
    expect(body.groups[1]).toMatchObject({ losing_carrier: "Sandbox Telco", total: 2, portable: 2 });
  });

  it("refuses an empty list and more than 1,000 numbers", async () => {
    const admin = await signedIn("admin@amp.test");
    const empty = await admin.post("/api/porting/check", { numbers: "  " });
    expect(empty.status).toBe(422);
    expect((await json<Invalid>(empty)).errors.numbers).toEqual(["validation.required"]);
    const many = Array.from({ length: 1001 }, (_, index) => `212${String(5550000 + index).padStart(7, "0")}`).join("\n");
    const tooMany = await admin.post("/api/porting/check", { numbers: many });
    expect(tooMany.status).toBe(422);
    expect((await json<Invalid>(tooMany)).errors.numbers).toEqual(['porting.check.too_many|{"max":1000}']);
  });

  it("needs tools.porting_availability.read", async () => {
    const member = await signedIn("grace.liu@northwind.test");
    expect((await member.post("/api/porting/check", { numbers: "2125550100" })).status).toBe(403);
  });
});
