/**
 * The porting order state machine (docs/backend.md, "Porting orders"), shared by the routes (user moves),
 * the webhook and the reconciler (carrier moves, lib/carrier-sync.ts). The user moves `draft → submitted`,
 * `exception → submitted` (after correcting) and anything open → `cancelled`; the carrier moves
 * `submitted → foc_confirmed → completed` or `submitted → exception`.
 *
 * Every move happens once (docs/security.md, "Carrier work happens once"): it is claimed by
 * `UPDATE … WHERE id = ? AND status = <from> RETURNING`, and only the claimer records its event and
 * activity; a carrier step's event is also unique by `<carrier port id>:<status>` (carrier_step).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Carrier } from "../carriers";
import type { PortOrder } from "../carriers/types";
import type { Db } from "../db/client";
import { activityLog, type PORTING_ORDER_STATUSES, portingOrderEvents, portingOrders } from "../db/schema";
import type { ActivityAction } from "./activity-titles";
import { completionUpsert, heldInInventory } from "./inventory";

export type PortingStatus = (typeof PORTING_ORDER_STATUSES)[number];
export type PortingOrderRow = typeof portingOrders.$inferSelect;

/** Moves the user may make, and moves the carrier may make. */
const USER_MOVES: Record<PortingStatus, PortingStatus[]> = {
  draft: ["submitted", "cancelled"],
  submitted: ["cancelled"],
  foc_confirmed: ["cancelled"],
  exception: ["submitted", "cancelled"],
  completed: [],
  cancelled: [],
};
const CARRIER_MOVES: Record<PortingStatus, PortingStatus[]> = {
  draft: [],
  submitted: ["foc_confirmed", "exception", "cancelled"],
  foc_confirmed: ["completed", "cancelled"],
  exception: ["cancelled"],
  completed: [],
  cancelled: [],
};
/** Statuses the carrier still works on: the reconciler asks about these. */
export const OPEN_PORT_STATUSES: PortingStatus[] = ["submitted", "foc_confirmed"];

export function canMove(from: PortingStatus, to: PortingStatus, by: "user" | "carrier"): boolean {
  return (by === "user" ? USER_MOVES : CARRIER_MOVES)[from].includes(to);
}

/** The activity-log action of a move. */
export function transitionAction(to: PortingStatus): ActivityAction {
  return to === "submitted"
    ? "porting_orders.submitted"
    : to === "cancelled"
      ? "porting_orders.cancelled"
      : "porting_orders.status_changed";
}

/**
 * Records a carrier step: its event (once, by carrier_step) and its activity entry (no actor: the carrier).
 * Returns false when another reader recorded it already.
 */
async function recordCarrierStep(
  db: Db,
  row: PortingOrderRow,
  from: PortingStatus,
  to: PortingStatus,
  message: string | null,
  stamp: string,
) {
  const [event] = await db
    .insert(portingOrderEvents)
    .values({
      orderId: row.id,
      type: "status",
      fromStatus: from,
      toStatus: to,
      message,
      actorId: null,
      createdAt: stamp,
      carrierStep: `${row.carrierPortId}:${to}`,
    })
    .onConflictDoNothing()
    .returning({ id: portingOrderEvents.id });
  if (!event) return false;
  await db.insert(activityLog).values({
    actorId: null,
    action: transitionAction(to),
    subjectType: "porting_order",
    subjectId: row.id,
    subjectLabel: `#${row.id}`,
    organizationId: row.organizationId,
    changes: JSON.stringify({ status: { old: from, new: to }, ...(message ? { reason: { old: null, new: message } } : {}) }),
    createdAt: stamp,
  });
  return true;
}

/**
 * Applies the carrier's view of a submitted port: each step it made (a slow reader may see two at once: both
 * are recorded), each claimed atomically. Completion puts the numbers in the inventory, in service, never
 * reassigning a number already there (lib/inventory.ts). Returns the order's status afterwards.
 */
export async function applyPortProgress(db: Db, carrier: Carrier, orderId: number, remote: PortOrder, now: Date): Promise<PortingStatus> {
  let [row] = await db.select().from(portingOrders).where(eq(portingOrders.id, orderId));
  if (!row) return "cancelled";
  if (!row.carrierPortId || row.carrierPortId !== remote.carrier_port_id || !OPEN_PORT_STATUSES.includes(row.status)) return row.status;
  const path: PortingStatus[] = [];
  if (remote.status === "completed" && row.status === "submitted") path.push("foc_confirmed", "completed");
  else if (remote.status !== row.status && canMove(row.status, remote.status, "carrier")) path.push(remote.status);
  for (const to of path) {
    const from: PortingStatus = row.status;
    if (!canMove(from, to, "carrier")) break;
    const stamp = now.toISOString();
    let message = to === "exception" ? remote.exception : null;
    if (to === "completed") {
      const numbers = JSON.parse(row.numbers) as string[];
      // Never reassigns a number already in the inventory (lib/inventory.ts): such a number is left out, and said so.
      const [facts, held] = await Promise.all([carrier.checkPortability(numbers), heldInInventory(db, numbers, row.organizationId)]);
      const statements = numbers
        .filter((e164) => !held.has(e164))
        .map((e164) => {
          const fact = facts.find((entry) => entry.e164 === e164);
          return completionUpsert(db, {
            e164,
            organizationId: row?.organizationId as number,
            type: fact?.type ?? "local",
            carrier: carrier.name,
            rateCenter: fact?.rate_center ?? null,
            state: fact?.state ?? null,
            lata: fact?.lata ?? null,
            stamp,
          });
        });
      // Idempotent (a second run finds the rows in service and leaves them): safe before the claim below.
      const [first, ...rest] = statements;
      if (first) await db.batch([first, ...rest]);
      if (held.size > 0) message = `inventory.kept_out|${JSON.stringify({ numbers: [...held].join(", ") })}`;
    }
    const [claimed] = await db
      .update(portingOrders)
      .set({
        status: to,
        focDate: remote.foc_date ?? row.focDate,
        exceptionReason: to === "exception" ? remote.exception : null,
        completedAt: to === "completed" ? stamp : null,
        // A corrected resubmission after an exception is a new carrier request, with a new key.
        carrierRequestKey: to === "exception" ? null : row.carrierRequestKey,
        carrierCheckedAt: stamp,
        updatedAt: stamp,
      })
      .where(and(eq(portingOrders.id, row.id), eq(portingOrders.status, from), eq(portingOrders.carrierPortId, remote.carrier_port_id)))
      .returning();
    if (!claimed) {
      // Another reader moved it meanwhile: it recorded the step; continue from where the order is now.
      [row] = await db.select().from(portingOrders).where(eq(portingOrders.id, orderId));
      if (!row || !OPEN_PORT_STATUSES.includes(row.status)) return row?.status ?? "cancelled";
      continue;
    }
    await recordCarrierStep(db, row, from, to, message, stamp);
    row = claimed;
  }
  await db.update(portingOrders).set({ carrierCheckedAt: now.toISOString() }).where(eq(portingOrders.id, orderId));
  return row.status;
}

/** Asks the carrier about an open port and applies what it says (the reconciler and webhooks; never a GET). */
export async function syncPortingOrder(db: Db, carrier: Carrier, orderId: number, now: Date): Promise<PortingStatus | null> {
  const [row] = await db.select().from(portingOrders).where(eq(portingOrders.id, orderId));
  if (!row?.carrierPortId || !OPEN_PORT_STATUSES.includes(row.status)) return row?.status ?? null;
  const remote = await carrier.getPortOrder(row.carrierPortId, now);
  return applyPortProgress(db, carrier, orderId, remote, now);
}

/**
 * Claims a user's submission: `draft | exception → submitted`, with the carrier request key of this
 * submission (kept from an earlier attempt the carrier never answered, else new). Null when someone else
 * moved the order first.
 */
export async function claimSubmission(db: Db, row: PortingOrderRow, now: Date): Promise<PortingOrderRow | null> {
  const stamp = now.toISOString();
  const key = row.carrierRequestKey ?? `amp-porting-order-${row.id}-${crypto.randomUUID()}`;
  const [claimed] = await db
    .update(portingOrders)
    .set({ status: "submitted", carrierRequestKey: key, exceptionReason: null, submittedAt: stamp, updatedAt: stamp })
    .where(and(eq(portingOrders.id, row.id), eq(portingOrders.status, row.status)))
    .returning();
  return claimed ?? null;
}

/** Gives a claimed submission back when the carrier refused it or did not answer (the key stays for the retry). */
export async function releaseSubmission(db: Db, row: PortingOrderRow): Promise<void> {
  await db
    .update(portingOrders)
    .set({ status: row.status, exceptionReason: row.exceptionReason, submittedAt: row.submittedAt, updatedAt: new Date().toISOString() })
    .where(
      and(eq(portingOrders.id, row.id), eq(portingOrders.status, "submitted"), sql`${portingOrders.carrierPortId} IS ${row.carrierPortId}`),
    );
}
