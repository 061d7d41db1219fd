import { describe, expect, it } from "vitest";
import { carrierCatchesUp } from "./carrier-work";
import { advanceClock, type Client, json, signedIn } from "./helpers";

type Summary = {
  id: number;
  organization_id: number;
  organization_name: string;
  status: string;
  created_by: { id: number; name: string } | null;
  numbers_count: number;
  complete_count: number;
  failed_count: number;
  numbers: { e164: string; phone_number_id: number | null }[];
};
type Page<T> = { data: T[]; total: number };
type Events = {
  created_by: { id: number; name: string } | null;
  data: { action: string; actor: { name: string } | null; masquerader?: { name: string } | null }[];
};

/** Starts, reserves and places an order of `quantity` numbers in `areaCode`; returns its id and numbers. */
async function placeOrder(client: Client, areaCode: string, quantity: number): Promise<{ id: number; numbers: string[] }> {
  const draft = await json<{ id: number }>(await client.post("/api/number-orders", { area_code: areaCode, quantity }));
  const offered = await json<{ data: { e164: string }[] }>(await client.get(`/api/number-orders/${draft.id}/available`));
  const numbers = offered.data.map((number) => number.e164);
  expect((await client.post(`/api/number-orders/${draft.id}/reservation`, { numbers })).status).toBe(200);
  expect((await client.post(`/api/number-orders/${draft.id}/submit`)).status).toBe(200);
  return { id: draft.id, numbers: [...numbers].sort() };
}

async function history(client: Client, query = ""): Promise<Page<Summary>> {
  const response = await client.get(`/api/number-orders${query}`);
  expect(response.status).toBe(200);
  return json<Page<Summary>>(response);
}

/** Moves the clock on until the carrier has settled the order (the reconciler's work, as the queue would). */
async function settle(client: Client, id: number): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    await carrierCatchesUp();
    const order = await json<{ status: string }>(await client.get(`/api/number-orders/${id}`));
    if (order.status !== "submitted") return;
    advanceClock(250);
  }
  throw new Error("order never settled");
}

describe("order history", () => {
  it("lists placed orders in the caller's scope with who started them; drafts only when asked", async () => {
    const northwind = await signedIn("orgadmin@northwind.test");
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    const admin = await signedIn("admin@amp.test");
    const ours = await placeOrder(northwind, "214", 4);
    const theirs = await placeOrder(lakeside, "305", 2);
    const draft = await json<{ id: number }>(await northwind.post("/api/number-orders", { area_code: "512", quantity: 1 }));

    const mine = await history(northwind);
    expect(mine.data.map((order) => order.id)).toContain(ours.id);
    expect(mine.data.map((order) => order.id)).not.toContain(theirs.id);
    expect(mine.data.map((order) => order.id)).not.toContain(draft.id);
    expect(mine.data.every((order) => order.organization_id === 2)).toBe(true);
    const row = mine.data.find((order) => order.id === ours.id);
    expect(row).toMatchObject({
      organization_name: "Northwind Dental",
      status: "submitted",
      created_by: { id: 9, name: "Priya Raman" },
      numbers_count: 4,
      numbers: ours.numbers.slice(0, 3).map((e164) => ({ e164, phone_number_id: null })),
    });
    // A member asking for another organization still gets their own.
    expect((await history(northwind, "?organization_id=3")).data.every((order) => order.organization_id === 2)).toBe(true);

    const all = await history(admin);
    expect(all.data.map((order) => order.id)).toEqual(expect.arrayContaining([ours.id, theirs.id]));
    expect((await history(admin, "?organization_id=3")).data.map((order) => order.id)).toEqual([theirs.id]);
    expect((await history(northwind, "?status=draft")).data.map((order) => order.id)).toEqual([draft.id]);
  });

  it("finds an order by a number in any formatting, by #id, and filters by status and creator", async () => {
    const northwind = await signedIn("orgadmin@northwind.test");
    const placed = await placeOrder(northwind, "313", 2);
    const digits = (placed.numbers[1] as string).slice(2);
    const formatted = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
    expect((await history(northwind, `?search=${encodeURIComponent(formatted)}`)).data.map((order) => order.id)).toEqual([placed.id]);
    expect((await history(northwind, `?search=${encodeURIComponent(`#${placed.id}`)}`)).data.map((order) => order.id)).toEqual([placed.id]);
    expect((await history(northwind, "?search=999999999")).total).toBe(0);
    expect((await history(northwind, "?status=failed")).data.map((order) => order.id)).not.toContain(placed.id);
    expect((await history(northwind, "?created_by=10")).data.map((order) => order.id)).not.toContain(placed.id);
    expect((await history(northwind, "?created_by=9")).data.map((order) => order.id)).toContain(placed.id);
    expect((await northwind.get("/api/number-orders?status=unknown")).status).toBe(422);
  });

  it("tells an order's events with the people who did them; another organization's order is not found", async () => {
    const northwind = await signedIn("orgadmin@northwind.test");
    const placed = await placeOrder(northwind, "702", 1);
    const events = await json<Events>(await northwind.get(`/api/number-orders/${placed.id}/events`));
    expect(events.created_by).toEqual({ id: 9, name: "Priya Raman" });
    expect(events.data.map((entry) => entry.action)).toEqual([
      "number_orders.created",
      "number_orders.reserved",
      "number_orders.submitted",
    ]);
    expect(events.data.every((entry) => entry.actor?.name === "Priya Raman")).toBe(true);

    // The carrier finishes the order later (the queue or the reconciler, no one signed in): the entry names
    // the person who placed it, not "the system".
    await settle(northwind, placed.id);
    const after = await json<Events>(await northwind.get(`/api/number-orders/${placed.id}/events`));
    expect(after.data.at(-1)).toMatchObject({ action: "number_orders.settled", actor: { name: "Priya Raman" }, masquerader: null });

    const lakeside = await signedIn("marcus.bell@lakeside.test");
    expect((await lakeside.get(`/api/number-orders/${placed.id}/events`)).status).toBe(404);
    const auditor = await signedIn("auditor@amp.test");
    expect((await auditor.get("/api/number-orders")).status).toBe(403);
  });

  it("an order placed while masquerading is finished in the names of both people", async () => {
    const admin = await signedIn("admin@amp.test");
    expect((await admin.post("/api/users/masquerade/10")).status).toBe(200);
    const placed = await placeOrder(admin, "713", 1);
    await settle(admin, placed.id);
    const events = await json<Events>(await admin.get(`/api/number-orders/${placed.id}/events`));
    const [submitted, finished] = events.data.slice(-2);
    expect(submitted).toMatchObject({
      action: "number_orders.submitted",
      actor: { name: "Daniel Kim" },
      masquerader: { name: "Avery Collins" },
    });
    expect(finished).toMatchObject({
      action: "number_orders.settled",
      actor: { name: "Daniel Kim" },
      masquerader: { name: "Avery Collins" },
    });
  });
});
