/**
 * The number order state machine (docs/backend.md, "Number orders"), shared by the routes, the residential
 * wizard, the webhook and the reconciler (lib/carrier-sync.ts): `draft → submitted` by the user (placing the
 * order), then `submitted → completed | partially_failed | failed` as the carrier settles each number
 * (settleOrder, lib/phone-numbers.ts). Every move is claimed by a conditional UPDATE, so it happens once.
 */
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Context } from "hono";
import { type Carrier, createCarrier } from "../carriers";
import type { Db } from "../db/client";
import { activityLog, numberOrderItems, numberOrders } from "../db/schema";
import { logActivity } from "./activity";
import { enqueueCarrierCheck } from "./carrier-sync";
import type { AppEnv } from "./context";
import { ApiError, validationError } from "./errors";
import { carrierCall, loadOrder, type NumberOrder, settleOrder } from "./phone-numbers";

/** Only drafts move through the wizard; a submitted order is read-only. */
export function requireDraft(order: NumberOrder): void {
  if (order.status !== "draft") throw new ApiError(409, { message: "numbers.order_not_draft" });
}

/** 409 with the criteria, so the portal can offer to search again with them. */
export function expiredError(order: NumberOrder): ApiError {
  return new ApiError(409, { message: "numbers.order_expired", criteria: order.criteria });
}

/** The carrier's idempotency key of an order's placement: one per order and reservation. */
export function numberOrderRequestKey(orderId: number, reservationId: string): string {
  return `amp-number-order-${orderId}-${reservationId}`;
}

/**
 * Places a draft order with the carrier (the end of step 3; also the residential wizard's submission): each
 * reserved number becomes `pending` (or `failed`); numbers enter the inventory later, when settled.
 *
 * Happens once (docs/security.md, "Carrier work happens once"): the `draft → submitted` move is claimed first
 * by a conditional UPDATE, so of parallel submits one places the order and the others answer 409
 * `numbers.order_not_draft`; the carrier call carries the idempotency key `amp-number-order-<id>-<reservation>`,
 * so a retry after a timeout gets the same carrier order, never a second one. When the carrier refuses or
 * does not answer, the claim is given back and the draft can be submitted again.
 */
export async function placeNumberOrder(c: Context<AppEnv>, order: NumberOrder, now: Date): Promise<void> {
  const db = c.get("db");
  const id = order.id;
  requireDraft(order);
  const items = order.items.filter((item) => item.status === "reserved");
  if (items.length === 0) throw validationError({ numbers: ["numbers.no_numbers"] });
  if (order.expired) throw expiredError(order);
  const [draft] = await db.select({ reservationId: numberOrders.reservationId }).from(numberOrders).where(eq(numberOrders.id, id));
  const reservationId = draft?.reservationId;
  if (!reservationId) throw expiredError(order);
  const stamp = now.toISOString();
  const [claimed] = await db
    .update(numberOrders)
    .set({ status: "submitted", submittedAt: stamp, updatedAt: stamp })
    .where(and(eq(numberOrders.id, id), eq(numberOrders.status, "draft"), eq(numberOrders.reservationId, reservationId)))
    .returning({ id: numberOrders.id });
  if (!claimed) throw new ApiError(409, { message: "numbers.order_not_draft" });
  const carrier = createCarrier(c.env, db);
  let placed: Awaited<ReturnType<Carrier["order"]>>;
  try {
    placed = await carrierCall(() =>
      carrier.order(
        reservationId,
        items.map((item) => item.e164),
        now,
        numberOrderRequestKey(id, reservationId),
      ),
    );
  } catch (error) {
    // Given back: a draft again, to be submitted again (with the same key, so never twice at the carrier).
    await db
      .update(numberOrders)
      .set({ status: "draft", submittedAt: null, updatedAt: new Date().toISOString() })
      .where(and(eq(numberOrders.id, id), eq(numberOrders.status, "submitted"), isNull(numberOrders.carrierOrderId)));
    if (error instanceof ApiError && error.body.message === "numbers.carrier.reservation_expired") throw expiredError(order);
    throw error;
  }
  // Numbers enter the inventory only when the carrier completes them (settleOrder): nothing is assigned yet.
  const pending = placed.numbers.filter((number) => number.status === "pending").map((number) => number.e164);
  const failed = placed.numbers.filter((number) => number.status === "failed");
  const writes = [
    db
      .update(numberOrders)
      .set({ carrierOrderId: placed.carrier_order_id, reservationExpiresAt: null, updatedAt: stamp })
      .where(and(eq(numberOrders.id, id), eq(numberOrders.status, "submitted"))),
    db
      .update(numberOrderItems)
      .set({ status: "pending", updatedAt: stamp })
      .where(
        and(
          eq(numberOrderItems.orderId, id),
          eq(numberOrderItems.status, "reserved"),
          inArray(numberOrderItems.e164, pending.length > 0 ? pending : [""]),
        ),
      ),
    ...failed.map((number) =>
      db
        .update(numberOrderItems)
        .set({ status: "failed", failureReason: number.reason ?? "carrier.order_rejected", updatedAt: stamp })
        .where(and(eq(numberOrderItems.orderId, id), eq(numberOrderItems.e164, number.e164), eq(numberOrderItems.status, "reserved"))),
    ),
  ];
  const [first, ...rest] = writes;
  if (first) await db.batch([first, ...rest]);
  await enqueueCarrierCheck(c.env, { kind: "number_order", id }, carrier);
  await logActivity(c, {
    action: "number_orders.submitted",
    subject_type: "number_order",
    subject_id: id,
    subject_label: `#${id}`,
    organization_id: order.organization_id,
    before: { status: "draft" },
    after: { status: "submitted", numbers: items.map((item) => item.e164), carrier_order_id: placed.carrier_order_id },
  });
}

/** Who placed an order: the actor (and masquerader) of its `number_orders.submitted` entry, else its creator. */
async function orderPlacer(db: Db, id: number): Promise<{ actorId: number | null; masqueraderId: number | null }> {
  const [submitted] = await db
    .select({ actorId: activityLog.actorId, masqueraderId: activityLog.masqueraderId })
    .from(activityLog)
    .where(
      and(eq(activityLog.subjectType, "number_order"), eq(activityLog.subjectId, id), eq(activityLog.action, "number_orders.submitted")),
    )
    .orderBy(desc(activityLog.id))
    .limit(1);
  if (submitted) return submitted;
  const [order] = await db.select({ createdBy: numberOrders.createdBy }).from(numberOrders).where(eq(numberOrders.id, id));
  return { actorId: order?.createdBy ?? null, masqueraderId: null };
}

/**
 * Asks the carrier about a submitted order's pending numbers and records the answers (the reconciler and
 * webhooks; never a GET). The order's settlement is logged once, by whoever claimed it. Returns the status.
 */
export async function syncNumberOrder(db: Db, carrier: Carrier, id: number, now: Date): Promise<NumberOrder["status"] | null> {
  const order = await loadOrder(db, id, undefined, now);
  if (!order) return null;
  const settled = await settleOrder(db, carrier, order, now);
  await db.update(numberOrders).set({ carrierCheckedAt: now.toISOString() }).where(eq(numberOrders.id, id));
  if (settled === null) return order.status;
  const after = await loadOrder(db, id, undefined, now);
  const stamp = now.toISOString();
  const placedBy = await orderPlacer(db, id);
  await db.insert(activityLog).values({
    // The carrier finished it, for the person who placed it (and whoever was masquerading as them then): the
    // history names them, not "the system".
    actorId: placedBy.actorId,
    masqueraderId: placedBy.masqueraderId,
    action: "number_orders.settled",
    subjectType: "number_order",
    subjectId: id,
    subjectLabel: `#${id}`,
    organizationId: order.organization_id,
    changes: JSON.stringify({
      status: { old: order.status, new: settled },
      complete: { old: null, new: after?.items.filter((item) => item.status === "complete").map((item) => item.e164) ?? [] },
      failed: { old: null, new: after?.items.filter((item) => item.status === "failed").map((item) => item.e164) ?? [] },
    }),
    createdAt: stamp,
  });
  return settled;
}
