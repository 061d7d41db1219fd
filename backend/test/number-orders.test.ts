import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { carrierCatchesUp } from "./carrier-work";
import { advanceClock, Client, json, signedIn } from "./helpers";

type Item = { e164: string; status: string; failure_reason: string | null; phone_number_id: number | null; monthly_cents: number };
type Order = {
  id: number;
  organization_id: number;
  status: string;
  expired: boolean;
  criteria: Record<string, unknown>;
  reservation_expires_at: string | null;
  label: string | null;
  monthly_total_cents: number;
  items: Item[];
};
type Available = { data: { e164: string }[] };
type PhoneNumber = {
  id: number;
  e164: string;
  organization_id: number | null;
  status: string;
  label: string | null;
  cnam: string | null;
  order_id: number | null;
};
type Page<T> = { data: T[]; total: number };
type Invalid = { message: string; errors: Record<string, string[]> };

async function draft(client: Client, criteria: Record<string, unknown>): Promise<Order> {
  const response = await client.post("/api/number-orders", criteria);
  expect(response.status).toBe(201);
  return json<Order>(response);
}

async function available(client: Client, id: number): Promise<string[]> {
  const response = await client.get(`/api/number-orders/${id}/available`);
  expect(response.status).toBe(200);
  return (await json<Available>(response)).data.map((number) => number.e164);
}

/** Reads the order until nothing is pending, moving the clock on (the test carrier completes after one second; GETs change nothing, the reconciler does). */
async function settled(client: Client, id: number): Promise<Order> {
  for (let attempt = 0; attempt < 20; attempt++) {
    await carrierCatchesUp();
    const order = await json<Order>(await client.get(`/api/number-orders/${id}`));
    if (order.status !== "submitted") return order;
    advanceClock(250);
  }
  throw new Error("order never settled");
}

describe("number orders: the wizard end to end", () => {
  it("orders three numbers for Northwind Dental as provider staff; they enter the inventory in service", async () => {
    const admin = await signedIn("admin@amp.test");
    const order = await draft(admin, { country: "US", type: "local", area_code: "503", features: ["sms"], quantity: 5 });
    expect(order).toMatchObject({ status: "draft", organization_id: 1, expired: false, items: [] });
    expect(order.criteria).toMatchObject({ area_code: "503", pattern_mode: "contains", quantity: 5 });

    const offered = await available(admin, order.id);
    expect(offered).toHaveLength(5);
    expect(await available(admin, order.id)).toEqual(offered);

    const chosen = offered.slice(0, 3);
    const reserved = await json<{ order: Order; unavailable: string[] }>(
      await admin.post(`/api/number-orders/${order.id}/reservation`, { numbers: chosen }),
    );
    expect(reserved.unavailable).toEqual([]);
    expect(reserved.order.items.map((item) => [item.e164, item.status])).toEqual([...chosen].sort().map((e164) => [e164, "reserved"]));
    expect(reserved.order.monthly_total_cents).toBe(300);
    expect(Date.parse(reserved.order.reservation_expires_at as string) - Date.now()).toBeGreaterThan(29 * 60_000);
    // The draft's own reservation is still listed for it.
    expect(await available(admin, order.id)).toEqual(expect.arrayContaining(chosen));

    const reviewed = await admin.put(`/api/number-orders/${order.id}`, {
      organization_id: 2,
      label: "Front desk",
      e911_note: "1200 NW Everett St",
    });
    expect(reviewed.status).toBe(200);
    expect(await json<Order>(reviewed)).toMatchObject({ organization_id: 2, label: "Front desk" });

    const submitted = await json<Order>(await admin.post(`/api/number-orders/${order.id}/submit`));
    expect(submitted.status).toBe("submitted");
    expect(submitted.items.every((item) => item.status === "pending")).toBe(true);
    // Nothing is in the inventory while pending.
    const before = await json<Page<PhoneNumber>>(await admin.get(`/api/phone-numbers?search=${encodeURIComponent(chosen[0] as string)}`));
    expect(before.total).toBe(0);

    const done = await settled(admin, order.id);
    expect(done.status).toBe("completed");
    expect(done.items.every((item) => item.status === "complete" && item.phone_number_id !== null)).toBe(true);

    const member = await signedIn("orgadmin@northwind.test");
    const digits = (chosen[0] as string).slice(2);
    const formatted = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
    for (const search of [chosen[0] as string, formatted, `${digits.slice(3, 6)} ${digits.slice(6)}`]) {
      const page = await json<Page<PhoneNumber>>(await member.get(`/api/phone-numbers?search=${encodeURIComponent(search)}`));
      expect(page.data.map((row) => row.e164)).toEqual([chosen[0]]);
      expect(page.data[0]).toMatchObject({ organization_id: 2, status: "in_service", label: "Front desk", order_id: order.id });
    }
    // Words with digits are a text search: "Front desk 0100" is no label here, and its digits find no number either.
    const worded = await json<Page<PhoneNumber>>(
      await member.get(`/api/phone-numbers?search=${encodeURIComponent(`Front desk ${digits.slice(6)}`)}`),
    );
    expect(worded.total).toBe(0);
    const logged = await env.DB.prepare(
      "SELECT action FROM activity_log WHERE subject_type = 'number_order' AND subject_id = ? ORDER BY id",
    )
      .bind(order.id)
      .all();
    expect(logged.results.map((row) => row.action)).toEqual([
      "number_orders.created",
      "number_orders.reserved",
      "number_orders.updated",
      "number_orders.submitted",
      "number_orders.settled",
    ]);
  });

  it("numbers ending in 0000 fail and are never assigned", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const failing = await draft(member, { area_code: "213", pattern: "0000", pattern_mode: "ends_with", quantity: 2 });
    const numbers = await available(member, failing.id);
    expect(numbers.every((e164) => e164.endsWith("0000"))).toBe(true);
    await member.post(`/api/number-orders/${failing.id}/reservation`, { numbers });
    await member.post(`/api/number-orders/${failing.id}/submit`);
    const done = await settled(member, failing.id);
    expect(done.status).toBe("failed");
    expect(done.items.map((item) => [item.status, item.failure_reason, item.phone_number_id])).toEqual([
      ["failed", "carrier.order_rejected", null],
      ["failed", "carrier.order_rejected", null],
    ]);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM phone_numbers WHERE e164 IN (?, ?)")
      .bind(numbers[0], numbers[1])
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it("never takes over a number that entered service elsewhere meanwhile: that item fails, the others complete", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const order = await draft(member, { area_code: "615", quantity: 2 });
    const numbers = await available(member, order.id);
    await member.post(`/api/number-orders/${order.id}/reservation`, { numbers });
    await member.post(`/api/number-orders/${order.id}/submit`);
    // The same number lands in Lakeside's inventory before the carrier completes Northwind's order.
    await env.DB.prepare("INSERT INTO phone_numbers (e164, organization_id, status, type) VALUES (?, 3, 'in_service', 'local')")
      .bind(numbers[0])
      .run();
    const done = await settled(member, order.id);
    expect(done.status).toBe("partially_failed");
    const byNumber = Object.fromEntries(done.items.map((item) => [item.e164, item]));
    expect(byNumber[numbers[0] as string]).toMatchObject({
      status: "failed",
      failure_reason: "carrier.number_unavailable",
      phone_number_id: null,
    });
    expect(byNumber[numbers[1] as string]).toMatchObject({ status: "complete" });
    const owner = await env.DB.prepare("SELECT organization_id, order_id FROM phone_numbers WHERE e164 = ?").bind(numbers[0]).first();
    expect(owner).toEqual({ organization_id: 3, order_id: null });
  });

  it("reports a number someone else reserved meanwhile instead of dropping it", async () => {
    const admin = await signedIn("provider@amp.test");
    const member = await signedIn("marcus.bell@lakeside.test");
    const criteria = { area_code: "312", quantity: 3 };
    const mine = await draft(admin, criteria);
    const theirs = await draft(member, criteria);
    const offered = await available(member, theirs.id);
    await member.post(`/api/number-orders/${theirs.id}/reservation`, { numbers: [offered[0]] });
    const response = await admin.post(`/api/number-orders/${mine.id}/reservation`, { numbers: [offered[0], offered[1]] });
    const body = await json<{ order: Order; unavailable: string[] }>(response);
    expect(body.unavailable).toEqual([offered[0]]);
    expect(body.order.items.map((item) => item.e164)).toEqual([offered[1]]);
  });

  it("an expired draft says so, with its criteria, and refuses to submit", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const order = await draft(member, { area_code: "617", quantity: 2 });
    const [first] = await available(member, order.id);
    await member.post(`/api/number-orders/${order.id}/reservation`, { numbers: [first] });
    await env.DB.prepare("UPDATE number_orders SET reservation_expires_at = '2000-01-01T00:00:00.000Z' WHERE id = ?").bind(order.id).run();
    const expired = await json<Order>(await member.get(`/api/number-orders/${order.id}`));
    expect(expired).toMatchObject({ status: "draft", expired: true });
    const refused = await member.post(`/api/number-orders/${order.id}/submit`);
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject({ message: "numbers.order_expired", criteria: { area_code: "617", quantity: 2 } });
    // Searching again with the same criteria works on the same draft.
    const again = await member.put(`/api/number-orders/${order.id}/criteria`, expired.criteria);
    expect(await json<Order>(again)).toMatchObject({ expired: false, items: [] });
  });

  it("refuses a submit without numbers and any change to a submitted order", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const order = await draft(member, { area_code: "202", quantity: 1 });
    const empty = await member.post(`/api/number-orders/${order.id}/submit`);
    expect(empty.status).toBe(422);
    expect((await json<Invalid>(empty)).errors).toEqual({ numbers: ["numbers.no_numbers"] });
    await member.post(`/api/number-orders/${order.id}/reservation`, { numbers: await available(member, order.id) });
    await member.post(`/api/number-orders/${order.id}/submit`);
    for (const response of [
      await member.post(`/api/number-orders/${order.id}/submit`),
      await member.put(`/api/number-orders/${order.id}`, { label: "x" }),
      await member.get(`/api/number-orders/${order.id}/available`),
    ]) {
      expect(response.status).toBe(409);
      expect((await json(response)).message).toBe("numbers.order_not_draft");
    }
  });
});

describe("number orders: validation and tenants", () => {
  it("validates the search criteria with translation keys", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const invalid = async (body: Record<string, unknown>) => {
      const response = await member.post("/api/number-orders", body);
      expect(response.status).toBe(422);
      return (await json<Invalid>(response)).errors;
    };
    expect(await invalid({ area_code: "12", quantity: 0 })).toEqual({
      area_code: ["validation.area_code"],
      quantity: ['validation.min|{"min":1}'],
    });
    expect(await invalid({ quantity: 101, pattern: "55-01", country: "FR" })).toMatchObject({
      quantity: ['validation.max|{"max":100}'],
      pattern: ["validation.pattern"],
      country: ["validation.in"],
    });
    expect(await invalid({ type: "toll_free", area_code: "212" })).toEqual({ area_code: ["validation.toll_free_prefix"] });
    expect(await invalid({ type: "local", npa_nxx: "800-555" })).toEqual({ npa_nxx: ["validation.geographic_prefix"] });
    expect(await invalid({ features: ["telepathy"] })).toHaveProperty(["features.0"]);
    const formatted = await draft(member, { npa_nxx: "(503) 227", state: "or", pattern: "SMILE", area_code: "" });
    expect(formatted.criteria).toMatchObject({ npa_nxx: "503227", state: "OR", pattern: "SMILE" });
    expect(formatted.criteria).not.toHaveProperty("area_code");
    const bad = await member.post(`/api/number-orders/${formatted.id}/reservation`, { numbers: ["12"] });
    expect((await json<Invalid>(bad)).errors).toEqual({ "numbers.0": ["validation.phone"] });
  });

  it("keeps drafts and numbers inside their organization (404), and members inside their own", async () => {
    const admin = await signedIn("admin@amp.test");
    const providerDraft = await draft(admin, { area_code: "206", quantity: 1 });
    const northwind = await signedIn("orgadmin@northwind.test");
    for (const path of [`/api/number-orders/${providerDraft.id}`, `/api/number-orders/${providerDraft.id}/available`]) {
      expect((await northwind.get(path)).status).toBe(404);
    }
    expect((await northwind.post(`/api/number-orders/${providerDraft.id}/submit`)).status).toBe(404);
    expect((await northwind.put(`/api/number-orders/${providerDraft.id}`, { label: "mine" })).status).toBe(404);
    expect((await northwind.post("/api/number-orders", { area_code: "206", organization_id: 3 })).status).toBe(403);
    const own = await draft(northwind, { area_code: "206", quantity: 1 });
    expect((await northwind.put(`/api/number-orders/${own.id}`, { organization_id: 3 })).status).toBe(403);

    const lakesideNumber = await env.DB.prepare("SELECT id FROM phone_numbers WHERE organization_id = 3 LIMIT 1").first<{ id: number }>();
    expect((await northwind.get(`/api/phone-numbers/${lakesideNumber?.id}`)).status).toBe(404);
    expect((await northwind.put(`/api/phone-numbers/${lakesideNumber?.id}`, { label: "x" })).status).toBe(404);
    expect((await northwind.post(`/api/phone-numbers/${lakesideNumber?.id}/release`)).status).toBe(404);
    const page = await json<Page<PhoneNumber>>(await northwind.get("/api/phone-numbers?per_page=100&organization_id=3"));
    expect(page.total).toBeGreaterThan(0);
    expect(page.data.every((row) => row.organization_id === 2)).toBe(true);

    const staff = await json<Page<PhoneNumber>>(await admin.get("/api/phone-numbers?per_page=100&organization_id=3"));
    expect(staff.data.every((row) => row.organization_id === 3)).toBe(true);
    expect((await admin.put(`/api/number-orders/${providerDraft.id}`, { organization_id: 999 })).status).toBe(422);
  });

  it("needs the keys: read for the list, order for orders and changes", async () => {
    expect((await new Client().get("/api/phone-numbers")).status).toBe(401);
    const auditor = await signedIn("auditor@amp.test");
    expect((await auditor.get("/api/phone-numbers")).status).toBe(200);
    expect((await auditor.post("/api/number-orders", { area_code: "212" })).status).toBe(403);
    expect((await auditor.put("/api/phone-numbers/1", { label: "x" })).status).toBe(403);
    const noRole = await signedIn("grace.liu@northwind.test");
    expect((await noRole.get("/api/phone-numbers")).status).toBe(403);
  });
});

describe("phone numbers: list, label and CNAM, release", () => {
  it("filters by status and type, sorts, and checks per_page", async () => {
    const admin = await signedIn("provider@amp.test");
    const available = await json<Page<PhoneNumber>>(await admin.get("/api/phone-numbers?status=available&per_page=100"));
    expect(available.total).toBe(6);
    expect(available.data.every((row) => row.organization_id === null)).toBe(true);
    const sorted = await json<Page<PhoneNumber>>(await admin.get("/api/phone-numbers?sort=e164&direction=asc&per_page=5"));
    expect(sorted.data.map((row) => row.e164)).toEqual([...sorted.data.map((row) => row.e164)].sort());
    const missing = await json<Page<PhoneNumber & { e911_address_id: number | null }>>(
      await admin.get("/api/phone-numbers?status=in_service&e911=missing&per_page=100"),
    );
    expect(missing.total).toBeGreaterThan(0);
    expect(missing.data.every((row) => row.e911_address_id === null && row.status === "in_service")).toBe(true);
    expect((await admin.get("/api/phone-numbers?per_page=7")).status).toBe(422);
    expect((await admin.get("/api/phone-numbers?status=lost")).status).toBe(422);
  });

  it("changes label and CNAM (at most 15 characters) and logs it", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const [number] = (await json<Page<PhoneNumber>>(await member.get("/api/phone-numbers?status=in_service"))).data;
    const tooLong = await member.put(`/api/phone-numbers/${number?.id}`, { cnam: "Northwind Dental Clinic" });
    expect((await json<Invalid>(tooLong)).errors).toEqual({ cnam: ['validation.too_long|{"max":15}'] });
    const symbols = await member.put(`/api/phone-numbers/${number?.id}`, { cnam: "<b>hi</b>" });
    expect((await json<Invalid>(symbols)).errors).toEqual({ cnam: ["validation.cnam"] });
    const saved = await member.put(`/api/phone-numbers/${number?.id}`, { label: " Reception ", cnam: "NORTHWIND" });
    expect(await json(saved)).toMatchObject({ label: "Reception", cnam: "NORTHWIND" });
    const cleared = await member.put(`/api/phone-numbers/${number?.id}`, { label: "" });
    expect(await json(cleared)).toMatchObject({ label: null, cnam: "NORTHWIND" });
    const log = await env.DB.prepare("SELECT COUNT(*) AS n FROM activity_log WHERE action = 'phone_numbers.updated' AND subject_id = ?")
      .bind(number?.id)
      .first<{ n: number }>();
    expect(log?.n).toBe(2);
  });

  it("releases an in-service number once", async () => {
    const member = await signedIn("marcus.bell@lakeside.test");
    const [number] = (await json<Page<PhoneNumber>>(await member.get("/api/phone-numbers?status=in_service"))).data;
    const released = await member.post(`/api/phone-numbers/${number?.id}/release`);
    expect(released.status).toBe(200);
    expect(await json(released)).toMatchObject({ status: "disconnected", organization_id: 3 });
    const again = await member.post(`/api/phone-numbers/${number?.id}/release`);
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe("numbers.not_in_service");
  });
});

describe("OpenAPI", () => {
  it("documents every phone number and number order call", async () => {
    const document = await json<{ paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } }>(
      await new Client().get("/api/openapi.json"),
    );
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/api/phone-numbers",
        "/api/phone-numbers/{id}",
        "/api/phone-numbers/{id}/release",
        "/api/number-orders",
        "/api/number-orders/{id}",
        "/api/number-orders/{id}/criteria",
        "/api/number-orders/{id}/available",
        "/api/number-orders/{id}/reservation",
        "/api/number-orders/{id}/submit",
      ]),
    );
    expect(Object.keys(document.paths["/api/number-orders/{id}"] ?? {})).toEqual(expect.arrayContaining(["get", "put"]));
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(["PhoneNumber", "NumberOrder", "AvailableNumber", "NumberSearchCriteria"]),
    );
  });
});
