import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { MAX_ORDER_QUANTITY } from "../../../common/phone-numbers";
import { type Carrier, createCarrier } from "../carriers";
import type { Db } from "../db/client";
import { numberOrderItems, numberOrders, organizations } from "../db/schema";
import { logActivity } from "../lib/activity";
import { currentUser, requireAuth, requirePermission } from "../lib/auth";
import type { AppEnv, CurrentUser } from "../lib/context";
import { notFound, validationError } from "../lib/errors";
import { placeNumberOrder, requireDraft } from "../lib/number-orders";
import { errorResponses, jsonBody, jsonContent, MessageSchema } from "../lib/openapi";
import {
  AvailableNumberSchema,
  CriteriaObject,
  CriteriaSchema,
  carrierCall,
  carrierCriteria,
  loadOrder,
  type NumberOrder,
  NumberOrderSchema,
  refineCriteria,
} from "../lib/phone-numbers";
import { tenantScope, writableOrganizationId } from "../lib/tenant";
import { currentTime } from "../lib/time";
import { validationHook } from "../lib/validation";

/**
 * Number orders: the ordering wizard's state lives here, as a draft (criteria → reservation → review) that
 * becomes an order when submitted. Every step's URL in the portal carries the order id; an order of another
 * organization is not found (404).
 */
export const numberOrdersRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const idParam = z.object({ id: z.coerce.number().int().positive() });
const carrierFailure = {
  description: "The carrier failed or timed out (`numbers.carrier.*` key)",
  content: { "application/json": { schema: MessageSchema } },
};

async function findOrder(db: Db, me: CurrentUser, id: number, now = currentTime()): Promise<NumberOrder> {
  const order = await loadOrder(db, id, tenantScope(me, numberOrders.organizationId), now);
  if (!order) throw notFound();
  return order;
}

/** Gives back the draft's reservation (if any) and forgets its reserved numbers. */
async function dropReservation(db: Db, carrier: Carrier, order: NumberOrder): Promise<void> {
  const reservationId = (await db.select({ id: numberOrders.reservationId }).from(numberOrders).where(eq(numberOrders.id, order.id)))[0]
    ?.id;
  if (reservationId) await carrierCall(() => carrier.releaseReservation(reservationId));
  await db.batch([
    db.delete(numberOrderItems).where(eq(numberOrderItems.orderId, order.id)),
    db
      .update(numberOrders)
      .set({
        reservationId: null,
        reservationExpiresAt: null,
        monthlyTotalCents: 0,
        oneTimeTotalCents: 0,
        updatedAt: new Date().toISOString(),
      })
      .where(eq(numberOrders.id, order.id)),
  ]);
}

numberOrdersRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/number-orders",
    tags: ["Number orders"],
    summary: "Start a number order (wizard step 1): a draft holding the search criteria",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.order")] as const,
    request: {
      body: jsonBody(
        CriteriaObject.extend({ organization_id: z.number().int().positive().nullable().optional() }).superRefine(refineCriteria),
      ),
    },
    responses: { 201: jsonContent(NumberOrderSchema, "The draft"), ...errorResponses(401, 403, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const { organization_id, ...criteria } = c.req.valid("json");
    const organizationId = writableOrganizationId(me, organization_id);
    const carrier = createCarrier(c.env, db);
    const [created] = await db
      .insert(numberOrders)
      .values({ organizationId, createdBy: me.id, carrier: carrier.name, criteria: JSON.stringify(criteria) })
      .returning({ id: numberOrders.id });
    const id = created?.id as number;
    await logActivity(c, {
      action: "number_orders.created",
      subject_type: "number_order",
      subject_id: id,
      subject_label: `#${id}`,
      organization_id: organizationId,
      after: { criteria },
    });
    return c.json(await findOrder(db, me, id), 201);
  },
);

numberOrdersRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/number-orders/{id}",
    tags: ["Number orders"],
    summary:
      "A draft or an order with each number's status (reading changes nothing: the carrier's progress arrives by webhook and the reconciler)",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.order")] as const,
    request: { params: idParam },
    responses: {
      200: jsonContent(NumberOrderSchema, "The order"),
      ...errorResponses(401, 403, 404),
    },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const { id } = c.req.valid("param");
    const now = currentTime();
    return c.json(await findOrder(db, me, id, now), 200);
  },
);

numberOrdersRoutes.openapi(
  createRoute({
    method: "put",
    path: "/api/number-orders/{id}/criteria",
    tags: ["Number orders"],
    summary: "Search again with new criteria (wizard step 1 on an existing draft); releases the draft's reservation",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.order")] as const,
    request: { params: idParam, body: jsonBody(CriteriaSchema) },
    responses: { 200: jsonContent(NumberOrderSchema, "The draft"), ...errorResponses(401, 403, 404, 409, 422), 502: carrierFailure },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const { id } = c.req.valid("param");
    const criteria = c.req.valid("json");
    const order = await findOrder(db, me, id);
    requireDraft(order);
    await dropReservation(db, createCarrier(c.env, db), order);
    await db
      .update(numberOrders)
      .set({ criteria: JSON.stringify(criteria), updatedAt: new Date().toISOString() })
      .where(eq(numberOrders.id, id));
    await logActivity(c, {
      action: "number_orders.criteria_updated",
      subject_type: "number_order",
      subject_id: id,
      subject_label: `#${id}`,
      organization_id: order.organization_id,
      before: { criteria: order.criteria },
      after: { criteria },
    });
    return c.json(await findOrder(db, me, id), 200);
  },
);

numberOrdersRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/number-orders/{id}/available",
    tags: ["Number orders"],
    summary: "The numbers the carrier offers for the draft's criteria (wizard step 2); the same criteria give the same numbers",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.order")] as const,
    request: { params: idParam },
    responses: {
      200: jsonContent(z.object({ data: z.array(AvailableNumberSchema) }), "Available numbers"),
      ...errorResponses(401, 403, 404, 409),
      502: carrierFailure,
    },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const now = currentTime();
    const order = await findOrder(db, me, c.req.valid("param").id, now);
    requireDraft(order);
    const carrier = createCarrier(c.env, db);
    const available = await carrierCall(() => carrier.searchAvailable(carrierCriteria(order.criteria), now));
    // The draft's own live reservation is not "taken": it is listed first, still selectable.
    const mine = order.expired ? [] : order.items.filter((item) => item.status === "reserved");
    const own = mine.map((item) => ({
      e164: item.e164,
      type: item.type,
      country: item.country as "US" | "CA",
      state: item.state ?? "",
      rate_center: item.rate_center ?? "",
      city: item.city ?? "",
      lata: item.lata,
      capabilities: item.capabilities as ("voice" | "sms" | "mms" | "fax" | "emergency")[],
      monthly_cents: item.monthly_cents,
      one_time_cents: item.one_time_cents,
      currency: "USD" as const,
    }));
    const ownSet = new Set(own.map((item) => item.e164));
    return c.json({ data: [...own, ...available.filter((item) => !ownSet.has(item.e164))] }, 200);
  },
);

numberOrdersRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/number-orders/{id}/reservation",
    tags: ["Number orders"],
    summary: "Reserve the chosen numbers for 30 minutes (wizard step 2); replaces the draft's previous choice",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.order")] as const,
    request: {
      params: idParam,
      body: jsonBody(z.object({ numbers: z.array(z.string().max(32)).min(1).max(MAX_ORDER_QUANTITY) })),
    },
    responses: {
      200: jsonContent(
        z.object({
          order: NumberOrderSchema,
          unavailable: z.array(z.string()).openapi({ description: "Chosen numbers someone else took meanwhile" }),
        }),
        "The draft with its reservation",
      ),
      ...errorResponses(401, 403, 404, 409, 422),
      502: carrierFailure,
    },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const { id } = c.req.valid("param");
    const now = currentTime();
    const order = await findOrder(db, me, id, now);
    requireDraft(order);
    const chosen: string[] = [];
    const errors: Record<string, string[]> = {};
    c.req.valid("json").numbers.forEach((raw, index) => {
      const parsed = parsePhoneNumberFromString(raw, "US");
      if (!parsed?.isValid()) errors[`numbers.${index}`] = ["validation.phone"];
      else if (!chosen.includes(parsed.number)) chosen.push(parsed.number);
    });
    if (Object.keys(errors).length > 0) throw validationError(errors);

    const carrier = createCarrier(c.env, db);
    await dropReservation(db, carrier, order);
    const offered = new Map(
      (await carrierCall(() => carrier.searchAvailable(carrierCriteria(order.criteria), now))).map((number) => [number.e164, number]),
    );
    const wanted = chosen.filter((e164) => offered.has(e164));
    const reservation = wanted.length > 0 ? await carrierCall(() => carrier.reserve(wanted, now)) : null;
    const reserved = (reservation?.reserved ?? []).map((e164) => offered.get(e164)).filter((number) => number !== undefined);
    const unavailable = chosen.filter((e164) => !reserved.some((number) => number.e164 === e164));
    const stamp = now.toISOString();
    const writes = [
      db
        .update(numberOrders)
        .set({
          reservationId: reservation && reserved.length > 0 ? reservation.reservation_id : null,
          reservationExpiresAt: reservation && reserved.length > 0 ? reservation.expires_at : null,
          monthlyTotalCents: reserved.reduce((sum, number) => sum + number.monthly_cents, 0),
          oneTimeTotalCents: reserved.reduce((sum, number) => sum + number.one_time_cents, 0),
          updatedAt: stamp,
        })
        .where(eq(numberOrders.id, id)),
      ...reserved.map((number) =>
        db.insert(numberOrderItems).values({
          orderId: id,
          e164: number.e164,
          type: number.type,
          country: number.country,
          state: number.state,
          rateCenter: number.rate_center,
          city: number.city,
          lata: number.lata,
          capabilities: JSON.stringify(number.capabilities),
          monthlyCents: number.monthly_cents,
          oneTimeCents: number.one_time_cents,
          status: "reserved" as const,
          createdAt: stamp,
          updatedAt: stamp,
        }),
      ),
    ];
    const [first, ...rest] = writes;
    if (first) await db.batch([first, ...rest]);
    if (reservation && reserved.length === 0) await carrierCall(() => carrier.releaseReservation(reservation.reservation_id));
    await logActivity(c, {
      action: "number_orders.reserved",
      subject_type: "number_order",
      subject_id: id,
      subject_label: `#${id}`,
      organization_id: order.organization_id,
      before: { numbers: order.items.map((item) => item.e164) },
      after: { numbers: reserved.map((number) => number.e164), unavailable },
    });
    return c.json({ order: await findOrder(db, me, id), unavailable }, 200);
  },
);

numberOrdersRoutes.openapi(
  createRoute({
    method: "put",
    path: "/api/number-orders/{id}",
    tags: ["Number orders"],
    summary: "Review (wizard step 3): organization (provider staff choose; members keep their own), label, E911 note",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.order")] as const,
    request: {
      params: idParam,
      body: jsonBody(
        z.object({
          organization_id: z.number().int().positive().nullable().optional(),
          label: z.string().trim().max(100).nullable().optional(),
          e911_note: z.string().trim().max(500).nullable().optional(),
        }),
      ),
    },
    responses: { 200: jsonContent(NumberOrderSchema, "The draft"), ...errorResponses(401, 403, 404, 409, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const order = await findOrder(db, me, id);
    requireDraft(order);
    const organizationId = body.organization_id === undefined ? order.organization_id : writableOrganizationId(me, body.organization_id);
    if (organizationId !== order.organization_id) {
      const [exists] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId));
      if (!exists) throw validationError({ organization_id: ["validation.in"] });
    }
    const label = body.label === undefined ? order.label : body.label || null;
    const e911Note = body.e911_note === undefined ? order.e911_note : body.e911_note || null;
    await db
      .update(numberOrders)
      .set({ organizationId, label, e911Note, updatedAt: new Date().toISOString() })
      .where(eq(numberOrders.id, id));
    await logActivity(c, {
      action: "number_orders.updated",
      subject_type: "number_order",
      subject_id: id,
      subject_label: `#${id}`,
      organization_id: organizationId,
      before: { organization_id: order.organization_id, label: order.label, e911_note: order.e911_note },
      after: { organization_id: organizationId, label, e911_note: e911Note },
    });
    return c.json(await findOrder(db, me, id), 200);
  },
);

numberOrdersRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/number-orders/{id}/submit",
    tags: ["Number orders"],
    summary: "Place the order (end of step 3); each number then goes pending → complete | failed",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.order")] as const,
    request: { params: idParam },
    responses: {
      200: jsonContent(NumberOrderSchema, "The order"),
      409: {
        description: "Not a draft (`numbers.order_not_draft`), or the reservation expired (`numbers.order_expired`, with `criteria`)",
        content: { "application/json": { schema: z.object({ message: z.string(), criteria: CriteriaSchema.optional() }) } },
      },
      ...errorResponses(401, 403, 404, 422),
      502: carrierFailure,
    },
  }),
  async (c) => {
    const me = currentUser(c);
    const { id } = c.req.valid("param");
    const now = currentTime();
    await placeNumberOrder(c, await findOrder(c.get("db"), me, id, now), now);
    return c.json(await findOrder(c.get("db"), me, id), 200);
  },
);
