import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createCarrier } from "../src/carriers";
import { sandboxWebhookSignature } from "../src/carriers/sandbox";
import { createDb } from "../src/db/client";
import { runCarrierCheck } from "../src/lib/carrier-sync";
import { carrierCatchesUp } from "./carrier-work";
import { advanceClock, type Client, json, signedIn } from "./helpers";

/** Issue 23 items 2–3 and issue 24 §2–3: carrier work happens once, carries the PIN, and moves by itself. */

type Order = { id: number; status: string; carrier_order_id: string | null; items: { e164: string; status: string }[] };
type Port = { id: number; status: string; events: { type: string; to_status: string | null }[] };
type Invalid = { message: string; errors: Record<string, string[]> };

let serial = 0;
/** Landline numbers (exchanges 500–899) nobody else's test uses. */
function landline(): string {
  serial += 1;
  return `+1617${750 + (serial % 50)}${String((Date.now() + serial * 37) % 10_000).padStart(4, "0")}`;
}

const portBody = (numbers: string[], overrides: Record<string, unknown> = {}) => ({
  numbers,
  entity_name: "Lakeside Logistics LLC",
  authorized_person: "Marcus Bell",
  billing_telephone_number: "312-555-0187",
  account_number: "ACC-12345",
  pin: "2345",
  service_address: {
    house_number: "455",
    street_name: "N Cityfront Plaza",
    street_suffix: "Dr",
    city: "Chicago",
    state: "IL",
    postal_code: "60611",
    country: "US",
  },
  partial: false,
  ...overrides,
});

async function reservedOrder(client: Client, areaCode: string): Promise<{ id: number; e164: string }> {
  const draft = await json<Order>(
    await client.post("/api/number-orders", { country: "US", type: "local", area_code: areaCode, quantity: 3 }),
  );
  const offered = await json<{ data: { e164: string }[] }>(await client.get(`/api/number-orders/${draft.id}/available`));
  const e164 = offered.data[0]?.e164 as string;
  const reserved = await client.post(`/api/number-orders/${draft.id}/reservation`, { numbers: [e164] });
  expect(reserved.status).toBe(200);
  return { id: draft.id, e164 };
}

async function query<T>(sql: string, ...values: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(sql)
      .bind(...values)
      .all<T>()
  ).results;
}

describe("carrier work happens once", { timeout: 30_000 }, () => {
  it("8 parallel submits of one number order place it once at the carrier", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const { id, e164 } = await reservedOrder(member, "512");
    const answers = await Promise.all(Array.from({ length: 8 }, () => member.post(`/api/number-orders/${id}/submit`)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    const order = await json<Order>(await member.get(`/api/number-orders/${id}`));
    expect(order.status).toBe("submitted");
    expect(order.items).toMatchObject([{ e164, status: "pending" }]);
    // One carrier order, the one the order records, under one idempotency key.
    const held = await query<{ order_id: string }>("SELECT order_id FROM carrier_sandbox_numbers WHERE e164 = ?", e164);
    expect(held).toEqual([{ order_id: order.carrier_order_id }]);
    expect(
      await query("SELECT request_key FROM carrier_sandbox_requests WHERE request_key LIKE ?", `order:amp-number-order-${id}-%`),
    ).toHaveLength(1);
    const logged = await query("SELECT id FROM activity_log WHERE action = 'number_orders.submitted' AND subject_id = ?", id);
    expect(logged).toHaveLength(1);
  });

  it("the same idempotency key at the carrier answers the first order again, never a second one", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const { id, e164 } = await reservedOrder(member, "702");
    const [row] = await query<{ reservation_id: string }>("SELECT reservation_id FROM number_orders WHERE id = ?", id);
    const carrier = createCarrier(env, createDb(env.DB));
    const key = `amp-number-order-${id}-${row?.reservation_id}`;
    const first = await carrier.order(row?.reservation_id as string, [e164], new Date(), key);
    const retry = await carrier.order(row?.reservation_id as string, [e164], new Date(), key);
    expect(retry.carrier_order_id).toBe(first.carrier_order_id);
  });

  it("6 parallel submits of one porting order file one port request; parallel syncs record each carrier step once", async () => {
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    const draft = await json<Port>(await lakeside.post("/api/porting/orders", portBody([landline()])));
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => lakeside.post(`/api/porting/orders/${draft.id}/transitions`, { to: "submitted" })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(5);
    expect(
      await query("SELECT request_key FROM carrier_sandbox_requests WHERE request_key LIKE ?", `port:amp-porting-order-${draft.id}-%`),
    ).toHaveLength(1);
    advanceClock(2_100);
    const db = createDb(env.DB);
    const carrier = createCarrier(env, db);
    await Promise.all(Array.from({ length: 5 }, () => runCarrierCheck(env, db, carrier, { kind: "porting_order", id: draft.id })));
    const done = await json<Port>(await lakeside.get(`/api/porting/orders/${draft.id}`));
    expect(done.status).toBe("completed");
    expect(done.events.filter((event) => event.type === "status").map((event) => event.to_status)).toEqual([
      "submitted",
      "foc_confirmed",
      "completed",
    ]);
    const logged = await query(
      "SELECT action FROM activity_log WHERE subject_type = 'porting_order' AND subject_id = ? AND actor_id IS NULL",
      draft.id,
    );
    expect(logged).toHaveLength(2);
  });
});

describe("the porting PIN reaches the carrier", { timeout: 20_000 }, () => {
  it("a wireless port with a wrong PIN is refused next to the PIN field and stays a draft; the right PIN is accepted", async () => {
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    const wireless = `+1617355${String(Date.now() % 10_000).padStart(4, "0")}`;
    const draft = await json<Port>(await lakeside.post("/api/porting/orders", portBody([wireless], { pin: "4321" })));
    const refused = await lakeside.post(`/api/porting/orders/${draft.id}/transitions`, { to: "submitted" });
    expect(refused.status).toBe(422);
    expect((await json<Invalid>(refused)).errors).toEqual({ pin: ["porting.carrier.port_pin_mismatch"] });
    expect((await json<Port>(await lakeside.get(`/api/porting/orders/${draft.id}`))).status).toBe("draft");
    // Without any PIN: refused too.
    const noPin = await json<Port>(await lakeside.post("/api/porting/orders", portBody([wireless], { pin: undefined })));
    expect((await lakeside.post(`/api/porting/orders/${noPin.id}/transitions`, { to: "submitted" })).status).toBe(422);
    // The stored PIN, decrypted, is what the carrier checks: the account's last four digits.
    await lakeside.put(`/api/porting/orders/${draft.id}`, portBody([wireless], { pin: "2345" }));
    const accepted = await lakeside.post(`/api/porting/orders/${draft.id}/transitions`, { to: "submitted" });
    expect(accepted.status).toBe(200);
  });
});

async function webhook(body: string, headers: Record<string, string>, carrier = "sandbox"): Promise<Response> {
  return exports.default.fetch(
    new Request(`http://localhost/api/webhooks/${carrier}`, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", ...headers },
    }),
  );
}

async function signed(body: string, secret = "test-webhook-secret", at = Math.floor(Date.now() / 1000)): Promise<Record<string, string>> {
  const timestamp = String(at);
  return { "amp-sandbox-timestamp": timestamp, "amp-sandbox-signature": await sandboxWebhookSignature(secret, timestamp, body) };
}

describe("carrier work advances by itself", { timeout: 30_000 }, () => {
  it("no GET moves a port; the reconciler does", async () => {
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    const draft = await json<Port>(await lakeside.post("/api/porting/orders", portBody([landline()])));
    await lakeside.post(`/api/porting/orders/${draft.id}/transitions`, { to: "submitted" });
    advanceClock(2_100);
    // The queue consumer may have moved it by now; a GET alone never does: stop the carrier's answer and read.
    const before = await query<{ status: string }>("SELECT status FROM porting_orders WHERE id = ?", draft.id);
    const read = await json<Port>(await lakeside.get(`/api/porting/orders/${draft.id}`));
    expect(read.status).toBe(before[0]?.status);
    await carrierCatchesUp();
    expect((await json<Port>(await lakeside.get(`/api/porting/orders/${draft.id}`))).status).toBe("completed");
  });

  it("a signed webhook is recorded once and moves the order it names; tampered, stale or foreign ones are refused", async () => {
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    const draft = await json<Port>(await lakeside.post("/api/porting/orders", portBody([landline()])));
    await lakeside.post(`/api/porting/orders/${draft.id}/transitions`, { to: "submitted" });
    const [row] = await query<{ carrier_port_id: string }>("SELECT carrier_port_id FROM porting_orders WHERE id = ?", draft.id);
    advanceClock(2_100);
    const body = JSON.stringify({
      id: `evt-${draft.id}`,
      type: "porting_order.status_changed",
      occurred_at: new Date().toISOString(),
      data: { carrier_port_id: row?.carrier_port_id },
    });
    const headers = await signed(body);

    expect((await webhook(`${body} `, headers)).status).toBe(401);
    expect((await webhook(body, await signed(body, "not-the-secret"))).status).toBe(401);
    expect((await webhook(body, await signed(body, undefined, Math.floor(Date.now() / 1000) - 600))).status).toBe(401);
    expect((await webhook(body, {})).status).toBe(401);
    expect((await webhook(body, headers, "telnyx")).status).toBe(404);

    const first = await webhook(body, headers);
    expect(first.status).toBe(200);
    expect(await json(first)).toEqual({ recorded: 1, duplicates: 0 });
    const again = await webhook(body, headers);
    expect(await json(again)).toEqual({ recorded: 0, duplicates: 1 });
    expect(await query("SELECT id FROM carrier_events WHERE event_id = ?", `evt-${draft.id}`)).toHaveLength(1);

    let status = "";
    for (let attempt = 0; attempt < 40 && status !== "completed"; attempt++) {
      status = (await json<Port>(await lakeside.get(`/api/porting/orders/${draft.id}`))).status;
      // The webhook enqueued a check: the queue consumer runs it in real time.
      if (status !== "completed") await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe("completed");
  });
});

describe("a port the carrier split into several orders (issue 24)", () => {
  it("an event about one part finds the AMP order whose carrier id lists it, and nothing else", async () => {
    const { receiveWebhook } = await import("../src/lib/carrier-sync");
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    const draft = await json<Port>(await lakeside.post("/api/porting/orders", portBody([landline()])));
    const unique = `split-${draft.id}-${Date.now()}`;
    // Telnyx keeps one order per losing carrier; AMP's order lists them (carriers/telnyx.ts PORT_ID_SEPARATOR).
    await env.DB.prepare("UPDATE porting_orders SET carrier_port_id = ? WHERE id = ?").bind(`${unique}-a,${unique}-b`, draft.id).run();
    const db = createDb(env.DB);
    const checks: unknown[] = [];
    const queue = { send: async (body: unknown) => void checks.push(body) } as unknown as Queue<never>;
    const eventsFor = (ids: string[]) => ({
      name: "sandbox",
      parseWebhook: async () =>
        ids.map((id, index) => ({
          event_id: `${unique}-event-${id}-${index}`,
          event_type: "porting_order.status_changed",
          occurred_at: new Date().toISOString(),
          subject: { kind: "porting_order" as const, carrier_port_id: id },
        })),
    });
    const request = { body: "{}", headers: new Headers() };
    const receive = (ids: string[]) =>
      receiveWebhook({ ...env, CARRIER_QUEUE: queue } as never, db, eventsFor(ids) as never, request as never);

    expect(await receive([`${unique}-b`, `${unique}-a`, `${unique}-a,${unique}-b`])).toEqual({ recorded: 3, duplicates: 0 });
    expect(checks).toEqual([
      { kind: "porting_order", id: draft.id },
      { kind: "porting_order", id: draft.id },
      { kind: "porting_order", id: draft.id },
    ]);
    // A prefix of a part's id, or an id with a separator of its own, is no part of the order.
    checks.length = 0;
    expect(await receive([unique, `${unique}-`, `${unique}-b,x`])).toEqual({ recorded: 3, duplicates: 0 });
    expect(checks).toEqual([]);
    const unmatched = await query<{ error: string }>("SELECT error FROM carrier_events WHERE instr(event_id, ?) = 1", `${unique}-event-`);
    expect(unmatched.map((row) => row.error)).toContain("no_matching_order");
  });
});
