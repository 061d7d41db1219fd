import { describe, expect, it } from "vitest";
import { type Client, json, query, signedIn } from "./helpers";

type Results = {
  numbers: { id: number; e164: string; city: string | null; organization_name: string | null }[];
  users: { id: number; name: string; email: string; organization_name: string }[];
  organizations: { id: number; name: string }[];
  orders: { id: number; label: string | null; organization_name: string }[];
};

async function search(client: Client, q: string, extra = ""): Promise<Results> {
  const response = await client.get(`/api/search?q=${encodeURIComponent(q)}${extra}`);
  expect(response.status).toBe(200);
  return json<Results>(response);
}

/** Starts, reserves and places an order of one number in `areaCode`; returns its id. */
async function placeOrder(client: Client, areaCode: string, label: string): Promise<number> {
  const draft = await json<{ id: number }>(await client.post("/api/number-orders", { area_code: areaCode, quantity: 1 }));
  const offered = await json<{ data: { e164: string }[] }>(await client.get(`/api/number-orders/${draft.id}/available`));
  const numbers = offered.data.map((number) => number.e164);
  expect((await client.post(`/api/number-orders/${draft.id}/reservation`, { numbers })).status).toBe(200);
  expect((await client.put(`/api/number-orders/${draft.id}`, { label })).status).toBe(200);
  expect((await client.post(`/api/number-orders/${draft.id}/submit`)).status).toBe(200);
  return draft.id;
}

describe("find anything (GET /api/search)", () => {
  it("finds a number typed in any format", async () => {
    const admin = await signedIn("admin@amp.test");
    const [number] = await query<{ id: number; e164: string }>("SELECT id, e164 FROM phone_numbers WHERE e164 = '+15035551007'");
    expect(number).toBeDefined();
    for (const typed of ["+1 503 555 1007", "(503) 555-1007", "5035551007", "503-555-1007", "+15035551007"]) {
      const found = await search(admin, typed);
      expect(
        found.numbers.map((row) => row.id),
        typed,
      ).toEqual([number?.id]);
    }
  });

  it("finds numbers by city: the carrier's, and their E911 address's; the numbers list does too", async () => {
    const admin = await signedIn("admin@amp.test");
    const boston = await search(admin, "Boston", "&limit=20");
    expect(boston.numbers.length).toBeGreaterThan(0);
    expect(boston.numbers.every((row) => row.e164.startsWith("+1617") && row.city === "Boston")).toBe(true);
    // The Maple Street number's E911 address is in Somerville.
    const somerville = await search(admin, "somerville");
    expect(somerville.numbers.map((row) => row.e164.slice(0, 5))).toEqual(["+1617"]);

    const list = await admin.get("/api/phone-numbers?search=Chicago&per_page=25");
    expect(list.status).toBe(200);
    const page = await json<{ data: { e164: string }[]; total: number }>(list);
    expect(page.total).toBe(8);
    expect(page.data.every((row) => row.e164.startsWith("+1312"))).toBe(true);
  });

  it("a city changed on the row is found through the index (trigger of migration 0020)", async () => {
    const admin = await signedIn("admin@amp.test");
    const [stock] = await query<{ e164: string }>("SELECT e164 FROM phone_numbers WHERE e164 LIKE '+1612%' ORDER BY id LIMIT 1");
    const e164 = stock?.e164 ?? "";
    await query("UPDATE phone_numbers SET city = 'Gatineau' WHERE e164 = ?", e164);
    expect((await search(admin, "gatineau")).numbers.map((row) => row.e164)).toEqual([e164]);
    await query("UPDATE phone_numbers SET city = 'Minneapolis' WHERE e164 = ?", e164);
    expect((await search(admin, "gatineau")).numbers).toEqual([]);
  });

  it("finds users, organizations and orders by name", async () => {
    const admin = await signedIn("admin@amp.test");
    const northwind = await signedIn("orgadmin@northwind.test");
    const orderId = await placeOrder(northwind, "214", "Palette test lines");

    const found = await search(admin, "lakeside");
    expect(found.organizations.map((row) => row.name)).toEqual(["Lakeside Logistics"]);
    expect(found.users.map((row) => row.email)).toContain("marcus.bell@lakeside.test");
    expect((await search(admin, "Priya")).users.map((row) => row.name)).toEqual(["Priya Raman"]);
    expect((await search(admin, "palette test")).orders.map((row) => row.id)).toEqual([orderId]);
    expect((await search(admin, `#${orderId}`)).orders.map((row) => row.id)).toEqual([orderId]);
  });

  it("an organization admin never sees another tenant's rows, whatever organization_id says", async () => {
    const northwind = await signedIn("orgadmin@northwind.test");
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    const theirOrder = await placeOrder(lakeside, "305", "Lakeside palette order");
    for (const extra of ["", "&organization_id=3"]) {
      // Lakeside's number, user, organization and order.
      expect((await search(northwind, "(312) 555-1049", extra)).numbers).toEqual([]);
      expect((await search(northwind, "Chicago", extra)).numbers).toEqual([]);
      expect((await search(northwind, "Marcus", extra)).users).toEqual([]);
      expect((await search(northwind, "Lakeside", extra)).organizations).toEqual([]);
      expect((await search(northwind, `#${theirOrder}`, extra)).orders).toEqual([]);
      expect((await search(northwind, "palette order", extra)).orders).toEqual([]);
    }
    // Their own rows are found.
    const own = await search(northwind, "Portland");
    expect(own.numbers.length).toBeGreaterThan(0);
    expect(own.numbers.every((row) => row.organization_name === "Northwind Dental")).toBe(true);
    expect((await search(northwind, "Daniel")).users.map((row) => row.name)).toEqual(["Daniel Kim"]);
  });

  it("provider staff filtering on an organization get only that organization's rows", async () => {
    const admin = await signedIn("admin@amp.test");
    const filtered = await search(admin, "555", "&organization_id=2&limit=20");
    expect(filtered.numbers.length).toBeGreaterThan(0);
    expect(filtered.numbers.every((row) => row.organization_name === "Northwind Dental")).toBe(true);
    expect((await search(admin, "Marcus", "&organization_id=2")).users).toEqual([]);
  });

  it("leaves out the kinds the caller may not list, and refuses guests and empty searches", async () => {
    // Grace Liu holds no role: no list key at all.
    const member = await signedIn("grace.liu@northwind.test");
    expect(await search(member, "Northwind")).toEqual({ numbers: [], users: [], organizations: [], orders: [] });
    expect((await search(member, "(503) 555-1007")).numbers).toEqual([]);

    const admin = await signedIn("admin@amp.test");
    expect((await admin.get("/api/search?q=%20")).status).toBe(422);
    expect((await admin.get(`/api/search?q=${"x".repeat(101)}`)).status).toBe(422);
    await admin.post("/logout");
    expect((await admin.get("/api/search?q=Lakeside")).status).toBe(401);
  });
});
