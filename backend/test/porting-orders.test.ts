import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { carrierCatchesUp } from "./carrier-work";
import { advanceClock, json, signedIn } from "./helpers";

type Order = {
  id: number;
  organization_id: number;
  status: string;
  numbers: string[];
  pin_set: boolean;
  exception_reason: string | null;
  foc_date: string | null;
  events: { type: string; from_status: string | null; to_status: string | null; message: string | null }[];
  documents: { id: number; kind: string; content_type: string }[];
};
type Invalid = { message: string; errors: Record<string, string[]> };

let serial = 0;
/** Numbers nobody else's test uses: 617-3xx… is free in the seed and in the other tests. */
function freshNumbers(count: number): string[] {
  serial += 1;
  const base = 7_000_000 + (Date.now() % 100_000) * 10 + serial * 100;
  return Array.from({ length: count }, (_, index) => `(617) ${String(base + index * 2).slice(0, 3)}-${String(base + index * 2).slice(3)}`);
}

const draftBody = (numbers: string[], overrides: Record<string, unknown> = {}) => ({
  numbers,
  entity_name: "Lakeside Logistics LLC",
  authorized_person: "Marcus Bell",
  billing_telephone_number: "312-555-0187",
  account_number: "ACC-12345",
  pin: "4321",
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

describe("porting orders", () => {
  it("goes draft → submitted → foc_confirmed → completed and puts the numbers in service", async () => {
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    const numbers = freshNumbers(2);
    const created = await lakeside.post("/api/porting/orders", draftBody(numbers));
    expect(created.status).toBe(201);
    const draft = await json<Order>(created);
    expect(draft).toMatchObject({ status: "draft", organization_id: 3, pin_set: true });
    expect(JSON.stringify(draft)).not.toContain("4321");
    const submitted = await json<Order>(await lakeside.post(`/api/porting/orders/${draft.id}/transitions`, { to: "submitted" }));
    expect(submitted.status).toBe("submitted");
    advanceClock(2_100);
    await carrierCatchesUp();
    const done = await json<Order>(await lakeside.get(`/api/porting/orders/${draft.id}`));
    expect(done.status).toBe("completed");
    expect(done.foc_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(done.events.filter((event) => event.type === "status").map((event) => event.to_status)).toEqual([
      "submitted",
      "foc_confirmed",
      "completed",
    ]);
    const inventory = await json<{ data: { e164: string; status: string; organization_id: number }[] }>(
      await lakeside.get(`/api/phone-numbers?search=${encodeURIComponent(done.numbers[0] as string)}`),
    );
    expect(inventory.data[0]).toMatchObject({ status: "in_service", organization_id: 3 });
    // Final: no move out of completed.
    const again = await lakeside.post(`/api/porting/orders/${draft.id}/transitions`, { to: "cancelled" });
    expect(again.status).toBe(409);
    expect((await json<Invalid>(again)).message).toBe("porting.order.illegal_transition");
    const log = await json<{ data: { action: string; subject_id: number; changes: unknown }[] }>(
      await lakeside.get("/api/activity-log?per_page=20"),
    );
    const mine = log.data.filter((entry) => entry.subject_id === draft.id && entry.action.startsWith("porting_orders."));
    expect(mine.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["porting_orders.created", "porting_orders.submitted", "porting_orders.status_changed"]),
    );
    expect(JSON.stringify(log)).not.toContain("4321");
  });

  it("an account number ending in 000 stops at exception; corrected and resubmitted it completes", async () => {
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    const numbers = freshNumbers(1);
    const draft = await json<Order>(await lakeside.post("/api/porting/orders", draftBody(numbers, { account_number: "ACC-1000" })));
    await lakeside.post(`/api/porting/orders/${draft.id}/transitions`, { to: "submitted" });
    advanceClock(1_100);
    await carrierCatchesUp();
    const exception = await json<Order>(await lakeside.get(`/api/porting/orders/${draft.id}`));
    expect(exception).toMatchObject({ status: "exception", exception_reason: "carrier.port_account_mismatch" });
    // Only a resubmission or a cancellation leaves an exception.
    expect((await lakeside.post(`/api/porting/orders/${draft.id}/transitions`, { to: "completed" })).status).toBe(422);
    const corrected = await lakeside.put(
      `/api/porting/orders/${draft.id}`,
      draftBody(numbers, { account_number: "ACC-1001", pin: undefined }),
    );
    expect(corrected.status).toBe(200);
    expect((await json<Order>(corrected)).pin_set).toBe(true);
    const resubmitted = await json<Order>(await lakeside.post(`/api/porting/orders/${draft.id}/transitions`, { to: "submitted" }));
    expect(resubmitted.status).toBe("submitted");
    advanceClock(2_100);
    await carrierCatchesUp();
    expect((await json<Order>(await lakeside.get(`/api/porting/orders/${draft.id}`))).status).toBe("completed");
  });

  it("the history names the person, both people during a masquerade, and the carrier for its own steps", async () => {
    type Named = { type: string; to_status: string | null; actor: { name: string } | null; masquerader: { name: string } | null };
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    const draft = await json<Order>(await lakeside.post("/api/porting/orders", draftBody(freshNumbers(1))));
    expect((await lakeside.post(`/api/porting/orders/${draft.id}/comments`, { message: "Bill attached" })).status).toBe(201);
    const admin = await signedIn("admin@amp.test");
    expect((await admin.post("/api/users/masquerade/14")).status).toBe(200);
    expect((await admin.post(`/api/porting/orders/${draft.id}/transitions`, { to: "submitted" })).status).toBe(200);
    advanceClock(2_100);
    await carrierCatchesUp();
    const events = (await json<{ events: Named[] }>(await lakeside.get(`/api/porting/orders/${draft.id}`))).events;
    expect(events.map((event) => [event.type, event.to_status, event.actor?.name ?? null, event.masquerader?.name ?? null])).toEqual([
      ["comment", null, "Marcus Bell", null],
      ["status", "submitted", "Sofia Alvarez", "Avery Collins"],
      ["status", "foc_confirmed", null, null],
      ["status", "completed", null, null],
    ]);
  });

  it("checks an order as it would be submitted without saving anything: every error at once, unportable numbers named", async () => {
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    const count = async () => (await json<{ total: number }>(await lakeside.get("/api/porting/orders"))).total;
    const before = await count();
    const [portable] = freshNumbers(1);
    const refused = await lakeside.post(
      "/api/porting/orders/validation",
      draftBody([portable as string, "800 555 0100", "(312) 555-1049"], {
        entity_name: "",
        account_number: "",
        requested_foc_date: "2030-01-05",
      }),
    );
    expect(refused.status).toBe(422);
    const { errors } = await json<Invalid>(refused);
    expect(errors).toMatchObject({
      entity_name: ["validation.required"],
      account_number: ["validation.required"],
      requested_foc_date: ["porting.order.foc_business_day"],
      "numbers.1": ['porting.order.number_toll_free|{"number":"+18005550100"}'],
    });
    // Already in the inventory (Lakeside's own seeded number).
    expect(errors["numbers.2"]?.[0]).toMatch(/^porting\.inventory\.held/);
    expect(await count()).toBe(before);

    expect((await lakeside.post("/api/porting/orders/validation", draftBody([portable as string]))).status).toBe(204);
    expect(await count()).toBe(before);
    // Another organization's order cannot be checked in its name.
    const northwind = await signedIn("orgadmin@northwind.test");
    const theirs = await json<Order>(await lakeside.post("/api/porting/orders", draftBody(freshNumbers(1))));
    expect(
      (await northwind.post("/api/porting/orders/validation", { ...draftBody([portable as string]), order_id: theirs.id })).status,
    ).toBe(404);
  });

  it("names, before submitting, each number a submission would refuse, at its index as typed (issue 25)", async () => {
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    const count = async () => (await json<{ total: number }>(await lakeside.get("/api/porting/orders"))).total;
    const before = await count();
    const [portable] = freshNumbers(1);
    const typed = [
      portable as string,
      "800 555 0100",
      portable as string,
      "(312) 555-1049",
      "hello",
      `${(portable as string).slice(0, 10)}9999`,
    ];
    const answer = await lakeside.post("/api/porting/orders/number-check", { numbers: typed });
    expect(answer.status).toBe(200);
    const { problems } = await json<{ problems: Record<string, string[]> }>(answer);
    expect(Object.keys(problems).sort()).toEqual(["numbers.1", "numbers.3", "numbers.4", "numbers.5"]);
    expect(problems["numbers.1"]).toEqual(['porting.order.number_toll_free|{"number":"+18005550100"}']);
    expect(problems["numbers.3"]?.[0]).toMatch(/^porting\.inventory\.held/);
    expect(problems["numbers.4"]?.[0]).toMatch(/^porting\.unparseable\./);
    expect(problems["numbers.5"]?.[0]).toMatch(/^porting\.order\.number_not_portable\|/);
    // Nothing saved; a clean list has no problems; the submission check still refuses the same numbers.
    expect(await count()).toBe(before);
    const clean = await lakeside.post("/api/porting/orders/number-check", { numbers: [portable as string] });
    expect(await json<{ problems: Record<string, string[]> }>(clean)).toEqual({ problems: {} });
    const refused = await lakeside.post("/api/porting/orders/validation", draftBody(typed));
    expect(refused.status).toBe(422);
    expect((await json<Invalid>(refused)).errors["numbers.1"]).toEqual(problems["numbers.1"]);
    // Checking needs the porting permission.
    const auditor = await signedIn("auditor@amp.test");
    expect((await auditor.post("/api/porting/orders/number-check", { numbers: [portable as string] })).status).toBe(403);
  });

  it("refuses illegal transitions and edits outside draft/exception", async () => {
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    const draft = await json<Order>(await lakeside.post("/api/porting/orders", draftBody(freshNumbers(1))));
    const cancelled = await json<Order>(await lakeside.post(`/api/porting/orders/${draft.id}/transitions`, { to: "cancelled" }));
    expect(cancelled.status).toBe("cancelled");
    expect((await lakeside.post(`/api/porting/orders/${draft.id}/transitions`, { to: "submitted" })).status).toBe(409);
    const edit = await lakeside.put(`/api/porting/orders/${draft.id}`, draftBody(freshNumbers(1)));
    expect(edit.status).toBe(409);
    expect((await json<Invalid>(edit)).message).toBe("porting.order.not_editable");
  });

  it("validates numbers, the submission's required fields and the FOC date", async () => {
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    const bad = await lakeside.post("/api/porting/orders", draftBody(["617 555", "hello"]));
    expect(bad.status).toBe(422);
    expect((await json<Invalid>(bad)).errors).toEqual({
      "numbers.0": ["porting.unparseable.too_short"],
      "numbers.1": ["porting.unparseable.not_a_number"],
    });
    const incomplete = await json<Order>(
      await lakeside.post("/api/porting/orders", { numbers: freshNumbers(1), requested_foc_date: "2026-11-28" }),
    );
    const refused = await lakeside.post(`/api/porting/orders/${incomplete.id}/transitions`, { to: "submitted" });
    expect(refused.status).toBe(422);
    const errors = (await json<Invalid>(refused)).errors;
    expect(errors.entity_name).toEqual(["validation.required"]);
    expect(errors.service_address).toEqual(["validation.required"]);
    // 2026-11-28 is a Saturday.
    expect(errors.requested_foc_date).toEqual(["porting.order.foc_business_day"]);
    expect((await json<Order>(await lakeside.get(`/api/porting/orders/${incomplete.id}`))).status).toBe("draft");
  });

  it("keeps other organizations' orders and documents out of reach, and checks documents by content", async () => {
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    const northwind = await signedIn("orgadmin@northwind.test");
    const draft = await json<Order>(await lakeside.post("/api/porting/orders", draftBody(freshNumbers(1))));
    const form = new FormData();
    form.set("kind", "loa");
    form.set(
      "file",
      new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a])], "loa.pdf", { type: "application/pdf" }),
    );
    const uploaded = await lakeside.fetch(`/api/porting/orders/${draft.id}/documents`, { method: "POST", body: form });
    expect(uploaded.status).toBe(201);
    const document = (await json<Order>(uploaded)).documents[0];
    expect(document).toMatchObject({ kind: "loa", content_type: "application/pdf" });
    const fake = new FormData();
    fake.set("kind", "bill");
    fake.set("file", new File(["<html>not a pdf</html>"], "bill.pdf", { type: "application/pdf" }));
    const refused = await lakeside.fetch(`/api/porting/orders/${draft.id}/documents`, { method: "POST", body: fake });
    expect(refused.status).toBe(422);
    expect((await json<Invalid>(refused)).errors.file).toEqual(["validation.file_type"]);

    const download = await lakeside.get(`/api/porting/orders/${draft.id}/documents/${document?.id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/pdf");
    expect((await northwind.get(`/api/porting/orders/${draft.id}`)).status).toBe(404);
    expect((await northwind.get(`/api/porting/orders/${draft.id}/documents/${document?.id}`)).status).toBe(404);
    expect((await northwind.post(`/api/porting/orders/${draft.id}/transitions`, { to: "cancelled" })).status).toBe(404);
    expect((await northwind.post(`/api/porting/orders/${draft.id}/comments`, { message: "hi" })).status).toBe(404);
    const staff = await signedIn("support@amp.test");
    expect((await staff.get(`/api/porting/orders/${draft.id}/documents/${document?.id}`)).status).toBe(200);
    const list = await json<{ data: Order[] }>(await northwind.get("/api/porting/orders?per_page=100"));
    expect(list.data.every((order) => order.organization_id === 2)).toBe(true);
  });

  it("searches by a number's digits in any formatting and by the entity name, within the organization", async () => {
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    const [number] = freshNumbers(1);
    const entity = `Search Target ${Date.now()}`;
    const draft = await json<Order>(await lakeside.post("/api/porting/orders", draftBody([number as string], { entity_name: entity })));
    const digits = draft.numbers[0]?.slice(2) ?? "";
    const formatted = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
    for (const search of [formatted, digits.slice(3), entity]) {
      const page = await json<{ data: Order[] }>(await lakeside.get(`/api/porting/orders?search=${encodeURIComponent(search)}`));
      expect(page.data.map((order) => order.id)).toEqual([draft.id]);
    }
    const northwind = await signedIn("orgadmin@northwind.test");
    const hidden = await json<{ data: Order[] }>(await northwind.get(`/api/porting/orders?search=${encodeURIComponent(entity)}`));
    expect(hidden.data).toEqual([]);
  });

  it("stores the PIN encrypted and never answers it", async () => {
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    const draft = await json<Order>(await lakeside.post("/api/porting/orders", draftBody(freshNumbers(1), { pin: "98765" })));
    const stored = await env.DB.prepare("SELECT pin_encrypted FROM porting_orders WHERE id = ?")
      .bind(draft.id)
      .first<{ pin_encrypted: string }>();
    expect(stored?.pin_encrypted).toMatch(/^v1:/);
    expect(stored?.pin_encrypted).not.toContain("98765");
    const list = await lakeside.get("/api/porting/orders?per_page=100");
    expect(await list.text()).not.toContain("98765");
    const activity = await env.DB.prepare("SELECT changes FROM activity_log WHERE subject_type = 'porting_order' AND subject_id = ?")
      .bind(draft.id)
      .all();
    expect(JSON.stringify(activity.results)).not.toContain("98765");
  });
});
