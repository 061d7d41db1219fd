import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { carrierCatchesUp } from "./carrier-work";
import { advanceClock, json, signedIn } from "./helpers";

/** Issue 23 item 1: a port never takes a number that is already in the inventory (lib/inventory.ts). */

type Order = { id: number; status: string; numbers: string[]; events: { to_status: string | null; message: string | null }[] };
type Check = { results: { e164: string; portable: boolean; reason: string | null }[] };
type Invalid = { message: string; errors: Record<string, string[]> };

async function oneNumber(where: string): Promise<{ id: number; e164: string; label: string | null; organization_id: number | null }> {
  const row = await env.DB.prepare(`SELECT id, e164, label, organization_id FROM phone_numbers WHERE ${where} ORDER BY id LIMIT 1`).first<{
    id: number;
    e164: string;
    label: string | null;
    organization_id: number | null;
  }>();
  if (!row) throw new Error(`no seeded number where ${where}`);
  return row;
}

const body = (numbers: string[]) => ({
  numbers,
  entity_name: "Northwind Traders",
  authorized_person: "Priya Raman",
  billing_telephone_number: "312-555-0187",
  account_number: "ACC-12345",
  pin: "4321",
  service_address: {
    house_number: "1",
    street_name: "Main",
    street_suffix: "St",
    city: "Chicago",
    state: "IL",
    postal_code: "60611",
    country: "US",
  },
  partial: false,
});

describe("porting never takes a number already in the inventory", { timeout: 20_000 }, () => {
  it("the portability check says another organization's number and provider stock are not portable", async () => {
    const lakesideNumber = await oneNumber("organization_id = 3 AND status = 'in_service'");
    const stock = await oneNumber("organization_id IS NULL AND status = 'available'");
    const northwind = await signedIn("orgadmin@northwind.test");
    const check = await json<Check>(await northwind.post("/api/porting/check", { numbers: `${lakesideNumber.e164}\n${stock.e164}` }));
    expect(check.results).toHaveLength(2);
    for (const result of check.results) expect(result).toMatchObject({ portable: false, reason: "inventory.held" });
  });

  it("a porting order for them is refused at save time with a field message per number", async () => {
    const lakesideNumber = await oneNumber("organization_id = 3 AND status = 'in_service'");
    const stock = await oneNumber("organization_id IS NULL AND status = 'available'");
    const northwind = await signedIn("orgadmin@northwind.test");
    const refused = await northwind.post("/api/porting/orders", body(["(617) 744-1200", lakesideNumber.e164, stock.e164]));
    expect(refused.status).toBe(422);
    const errors = (await json<Invalid>(refused)).errors;
    expect(Object.keys(errors).sort()).toEqual(["numbers.1", "numbers.2"]);
    expect(errors["numbers.1"]?.[0]).toMatch(/^porting\.inventory\.held\|/);
    // Its own numbers too: a number already ours is not ported again.
    const own = await oneNumber("organization_id = 2 AND status = 'in_service'");
    expect((await northwind.post("/api/porting/orders", body([own.e164]))).status).toBe(422);
  });

  it("is refused at submit time when the number entered the inventory after the draft, and completion never reassigns it", async () => {
    const northwind = await signedIn("orgadmin@northwind.test");
    const e164 = "+16177441310";
    const draft = await json<Order>(await northwind.post("/api/porting/orders", body([e164])));
    // Meanwhile the number became Lakeside's (an order, an import…).
    await env.DB.prepare(
      "INSERT INTO phone_numbers (e164, organization_id, status, type, label, cnam) VALUES (?, 3, 'in_service', 'local', 'Lakeside front desk', 'LAKESIDE')",
    )
      .bind(e164)
      .run();
    const submit = await northwind.post(`/api/porting/orders/${draft.id}/transitions`, { to: "submitted" });
    expect(submit.status).toBe(422);
    expect((await json<Invalid>(submit)).errors["numbers.0"]?.[0]).toMatch(/^porting\.inventory\.held\|/);
    expect((await json<Order>(await northwind.get(`/api/porting/orders/${draft.id}`))).status).toBe("draft");
  });

  it("a number that enters the inventory while the port is open stays where it is when the port completes", async () => {
    const northwind = await signedIn("orgadmin@northwind.test");
    const [free, taken] = ["+16177441402", "+16177441404"];
    const draft = await json<Order>(await northwind.post("/api/porting/orders", body([free, taken])));
    expect((await northwind.post(`/api/porting/orders/${draft.id}/transitions`, { to: "submitted" })).status).toBe(200);
    await env.DB.prepare(
      "INSERT INTO phone_numbers (e164, organization_id, status, type, label, cnam) VALUES (?, 3, 'in_service', 'local', 'Lakeside lobby', 'LAKESIDE')",
    )
      .bind(taken)
      .run();
    advanceClock(2_100);
    await carrierCatchesUp();
    const done = await json<Order>(await northwind.get(`/api/porting/orders/${draft.id}`));
    expect(done.status).toBe("completed");
    expect(done.events.at(-1)?.message).toContain("inventory.kept_out");
    const rows = await env.DB.prepare(
      "SELECT e164, organization_id, label, cnam, status FROM phone_numbers WHERE e164 IN (?, ?) ORDER BY e164",
    )
      .bind(free, taken)
      .all();
    expect(rows.results).toEqual([
      { e164: free, organization_id: 2, label: null, cnam: null, status: "in_service" },
      { e164: taken, organization_id: 3, label: "Lakeside lobby", cnam: "LAKESIDE", status: "in_service" },
    ]);
  });

  it("the residential wizard refuses another organization's number as a port (the same rule)", async () => {
    const lakesideNumber = await oneNumber("organization_id = 3 AND status = 'in_service'");
    const staff = await signedIn("admin@amp.test");
    const created = await staff.post("/api/residential/drafts", {
      organization_id: 4,
      name: "Ada Lovelace",
      email: `port-rule-${Date.now()}@example.test`,
      phone: "(617) 555-0199",
      locale: "en",
    });
    expect(created.status).toBe(201);
    const draft = await json<{ id: number }>(created);
    const step = await staff.put(`/api/residential/drafts/${draft.id}/number`, { kind: "port", number: lakesideNumber.e164 });
    expect(step.status).toBe(422);
    expect((await json<Invalid>(step)).errors.number).toEqual(["residential.number_in_inventory"]);
  });

  it("an organization's own porting_in number (the residential wizard's port) may be ported by that organization only", async () => {
    const e164 = "+16177441506";
    await env.DB.prepare("INSERT INTO phone_numbers (e164, organization_id, status, type) VALUES (?, 2, 'porting_in', 'local')")
      .bind(e164)
      .run();
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    expect((await lakeside.post("/api/porting/orders", body([e164]))).status).toBe(422);
    const northwind = await signedIn("orgadmin@northwind.test");
    expect((await northwind.post("/api/porting/orders", body([e164]))).status).toBe(201);
  });
});
