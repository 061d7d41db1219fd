import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { phoneNumbers } from "../src/db/schema";
import { ftsPhrase, substringCondition } from "../src/lib/list";
import { json, query, signedIn } from "./helpers";

type Page = { data: { id: number; email?: string }[]; total: number; last_page: number; from: number | null; to: number | null };

/** row_counts beside the COUNT(*) it stands for, in all and for every organization. */
async function countsAgree(table: "users" | "activity_log" | "mail_log" | "organizations" | "phone_numbers") {
  const kept = await query<{ organization_id: number; total: number }>(
    "SELECT organization_id, total FROM row_counts WHERE table_name = ? AND total <> 0 ORDER BY organization_id",
    table,
  );
  const all = await query<{ total: number }>(`SELECT COUNT(*) AS total FROM ${table}`);
  const perOrganization =
    table === "organizations"
      ? []
      : await query<{ organization_id: number; total: number }>(
          `SELECT organization_id, COUNT(*) AS total FROM ${table} WHERE organization_id IS NOT NULL GROUP BY organization_id ORDER BY organization_id`,
        );
  expect(kept).toEqual([{ organization_id: 0, total: all[0]?.total }, ...perOrganization]);
}

describe("maintained counts (row_counts, migration 0004)", () => {
  it("match COUNT(*) after the seed and after inserts, moves and deletes", async () => {
    for (const table of ["users", "activity_log", "mail_log", "organizations"] as const) await countsAgree(table);
    await env.DB.batch([
      env.DB.prepare("INSERT INTO users (organization_id, name, email) VALUES (2, 'Count Test', 'count.test@list.test')"),
      env.DB.prepare("UPDATE users SET organization_id = 3 WHERE email = 'count.test@list.test'"),
      env.DB.prepare("INSERT INTO activity_log (action, organization_id) VALUES ('users.updated', 4), ('users.updated', NULL)"),
      env.DB.prepare("INSERT INTO mail_log (organization_id, `to`, subject, template) VALUES (2, 'a@list.test', 'Hi', 'invitation')"),
    ]);
    await countsAgree("users");
    await countsAgree("activity_log");
    await countsAgree("mail_log");
    await env.DB.batch([
      env.DB.prepare("DELETE FROM users WHERE email = 'count.test@list.test'"),
      env.DB.prepare("DELETE FROM activity_log WHERE id = (SELECT MAX(id) FROM activity_log)"),
    ]);
    await countsAgree("users");
    await countsAgree("activity_log");
  });

  it("keep the dashboard's tallies of numbers in service and without E911 through every change (migration 0012)", async () => {
    const tallyAgrees = async (tally: string, condition: string) => {
      const kept = await query<{ organization_id: number; total: number }>(
        "SELECT organization_id, total FROM row_counts WHERE table_name = ? AND total <> 0 ORDER BY organization_id",
        tally,
      );
      const all = await query<{ total: number }>(`SELECT COUNT(*) AS total FROM phone_numbers WHERE ${condition}`);
      const perOrganization = await query<{ organization_id: number; total: number }>(
        `SELECT organization_id, COUNT(*) AS total FROM phone_numbers WHERE ${condition} AND organization_id IS NOT NULL
         GROUP BY organization_id ORDER BY organization_id`,
      );
      expect(kept, tally).toEqual([...(all[0]?.total ? [{ organization_id: 0, total: all[0].total }] : []), ...perOrganization]);
    };
    const bothAgree = async () => {
      await tallyAgrees("phone_numbers_in_service", "status = 'in_service'");
      await tallyAgrees("phone_numbers_without_e911", "status = 'in_service' AND e911_address_id IS NULL");
    };
    await bothAgree();
    const [address] = await query<{ id: number }>("SELECT id FROM e911_addresses LIMIT 1");
    await env.DB.batch([
      env.DB.prepare("INSERT INTO phone_numbers (e164, organization_id, status) VALUES ('+12045550991', NULL, 'available')"),
      env.DB.prepare("UPDATE phone_numbers SET organization_id = 2, status = 'in_service' WHERE e164 = '+12045550991'"),
    ]);
    await bothAgree();
    await env.DB.prepare("UPDATE phone_numbers SET e911_address_id = ? WHERE e164 = '+12045550991'")
      .bind(address?.id ?? null)
      .run();
    await bothAgree();
    await env.DB.prepare("UPDATE phone_numbers SET organization_id = 3, e911_address_id = NULL WHERE e164 = '+12045550991'").run();
    await bothAgree();
    await env.DB.prepare("UPDATE phone_numbers SET status = 'disconnected' WHERE e164 = '+12045550991'").run();
    await bothAgree();
    await env.DB.prepare("UPDATE phone_numbers SET status = 'in_service' WHERE e164 = '+12045550991'").run();
    await env.DB.prepare("DELETE FROM phone_numbers WHERE e164 = '+12045550991'").run();
    await bothAgree();
    const admin = await signedIn("admin@amp.test");
    const dashboard = await json<{ counts: { active_numbers: number; numbers_without_e911: number } }>(
      await admin.get("/api/dashboard?organization_id=2"),
    );
    const [northwind] = await query<{ total: number }>(
      "SELECT COUNT(*) AS total FROM phone_numbers WHERE status = 'in_service' AND organization_id = 2",
    );
    expect(dashboard.counts.active_numbers).toBe(northwind?.total);
  });

  it("count phone numbers as they come from the stock to an organization and go back (migration 0012)", async () => {
    await countsAgree("phone_numbers");
    await env.DB.batch([
      env.DB.prepare("INSERT INTO phone_numbers (e164, organization_id, status) VALUES ('+12045550990', NULL, 'available')"),
      env.DB.prepare("UPDATE phone_numbers SET organization_id = 2, status = 'in_service' WHERE e164 = '+12045550990'"),
      env.DB.prepare("UPDATE phone_numbers SET organization_id = 3 WHERE e164 = '+12045550990'"),
    ]);
    await countsAgree("phone_numbers");
    await env.DB.prepare("UPDATE phone_numbers SET organization_id = NULL WHERE e164 = '+12045550990'").run();
    await countsAgree("phone_numbers");
    await env.DB.prepare("DELETE FROM phone_numbers WHERE e164 = '+12045550990'").run();
    await countsAgree("phone_numbers");
  });

  it("give the list totals, unfiltered and per organization", async () => {
    const admin = await signedIn("admin@amp.test");
    const [all] = await query<{ total: number }>("SELECT COUNT(*) AS total FROM activity_log");
    expect((await json<Page>(await admin.get("/api/activity-log"))).total).toBe(all?.total);
    const [northwind] = await query<{ total: number }>("SELECT COUNT(*) AS total FROM users WHERE organization_id = 2");
    expect((await json<Page>(await admin.get("/api/users?organization_id=2"))).total).toBe(northwind?.total);
  });

  it("keep the activity per day of the dashboard", async () => {
    const kept = await query<{ day: string; total: number }>(
      "SELECT day, total FROM activity_daily_counts WHERE organization_id = 0 ORDER BY day",
    );
    const counted = await query<{ day: string; total: number }>(
      "SELECT substr(created_at, 1, 10) AS day, COUNT(*) AS total FROM activity_log GROUP BY 1 ORDER BY 1",
    );
    expect(kept.filter((row) => row.total !== 0)).toEqual(counted);
  });
});

describe("list pages and search", () => {
  it("pages deep with the same rows as one long page", async () => {
    const admin = await signedIn("admin@amp.test");
    const long = await json<Page>(await admin.get("/api/activity-log?per_page=100"));
    const third = await json<Page>(await admin.get("/api/activity-log?per_page=5&page=3"));
    expect(third.data.map((row) => row.id)).toEqual(long.data.slice(10, 15).map((row) => row.id));
    expect(third).toMatchObject({ from: 11, to: 15, total: long.total });
  });

  it("searches words by prefix through the index, with long and odd input", async () => {
    const admin = await signedIn("admin@amp.test");
    const prefix = await json<Page>(await admin.get("/api/users?search=lakesi"));
    expect(prefix.data.length).toBeGreaterThan(0);
    expect(prefix.data.every((row) => row.email?.includes("lakeside"))).toBe(true);
    // Several words, no LIKE pattern at all: no error, just no match.
    const long = await admin.get(`/api/users?search=${encodeURIComponent("lakeside logistics ".repeat(2))}`);
    expect(long.status).toBe(200);
    expect((await json<Page>(long)).total).toBe(0);
    for (const odd of ['"', 'a" OR "b', "NEAR(a b)", "*", "-", "^x"]) {
      const response = await admin.get(`/api/users?search=${encodeURIComponent(odd)}`);
      expect(response.status).toBe(200);
    }
  });

  it("finds phone numbers by any three digits or more in any formatting, and by label, through trigrams", async () => {
    const admin = await signedIn("admin@amp.test");
    await env.DB.prepare(
      "INSERT INTO phone_numbers (e164, organization_id, status, label) VALUES ('+13065559817', 2, 'in_service', 'Trigram front desk')",
    ).run();
    const e164s = async (search: string) =>
      (await json<{ data: { e164: string }[] }>(await admin.get(`/api/phone-numbers?search=${encodeURIComponent(search)}`))).data.map(
        (row) => row.e164,
      );
    expect(await e164s("5559817")).toEqual(["+13065559817"]);
    expect(await e164s("(306) 555-98")).toContain("+13065559817");
    expect(await e164s("front DESK")).toEqual(["+13065559817"]);
    // Two digits have no trigram: the short search still answers, through LIKE.
    expect(await e164s("17")).toContain("+13065559817");
    for (const odd of ['"', 'a" OR "b', "NEAR(a b)", "*"]) {
      expect((await admin.get(`/api/phone-numbers?search=${encodeURIComponent(odd)}`)).status).toBe(200);
    }
    const member = await signedIn("marcus.bell@lakeside.test");
    expect((await json<{ data: unknown[] }>(await member.get("/api/phone-numbers?search=5559817"))).data).toEqual([]);
  });

  it("looks up only terms long enough for a trigram", () => {
    expect(substringCondition("phone_numbers_fts", phoneNumbers.id, ["41", "a"])).toBeNull();
    expect(substringCondition("phone_numbers_fts", phoneNumbers.id, ["416", "41"])).not.toBeNull();
  });

  it("quotes the typed text as one FTS5 phrase with a prefix last word", () => {
    expect(ftsPhrase("lakeside.te")).toBe('"lakeside.te"*');
    expect(ftsPhrase('say "hi"')).toBe('"say ""hi"""*');
    expect(ftsPhrase("...")).toBeNull();
  });
});
