import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { json, query, signedIn } from "./helpers";

type BulkResult = { done: number; skipped: number; reasons: Record<string, number>; remaining: number };

let nextNumber = 0;

/**
 * Inserts `count` numbers in one statement (a recursive CTE), with `label`, and returns their ids (newest first).
 * The e164s are unique to this file's run (+1555 3xx xxxx).
 */
async function insertNumbers(
  count: number,
  options: { organizationId: number | null; status?: string; label: string; e911AddressId?: number | null },
): Promise<number[]> {
  const start = nextNumber;
  nextNumber += count;
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?)
     INSERT INTO phone_numbers (e164, organization_id, status, type, label, e911_address_id, capabilities)
     SELECT '+1555' || printf('%07d', 3000000 + ? + i), ?, ?, 'local', ?, ?, '["voice"]' FROM n`,
  )
    .bind(count, start, options.organizationId, options.status ?? "in_service", options.label, options.e911AddressId ?? null)
    .run();
  const rows = await query<{ id: number }>("SELECT id FROM phone_numbers WHERE label = ? ORDER BY id DESC", options.label);
  return rows.map((row) => row.id);
}

async function bulk(client: Awaited<ReturnType<typeof signedIn>>, path: string, body: unknown): Promise<BulkResult> {
  const response = await client.post(path, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return json<BulkResult>(response);
}

async function labels(ids: number[]): Promise<(string | null)[]> {
  const rows = await query<{ label: string | null }>(
    `SELECT label FROM phone_numbers WHERE id IN (${ids.map(() => "?").join(",")}) ORDER BY id DESC`,
    ...ids,
  );
  return rows.map((row) => row.label);
}

describe("bulk actions on numbers", () => {
  it("labels the ticked numbers, logs each one, and counts a number that already had the label as skipped", async () => {
    const northwind = await signedIn("orgadmin@northwind.test");
    const ids = await insertNumbers(3, { organizationId: 2, label: "ticked-a" });
    await env.DB.prepare("UPDATE phone_numbers SET label = 'Front desk' WHERE id = ?").bind(ids[0]).run();
    const result = await bulk(northwind, "/api/phone-numbers/bulk", { action: "set_label", ids, label: "Front desk" });
    expect(result).toEqual({ done: 2, skipped: 1, reasons: { "ui.bulk.unchanged": 1 }, remaining: 0 });
    expect(await labels(ids)).toEqual(["Front desk", "Front desk", "Front desk"]);
    const logged = await query<{ subject_id: number; actor_id: number; changes: string }>(
      "SELECT subject_id, actor_id, changes FROM activity_log WHERE action = 'phone_numbers.updated' AND subject_label LIKE '+15553%' AND subject_id IN (?, ?, ?) ORDER BY subject_id DESC",
      ...ids,
    );
    expect(logged.map((row) => row.subject_id)).toEqual(ids.slice(1));
    expect(logged[0]?.actor_id).toBe(9);
    expect(JSON.parse(logged[0]?.changes ?? "{}")).toEqual({ label: { old: "ticked-a", new: "Front desk" } });
  });

  it("refuses the whole request when a ticked number belongs to another organization", async () => {
    const northwind = await signedIn("orgadmin@northwind.test");
    const own = await insertNumbers(1, { organizationId: 2, label: "own-b" });
    const theirs = await insertNumbers(1, { organizationId: 3, label: "theirs-b" });
    const response = await northwind.post("/api/phone-numbers/bulk", { action: "set_label", ids: [...own, ...theirs], label: "Mine now" });
    expect(response.status).toBe(404);
    expect(await labels([...own, ...theirs])).toEqual(["theirs-b", "own-b"]);
  });

  it("applies to every number matching the filter, in batches, and only within the caller's organization", async () => {
    const northwind = await signedIn("orgadmin@northwind.test");
    const own = await insertNumbers(1_200, { organizationId: 2, label: "filtered-c" });
    await insertNumbers(5, { organizationId: 3, label: "filtered-c" });
    // An organization member naming another organization in the filter still reaches only their own.
    const result = await bulk(northwind, "/api/phone-numbers/bulk", {
      action: "set_label",
      filter: { search: "filtered-c", status: "in_service", organization_id: 3 },
      label: "Batch",
    });
    expect(result).toEqual({ done: 1_200, skipped: 0, reasons: {}, remaining: 0 });
    const [counted] = await query<{ batch: number; untouched: number }>(
      "SELECT sum(label = 'Batch') AS batch, sum(label = 'filtered-c') AS untouched FROM phone_numbers WHERE label IN ('Batch', 'filtered-c')",
    );
    expect(own.length).toBe(1_200);
    expect(counted).toEqual({ batch: 1_200, untouched: 5 });
  });

  it("assigns an organization for provider staff only, leaving numbers whose organization is not free to change", async () => {
    const provider = await signedIn("provider@amp.test");
    const [address] = await query<{ id: number }>("SELECT id FROM e911_addresses WHERE organization_id = 2 LIMIT 1");
    const free = await insertNumbers(2, { organizationId: null, status: "available", label: "stock-d" });
    const porting = await insertNumbers(1, { organizationId: 2, status: "porting_in", label: "porting-d" });
    const located = await insertNumbers(1, { organizationId: 2, label: "e911-d", e911AddressId: address?.id ?? null });
    const result = await bulk(provider, "/api/phone-numbers/bulk", {
      action: "assign_organization",
      ids: [...free, ...porting, ...located],
      organization_id: 3,
    });
    expect(result).toEqual({ done: 2, skipped: 2, reasons: { "numbers.bulk.porting_in": 1, "numbers.bulk.has_e911": 1 }, remaining: 0 });
    const rows = await query<{ organization_id: number }>(
      `SELECT organization_id FROM phone_numbers WHERE id IN (?, ?, ?, ?) ORDER BY id`,
      ...free,
      ...porting,
      ...located,
    );
    expect(rows.map((row) => row.organization_id)).toEqual([3, 3, 2, 2]);

    const member = await signedIn("orgadmin@northwind.test");
    const refused = await member.post("/api/phone-numbers/bulk", { action: "assign_organization", ids: porting, organization_id: 2 });
    expect(refused.status).toBe(403);
    const unknown = await provider.post("/api/phone-numbers/bulk", { action: "assign_organization", ids: free, organization_id: 99_999 });
    expect(unknown.status).toBe(422);
  });

  it("refuses callers without the order permission, and bodies with both or neither selection", async () => {
    const grace = await signedIn("grace.liu@northwind.test");
    const ids = await insertNumbers(1, { organizationId: 2, label: "perm-e" });
    expect((await grace.post("/api/phone-numbers/bulk", { action: "set_label", ids, label: "x" })).status).toBe(403);
    const admin = await signedIn("orgadmin@northwind.test");
    expect((await admin.post("/api/phone-numbers/bulk", { action: "set_label", label: "x" })).status).toBe(422);
    expect((await admin.post("/api/phone-numbers/bulk", { action: "set_label", ids, filter: {}, label: "x" })).status).toBe(422);
  });

  it("releases a filtered set 100 numbers a request, counting the rest, and each number exactly once", async () => {
    const northwind = await signedIn("orgadmin@northwind.test");
    const ids = await insertNumbers(130, { organizationId: 2, label: "release-f" });
    const first = await bulk(northwind, "/api/phone-numbers/bulk", { action: "release", filter: { search: "release-f" } });
    expect(first).toEqual({ done: 100, skipped: 0, reasons: {}, remaining: 30 });
    const second = await bulk(northwind, "/api/phone-numbers/bulk", { action: "release", filter: { search: "release-f" } });
    expect(second).toEqual({ done: 30, skipped: 0, reasons: {}, remaining: 0 });
    const [statuses] = await query<{ disconnected: number }>(
      "SELECT count(*) AS disconnected FROM phone_numbers WHERE label = 'release-f' AND status = 'disconnected' AND release_claim IS NULL",
    );
    expect(statuses?.disconnected).toBe(ids.length);
    // Ticked again: every one is skipped as no longer in service.
    const again = await bulk(northwind, "/api/phone-numbers/bulk", { action: "release", ids: ids.slice(0, 3) });
    expect(again).toEqual({ done: 0, skipped: 3, reasons: { "numbers.not_in_service": 3 }, remaining: 0 });
  });

  it("never releases a number twice when bulk and single releases race", async () => {
    const northwind = await signedIn("orgadmin@northwind.test");
    const daniel = await signedIn("daniel.kim@northwind.test");
    const [id] = await insertNumbers(1, { organizationId: 2, label: "race-g" });
    const answers = await Promise.all([
      northwind.post("/api/phone-numbers/bulk", { action: "release", ids: [id] }),
      daniel.post(`/api/phone-numbers/${id}/release`),
      northwind.post(`/api/phone-numbers/${id}/release`),
      daniel.post("/api/phone-numbers/bulk", { action: "release", ids: [id] }),
    ]);
    const bulkDone = await Promise.all([answers[0], answers[3]].map((answer) => json<BulkResult>(answer as Response)));
    const singles = [answers[1], answers[2]].map((answer) => answer?.status);
    const released = bulkDone.reduce((sum, result) => sum + result.done, 0) + singles.filter((status) => status === 200).length;
    expect(released).toBe(1);
    expect(singles.every((status) => status === 200 || status === 409)).toBe(true);
    const logged = await query<{ count: number }>(
      "SELECT count(*) AS count FROM activity_log WHERE action = 'phone_numbers.released' AND subject_id = ?",
      id,
    );
    expect(logged[0]?.count).toBe(1);
  });
});

describe("bulk actions on users", () => {
  it("deactivates the ticked users, skipping yourself, and signs them out", async () => {
    const priya = await signedIn("orgadmin@northwind.test");
    const grace = await signedIn("grace.liu@northwind.test");
    expect((await grace.get("/api/user")).status).toBe(200);
    const result = await bulk(priya, "/api/users/bulk", { action: "deactivate", ids: [9, 11] });
    expect(result).toEqual({ done: 1, skipped: 1, reasons: { "validation.self_disable": 1 }, remaining: 0 });
    const [row] = await query<{ status: string }>("SELECT status FROM users WHERE id = 11");
    expect(row?.status).toBe("disabled");
    expect((await grace.get("/api/user")).status).toBe(401);
    const logged = await query<{ changes: string }>(
      "SELECT changes FROM activity_log WHERE action = 'users.updated' AND subject_id = 11 ORDER BY id DESC LIMIT 1",
    );
    expect(JSON.parse(logged[0]?.changes ?? "{}")).toEqual({ status: { old: "active", new: "disabled" } });
    // Another organization's user refuses the request.
    expect((await priya.post("/api/users/bulk", { action: "deactivate", ids: [10, 15] })).status).toBe(404);
    const [daniel] = await query<{ status: string }>("SELECT status FROM users WHERE id = 10");
    expect(daniel?.status).toBe("active");
  });

  it("sends the invitation again to users who never set a password, for the filtered set", async () => {
    const provider = await signedIn("provider@amp.test");
    const before = await query<{ id: number }>("SELECT id FROM mail_log WHERE \"to\" = 'omar.farouk@northwind.test'");
    const result = await bulk(provider, "/api/users/bulk", { action: "resend_invitation", filter: { organization_id: 2 } });
    expect(result).toMatchObject({ done: 1, skipped: 0, remaining: 0 });
    const after = await query<{ template: string }>(
      "SELECT template FROM mail_log WHERE \"to\" = 'omar.farouk@northwind.test' ORDER BY id",
    );
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)?.template).toBe("invitation");
    // Ticked users who have a password are skipped, by reason.
    const ticked = await bulk(provider, "/api/users/bulk", { action: "resend_invitation", ids: [10, 12] });
    expect(ticked).toEqual({ done: 1, skipped: 1, reasons: { "users.bulk.has_password": 1 }, remaining: 0 });
    // Deactivating needs admin.users.update, inviting admin.users.create: an auditor has neither.
    const auditor = await signedIn("auditor@amp.test");
    expect((await auditor.post("/api/users/bulk", { action: "resend_invitation", ids: [12] })).status).toBe(403);
  });
});
