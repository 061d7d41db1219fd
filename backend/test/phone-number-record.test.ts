import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { carrierCatchesUp } from "./carrier-work";
import { advanceClock, type Client, json, signedIn } from "./helpers";

type Person = { id: number; name: string } | null;
type NumberRecord = {
  number: { id: number; e164: string; status: string; organization_id: number | null; label: string | null };
  e911_address: { id: number; street: string; city: string; validation_status: string } | null;
  origins: { kind: string; at: string; by: Person; source_id: number }[];
  orders: { id: number; status: string; item_status: string; created_by: Person }[];
  porting_orders: { id: number; status: string; created_by: Person }[];
  events: { action: string; actor: Person }[];
};

/** Orders one number in `areaCode` and moves the clock on until it is in the inventory; returns the order id and the number's id. */
async function orderedNumber(client: Client, areaCode: string): Promise<{ orderId: number; numberId: number; e164: string }> {
  const draft = await json<{ id: number }>(await client.post("/api/number-orders", { area_code: areaCode, quantity: 1 }));
  const offered = await json<{ data: { e164: string }[] }>(await client.get(`/api/number-orders/${draft.id}/available`));
  await client.post(`/api/number-orders/${draft.id}/reservation`, { numbers: offered.data.map((number) => number.e164) });
  await client.post(`/api/number-orders/${draft.id}/submit`);
  for (let attempt = 0; attempt < 20; attempt++) {
    const order = await json<{ status: string; items: { e164: string; phone_number_id: number | null }[] }>(
      await client.get(`/api/number-orders/${draft.id}`),
    );
    const [item] = order.items;
    if (order.status === "completed" && item?.phone_number_id)
      return { orderId: draft.id, numberId: item.phone_number_id, e164: item.e164 };
    advanceClock(250);
    await carrierCatchesUp();
  }
  throw new Error("order never completed");
}

async function record(client: Client, id: number): Promise<NumberRecord> {
  const response = await client.get(`/api/phone-numbers/${id}/record`);
  expect(response.status).toBe(200);
  return json<NumberRecord>(response);
}

describe("a number's record", () => {
  it("tells where an ordered number came from, by whom, and what was done to it since", async () => {
    const northwind = await signedIn("orgadmin@northwind.test");
    const { orderId, numberId, e164 } = await orderedNumber(northwind, "704");
    const first = await record(northwind, numberId);
    expect(first.number).toMatchObject({ id: numberId, e164, status: "in_service", organization_id: 2 });
    expect(first.origins).toEqual([{ kind: "ordered", at: expect.any(String), by: { id: 9, name: "Priya Raman" }, source_id: orderId }]);
    expect(first.orders).toEqual([
      expect.objectContaining({ id: orderId, status: "completed", item_status: "complete", created_by: { id: 9, name: "Priya Raman" } }),
    ]);
    expect(first.porting_orders).toEqual([]);
    expect(first.e911_address).toBeNull();

    expect((await northwind.put(`/api/phone-numbers/${numberId}`, { label: "Reception" })).status).toBe(200);
    const daniel = await signedIn("daniel.kim@northwind.test");
    expect((await daniel.post(`/api/phone-numbers/${numberId}/release`)).status).toBe(200);
    const after = await record(northwind, numberId);
    expect(after.number.status).toBe("disconnected");
    expect(after.events.map((entry) => [entry.action, entry.actor?.name])).toEqual([
      ["phone_numbers.updated", "Priya Raman"],
      ["phone_numbers.released", "Daniel Kim"],
    ]);
  });

  it("lists the porting orders of the caller's organization that carried the number, and its E911 address", async () => {
    const northwind = await signedIn("orgadmin@northwind.test");
    const { numberId, e164 } = await orderedNumber(northwind, "602");
    const completed = "2026-11-20T10:00:00.000Z";
    await env.DB.prepare(
      "INSERT INTO porting_orders (organization_id, status, created_by, numbers, completed_at) VALUES (2, 'completed', 10, ?, ?), (3, 'completed', 13, ?, ?)",
    )
      .bind(JSON.stringify(["+12125550100", e164]), completed, JSON.stringify([e164]), completed)
      .run();
    const address = await env.DB.prepare("SELECT id, city FROM e911_addresses WHERE organization_id = 2 LIMIT 1").first<{
      id: number;
      city: string;
    }>();
    await env.DB.prepare("UPDATE phone_numbers SET e911_address_id = ? WHERE id = ?").bind(address?.id, numberId).run();

    const seen = await record(northwind, numberId);
    expect(seen.porting_orders).toEqual([expect.objectContaining({ status: "completed", created_by: { id: 10, name: "Daniel Kim" } })]);
    expect(seen.origins.map((origin) => [origin.kind, origin.by?.name])).toEqual([
      ["ported", "Daniel Kim"],
      ["ordered", "Priya Raman"],
    ]);
    expect(seen.e911_address).toMatchObject({ id: address?.id, city: address?.city });

    // Provider staff see both organizations' porting orders; another organization does not see the number at all.
    const admin = await signedIn("admin@amp.test");
    expect((await record(admin, numberId)).porting_orders).toHaveLength(2);
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    expect((await lakeside.get(`/api/phone-numbers/${numberId}/record`)).status).toBe(404);
  });
});
