import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { searchDigits } from "../../../common/phone-numbers";
import type { Db } from "../db/client";
import { organizations, PHONE_NUMBER_STATUSES, PHONE_NUMBER_TYPES, phoneNumbers } from "../db/schema";
import { logActivity } from "../lib/activity";
import { currentUser, requireAuth, requirePermission } from "../lib/auth";
import {
  BULK_ROW_LIMIT,
  BULK_SET_LIMIT,
  BulkResultSchema,
  BulkTally,
  type BulkWalk,
  bulkActivityStatement,
  bulkIdsSchema,
  oneSelection,
  walkSelection,
} from "../lib/bulk";
import type { AppEnv, CurrentUser } from "../lib/context";
import { forbidden, notFound, validationError } from "../lib/errors";
import { csvExportResponse, exportResponse } from "../lib/export";
import { type ListSearch, listPage, substringCondition } from "../lib/list";
import { errorResponses, jsonBody, jsonContent } from "../lib/openapi";
import { likePattern, listQuerySchema, paginatorSchema } from "../lib/pagination";
import { CnamSchema, PhoneNumberSchema, phoneNumberColumns, serializePhoneNumber } from "../lib/phone-numbers";
import { releaseNumberOnce } from "../lib/release";
import { tenantScope } from "../lib/tenant";
import { validationHook } from "../lib/validation";

/** The phone-number inventory. Organization members only ever reach their own organization's numbers. */
export const phoneNumbersRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const idParam = z.object({ id: z.coerce.number().int().positive() });

/** The export's columns (machine names, as the import template's). */
const NUMBER_EXPORT_HEADER = [
  "e164",
  "organization",
  "status",
  "type",
  "country",
  "state",
  "rate_center",
  "capabilities",
  "label",
  "cnam",
  "e911_status",
  "created_at",
] as const;

const SORTS = {
  e164: phoneNumbers.e164,
  status: phoneNumbers.status,
  type: phoneNumbers.type,
  label: phoneNumbers.label,
  created_at: phoneNumbers.createdAt,
} as const;

/**
 * The list's search: the typed text, and its digits alone (E.164 is "+" and digits, so "(416) 555-01" finds
 * +1416555012x), anywhere in the number, label, caller ID name or city (the carrier's city, rate center, E911 address's city:
 * migration 0020), through the trigram index. One or two characters have no trigram: those few-character
 * searches scan with LIKE (bounded by the search length). The command palette's search uses it too.
 */
export function numberSearch(search: string): ListSearch {
  const digits = searchDigits(search);
  const indexed = substringCondition("phone_numbers_fts", phoneNumbers.id, [search, digits]);
  if (indexed) return { where: indexed };
  const scanned =
    or(
      digits ? sql`${phoneNumbers.e164} LIKE ${likePattern(digits)} ESCAPE '\\'` : undefined,
      sql`${phoneNumbers.label} LIKE ${likePattern(search)} ESCAPE '\\'`,
      sql`${phoneNumbers.cnam} LIKE ${likePattern(search)} ESCAPE '\\'`,
      sql`${phoneNumbers.city} LIKE ${likePattern(search)} ESCAPE '\\'`,
      sql`${phoneNumbers.rateCenter} LIKE ${likePattern(search)} ESCAPE '\\'`,
      sql`${phoneNumbers.e911City} LIKE ${likePattern(search)} ESCAPE '\\'`,
    ) ?? sql`0`;
  return { where: () => scanned };
}

const numberListQuery = listQuerySchema.extend({
  sort: z.enum(["e164", "status", "type", "label", "created_at"]).default("created_at"),
  status: z.enum(PHONE_NUMBER_STATUSES).optional(),
  type: z.enum(PHONE_NUMBER_TYPES).optional(),
  e911: z.enum(["missing"]).optional().openapi({ description: "`missing`: numbers without an E911 address" }),
  import: z.coerce.number().int().positive().optional().openapi({ description: "Only the numbers a phone-number import created" }),
});

/** The list's filters, shared by the list, its export and its bulk actions. */
function numberFilters(query: Pick<z.infer<typeof numberListQuery>, "status" | "type" | "e911" | "import">): (SQL | undefined)[] {
  return [
    query.status ? eq(phoneNumbers.status, query.status) : undefined,
    query.type ? eq(phoneNumbers.type, query.type) : undefined,
    query.e911 === "missing" ? isNull(phoneNumbers.e911AddressId) : undefined,
    query.import ? eq(phoneNumbers.importId, query.import) : undefined,
  ];
}

async function findNumber(db: Db, me: CurrentUser, id: number) {
  const [row] = await db
    .select(phoneNumberColumns())
    .from(phoneNumbers)
    .leftJoin(organizations, eq(organizations.id, phoneNumbers.organizationId))
    .where(and(eq(phoneNumbers.id, id), tenantScope(me, phoneNumbers.organizationId)));
  if (!row) throw notFound();
  return row;
}

phoneNumbersRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/phone-numbers",
    tags: ["Phone numbers"],
    summary: "Phone numbers; `search` matches the digits of the number in any formatting, the label, caller ID name and city",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.read")] as const,
    request: {
      query: numberListQuery,
    },
    responses: {
      200: jsonContent(paginatorSchema(PhoneNumberSchema), "One page of phone numbers"),
      ...errorResponses(401, 403, 422),
    },
  }),
  async (c) => {
    const me = currentUser(c);
    const query = c.req.valid("query");
    const db = c.get("db");
    const search = query.search?.trim();
    const page = await listPage(db, {
      table: phoneNumbers,
      id: phoneNumbers.id,
      counted: "phone_numbers",
      tenant: { actor: me, column: phoneNumbers.organizationId },
      query,
      search: search ? numberSearch(search) : undefined,
      filters: numberFilters(query),
      sort: SORTS[query.sort],
      rows: (where, rowOrder) =>
        db
          .select(phoneNumberColumns())
          .from(phoneNumbers)
          .leftJoin(organizations, eq(organizations.id, phoneNumbers.organizationId))
          .where(where)
          .orderBy(...rowOrder),
    });
    return c.json({ ...page, data: page.data.map(serializePhoneNumber) }, 200);
  },
);

phoneNumbersRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/phone-numbers/export",
    tags: ["Phone numbers"],
    summary: "The list's rows as CSV (the same filters and search; `page`, `per_page` and `sort` are ignored), streamed",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.read")] as const,
    request: { query: numberListQuery },
    responses: { ...csvExportResponse, ...errorResponses(401, 403, 422) },
  }),
  (c) => {
    const me = currentUser(c);
    const query = c.req.valid("query");
    const db = c.get("db");
    const search = query.search?.trim();
    return exportResponse(c, {
      table: phoneNumbers,
      id: phoneNumbers.id,
      tenant: { actor: me, column: phoneNumbers.organizationId, requested: query.organization_id },
      filters: numberFilters(query),
      search: search ? numberSearch(search) : undefined,
      rows: (where, order) =>
        db
          .select(phoneNumberColumns())
          .from(phoneNumbers)
          .leftJoin(organizations, eq(organizations.id, phoneNumbers.organizationId))
          .where(where)
          .orderBy(...order),
      rowId: (row) => row.id,
      header: NUMBER_EXPORT_HEADER,
      line: (row) => {
        const number = serializePhoneNumber(row);
        return [
          number.e164,
          number.organization_name,
          number.status,
          number.type,
          number.country,
          number.state,
          number.rate_center,
          number.capabilities.join(" "),
          number.label,
          number.cnam,
          number.e911_status,
          number.created_at,
        ];
      },
      filename: "phone-numbers.csv",
    });
  },
);

phoneNumbersRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/phone-numbers/{id}",
    tags: ["Phone numbers"],
    summary: "One phone number",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.read")] as const,
    request: { params: idParam },
    responses: { 200: jsonContent(PhoneNumberSchema, "The phone number"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const row = await findNumber(c.get("db"), currentUser(c), c.req.valid("param").id);
    return c.json(serializePhoneNumber(row), 200);
  },
);

phoneNumbersRoutes.openapi(
  createRoute({
    method: "put",
    path: "/api/phone-numbers/{id}",
    tags: ["Phone numbers"],
    summary: "Change a number's label and caller ID name (CNAM)",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.order")] as const,
    request: {
      params: idParam,
      body: jsonBody(
        z.object({
          label: z.string().trim().max(100).nullable().optional(),
          cnam: CnamSchema.optional(),
        }),
      ),
    },
    responses: { 200: jsonContent(PhoneNumberSchema, "The updated number"), ...errorResponses(401, 403, 404, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const before = await findNumber(db, me, id);
    const label = body.label === undefined ? before.label : body.label || null;
    const cnam = body.cnam === undefined ? before.cnam : body.cnam || null;
    await db
      .update(phoneNumbers)
      .set({ label, cnam, updatedAt: new Date().toISOString() })
      .where(and(eq(phoneNumbers.id, id), tenantScope(me, phoneNumbers.organizationId)));
    await logActivity(c, {
      action: "phone_numbers.updated",
      subject_type: "phone_number",
      subject_id: id,
      subject_label: before.e164,
      organization_id: before.organizationId,
      before: { label: before.label, cnam: before.cnam },
      after: { label, cnam },
    });
    return c.json(serializePhoneNumber(await findNumber(db, me, id)), 200);
  },
);

phoneNumbersRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/phone-numbers/{id}/release",
    tags: ["Phone numbers"],
    summary: "Give an in-service number back to the carrier; it stays listed as disconnected",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.order")] as const,
    request: { params: idParam },
    responses: {
      200: jsonContent(PhoneNumberSchema, "The released number"),
      ...errorResponses(401, 403, 404, 409),
      502: errorResponses(409)[409],
    },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const { id } = c.req.valid("param");
    await releaseNumberOnce(c, me, id);
    return c.json(serializePhoneNumber(await findNumber(db, me, id)), 200);
  },
);

/** A bulk action's selection by filter: the list's query without paging and sort. */
const numberFilterSchema = numberListQuery.omit({ page: true, per_page: true, sort: true, direction: true });

const NumberBulkBody = z
  .object({
    action: z.enum(["assign_organization", "set_label", "release"]),
    ids: bulkIdsSchema,
    filter: numberFilterSchema
      .optional()
      .openapi({ description: "Every number the list's filters and search select (the list's own query), instead of `ids`" }),
    organization_id: z
      .number()
      .int()
      .positive()
      .nullable()
      .optional()
      .openapi({ description: "`assign_organization`: the organization, or null for the provider's unassigned stock" }),
    label: z.string().trim().max(100).nullable().optional().openapi({ description: "`set_label`: the label; empty or null clears it" }),
  })
  .superRefine((body, context) => {
    oneSelection(body, context);
    if (body.action === "assign_organization" && body.organization_id === undefined) {
      context.addIssue({ code: "custom", path: ["organization_id"], message: "validation.required" });
    }
    if (body.action === "set_label" && body.label === undefined) {
      context.addIssue({ code: "custom", path: ["label"], message: "validation.required" });
    }
  });

/** Why `assign_organization` leaves a number as it is (the numbers whose organization is not free to change). */
function assignSkipReason(
  row: { status: string; e911AddressId: number | null; releaseClaim: string | null; organizationId: number | null },
  target: number | null,
): string | null {
  if (row.organizationId === target) return "ui.bulk.unchanged";
  if (row.releaseClaim) return "numbers.release_in_progress";
  if (row.status === "porting_in") return "numbers.bulk.porting_in";
  if (row.status === "reserved") return "numbers.bulk.reserved";
  if (row.status === "disconnected") return "numbers.not_in_service";
  if (row.e911AddressId !== null) return "numbers.bulk.has_e911";
  return null;
}

phoneNumbersRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/phone-numbers/bulk",
    tags: ["Phone numbers"],
    summary:
      "One action on the ticked numbers (`ids`) or on every number matching the list's filter (`filter`): assign an organization (provider staff), set a label, or release",
    description:
      "Numbers outside the caller's organization refuse the request (404). A number the action cannot apply to is skipped and counted by reason. " +
      "A filtered set is walked in batches; at most 5,000 numbers (100 for `release`) per request, the rest counted in `remaining`. " +
      "Release goes through the single release's claim and carrier call, once per number.",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.order")] as const,
    request: { body: jsonBody(NumberBulkBody) },
    responses: { 200: jsonContent(BulkResultSchema, "What was done and skipped"), ...errorResponses(401, 403, 404, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const body = c.req.valid("json");
    const filter = body.filter;
    const search = filter?.search?.trim();
    const walk = (pending: SQL | undefined): BulkWalk => ({
      table: phoneNumbers,
      id: phoneNumbers.id,
      tenant: { actor: me, column: phoneNumbers.organizationId, requested: filter?.organization_id },
      filters: filter ? numberFilters(filter) : [],
      search: search ? numberSearch(search) : undefined,
      pending,
    });
    const selection = body.ids ? { ids: body.ids } : { filter: filter ?? {} };
    const tally = new BulkTally();

    if (body.action === "release") {
      const pending = and(eq(phoneNumbers.status, "in_service"), isNull(phoneNumbers.releaseClaim));
      const remaining = await walkSelection(db, walk(pending), selection, BULK_ROW_LIMIT, async (batch) => {
        const rows = await db.select({ id: phoneNumbers.id }).from(phoneNumbers).where(batch).orderBy(sql`${phoneNumbers.id} DESC`);
        for (const row of rows) {
          try {
            await releaseNumberOnce(c, me, row.id);
            tally.done++;
          } catch (error) {
            tally.skipFor(error);
          }
        }
      });
      return c.json(tally.result(remaining), 200);
    }

    let pending: SQL;
    let changes: SQL;
    let skipReason: (row: Parameters<typeof assignSkipReason>[0] & { label: string | null }) => string | null;
    let set: Partial<typeof phoneNumbers.$inferInsert>;
    if (body.action === "assign_organization") {
      if (!me.isProvider) throw forbidden();
      const target = body.organization_id ?? null;
      if (target !== null) {
        const [exists] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, target));
        if (!exists) throw validationError({ organization_id: ["validation.exists"] });
      }
      pending = and(
        inArray(phoneNumbers.status, ["available", "in_service"]),
        isNull(phoneNumbers.e911AddressId),
        isNull(phoneNumbers.releaseClaim),
        sql`${phoneNumbers.organizationId} IS NOT ${target}`,
      ) as SQL;
      changes = sql`json_object('organization_id', json_object('old', ${phoneNumbers.organizationId}, 'new', ${target}))`;
      skipReason = (row) => assignSkipReason(row, target);
      set = { organizationId: target };
    } else {
      const label = body.label || null;
      pending = sql`${phoneNumbers.label} IS NOT ${label}`;
      changes = sql`json_object('label', json_object('old', ${phoneNumbers.label}, 'new', ${label}))`;
      skipReason = (row) => (row.label === label ? "ui.bulk.unchanged" : null);
      set = { label };
    }
    const remaining = await walkSelection(db, walk(pending), selection, BULK_SET_LIMIT, async (batch) => {
      const rows = await db
        .select({
          status: phoneNumbers.status,
          e911AddressId: phoneNumbers.e911AddressId,
          releaseClaim: phoneNumbers.releaseClaim,
          organizationId: phoneNumbers.organizationId,
          label: phoneNumbers.label,
        })
        .from(phoneNumbers)
        .where(batch);
      for (const row of rows) {
        const reason = skipReason(row);
        if (reason) tally.skip(reason);
      }
      const where = and(batch, pending) as SQL;
      const [, updated] = await db.batch([
        bulkActivityStatement(c, {
          action: "phone_numbers.updated",
          subjectType: "phone_number",
          table: phoneNumbers,
          subjectId: phoneNumbers.id,
          subjectLabel: phoneNumbers.e164,
          organizationId: phoneNumbers.organizationId,
          changes,
          where,
        }),
        db
          .update(phoneNumbers)
          .set({ ...set, updatedAt: new Date().toISOString() })
          .where(where)
          .returning({ id: phoneNumbers.id }),
      ]);
      tally.done += updated.length;
    });
    return c.json(tally.result(remaining), 200);
  },
);
