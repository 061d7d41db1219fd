import { env } from "cloudflare:workers";
import { and, desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../src/db/client";
import { phoneNumbers } from "../src/db/schema";
import { substringCondition } from "../src/lib/list";
import { E911_NUMBERS, SORTS, WITHOUT_E911 } from "../src/routes/e911";
import { json, query, signedIn } from "./helpers";

// The E911 list at scale (migration 0013): its kept counts, the address copies it sorts on, and the same rows,
// in the same order, as the join it replaces.

type Entry = { id: number; e164: string; organization_id: number; e911_status: string | null };
type Page = { data: Entry[]; total: number; last_page: number; from: number | null; to: number | null };

/** The list's rows, and its "without E911" view, over `phone_numbers pn`. */
const LIST = "pn.organization_id IS NOT NULL AND pn.status <> 'disconnected'";
const WITHOUT = "(pn.e911_address_id IS NULL OR pn.e911_status IS NOT 'provisioned')";

/** What each sort ordered by before migration 0013: the address's own columns, through the join. */
const JOINED_SORTS = {
  e164: "pn.e164",
  e911_status: "pn.e911_status",
  validation_status: "a.validation_status",
  city: "a.city",
  updated_at: "pn.updated_at",
} as const;

/** The ids the join-based query returned for the same list, in its order: the reference. */
async function joinedIds(sort: keyof typeof JOINED_SORTS, direction: "asc" | "desc", conditions: string[] = [], params: unknown[] = []) {
  const rows = await query<{ id: number }>(
    `SELECT pn.id FROM phone_numbers pn LEFT JOIN e911_addresses a ON a.id = pn.e911_address_id
     WHERE ${[LIST, ...conditions].join(" AND ")}
     ORDER BY ${JOINED_SORTS[sort]} ${direction}, pn.id ${direction}`,
    ...params,
  );
  return rows.map((row) => row.id);
}

/** The text anywhere in the address's caller name, street or city (LIKE: any case). */
const ADDRESS_TEXT = "(a.caller_name LIKE ?1 OR a.street_name LIKE ?1 OR a.city LIKE ?1)";

/** The old search: the digits of the number, or the text in the address. */
function joinedSearch(search: string): { conditions: string[]; params: unknown[] } {
  const digits = search.replace(/\D/g, "");
  return digits
    ? { conditions: [`(pn.e164 LIKE ?2 OR ${ADDRESS_TEXT})`], params: [`%${search}%`, `%${digits}%`] }
    : { conditions: [ADDRESS_TEXT], params: [`%${search}%`] };
}

async function listIds(client: Awaited<ReturnType<typeof signedIn>>, path: string) {
  const response = await client.get(path);
  expect(response.status, path).toBe(200);
  return (await json<Page>(response)).data.map((entry) => entry.id);
}

/** Both kept counts beside the COUNT(*) they stand for, in all and per organization. */
async function talliesAgree() {
  for (const [tally, condition] of [
    ["e911_entries", LIST],
    ["e911_entries_without_e911", `${LIST} AND ${WITHOUT}`],
  ] as const) {
    const kept = await query<{ organization_id: number; total: number }>(
      "SELECT organization_id, total FROM row_counts WHERE table_name = ? AND total <> 0 ORDER BY organization_id",
      tally,
    );
    const [all] = await query<{ total: number }>(`SELECT COUNT(*) AS total FROM phone_numbers pn WHERE ${condition}`);
    const perOrganization = await query<{ organization_id: number; total: number }>(
      `SELECT organization_id, COUNT(*) AS total FROM phone_numbers pn WHERE ${condition} GROUP BY organization_id ORDER BY organization_id`,
    );
    expect(kept, tally).toEqual([...(all?.total ? [{ organization_id: 0, total: all.total }] : []), ...perOrganization]);
  }
}

/** Every number's copies of its address's city and validation status are the address's. */
async function copiesAgree() {
  const wrong = await query<{ id: number }>(
    `SELECT pn.id, pn.e911_city, pn.e911_validation_status, a.city, a.validation_status
     FROM phone_numbers pn LEFT JOIN e911_addresses a ON a.id = pn.e911_address_id
     WHERE pn.e911_city IS NOT a.city OR pn.e911_validation_status IS NOT a.validation_status`,
  );
  expect(wrong).toEqual([]);
}

const CITIES = ["Portland", "Beaverton", "Chicago", "Evanston", "Gresham", "Aurora"];
const VALIDATIONS = ["valid", "suggested", "invalid", "unvalidated"];
const E911_STATUSES = [null, "pending", "provisioned", "failed", "removed"];

/** Addresses with varied cities and validations, and ~60 numbers pointing at them (or at none), in two organizations. */
async function addListData() {
  const addresses = Array.from({ length: 12 }, (_, index) => {
    const organizationId = index % 2 === 0 ? 2 : 3;
    return env.DB.prepare(
      `INSERT INTO e911_addresses (id, organization_id, caller_name, house_number, street_name, city, state, postal_code, validation_status)
       VALUES (?, ?, ?, ?, ?, ?, 'OR', '97209', ?)`,
    ).bind(
      900 + index,
      organizationId,
      `${organizationId === 2 ? "Quillfeather Clinic" : "Larkspur Freight"} ${index}`,
      String(100 + index),
      index % 3 === 0 ? "Marigold" : "Juniper",
      CITIES[index % CITIES.length],
      VALIDATIONS[index % VALIDATIONS.length],
    );
  });
  const numbers = Array.from({ length: 60 }, (_, index) => {
    const organizationId = index % 3 === 0 ? 3 : 2;
    // Addresses of the number's own organization (even ids: 2, odd: 3); one number in five has none.
    const addressId = index % 5 === 4 ? null : 900 + ((index % 6) * 2 + (organizationId === 3 ? 1 : 0));
    return env.DB.prepare(
      `INSERT INTO phone_numbers (e164, organization_id, status, e911_address_id, e911_status, label, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).bind(
      `+1709555${String(1000 + index * 13).padStart(4, "0")}`,
      organizationId,
      index % 11 === 10 ? "disconnected" : "in_service",
      addressId,
      addressId === null ? (index % 2 ? "removed" : null) : E911_STATUSES[index % E911_STATUSES.length],
      index === 7 ? "Suite 5039" : null,
      `2026-10-${String(1 + (index % 28)).padStart(2, "0")}T00:00:00.000Z`,
    );
  });
  await env.DB.batch([...addresses, ...numbers]);
}

beforeAll(addListData);

describe("E911 list: kept counts and address copies (migration 0013)", () => {
  it("keep both tallies and the copies right through inserts, moves, address changes and deletes", async () => {
    await talliesAgree();
    await copiesAgree();
    const number = "+12045550777";
    const change = (sql: string, ...params: unknown[]) =>
      env.DB.prepare(sql)
        .bind(...params)
        .run();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO phone_numbers (e164, organization_id, status, e911_address_id, e911_status) VALUES (?, 2, 'in_service', 900, 'provisioned')",
      ).bind(number),
      env.DB.prepare("INSERT INTO phone_numbers (e164, organization_id, status) VALUES ('+12045550778', NULL, 'available')"),
      env.DB.prepare("INSERT INTO phone_numbers (e164, organization_id, status) VALUES ('+12045550779', 3, 'disconnected')"),
      // Copies written by the insert itself: wrong ones are corrected.
      env.DB.prepare(
        `INSERT INTO phone_numbers (e164, organization_id, status, e911_address_id, e911_city, e911_validation_status)
         VALUES ('+12045550780', 2, 'in_service', 904, 'Wrong', 'valid'), ('+12045550781', 2, 'in_service', NULL, 'Nowhere', NULL)`,
      ),
    ]);
    await talliesAgree();
    await copiesAgree();
    const steps: [string, ...unknown[]][] = [
      ["UPDATE phone_numbers SET e911_status = 'failed' WHERE e164 = ?", number],
      ["UPDATE phone_numbers SET e911_status = 'provisioned' WHERE e164 = ?", number],
      ["UPDATE phone_numbers SET organization_id = 3, e911_address_id = 901 WHERE e164 = ?", number],
      ["UPDATE phone_numbers SET status = 'disconnected' WHERE e164 = ?", number],
      ["UPDATE phone_numbers SET e911_address_id = NULL WHERE e164 = ?", number],
      ["UPDATE phone_numbers SET status = 'in_service', e911_address_id = 903 WHERE e164 = ?", number],
      ["UPDATE phone_numbers SET organization_id = NULL WHERE e164 = ?", number],
      ["UPDATE phone_numbers SET organization_id = 2, e911_address_id = 902 WHERE e164 = ?", number],
      ["UPDATE phone_numbers SET organization_id = 2, status = 'in_service' WHERE e164 = '+12045550778'"],
      // The carrier's answer edits the address: every number of it follows.
      ["UPDATE e911_addresses SET city = 'Tigard', validation_status = 'invalid' WHERE id = 902"],
      ["UPDATE e911_addresses SET validation_status = 'valid' WHERE id = 902"],
      ["DELETE FROM phone_numbers WHERE e164 IN ('+12045550778', '+12045550779', '+12045550780', '+12045550781')"],
    ];
    for (const [sql, ...params] of steps) {
      await change(sql, ...params);
      await talliesAgree();
      await copiesAgree();
    }
    // A deleted address sets its numbers' address to NULL (foreign key): their copies follow, and they are without E911.
    await change(
      `INSERT INTO e911_addresses (id, organization_id, caller_name, house_number, street_name, city, state, postal_code)
       VALUES (950, 2, 'Short-lived', '1', 'Main', 'Salem', 'OR', '97301')`,
    );
    await change("UPDATE phone_numbers SET e911_address_id = 950 WHERE e164 = ?", number);
    await copiesAgree();
    await change("DELETE FROM e911_addresses WHERE id = 950");
    expect(await query("SELECT e911_city, e911_validation_status FROM phone_numbers WHERE e164 = ?", number)).toEqual([
      { e911_city: null, e911_validation_status: null },
    ]);
    await talliesAgree();
    await change("DELETE FROM phone_numbers WHERE e164 = ?", number);
    await talliesAgree();
  });

  it("gives the kept totals, in all, per organization and for the without-E911 view", async () => {
    const staff = await signedIn("support@amp.test");
    const member = await signedIn("orgadmin@northwind.test");
    const count = async (condition: string) =>
      (await query<{ total: number }>(`SELECT COUNT(*) AS total FROM phone_numbers pn WHERE ${LIST} AND ${condition}`))[0]?.total;
    expect((await json<Page>(await staff.get("/api/e911"))).total).toBe(await count("true"));
    expect((await json<Page>(await staff.get("/api/e911?organization_id=3"))).total).toBe(await count("pn.organization_id = 3"));
    expect((await json<Page>(await member.get("/api/e911?without_e911=1"))).total).toBe(
      await count(`pn.organization_id = 2 AND ${WITHOUT}`),
    );
    expect((await json<Page>(await staff.get("/api/e911?without_e911=1&e911_status=removed"))).total).toBe(
      await count(`${WITHOUT} AND pn.e911_status = 'removed'`),
    );
  });
});

describe("E911 list: the same rows as the join", () => {
  it("sorts every way as before, in all, per organization, filtered and in the without-E911 view", async () => {
    const staff = await signedIn("support@amp.test");
    const member = await signedIn("orgadmin@northwind.test");
    // A carrier answer through the API (suggested: the copy of the validation status changes).
    expect((await member.put("/api/e911/1", { ...SUGGESTED_ADDRESS })).status).toBe(200);
    for (const sort of Object.keys(JOINED_SORTS) as (keyof typeof JOINED_SORTS)[]) {
      for (const direction of ["asc", "desc"] as const) {
        const path = `/api/e911?per_page=100&sort=${sort}&direction=${direction}`;
        expect(await listIds(staff, path), path).toEqual(await joinedIds(sort, direction));
        expect(await listIds(member, path), `member ${path}`).toEqual(await joinedIds(sort, direction, ["pn.organization_id = 2"]));
        expect(await listIds(staff, `${path}&organization_id=3&without_e911=1`)).toEqual(
          await joinedIds(sort, direction, ["pn.organization_id = 3", WITHOUT]),
        );
        expect(await listIds(staff, `${path}&validation_status=suggested`)).toEqual(
          await joinedIds(sort, direction, ["a.validation_status = 'suggested'"]),
        );
      }
    }
  });

  it("pages deep with the rows of one long page", async () => {
    const staff = await signedIn("support@amp.test");
    const all = await joinedIds("city", "asc");
    const third = await json<Page>(await staff.get("/api/e911?per_page=5&page=3&sort=city&direction=asc"));
    expect(third.data.map((entry) => entry.id)).toEqual(all.slice(10, 15));
    expect(third).toMatchObject({ from: 11, to: 15, total: all.length });
  });

  it("searches the number's digits and the address's caller name, street and city as before", async () => {
    const staff = await signedIn("support@amp.test");
    // Digits in any formatting; words in any case; 1–2 characters (no trigram: the LIKE fallback).
    for (const search of ["(709) 555-10", "5551", "QUILLFEATHER", "larkspur freight", "rigol", "ortla", "vanst", "Aurora", "o", "70"]) {
      const { conditions, params } = joinedSearch(search);
      expect(await listIds(staff, `/api/e911?per_page=100&sort=e164&direction=asc&search=${encodeURIComponent(search)}`), search).toEqual(
        await joinedIds("e164", "asc", conditions, params),
      );
    }
    // The digits are looked up in the number only, not in its label ("Suite 5039").
    expect(await listIds(staff, "/api/e911?search=5039")).toEqual([]);
    // One or two digits in a longer text are not looked up on their own (the join matched every number with a 3).
    expect(await listIds(staff, "/api/e911?per_page=100&sort=e164&direction=asc&search=Larkspur%20Freight%203")).toEqual(
      await joinedIds("e164", "asc", [ADDRESS_TEXT], ["%Larkspur Freight 3%"]),
    );
  });
});

describe("E911 list: index-only page walks", () => {
  it("finds every sort's page in a partial index of the list or of its without-E911 view, in all and per organization", async () => {
    const db = createDb(env.DB);
    for (const [view, rows] of [
      ["list", E911_NUMBERS],
      ["without", and(E911_NUMBERS, WITHOUT_E911)],
    ] as const) {
      for (const [sort, column] of Object.entries(SORTS)) {
        for (const organization of [undefined, 2]) {
          // The page query of `listPage`: the tenant scope, the view's rows, the sort and the id.
          const page = db
            .select({ id: phoneNumbers.id })
            .from(phoneNumbers)
            .where(and(organization ? eq(phoneNumbers.organizationId, organization) : undefined, rows))
            .orderBy(desc(column), desc(phoneNumbers.id))
            .limit(10)
            .offset(20)
            .toSQL();
          const plan = await query<{ detail: string }>(`EXPLAIN QUERY PLAN ${page.sql}`, ...page.params);
          const details = plan.map((step) => step.detail).join(" | ");
          const expected = `phone_numbers_e911_${view}_${organization ? "organization_" : ""}`;
          expect(details, `${view} ${sort} ${organization ?? "all"}`).toMatch(new RegExp(`USING (COVERING )?INDEX ${expected}`));
          expect(details, `${view} ${sort}`).not.toContain("TEMP B-TREE");
        }
      }
    }
  });
});

describe("E911 list: a search reads the numbers of its addresses from an index", () => {
  it("counts and pages an address search of every organization without reading the numbers' rows (migration 0022)", async () => {
    const db = createDb(env.DB);
    const found = substringCondition("e911_addresses_fts", phoneNumbers.e911AddressId, ["Dental 42"]);
    if (!found) throw new Error("no trigram condition");
    // Provider staff's view (no tenant scope); one organization's search walks its own numbers' index in order.
    const where = and(E911_NUMBERS, found("lookup"));
    // The capped count and the page query of `listPage` for a narrow search (the default sort, by number).
    const count = db.select({ one: sql`1` }).from(phoneNumbers).where(where).limit(10_001).toSQL();
    const page = db
      .select({ id: phoneNumbers.id })
      .from(phoneNumbers)
      .where(where)
      .orderBy(phoneNumbers.e164, phoneNumbers.id)
      .limit(10)
      .toSQL();
    for (const [name, statement] of [
      ["count", count],
      ["page", page],
    ] as const) {
      const plan = await query<{ detail: string }>(`EXPLAIN QUERY PLAN ${statement.sql}`, ...statement.params);
      expect(plan.map((step) => step.detail).join(" | "), name).toContain("USING COVERING INDEX phone_numbers_e911_address_idx");
    }
  });
});

describe("E911 list: tenant scope and odd input", () => {
  it("never shows another organization's numbers, whatever is searched or asked for", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    expect(await listIds(member, "/api/e911?per_page=100&search=Larkspur")).toEqual([]);
    expect(await listIds(member, "/api/e911?per_page=100&search=Larkspur&organization_id=3")).toEqual([]);
    const own = await json<Page>(await member.get("/api/e911?per_page=100&search=Quillfeather&organization_id=3"));
    expect(own.data.length).toBeGreaterThan(0);
    expect(own.data.every((entry) => entry.organization_id === 2)).toBe(true);
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    const theirs = await json<Page>(await lakeside.get("/api/e911?per_page=100&sort=city"));
    expect(theirs.total).toBe(theirs.data.length);
    expect(theirs.data.every((entry) => entry.organization_id === 3)).toBe(true);
  });

  it("answers odd search text with rows or none, never an error", async () => {
    const staff = await signedIn("support@amp.test");
    const odd = [
      '"',
      'a" OR "b',
      "NEAR(a b)",
      "*",
      "e164 : 555",
      "city:Portland",
      "%_\\",
      "((((",
      "-",
      "^x",
      "🙂🙂🙂",
      "Zürich",
      "x".repeat(48),
    ];
    for (const search of odd) {
      const response = await staff.get(`/api/e911?search=${encodeURIComponent(search)}`);
      expect(response.status, search).toBe(200);
      const page = await json<Page>(response);
      expect(page.total, search).toBeGreaterThanOrEqual(page.data.length);
    }
    expect((await staff.get(`/api/e911?search=${"x".repeat(49)}`)).status).toBe(422);
  });

  it("looks a substring up in one column of a trigram index when asked to", async () => {
    const db = createDb(env.DB);
    const inNumber = substringCondition("phone_numbers_fts", phoneNumbers.id, ["5039"], "e164");
    const anywhere = substringCondition("phone_numbers_fts", phoneNumbers.id, ["5039"]);
    if (!inNumber || !anywhere) throw new Error("four digits are long enough for a trigram");
    const labelled = await db.select({ e164: phoneNumbers.e164 }).from(phoneNumbers).where(anywhere("lookup"));
    expect(labelled.map((row) => row.e164)).toContain("+17095551091");
    expect(await db.select({ e164: phoneNumbers.e164 }).from(phoneNumbers).where(inNumber("lookup"))).toEqual([]);
  });
});

const SUGGESTED_ADDRESS = {
  caller_name: "Northwind Dental",
  house_number: "1200",
  street_name: "NW Everett",
  city: "Portland",
  state: "OR",
  postal_code: "97209",
  country: "US",
};
