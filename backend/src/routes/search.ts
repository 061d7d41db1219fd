import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, asc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Permission } from "../../../common/permissions";
import { searchDigits } from "../../../common/phone-numbers";
import type { Db } from "../db/client";
import { NUMBER_ORDER_STATUSES, numberOrders, organizations, PHONE_NUMBER_STATUSES, phoneNumbers, users } from "../db/schema";
import { currentUser, requireAuth } from "../lib/auth";
import type { AppEnv, CurrentUser } from "../lib/context";
import { ftsPhrase, SUBSTRING_MIN_CHARACTERS } from "../lib/list";
import { errorResponses, jsonContent } from "../lib/openapi";
import { tenantScope } from "../lib/tenant";
import { validationHook } from "../lib/validation";
import { orderSearchCondition } from "./number-order-history";

/**
 * Find anything (issue 25): one call for the command palette and the header's search page. Numbers (in any
 * formatting, or by label, caller ID name or city), users, organizations and number orders, a few of each,
 * only of the kinds the caller may list and only in the caller's tenant scope (`tenantScope`): an
 * organization member never sees another organization's rows, whatever `organization_id` says.
 */
export const searchRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

/** The permission key each kind of result needs: the same as its list's. */
const KINDS = {
  numbers: "tools.phone_numbers.read",
  users: "admin.users.read",
  organizations: "admin.organizations.read",
  orders: "tools.phone_numbers.order",
} as const satisfies Record<string, Permission>;

const searchQuery = z.object({
  q: z.string().trim().min(1).max(100).openapi({ description: "What was typed: a number in any formatting, a name, an e-mail, `#12`" }),
  limit: z.coerce.number().int().min(1).max(20).default(5).openapi({ description: "At most this many results of each kind" }),
  organization_id: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .openapi({ description: "Provider staff: only this organization's rows (members always get their own)" }),
});

const SearchResultsSchema = z
  .object({
    numbers: z.array(
      z.object({
        id: z.number().int(),
        e164: z.string(),
        status: z.enum(PHONE_NUMBER_STATUSES),
        label: z.string().nullable(),
        city: z
          .string()
          .nullable()
          .openapi({ description: "The carrier's city of the number, or else its E911 address's city, or else its rate center" }),
        state: z.string().nullable(),
        organization_name: z.string().nullable(),
      }),
    ),
    users: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string(), organization_name: z.string() })),
    organizations: z.array(z.object({ id: z.number().int(), name: z.string(), account_number: z.string() })),
    orders: z.array(
      z.object({
        id: z.number().int(),
        label: z.string().nullable(),
        status: z.enum(NUMBER_ORDER_STATUSES),
        organization_name: z.string(),
        created_at: z.string(),
      }),
    ),
  })
  .openapi("SearchResults");

/** What every finder gets: the database, the caller, the typed text, how many, the organization filter. */
interface Finder {
  db: Db;
  me: CurrentUser;
  q: string;
  limit: number;
  requested?: number;
}

function may(me: CurrentUser, kind: keyof typeof KINDS): boolean {
  return me.permissions.includes(KINDS[kind]);
}

/**
 * Ids of the rows an FTS5 index matches, read from the index (it streams: `LIMIT` stops it, where an
 * `id IN (every match)` would first collect them all) and joined to `table` for the tenant scope.
 */
async function indexedIds(
  db: Db,
  index: "phone_numbers_fts" | "users_fts" | "organizations_fts",
  table: "phone_numbers" | "users" | "organizations",
  match: string,
  scope: SQL | undefined,
  limit: number,
): Promise<number[]> {
  const rows = await db.all<{ id: number }>(
    sql`SELECT ${sql.identifier(table)}.id AS id FROM ${sql.identifier(index)} JOIN ${sql.identifier(table)} ON ${sql.identifier(table)}.id = ${sql.identifier(index)}.rowid WHERE ${sql.identifier(index)} MATCH ${match}${scope ? sql` AND ${scope}` : sql``} LIMIT ${limit}`,
  );
  return rows.map((row) => row.id);
}

async function findNumbers(c: Finder) {
  const { db, me, q, limit, requested } = c;
  // The text and its digits alone: "(555) 123-4567" and "+1 555 123 4567" both find +15551234567.
  const terms = [...new Set([q, searchDigits(q)])].filter((term) => [...term].length >= SUBSTRING_MIN_CHARACTERS);
  if (terms.length === 0) return [];
  const match = terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(" OR ");
  const ids = await indexedIds(
    db,
    "phone_numbers_fts",
    "phone_numbers",
    match,
    tenantScope(me, phoneNumbers.organizationId, requested),
    limit,
  );
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: phoneNumbers.id,
      e164: phoneNumbers.e164,
      status: phoneNumbers.status,
      label: phoneNumbers.label,
      city: phoneNumbers.city,
      rateCenter: phoneNumbers.rateCenter,
      e911City: phoneNumbers.e911City,
      state: phoneNumbers.state,
      organizationName: organizations.name,
    })
    .from(phoneNumbers)
    .leftJoin(organizations, eq(organizations.id, phoneNumbers.organizationId))
    .where(inArray(phoneNumbers.id, ids))
    .orderBy(asc(phoneNumbers.e164));
  return rows.map((row) => ({
    id: row.id,
    e164: row.e164,
    status: row.status,
    label: row.label,
    city: row.city ?? row.e911City ?? row.rateCenter,
    state: row.state,
    organization_name: row.organizationName,
  }));
}

async function findUsers(c: Finder) {
  const phrase = ftsPhrase(c.q);
  if (phrase === null) return [];
  const ids = await indexedIds(c.db, "users_fts", "users", phrase, tenantScope(c.me, users.organizationId, c.requested), c.limit);
  if (ids.length === 0) return [];
  const rows = await c.db
    .select({ id: users.id, name: users.name, email: users.email, organizationName: organizations.name })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(inArray(users.id, ids))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((row) => ({ id: row.id, name: row.name, email: row.email, organization_name: row.organizationName }));
}

async function findOrganizations(c: Finder) {
  const phrase = ftsPhrase(c.q);
  if (phrase === null) return [];
  const scope = tenantScope(c.me, organizations.id, c.requested);
  const ids = await indexedIds(c.db, "organizations_fts", "organizations", phrase, scope, c.limit);
  if (ids.length === 0) return [];
  const rows = await c.db
    .select({ id: organizations.id, name: organizations.name, accountNumber: organizations.accountNumber })
    .from(organizations)
    .where(inArray(organizations.id, ids))
    .orderBy(asc(organizations.name), asc(organizations.id));
  return rows.map((row) => ({ id: row.id, name: row.name, account_number: row.accountNumber }));
}

async function findOrders(c: Finder) {
  const rows = await c.db
    .select({
      id: numberOrders.id,
      label: numberOrders.label,
      status: numberOrders.status,
      organizationName: organizations.name,
      createdAt: numberOrders.createdAt,
    })
    .from(numberOrders)
    .innerJoin(organizations, eq(organizations.id, numberOrders.organizationId))
    .where(
      and(
        tenantScope(c.me, numberOrders.organizationId, c.requested),
        // As the order history: placed orders (a draft is a wizard still open).
        ne(numberOrders.status, "draft"),
        orderSearchCondition(c.q),
      ),
    )
    .orderBy(sql`${numberOrders.id} DESC`)
    .limit(c.limit);
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    status: row.status,
    organization_name: row.organizationName,
    created_at: row.createdAt,
  }));
}

searchRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/search",
    tags: ["Search"],
    summary:
      "Find anything: numbers (any formatting, label, caller ID name, city), users, organizations and number orders, a few of each; only the kinds the caller may list, in the caller's scope",
    middleware: [requireAuth] as const,
    request: { query: searchQuery },
    responses: {
      200: jsonContent(SearchResultsSchema, "A few results of each kind (an empty list for a kind the caller may not list)"),
      ...errorResponses(401, 422),
    },
  }),
  async (c) => {
    const me = currentUser(c);
    const query = c.req.valid("query");
    const context = { db: c.get("db"), me, q: query.q, limit: query.limit, requested: query.organization_id };
    const [numbers, foundUsers, foundOrganizations, orders] = await Promise.all([
      may(me, "numbers") ? findNumbers(context) : [],
      may(me, "users") ? findUsers(context) : [],
      may(me, "organizations") ? findOrganizations(context) : [],
      may(me, "orders") ? findOrders(context) : [],
    ]);
    return c.json({ numbers, users: foundUsers, organizations: foundOrganizations, orders }, 200);
  },
);
