import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { searchDigits } from "../../../common/phone-numbers";
import { activityLog, NUMBER_ORDER_STATUSES, numberOrderItems, numberOrders, organizations, users } from "../db/schema";
import { currentUser, requireAuth, requirePermission } from "../lib/auth";
import type { AppEnv } from "../lib/context";
import { notFound } from "../lib/errors";
import { csvExportResponse, exportResponse } from "../lib/export";
import { dayRange, dayRangeQuery } from "../lib/list";
import { errorResponses, jsonContent } from "../lib/openapi";
import { likePattern, listQuerySchema, paginate, paginatorSchema } from "../lib/pagination";
import { tenantScope } from "../lib/tenant";
import { validationHook } from "../lib/validation";
import { ActivityEntrySchema, readEntries } from "./activity-log";

/**
 * Order history (issue 25): the list of number orders, and an order's events (who did what, when). Orders of
 * another organization are never listed nor found: every query goes through `tenantScope`.
 */
export const numberOrderHistoryRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

/** How many of an order's numbers the list shows (the detail lists them all). */
const LISTED_NUMBERS = 3;

const SORTS = {
  created_at: numberOrders.createdAt,
  submitted_at: numberOrders.submittedAt,
  status: numberOrders.status,
} as const;

export const NumberOrderSummarySchema = z
  .object({
    id: z.number().int(),
    organization_id: z.number().int(),
    organization_name: z.string(),
    status: z.enum(NUMBER_ORDER_STATUSES),
    label: z.string().nullable(),
    created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    numbers_count: z.number().int(),
    complete_count: z.number().int(),
    failed_count: z.number().int(),
    numbers: z
      .array(z.object({ e164: z.string(), phone_number_id: z.number().int().nullable() }))
      .openapi({ description: `The first ${LISTED_NUMBERS} numbers of the order, in E.164 order (the inventory row once complete)` }),
    monthly_total_cents: z.number().int(),
    one_time_total_cents: z.number().int(),
    currency: z.string(),
    carrier_order_id: z.string().nullable(),
    submitted_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("NumberOrderSummary");

/**
 * The search: `#12` or `12` finds order 12; digits (in any formatting, three or more) find the orders holding a
 * number that contains them; any text finds orders by label.
 */
export function orderSearchCondition(search: string): SQL {
  const digits = searchDigits(search);
  const byId = /^#?\d{1,9}$/.test(search) ? eq(numberOrders.id, Number(search.replace("#", ""))) : undefined;
  const byNumber =
    digits.length >= 3
      ? sql`${numberOrders.id} IN (SELECT ${numberOrderItems.orderId} FROM ${numberOrderItems} WHERE ${numberOrderItems.e164} LIKE ${likePattern(digits)} ESCAPE '\\')`
      : undefined;
  const byLabel = sql`${numberOrders.label} LIKE ${likePattern(search)} ESCAPE '\\'`;
  return sql`(${sql.join(
    [byId, byNumber, byLabel].filter((part) => part !== undefined),
    sql` OR `,
  )})`;
}

const historyQuery = listQuerySchema.extend({
  sort: z.enum(["created_at", "submitted_at", "status"]).default("created_at"),
  status: z.enum(NUMBER_ORDER_STATUSES).optional(),
  created_by: z.coerce.number().int().positive().optional().openapi({ description: "Only orders this user started" }),
  ...dayRangeQuery,
});

/** The history's filters and search, shared by the list and its export (the tenant scope comes on top). */
function historyFilters(query: z.infer<typeof historyQuery>): (SQL | undefined)[] {
  const search = query.search?.trim();
  return [
    // A draft is a wizard still open (or left): the history lists orders that were placed, unless asked.
    query.status ? eq(numberOrders.status, query.status) : ne(numberOrders.status, "draft"),
    query.created_by ? eq(numberOrders.createdBy, query.created_by) : undefined,
    ...dayRange(numberOrders.createdAt, query),
    search ? orderSearchCondition(search) : undefined,
  ];
}

numberOrderHistoryRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/number-orders",
    tags: ["Number orders"],
    summary: "Order history: placed number orders, newest first (drafts only when `status=draft`)",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.order")] as const,
    request: {
      query: historyQuery,
    },
    responses: {
      200: jsonContent(paginatorSchema(NumberOrderSummarySchema), "One page of number orders"),
      ...errorResponses(401, 403, 422),
    },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const query = c.req.valid("query");
    const where = and(tenantScope(me, numberOrders.organizationId, query.organization_id), ...historyFilters(query));
    const by = query.direction === "asc" ? asc : desc;
    const [rows, totals] = await Promise.all([
      db
        .select({
          order: numberOrders,
          organizationName: organizations.name,
          creatorName: users.name,
        })
        .from(numberOrders)
        .innerJoin(organizations, eq(organizations.id, numberOrders.organizationId))
        .leftJoin(users, eq(users.id, numberOrders.createdBy))
        .where(where)
        .orderBy(by(SORTS[query.sort]), by(numberOrders.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page),
      db.select({ total: count() }).from(numberOrders).where(where),
    ]);
    const ids = rows.map((row) => row.order.id);
    const items =
      ids.length === 0
        ? []
        : await db
            .select({
              orderId: numberOrderItems.orderId,
              e164: numberOrderItems.e164,
              status: numberOrderItems.status,
              phoneNumberId: numberOrderItems.phoneNumberId,
            })
            .from(numberOrderItems)
            .where(inArray(numberOrderItems.orderId, ids))
            .orderBy(asc(numberOrderItems.orderId), asc(numberOrderItems.e164));
    const data = rows.map(({ order, organizationName, creatorName }) => {
      const own = items.filter((item) => item.orderId === order.id);
      return {
        id: order.id,
        organization_id: order.organizationId,
        organization_name: organizationName,
        status: order.status,
        label: order.label,
        created_by: order.createdBy === null ? null : { id: order.createdBy, name: creatorName ?? "" },
        numbers_count: own.length,
        complete_count: own.filter((item) => item.status === "complete").length,
        failed_count: own.filter((item) => item.status === "failed").length,
        numbers: own.slice(0, LISTED_NUMBERS).map((item) => ({ e164: item.e164, phone_number_id: item.phoneNumberId })),
        monthly_total_cents: order.monthlyTotalCents,
        one_time_total_cents: order.oneTimeTotalCents,
        currency: order.currency,
        carrier_order_id: order.carrierOrderId,
        submitted_at: order.submittedAt,
        created_at: order.createdAt,
      };
    });
    return c.json(paginate(data, totals[0]?.total ?? 0, query.page, query.per_page), 200);
  },
);

numberOrderHistoryRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/number-orders/export",
    tags: ["Number orders"],
    summary: "The order history's rows as CSV (the same filters and search), every number of each order, streamed",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.order")] as const,
    request: { query: historyQuery },
    responses: { ...csvExportResponse, ...errorResponses(401, 403, 422) },
  }),
  (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const query = c.req.valid("query");
    return exportResponse(c, {
      table: numberOrders,
      id: numberOrders.id,
      tenant: { actor: me, column: numberOrders.organizationId, requested: query.organization_id },
      filters: historyFilters(query),
      rows: async (where, order) => {
        const orders = await db
          .select({ order: numberOrders, organizationName: organizations.name, creatorName: users.name })
          .from(numberOrders)
          .innerJoin(organizations, eq(organizations.id, numberOrders.organizationId))
          .leftJoin(users, eq(users.id, numberOrders.createdBy))
          .where(where)
          .orderBy(...order);
        const ids = orders.map((row) => row.order.id);
        const items =
          ids.length === 0
            ? []
            : await db
                .select({ orderId: numberOrderItems.orderId, e164: numberOrderItems.e164, status: numberOrderItems.status })
                .from(numberOrderItems)
                .where(inArray(numberOrderItems.orderId, ids))
                .orderBy(asc(numberOrderItems.e164));
        return orders.map((row) => ({ ...row, items: items.filter((item) => item.orderId === row.order.id) }));
      },
      rowId: (row) => row.order.id,
      header: [
        "order",
        "status",
        "organization",
        "placed_by",
        "numbers",
        "complete",
        "failed",
        "label",
        "monthly_total",
        "one_time_total",
        "currency",
        "carrier_order_id",
        "submitted_at",
        "created_at",
      ],
      line: ({ order, organizationName, creatorName, items }) => [
        order.id,
        order.status,
        organizationName,
        creatorName,
        items.map((item) => item.e164).join(" "),
        items.filter((item) => item.status === "complete").length,
        items.filter((item) => item.status === "failed").length,
        order.label,
        (order.monthlyTotalCents / 100).toFixed(2),
        (order.oneTimeTotalCents / 100).toFixed(2),
        order.currency,
        order.carrierOrderId,
        order.submittedAt,
        order.createdAt,
      ],
      filename: "number-orders.csv",
    });
  },
);

numberOrderHistoryRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/number-orders/{id}/events",
    tags: ["Number orders"],
    summary: "What happened to an order, oldest first: who started, reserved, placed it, and when it settled",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.order")] as const,
    request: { params: z.object({ id: z.coerce.number().int().positive() }) },
    responses: {
      200: jsonContent(
        z.object({
          created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
          data: z.array(ActivityEntrySchema),
        }),
        "The order's creator and its activity entries",
      ),
      ...errorResponses(401, 403, 404),
    },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const { id } = c.req.valid("param");
    const [order] = await db
      .select({ createdBy: numberOrders.createdBy, creatorName: users.name })
      .from(numberOrders)
      .leftJoin(users, eq(users.id, numberOrders.createdBy))
      .where(and(eq(numberOrders.id, id), tenantScope(me, numberOrders.organizationId)));
    if (!order) throw notFound();
    const entries = await readEntries(
      db,
      and(eq(activityLog.subjectType, "number_order"), eq(activityLog.subjectId, id)),
      [asc(activityLog.createdAt), asc(activityLog.id)],
      200,
    );
    return c.json(
      {
        created_by: order.createdBy === null ? null : { id: order.createdBy, name: order.creatorName ?? "" },
        data: entries,
      },
      200,
    );
  },
);
