import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { E911_COUNTRIES } from "../../../common/e911";
import { searchDigits } from "../../../common/phone-numbers";
import { type Carrier, createCarrier } from "../carriers";
import type { Db } from "../db/client";
import { E911_PROVISIONING_STATUSES, E911_VALIDATION_STATUSES, e911Addresses, organizations, phoneNumbers } from "../db/schema";
import { logActivity } from "../lib/activity";
import { currentUser, requireAuth, requirePermission } from "../lib/auth";
import type { AppEnv, CurrentUser } from "../lib/context";
import { type Address, addressValues, E911AddressBody, oneLine } from "../lib/e911-address";
import { notFound, validationError } from "../lib/errors";
import { csvExportResponse, exportResponse } from "../lib/export";
import { type ListSearch, listPage, substringCondition } from "../lib/list";
import { errorResponses, jsonBody, jsonContent } from "../lib/openapi";
import { likePattern, listQuerySchema, paginatorSchema } from "../lib/pagination";
import { carrierCall } from "../lib/phone-numbers";
import { tenantScope } from "../lib/tenant";
import { validationHook } from "../lib/validation";

/**
 * E911: one emergency address per number, validated by the carrier (which may suggest a correction) and then
 * provisioned. Rows are the organization's numbers (provider stock has no caller to locate).
 */
export const e911Routes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const idParam = z.object({ id: z.coerce.number().int().positive() });
const AddressSchema = z
  .object({
    id: z.number().int(),
    caller_name: z.string(),
    house_number: z.string(),
    house_number_suffix: z.string().nullable(),
    pre_directional: z.string().nullable(),
    street_name: z.string(),
    street_suffix: z.string().nullable(),
    post_directional: z.string().nullable(),
    unit: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    postal_code: z.string(),
    postal_code_plus4: z.string().nullable(),
    country: z.enum(E911_COUNTRIES),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    validation_status: z.enum(E911_VALIDATION_STATUSES),
    suggestion: z.record(z.string(), z.unknown()).nullable().openapi({ description: "The carrier's corrected address (status suggested)" }),
    last_error: z.string().nullable().openapi({ description: "Message key (`carrier.*`) of the last failed validation" }),
  })
  .openapi("E911Address");

const E911EntrySchema = z
  .object({
    id: z.number().int().openapi({ description: "The phone number's id" }),
    e164: z.string(),
    organization_id: z.number().int(),
    organization_name: z.string().nullable(),
    number_status: z.string(),
    e911_status: z.enum(E911_PROVISIONING_STATUSES).nullable(),
    e911_error: z.string().nullable(),
    address: AddressSchema.nullable(),
    updated_at: z.string(),
  })
  .openapi("E911Entry");
type E911Entry = z.infer<typeof E911EntrySchema>;

function entryColumns() {
  return {
    id: phoneNumbers.id,
    e164: phoneNumbers.e164,
    organizationId: phoneNumbers.organizationId,
    organizationName: organizations.name,
    numberStatus: phoneNumbers.status,
    e911Status: phoneNumbers.e911Status,
    e911Error: phoneNumbers.e911Error,
    updatedAt: phoneNumbers.updatedAt,
    address: e911Addresses,
  };
}

type EntryRow = {
  id: number;
  e164: string;
  organizationId: number | null;
  organizationName: string | null;
  numberStatus: string;
  e911Status: E911Entry["e911_status"];
  e911Error: string | null;
  updatedAt: string;
  address: typeof e911Addresses.$inferSelect | null;
};

function serializeEntry(row: EntryRow): E911Entry {
  const address = row.address;
  return {
    id: row.id,
    e164: row.e164,
    organization_id: row.organizationId ?? 0,
    organization_name: row.organizationName,
    number_status: row.numberStatus,
    e911_status: row.e911Status,
    e911_error: row.e911Error,
    updated_at: row.updatedAt,
    address: address
      ? {
          id: address.id,
          caller_name: address.callerName,
          house_number: address.houseNumber,
          house_number_suffix: address.houseNumberSuffix,
          pre_directional: address.preDirectional,
          street_name: address.streetName,
          street_suffix: address.streetSuffix,
          post_directional: address.postDirectional,
          unit: address.unit,
          city: address.city,
          state: address.state,
          postal_code: address.postalCode,
          postal_code_plus4: address.postalCodePlus4,
          country: address.country,
          latitude: address.latitude,
          longitude: address.longitude,
          validation_status: address.validationStatus,
          suggestion: address.suggestion ? (JSON.parse(address.suggestion) as Record<string, unknown>) : null,
          last_error: address.lastError,
        }
      : null,
  };
}

/**
 * Numbers E911 applies to: an organization's, not disconnected. Written term for term as the WHERE of migration
 * 0013's partial indexes, which SQLite must find in a query to use them (test/e911-list.test.ts checks the plans).
 */
export const E911_NUMBERS = sql`${phoneNumbers.organizationId} IS NOT NULL AND ${phoneNumbers.status} <> 'disconnected'`;
/** Of those, the ones without E911: no address, or not provisioned (the `without_e911` view, kept count too). */
export const WITHOUT_E911 = sql`(${phoneNumbers.e911AddressId} IS NULL OR ${phoneNumbers.e911Status} IS NOT 'provisioned')`;

function e911Numbers(me: CurrentUser): SQL | undefined {
  return and(tenantScope(me, phoneNumbers.organizationId), E911_NUMBERS);
}

async function findEntries(db: Db, me: CurrentUser, ids: number[]): Promise<EntryRow[]> {
  return db
    .select(entryColumns())
    .from(phoneNumbers)
    .leftJoin(organizations, eq(organizations.id, phoneNumbers.organizationId))
    .leftJoin(e911Addresses, eq(e911Addresses.id, phoneNumbers.e911AddressId))
    .where(and(inArray(phoneNumbers.id, ids), e911Numbers(me)));
}

async function findEntry(db: Db, me: CurrentUser, id: number): Promise<EntryRow> {
  const [row] = await findEntries(db, me, [id]);
  if (!row) throw notFound();
  return row;
}

/**
 * Validates `address` with the carrier, stores it for the numbers (one new address row shared by them) and,
 * when valid, provisions each number. The carrier is asked first: when it times out or fails nothing is
 * written. A suggested or invalid address is stored with its status and the numbers wait in `pending` (the
 * carrier keeps routing to whatever it had provisioned before).
 */
async function applyAddress(
  c: Parameters<Parameters<typeof e911Routes.openapi>[1]>[0],
  carrier: Carrier,
  rows: EntryRow[],
  address: Address,
): Promise<void> {
  const db = c.get("db");
  const organizationId = rows[0]?.organizationId;
  if (organizationId == null) throw notFound();
  const validation = await carrierCall(() => carrier.validateE911Address(address));
  const provisioning = new Map<number, { status: "provisioned" | "failed" | "pending"; reason: string | null }>();
  for (const row of rows) {
    if (validation.status !== "valid") provisioning.set(row.id, { status: "pending", reason: validation.reason });
    else {
      const result = await carrierCall(() => carrier.provisionE911(row.e164, address));
      provisioning.set(row.id, { status: result.status === "provisioned" ? "provisioned" : "failed", reason: result.reason });
    }
  }
  const now = new Date().toISOString();
  const [created] = await db
    .insert(e911Addresses)
    .values({
      organizationId,
      ...addressValues(address),
      validationStatus: validation.status,
      suggestion: validation.suggestion ? JSON.stringify(validation.suggestion) : null,
      lastError: validation.reason,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: e911Addresses.id });
  if (!created) throw new Error("e911 address insert returned nothing");
  for (const row of rows) {
    const outcome = provisioning.get(row.id);
    const before = serializeEntry(row).address;
    await db
      .update(phoneNumbers)
      .set({ e911AddressId: created.id, e911Status: outcome?.status ?? "pending", e911Error: outcome?.reason ?? null, updatedAt: now })
      .where(eq(phoneNumbers.id, row.id));
    await logActivity(c, {
      action: "e911.updated",
      subject_type: "phone_number",
      subject_id: row.id,
      subject_label: row.e164,
      organization_id: organizationId,
      before: {
        e911_address: before ? oneLine(before) : null,
        e911_status: row.e911Status,
      },
      after: { e911_address: oneLine(address), validation_status: validation.status, e911_status: outcome?.status ?? "pending" },
    });
  }
  // Addresses no number points at any more are the numbers' old ones: dropped so the table holds live data only.
  const previous = [...new Set(rows.map((row) => row.address?.id).filter((id): id is number => id !== undefined))];
  if (previous.length > 0) {
    await db
      .delete(e911Addresses)
      .where(
        and(
          inArray(e911Addresses.id, previous),
          sql`NOT EXISTS (SELECT 1 FROM ${phoneNumbers} WHERE ${phoneNumbers.e911AddressId} = ${e911Addresses.id})`,
          sql`NOT EXISTS (SELECT 1 FROM number_orders WHERE number_orders.e911_address_id = ${e911Addresses.id})`,
        ),
      );
  }
}

/** The address's columns are sorted on their copies in phone_numbers (migration 0013), which are indexed. */
export const SORTS = {
  e164: phoneNumbers.e164,
  e911_status: phoneNumbers.e911Status,
  validation_status: phoneNumbers.e911ValidationStatus,
  city: phoneNumbers.e911City,
  updated_at: phoneNumbers.updatedAt,
} as const;

/**
 * The search: the digits of the number (in any formatting) anywhere in its E.164, or the typed text anywhere in
 * the address's caller name, street or city, through trigram indexes. When neither is three characters long
 * (no trigram to look up), the same comparisons with LIKE, bounded by the two-character search.
 */
function addressSearch(search: string): ListSearch {
  const digits = searchDigits(search);
  const indexed = [
    substringCondition("phone_numbers_fts", phoneNumbers.id, [digits], "e164"),
    substringCondition("e911_addresses_fts", phoneNumbers.e911AddressId, [search]),
  ].filter((condition) => condition !== null);
  if (indexed.length > 0) return { where: (walk) => or(...indexed.map((condition) => condition(walk))) ?? sql`0` };
  const pattern = likePattern(search);
  const scanned =
    or(
      digits ? sql`${phoneNumbers.e164} LIKE ${likePattern(digits)} ESCAPE '\\'` : undefined,
      sql`${phoneNumbers.e911AddressId} IN (SELECT ${e911Addresses.id} FROM ${e911Addresses} WHERE ${e911Addresses.callerName} LIKE ${pattern} ESCAPE '\\'
        OR ${e911Addresses.streetName} LIKE ${pattern} ESCAPE '\\' OR ${e911Addresses.city} LIKE ${pattern} ESCAPE '\\')`,
    ) ?? sql`0`;
  return { where: () => scanned };
}

const e911ListQuery = listQuerySchema.extend({
  sort: z.enum(["e164", "e911_status", "validation_status", "city", "updated_at"]).default("e164"),
  e911_status: z.enum(E911_PROVISIONING_STATUSES).optional(),
  validation_status: z.enum(E911_VALIDATION_STATUSES).optional(),
  without_e911: z.enum(["1", "true"]).optional().openapi({ description: "Only numbers without a provisioned address" }),
});

/** The list's filters (the list's rows are `within`, a kept count), shared by the list and its export. */
function e911Filters(query: z.infer<typeof e911ListQuery>): (SQL | undefined)[] {
  return [
    query.e911_status ? eq(phoneNumbers.e911Status, query.e911_status) : undefined,
    query.validation_status ? eq(phoneNumbers.e911ValidationStatus, query.validation_status) : undefined,
  ];
}

e911Routes.openapi(
  createRoute({
    method: "get",
    path: "/api/e911/export",
    tags: ["E911"],
    summary: "The E911 list as CSV (the same filters and search): each number with its address and status, streamed",
    middleware: [requireAuth, requirePermission("tools.e911.read")] as const,
    request: { query: e911ListQuery },
    responses: { ...csvExportResponse, ...errorResponses(401, 403, 422) },
  }),
  (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const query = c.req.valid("query");
    const search = query.search?.trim();
    return exportResponse(c, {
      table: phoneNumbers,
      id: phoneNumbers.id,
      tenant: { actor: me, column: phoneNumbers.organizationId, requested: query.organization_id },
      filters: [query.without_e911 ? and(E911_NUMBERS, WITHOUT_E911) : E911_NUMBERS, ...e911Filters(query)],
      search: search ? addressSearch(search) : undefined,
      rows: (where, order) =>
        db
          .select(entryColumns())
          .from(phoneNumbers)
          .leftJoin(organizations, eq(organizations.id, phoneNumbers.organizationId))
          .leftJoin(e911Addresses, eq(e911Addresses.id, phoneNumbers.e911AddressId))
          .where(where)
          .orderBy(...order),
      rowId: (row) => row.id,
      header: [
        "e164",
        "organization",
        "e911_status",
        "validation_status",
        "caller_name",
        "house_number",
        "street",
        "unit",
        "city",
        "state",
        "postal_code",
        "country",
        "e911_error",
        "updated_at",
      ],
      line: (row) => {
        const entry = serializeEntry(row);
        const address = entry.address;
        return [
          entry.e164,
          entry.organization_name,
          entry.e911_status,
          address?.validation_status,
          address?.caller_name,
          address ? [address.house_number, address.house_number_suffix].filter(Boolean).join(" ") : null,
          address
            ? [address.pre_directional, address.street_name, address.street_suffix, address.post_directional].filter(Boolean).join(" ")
            : null,
          address?.unit,
          address?.city,
          address?.state,
          address?.postal_code,
          address?.country,
          entry.e911_error,
          entry.updated_at,
        ];
      },
      filename: "e911.csv",
    });
  },
);

e911Routes.openapi(
  createRoute({
    method: "get",
    path: "/api/e911",
    tags: ["E911"],
    summary: "The organization's numbers with their emergency address, validation and provisioning status",
    middleware: [requireAuth, requirePermission("tools.e911.read")] as const,
    request: {
      query: e911ListQuery,
    },
    responses: { 200: jsonContent(paginatorSchema(E911EntrySchema), "One page"), ...errorResponses(401, 403, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const query = c.req.valid("query");
    const search = query.search?.trim();
    const page = await listPage(db, {
      table: phoneNumbers,
      id: phoneNumbers.id,
      // The "without E911" view is a kept count of its own, not a filter.
      counted: query.without_e911 ? "e911_entries_without_e911" : "e911_entries",
      within: query.without_e911 ? and(E911_NUMBERS, WITHOUT_E911) : E911_NUMBERS,
      tenant: { actor: me, column: phoneNumbers.organizationId },
      query,
      search: search ? addressSearch(search) : undefined,
      filters: e911Filters(query),
      sort: SORTS[query.sort],
      rows: (where, order) =>
        db
          .select(entryColumns())
          .from(phoneNumbers)
          .leftJoin(organizations, eq(organizations.id, phoneNumbers.organizationId))
          .leftJoin(e911Addresses, eq(e911Addresses.id, phoneNumbers.e911AddressId))
          .where(where)
          .orderBy(...order),
    });
    return c.json({ ...page, data: page.data.map(serializeEntry) }, 200);
  },
);

e911Routes.openapi(
  createRoute({
    method: "get",
    path: "/api/e911/{id}",
    tags: ["E911"],
    summary: "One number's E911 address and status",
    middleware: [requireAuth, requirePermission("tools.e911.read")] as const,
    request: { params: idParam },
    responses: { 200: jsonContent(E911EntrySchema, "The number's E911"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => c.json(serializeEntry(await findEntry(c.get("db"), currentUser(c), c.req.valid("param").id)), 200),
);

e911Routes.openapi(
  createRoute({
    method: "put",
    path: "/api/e911/{id}",
    tags: ["E911"],
    summary: "Set a number's E911 address: validated by the carrier (valid → provisioned; suggested or invalid → stored, pending)",
    middleware: [requireAuth, requirePermission("tools.e911.modify")] as const,
    request: { params: idParam, body: jsonBody(E911AddressBody) },
    responses: {
      200: jsonContent(E911EntrySchema, "The outcome: address.validation_status and e911_status"),
      ...errorResponses(401, 403, 404, 422, 502),
    },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const { id } = c.req.valid("param");
    const row = await findEntry(db, me, id);
    await applyAddress(c, createCarrier(c.env, db), [row], c.req.valid("json"));
    return c.json(serializeEntry(await findEntry(db, me, id)), 200);
  },
);

e911Routes.openapi(
  createRoute({
    method: "post",
    path: "/api/e911/bulk",
    tags: ["E911"],
    summary: "Set one E911 address on several numbers of one organization",
    middleware: [requireAuth, requirePermission("tools.e911.modify")] as const,
    request: {
      body: jsonBody(
        z.object({
          phone_number_ids: z.array(z.number().int().positive()).min(1).max(100),
          address: E911AddressBody,
        }),
      ),
    },
    responses: {
      200: jsonContent(z.object({ data: z.array(E911EntrySchema) }), "The numbers with their outcome"),
      ...errorResponses(401, 403, 404, 422, 502),
    },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const body = c.req.valid("json");
    const ids = [...new Set(body.phone_number_ids)];
    const rows = await findEntries(db, me, ids);
    // A number the caller cannot see (another organization's) is simply not found.
    if (rows.length !== ids.length) throw notFound();
    if (new Set(rows.map((row) => row.organizationId)).size > 1) {
      throw validationError({ phone_number_ids: ["e911.validation.one_organization"] });
    }
    await applyAddress(c, createCarrier(c.env, db), rows, body.address);
    return c.json({ data: (await findEntries(db, me, ids)).map(serializeEntry) }, 200);
  },
);

e911Routes.openapi(
  createRoute({
    method: "delete",
    path: "/api/e911/{id}",
    tags: ["E911"],
    summary: "Remove E911 from a number: emergency calls from it are no longer routed with an address",
    middleware: [requireAuth, requirePermission("tools.e911.modify")] as const,
    request: { params: idParam },
    responses: { 200: jsonContent(E911EntrySchema, "The number without E911"), ...errorResponses(401, 403, 404, 502) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const { id } = c.req.valid("param");
    const row = await findEntry(db, me, id);
    // The carrier first: when it fails, the number keeps its E911 here too.
    await carrierCall(() => createCarrier(c.env, db).removeE911(row.e164));
    await db
      .update(phoneNumbers)
      .set({ e911AddressId: null, e911Status: "removed", e911Error: null, updatedAt: new Date().toISOString() })
      .where(eq(phoneNumbers.id, id));
    await logActivity(c, {
      action: "e911.removed",
      subject_type: "phone_number",
      subject_id: id,
      subject_label: row.e164,
      organization_id: row.organizationId,
      before: { e911_status: row.e911Status },
      after: { e911_status: "removed" },
    });
    return c.json(serializeEntry(await findEntry(db, me, id)), 200);
  },
);
