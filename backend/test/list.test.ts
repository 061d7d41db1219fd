import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../src/db/client";
import { activityLog, mailLog, organizations, phoneNumbers, users } from "../src/db/schema";
import { COUNT_CAP, deepScanPays, exactTermTest, ftsPhrase, searchCondition, singleAsciiWord, substringCondition } from "../src/lib/list";
import { paginate } from "../src/lib/pagination";
import { json, query, signedIn } from "./helpers";

type Page = {
  data: { id: number; email?: string }[];
  total: number;
  total_capped?: boolean;
  last_page: number;
  from: number | null;
  to: number | null;
};

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

describe("capped counts (issue 30)", () => {
  /** COUNT_CAP + 500 activity rows that all match one rare word, inserted in one statement. */
  async function broadRows(word: string, organizationId: number | null) {
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO activity_log (action, organization_id, subject_label, created_at)
       SELECT 'users.updated', ?, ? || ' ' || i, strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01', '+' || i || ' seconds') FROM n`,
    )
      .bind(COUNT_CAP + 500, organizationId, word)
      .run();
  }

  it("stop at the cap for a broad search, page past it, and give the newest rows first", async () => {
    const [lakeside] = await query<{ organization_id: number }>(
      "SELECT organization_id FROM users WHERE email = 'marcus.bell@lakeside.test'",
    );
    await broadRows("capword", lakeside?.organization_id ?? null);
    const admin = await signedIn("admin@amp.test");
    const first = await json<Page>(await admin.get("/api/activity-log?search=capword&per_page=100"));
    expect(first).toMatchObject({ total: COUNT_CAP, total_capped: true, last_page: COUNT_CAP / 100, from: 1, to: 100 });
    // The newest match first, as an exact count would have sorted them.
    const newest = await json<{ data: { subject_label: string }[] }>(await admin.get("/api/activity-log?search=capword&per_page=5"));
    expect(newest.data.map((row) => row.subject_label)).toEqual([10500, 10499, 10498, 10497, 10496].map((i) => `capword ${i}`));
    // Past the cap: "next" goes on while pages are full, and the last rows end it.
    const atCap = await json<Page>(await admin.get(`/api/activity-log?search=capword&per_page=100&page=${COUNT_CAP / 100}`));
    expect(atCap.last_page).toBe(COUNT_CAP / 100 + 1);
    const beyond = await json<Page>(await admin.get(`/api/activity-log?search=capword&per_page=100&page=${COUNT_CAP / 100 + 5}`));
    // A full page cannot know it is the last without reading on, so it offers one more (empty) page.
    expect(beyond).toMatchObject({ from: 10_001 + 400, to: 10_500, total_capped: true, last_page: COUNT_CAP / 100 + 6 });
    const end = await json<Page>(await admin.get(`/api/activity-log?search=capword&per_page=100&page=${COUNT_CAP / 100 + 6}`));
    expect(end).toMatchObject({ data: [], from: null, last_page: COUNT_CAP / 100 + 6 });
    // An organization's member gets the same through the tenant scope (the count cannot use the index alone).
    const member = await signedIn("marcus.bell@lakeside.test");
    const scoped = await json<{ data: { subject_label: string }[]; total: number; total_capped?: boolean }>(
      await member.get("/api/activity-log?search=capword&per_page=5"),
    );
    expect(scoped).toMatchObject({ total: COUNT_CAP, total_capped: true });
    expect(scoped.data[0]?.subject_label).toBe("capword 10500");
  });

  it("give the same rows whichever way a broad search walks: its columns, exact terms on the first pages, the set deeper", async () => {
    // Five terms share the prefix "capterm": more than a row test expands, so "capterm" walks with the set.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO activity_log (action, organization_id, subject_label, created_at)
       SELECT 'users.updated', NULL, 'capterm' || CASE WHEN i <= ${COUNT_CAP + 500} THEN 'a' ELSE char(98 + i % 4) END || ' ' || i,
              strftime('%Y-%m-%dT%H:%M:%fZ', '2021-01-01', '+' || ((i * 7919) % 20000) || ' seconds') FROM n`,
    )
      .bind(COUNT_CAP + 540)
      .run();
    const db = createDb(env.DB);
    expect(await exactTermTest(db, "activity_log_fts", activityLog.id, "capterma")).not.toBeNull();
    expect(await exactTermTest(db, "activity_log_fts", activityLog.id, "Bulk CAPTERMA")).not.toBeNull();
    expect(await exactTermTest(db, "activity_log_fts", activityLog.id, "capterm")).toBeNull();
    expect(await exactTermTest(db, "activity_log_fts", activityLog.id, "écapterma")).toBeNull();
    const admin = await signedIn("admin@amp.test");
    const expected = async (where: string, offset: number) =>
      (
        await query<{ id: number }>(
          `SELECT id FROM activity_log WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT 100 OFFSET ${offset}`,
        )
      ).map((row) => row.id);
    const ids = async (url: string) => (await json<Page>(await admin.get(url))).data.map((row) => row.id);
    // One term ("capterma"): the first pages test rows.
    expect(await ids("/api/activity-log?search=capterma&per_page=100")).toEqual(await expected("subject_label LIKE 'capterma %'", 0));
    const page = await ids("/api/activity-log?search=capterma&per_page=20&page=2");
    expect(page).toEqual((await expected("subject_label LIKE 'capterma %'", 20)).slice(0, 20));
    // Five terms: the set of matches, on the first page too.
    expect(await ids("/api/activity-log?search=capterm&per_page=100")).toEqual(await expected("subject_label LIKE 'capterm%'", 0));
    expect(await ids("/api/activity-log?search=capterm&per_page=100&page=90")).toEqual(
      await expected("subject_label LIKE 'capterm%'", 8900),
    );
    // Two words: exact-term row tests on the first pages, the set of matches deeper; the index's rows either way.
    const phrase = `id IN (SELECT rowid FROM activity_log_fts WHERE activity_log_fts MATCH '"users.updated"*')`;
    expect(await ids("/api/activity-log?search=users.updated&per_page=100")).toEqual(await expected(phrase, 0));
    expect(await ids("/api/activity-log?search=users.updated&per_page=100&page=90")).toEqual(await expected(phrase, 8900));
  });

  it("stay exact for a narrow search and for unfiltered lists", async () => {
    const admin = await signedIn("admin@amp.test");
    const narrow = await json<Page>(await admin.get("/api/users?search=lakeside"));
    const exact = await query<{ total: number }>("SELECT COUNT(*) AS total FROM users_fts WHERE users_fts MATCH '\"lakeside\"*'");
    expect(narrow.total).toBe(exact[0]?.total);
    expect(narrow.total).toBeGreaterThan(0);
    expect(narrow.total_capped).toBeUndefined();
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO activity_log (action, organization_id) SELECT 'users.updated', NULL FROM n`,
    )
      .bind(COUNT_CAP + 1)
      .run();
    const all = await json<Page>(await admin.get("/api/activity-log"));
    const kept = await query<{ total: number }>("SELECT COUNT(*) AS total FROM activity_log");
    expect(all.total).toBe(kept[0]?.total);
    expect(all.total).toBeGreaterThan(COUNT_CAP);
    expect(all.total_capped).toBeUndefined();
  });

  it("cap filtered counts too, and search within a filter", async () => {
    await broadRows("filterword", null);
    const admin = await signedIn("admin@amp.test");
    const filtered = await json<Page>(await admin.get("/api/activity-log?action=users.updated"));
    expect(filtered).toMatchObject({ total: COUNT_CAP, total_capped: true });
    const both = await json<Page>(await admin.get("/api/activity-log?action=users.updated&search=filterword&per_page=5"));
    expect(both).toMatchObject({ total: COUNT_CAP, total_capped: true });
    const none = await json<Page>(await admin.get("/api/activity-log?action=users.deleted&search=filterword"));
    expect(none).toMatchObject({ total: 0, data: [] });
  });

  it("give the pager its last page from a capped total", () => {
    const full = Array.from({ length: 10 }, (_, i) => i);
    expect(paginate(full, COUNT_CAP, 1, 10, { capped: true }).last_page).toBe(COUNT_CAP / 10);
    expect(paginate(full, COUNT_CAP, COUNT_CAP / 10, 10, { capped: true }).last_page).toBe(COUNT_CAP / 10 + 1);
    expect(paginate(full.slice(0, 3), COUNT_CAP, 1005, 10, { capped: true })).toMatchObject({ last_page: 1005, from: 10_041, to: 10_043 });
    expect(paginate(full, 25, 1, 10)).not.toHaveProperty("total_capped");
  });

  it("test a walked row on its own columns exactly as the search index would (one ASCII word)", async () => {
    // Token edges the index draws: punctuation, underscores, digits, case, accents folded, letters joining tokens.
    const labels = [
      "Updated profile",
      "pre-updated",
      "preupdated",
      "UPDATED_now",
      "x.updatedy",
      "up dated",
      "éupdated",
      "Émile Zola",
      "emile2",
      "updatedé",
      "Ünïcode Updated",
      "42 bulk",
      "bulk42",
      "",
      null,
    ];
    const stmt = env.DB.prepare("INSERT INTO activity_log (action, organization_id, subject_label) VALUES (?, NULL, ?)");
    await env.DB.batch(labels.map((label, i) => stmt.bind(i % 2 ? "scanword.created" : "scantest.removed", label)));
    const db = createDb(env.DB);
    const words = ["updated", "upd", "UPDATED", "emile", "e", "42", "bulk", "scanword", "removed", "dated", "zola", "ünïcode"];
    for (const word of words) {
      const search = searchCondition("activity_log_fts", activityLog.id, `  ${word}. `);
      const lookup = await db.select({ id: activityLog.id }).from(activityLog).where(search.where("lookup")).orderBy(activityLog.id);
      if (!search.scanTest) {
        expect(singleAsciiWord(word)).toBeNull();
        continue;
      }
      const scanned = await db.select({ id: activityLog.id }).from(activityLog).where(search.scanTest).orderBy(activityLog.id);
      expect(scanned, word).toEqual(lookup);
    }
    // Rows with accents are found through the set of matches ("emile" folds from "Émile").
    const emile = searchCondition("activity_log_fts", activityLog.id, "emile").scanTest;
    const found = await db.select({ label: activityLog.subjectLabel }).from(activityLog).where(emile).orderBy(activityLog.id);
    expect(found.map((row) => row.label)).toContain("Émile Zola");
    // The other word indexes name their own columns (each with rows to find, and a non-ASCII one).
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO mail_log (organization_id, \"to\", subject, template) VALUES (NULL, 'scan.mail@list.test', 'Scanmail: welcome', 'welcome'), (NULL, 'zoë@list.test', 'Bienvenue Scanmaïl', 'welcome')",
      ),
      env.DB.prepare("INSERT INTO users (organization_id, name, email) VALUES (2, 'Scanuser Ünal', 'scanuser@list.test')"),
      env.DB.prepare(
        "INSERT INTO organizations (name, account_number, contact_email) VALUES ('Scanorg Ltd', 'SCANORG-1', 'ops@scanorg.test')",
      ),
    ]);
    const others = [
      { index: "users_fts", table: users, id: users.id, words: ["lakeside", "scanuser", "unal", "list"] },
      { index: "mail_log_fts", table: mailLog, id: mailLog.id, words: ["scanmail", "welcome", "zoe", "list"] },
      { index: "organizations_fts", table: organizations, id: organizations.id, words: ["scanorg", "ltd", "1", "ops"] },
    ] as const;
    for (const { index, table, id, words: terms } of others) {
      for (const word of terms) {
        const search = searchCondition(index, id, word);
        const lookup = await db.select({ id }).from(table).where(search.where("lookup")).orderBy(id);
        expect(lookup.length, `${index} ${word}`).toBeGreaterThan(0);
        expect(await db.select({ id }).from(table).where(search.scanTest).orderBy(id), `${index} ${word}`).toEqual(lookup);
      }
    }
  });

  it("write the row test only for one ASCII word", () => {
    expect(singleAsciiWord(" Updated! ")).toBe("updated");
    expect(singleAsciiWord("users.updated")).toBeNull();
    expect(singleAsciiWord("Dental 42")).toBeNull();
    expect(singleAsciiWord("émile")).toBeNull();
    expect(singleAsciiWord("...")).toBeNull();
  });

  it("bound a one-word search's matches from below by its terms' rows in the index's vocabulary", async () => {
    await broadRows("boundword", null);
    // Rows holding a longer term of the same prefix, and a row holding both.
    await env.DB.prepare(
      `INSERT INTO activity_log (action, organization_id, subject_label, created_at) VALUES
       ('users.updated', NULL, 'boundwords 1', '2020-06-01T00:00:00.000Z'), ('users.updated', NULL, 'boundwords 2', '2020-06-01T00:00:01.000Z'),
       ('users.updated', NULL, 'boundword boundwords', '2020-06-01T00:00:02.000Z')`,
    ).run();
    const db = createDb(env.DB);
    const bound = (search: string) => searchCondition("activity_log_fts", activityLog.id, search).matchesAtLeast?.(db);
    const matches = async (search: string) =>
      (
        await query<{ total: number }>(
          "SELECT COUNT(*) AS total FROM activity_log_fts WHERE activity_log_fts MATCH ?",
          `"${search.replaceAll('"', '""')}"*`,
        )
      )[0]?.total;
    // The word itself is a term: its rows, all of them matches; any case, any punctuation around it.
    expect(await bound("boundword")).toBe(COUNT_CAP + 501);
    expect(await bound("BoundWord")).toBe(COUNT_CAP + 501);
    expect(await bound("-boundword-")).toBe(COUNT_CAP + 501);
    expect(await matches("boundword")).toBe(COUNT_CAP + 503);
    // A prefix: the largest term it begins; never more than the matches.
    expect(await bound("boundwor")).toBe(COUNT_CAP + 501);
    expect(await bound("boundwords")).toBe(3);
    expect(await bound("zzznoword")).toBe(0);
    // Not one ASCII word: no bound (the cap stays the bound).
    expect(searchCondition("activity_log_fts", activityLog.id, "users.updated").matchesAtLeast).toBeUndefined();
    expect(searchCondition("activity_log_fts", activityLog.id, "élan").matchesAtLeast).toBeUndefined();
    // A page this deep (past the cap's walk bound) reads the bound in the list's own query path; past the end: empty.
    const admin = await signedIn("admin@amp.test");
    const deep = await json<Page>(await admin.get("/api/activity-log?search=boundword&per_page=100&page=2000"));
    expect(deep).toMatchObject({ data: [], total: COUNT_CAP, total_capped: true });
  });

  it("walk a deep page with the row test only while that costs less than the set of matches", () => {
    // `updated` on the large state: 1M rows, 189,304 of them hold the word. Page 400 (of 10) walks ~21,000 rows.
    expect(deepScanPays(4_000, 1_000_000, 189_304)).toBe(true);
    // Page 1,000: ~53,000 rows, more than the set of 189,304 matches costs.
    expect(deepScanPays(10_000, 1_000_000, 189_304)).toBe(false);
    // Just past the cap, the matches are sparse: the walk would read ~167,000 rows for 12,000 matches.
    expect(deepScanPays(2_000, 1_000_000, 12_000)).toBe(false);
    // No better bound than the cap: never.
    expect(deepScanPays(10, 100, COUNT_CAP)).toBe(false);
    expect(deepScanPays(10, 100, 0)).toBe(false);
  });

  it("give the same deep pages walking with the row test as with the set of matches", async () => {
    await broadRows("deepword", null);
    const admin = await signedIn("admin@amp.test");
    const ids = async (url: string) => (await json<Page>(await admin.get(url))).data.map((row) => row.id);
    const expected = async (offset: number) =>
      (
        await query<{ id: number }>(
          `SELECT id FROM activity_log WHERE id IN (SELECT rowid FROM activity_log_fts WHERE activity_log_fts MATCH '"deepword"*')
           ORDER BY created_at DESC, id DESC LIMIT 25 OFFSET ${offset}`,
        )
      ).map((row) => row.id);
    // The exact word passes the cap alone; a prefix of it ("deepwor", no such term) is counted on all its matches.
    expect(await json<Page>(await admin.get("/api/activity-log?search=deepwor"))).toMatchObject({ total: COUNT_CAP, total_capped: true });
    const member = await signedIn("marcus.bell@lakeside.test");
    expect(await json<Page>(await member.get("/api/activity-log?search=deepword"))).toMatchObject({ total: 0, data: [] });
    for (const page of [1, 50, 400])
      expect(await ids(`/api/activity-log?search=deepword&per_page=25&page=${page}`)).toEqual(await expected((page - 1) * 25));
  });
});
