import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../src/db/client";
import { deleteExpiredDrafts } from "../src/lib/residential";
import { carrierCatchesUp } from "./carrier-work";
import { advanceClock, type Client, deliveredLink, json, query, signedIn, uniqueEmail } from "./helpers";

type Draft = {
  id: number;
  organization_id: number;
  status: "draft" | "submitting" | "completed";
  next_step: string;
  idempotency_key: string;
  number: { kind: string; e164: string } | null;
  service_address: { validation_status: string; suggestion: Record<string, unknown> | null } | null;
  failure: { part: string; reason: string } | null;
  result: {
    user_id: number;
    phone_number_id: number;
    porting_order_id: number | null;
    e911_address_id: number;
    e911_status: string;
    number_status: string;
  } | null;
};

const MAPLE = 4;

const address = (overrides: Record<string, unknown> = {}) => ({
  caller_name: "Ada Lovelace",
  house_number: "42",
  street_name: "Maple",
  street_suffix: "St",
  city: "SOMERVILLE",
  state: "MA",
  postal_code: "02143",
  postal_code_plus4: "1234",
  country: "US",
  ...overrides,
});

async function start(client: Client, email: string, organizationId: number | null = MAPLE): Promise<Draft> {
  const response = await client.post("/api/residential/drafts", {
    ...(organizationId ? { organization_id: organizationId } : {}),
    name: "Ada Lovelace",
    email,
    phone: "(617) 555-0199",
    locale: "fr",
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return json<Draft>(response);
}

/** A draft made ready to submit: service address, the given number, E911 = service address. */
async function ready(client: Client, emailOrDraft: string | Draft, number: Record<string, unknown>): Promise<Draft> {
  const draft = typeof emailOrDraft === "string" ? await start(client, emailOrDraft) : emailOrDraft;
  const addressed = await json<Draft>(await client.put(`/api/residential/drafts/${draft.id}/service-address`, address()));
  expect(addressed.service_address?.validation_status).toBe("valid");
  const numbered = await client.put(`/api/residential/drafts/${draft.id}/number`, number);
  expect(numbered.status, await numbered.clone().text()).toBe(200);
  return json<Draft>(await client.put(`/api/residential/drafts/${draft.id}/e911`, { same_as_service: true }));
}

async function stockNumber(client: Client, draftId: number, skip = 0): Promise<{ id: number; e164: string }> {
  const { data } = await json<{ data: { id: number; e164: string; organization_id: number | null }[] }>(
    await client.get(`/api/residential/drafts/${draftId}/inventory`),
  );
  const number = data[skip];
  if (!number) throw new Error("no available number");
  return number;
}

/** A number order in Maple with exactly one reserved number (ending as asked), for the "new number" choice. */
async function reservedOrder(client: Client, pattern: string): Promise<{ id: number; e164: string }> {
  const order = await json<{ id: number }>(
    await client.post("/api/number-orders", {
      organization_id: MAPLE,
      country: "US",
      type: "local",
      area_code: "617",
      pattern,
      pattern_mode: "ends_with",
      quantity: 1,
    }),
  );
  const { data } = await json<{ data: { e164: string }[] }>(await client.get(`/api/number-orders/${order.id}/available`));
  const e164 = data[0]?.e164 as string;
  const reserved = await client.post(`/api/number-orders/${order.id}/reservation`, { numbers: [e164] });
  expect(reserved.status).toBe(200);
  return { id: order.id, e164 };
}

async function submitted(client: Client, draft: Draft, key = draft.idempotency_key) {
  return client.post(`/api/residential/drafts/${draft.id}/submit`, { idempotency_key: key });
}

/** Reads the draft until `done`, letting the carrier queue's work run in between (a read moves nothing). */
async function until(client: Client, id: number, done: (draft: Draft) => boolean): Promise<Draft> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const draft = await json<Draft>(await client.get(`/api/residential/drafts/${id}`));
    if (done(draft)) return draft;
    advanceClock(250);
    await carrierCatchesUp();
  }
  throw new Error(`draft ${id} did not settle`);
}

describe("residential wizard", () => {
  it("creates the subscriber, the assigned number and the E911 record together, and invites the subscriber", async () => {
    const staff = await signedIn("admin@amp.test");
    const email = uniqueEmail("resident");
    const draft = await start(staff, email);
    expect(draft).toMatchObject({ status: "draft", next_step: "address", organization_id: MAPLE });
    const number = await stockNumber(staff, draft.id);
    const readyDraft = await ready(staff, draft, { kind: "inventory", phone_number_id: number.id });
    expect(readyDraft.next_step).toBe("review");

    const response = await submitted(staff, readyDraft);
    expect(response.status, await response.clone().text()).toBe(200);
    const done = await json<Draft>(response);
    expect(done.status).toBe("completed");
    expect(done.result).toMatchObject({
      phone_number_id: number.id,
      porting_order_id: null,
      e911_status: "provisioned",
      number_status: "in_service",
    });

    const [user] = await query<{ id: number; organization_id: number; locale: string; contact_phone: string }>(
      "SELECT * FROM users WHERE email = ?",
      email,
    );
    expect(user).toMatchObject({ id: done.result?.user_id, organization_id: MAPLE, locale: "fr", contact_phone: "+16175550199" });
    const [assigned] = await query<{ organization_id: number; status: string; label: string; e911_address_id: number }>(
      "SELECT * FROM phone_numbers WHERE id = ?",
      number.id,
    );
    expect(assigned).toMatchObject({
      organization_id: MAPLE,
      status: "in_service",
      label: "Ada Lovelace",
      e911_address_id: done.result?.e911_address_id,
    });
    expect((await deliveredLink(email)).pathname).toBe("/password-setup");

    // One activity entry per created object, each naming the wizard run.
    const rows = await query<{ action: string; changes: string }>(
      "SELECT action, changes FROM activity_log WHERE action LIKE 'residential.%' AND changes LIKE ?",
      `%"residential_draft":{"old":null,"new":${draft.id}}%`,
    );
    expect(rows.map((row) => row.action).sort()).toEqual([
      "residential.draft_created",
      "residential.e911_created",
      "residential.number_assigned",
      "residential.subscriber_created",
    ]);
  });

  it("a retry with the same idempotency key does not create a second subscriber", async () => {
    const staff = await signedIn("admin@amp.test");
    const email = uniqueEmail("retry");
    const first = await start(staff, email);
    const number = await stockNumber(staff, first.id);
    const draft = await ready(staff, first, { kind: "inventory", phone_number_id: number.id });
    const [a, b] = await Promise.all([submitted(staff, draft), submitted(staff, draft)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const again = await submitted(staff, draft);
    expect(again.status).toBe(200);
    expect((await json<Draft>(again)).status).toBe("completed");
    const users = await query<{ id: number }>("SELECT id FROM users WHERE email = ?", email);
    expect(users).toHaveLength(1);
    const invitations = await query<{ id: number }>("SELECT id FROM mail_log WHERE `to` = ? AND template = 'invitation'", email);
    expect(invitations).toHaveLength(1);
    // Another key on a submitted draft is refused, never a second run.
    const other = await submitted(staff, draft, "another-key");
    expect(other.status).toBe(409);
    expect((await json(other)).message).toBe("residential.already_submitted");
  });

  it("a failing carrier step undoes everything and says which part failed", async () => {
    const staff = await signedIn("admin@amp.test");
    const email = uniqueEmail("undone");
    // Sandbox rule: E911 provisioning fails for numbers ending in 0911 — the last carrier step.
    const order = await reservedOrder(staff, "0911");
    expect(order.e164.endsWith("0911")).toBe(true);
    const draft = await ready(staff, email, { kind: "new", number_order_id: order.id });
    const response = await submitted(staff, draft);
    expect(response.status).toBe(200);
    expect((await json<Draft>(response)).status).toBe("submitting");
    // The carrier completes the number after a second; the next read provisions E911, which fails.
    const settled = await until(staff, draft.id, (current) => current.status !== "submitting");
    expect(settled).toMatchObject({ status: "draft", failure: { part: "e911", reason: "carrier.e911_provisioning_failed" }, number: null });
    expect(settled.idempotency_key).not.toBe(draft.idempotency_key);

    expect(await query("SELECT id FROM users WHERE email = ?", email)).toHaveLength(0);
    expect(await query("SELECT id FROM phone_numbers WHERE e164 = ?", order.e164)).toHaveLength(0);
    expect(await query("SELECT e164 FROM carrier_sandbox_numbers WHERE e164 = ?", order.e164)).toHaveLength(0);
    expect(
      await query(
        "SELECT id FROM e911_addresses WHERE caller_name = 'Ada Lovelace' AND organization_id = ? AND id NOT IN (SELECT e911_address_id FROM phone_numbers WHERE e911_address_id IS NOT NULL)",
        MAPLE,
      ),
    ).toHaveLength(0);
    const [undone] = await query<{ changes: string }>(
      "SELECT changes FROM activity_log WHERE action = 'residential.submission_undone' AND subject_id = ?",
      draft.id,
    );
    expect(JSON.parse(undone?.changes ?? "{}").failed_part.new).toBe("e911");
    // The old key replays the failure; it never runs again.
    const replay = await submitted(staff, draft);
    expect(replay.status).toBe(409);
    expect(await json(replay)).toMatchObject({ message: "residential.submit_failed", failure: { part: "e911" } });
  });

  it("a new number from the carrier completes by itself, never because the draft was read (issue 24)", async () => {
    const member = await signedIn("elena.novak@maple.test");
    const email = uniqueEmail("fresh");
    const order = await reservedOrder(member, "2468");
    const draft = await ready(member, email, { kind: "new", number_order_id: order.id });
    expect((await json<Draft>(await submitted(member, draft))).status).toBe("submitting");
    // The carrier has completed the number by now; another user reads the draft, again and again.
    advanceClock(5_000);
    const staff = await signedIn("admin@amp.test");
    for (let read = 0; read < 3; read++) expect((await staff.get(`/api/residential/drafts/${draft.id}`)).status).toBe(200);
    const done = await until(member, draft.id, (current) => current.status !== "submitting");
    // Finished by the carrier queue: its activity rows name the user who submitted, with no request behind them
    // (a read that moved it on would have written the reader and the reader's address).
    const elena = await query<{ id: number }>("SELECT id FROM users WHERE email = 'elena.novak@maple.test'");
    const rows = await query<{ action: string; actor_id: number | null; ip: string | null }>(
      "SELECT action, actor_id, ip FROM activity_log WHERE action LIKE 'residential.%' AND changes LIKE ? ORDER BY id",
      `%"residential_draft":{"old":null,"new":${draft.id}}%`,
    );
    const created = rows.filter((row) => row.action !== "residential.draft_created" && row.action !== "residential.draft_updated");
    expect(created.map((row) => row.action)).toEqual(
      expect.arrayContaining(["residential.subscriber_created", "residential.number_assigned", "residential.e911_created"]),
    );
    for (const row of created) expect(row).toMatchObject({ actor_id: elena[0]?.id, ip: null });
    expect(done.status).toBe("completed");
    expect(done.result).toMatchObject({ number_status: "in_service", e911_status: "provisioned" });
    const [number] = await query<{ e164: string; organization_id: number; label: string }>(
      "SELECT * FROM phone_numbers WHERE id = ?",
      done.result?.phone_number_id,
    );
    expect(number).toMatchObject({ e164: order.e164, organization_id: MAPLE, label: "Ada Lovelace" });
  });

  it("a ported number gets a draft porting order and its E911 waits for the port", async () => {
    const staff = await signedIn("admin@amp.test");
    const email = uniqueEmail("ported");
    const notPortable = await start(staff, uniqueEmail("refused"));
    const refused = await staff.put(`/api/residential/drafts/${notPortable.id}/number`, { kind: "port", number: "617 555 9999" });
    expect(refused.status).toBe(422);
    expect((await json<{ errors: Record<string, string[]> }>(refused)).errors.number).toEqual(["porting:carrier.not_portable"]);

    const draft = await ready(staff, email, { kind: "port", number: "(617) 555-4322" });
    const done = await json<Draft>(await submitted(staff, draft));
    expect(done.status).toBe("completed");
    expect(done.result).toMatchObject({ number_status: "porting_in", e911_status: "pending" });
    const [order] = await query<{ status: string; numbers: string; organization_id: number; entity_name: string }>(
      "SELECT * FROM porting_orders WHERE id = ?",
      done.result?.porting_order_id,
    );
    expect(order).toMatchObject({ status: "draft", numbers: '["+16175554322"]', organization_id: MAPLE, entity_name: "Ada Lovelace" });
  });

  it("a subscriber whose e-mail was taken meanwhile fails the subscriber part and keeps the number available", async () => {
    const staff = await signedIn("admin@amp.test");
    const email = uniqueEmail("taken");
    const first = await start(staff, email);
    const number = await stockNumber(staff, first.id, 1);
    const draft = await ready(staff, first, { kind: "inventory", phone_number_id: number.id });
    const created = await staff.post("/api/users", { name: "Someone", email, organization_id: MAPLE, role_ids: [] });
    expect(created.status).toBe(201);
    const response = await submitted(staff, draft);
    expect(response.status).toBe(409);
    expect(await json(response)).toMatchObject({ failure: { part: "subscriber", reason: "validation.unique" } });
    const [stock] = await query<{ status: string }>("SELECT status FROM phone_numbers WHERE id = ?", number.id);
    expect(stock?.status).toBe("available");
  });

  it("keeps drafts to their organization and to residential organizations", async () => {
    const maple = await signedIn("elena.novak@maple.test");
    const draft = await start(maple, uniqueEmail("mine"), null);
    expect(draft.organization_id).toBe(MAPLE);
    const northwind = await signedIn("orgadmin@northwind.test");
    expect((await northwind.get(`/api/residential/drafts/${draft.id}`)).status).toBe(404);
    expect((await northwind.put(`/api/residential/drafts/${draft.id}/service-address`, address())).status).toBe(404);
    expect((await submitted(northwind, draft)).status).toBe(404);
    const list = await json<{ data: Draft[] }>(await northwind.get("/api/residential/drafts"));
    expect(list.data.some((entry) => entry.id === draft.id)).toBe(false);
    // A business organization is not a place for residential subscribers.
    const business = await northwind.post("/api/residential/drafts", {
      name: "X",
      email: uniqueEmail(),
      phone: "5035550100",
      locale: "en",
    });
    expect(business.status).toBe(422);
    expect((await json<{ errors: Record<string, string[]> }>(business)).errors.organization_id).toEqual(["residential.not_residential"]);
    // A member naming another organization is refused.
    expect(
      (
        await maple.post("/api/residential/drafts", {
          organization_id: 2,
          name: "X",
          email: uniqueEmail(),
          phone: "6175550100",
          locale: "en",
        })
      ).status,
    ).toBe(403);
    const staff = await signedIn("admin@amp.test");
    expect((await staff.get(`/api/residential/drafts/${draft.id}`)).status).toBe(200);
    expect(await json<{ id: number }[]>(await staff.get("/api/residential/organizations"))).toEqual([
      { id: MAPLE, name: "Maple Street Residence" },
    ]);
  });

  it("drafts expire seven days after their last change", async () => {
    const maple = await signedIn("elena.novak@maple.test");
    const draft = await start(maple, uniqueEmail("stale"));
    const [row] = await query<{ expires_at: string; updated_at: string }>("SELECT * FROM residential_drafts WHERE id = ?", draft.id);
    expect(Date.parse(row?.expires_at ?? "") - Date.parse(row?.updated_at ?? "")).toBe(7 * 86_400_000);
    await env.DB.prepare("UPDATE residential_drafts SET expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), draft.id)
      .run();
    expect((await maple.get(`/api/residential/drafts/${draft.id}`)).status).toBe(404);
    expect(await deleteExpiredDrafts(createDb(env.DB))).toBeGreaterThanOrEqual(1);
    expect(await query("SELECT id FROM residential_drafts WHERE id = ?", draft.id)).toHaveLength(0);
  });
});
