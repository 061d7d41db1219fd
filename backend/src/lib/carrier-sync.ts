/**
 * Carrier work that advances by itself (docs/backend.md, "Carrier work"; decision 030). No GET changes state:
 *
 * - A submission enqueues a check of its order on CARRIER_QUEUE, delayed by the carrier's `pollSeconds`; the
 *   consumer asks the carrier, applies what it says (lib/number-orders.ts, lib/porting.ts) and, while the
 *   order is open, enqueues the next check (at most MAX_CHAINED_CHECKS in a row). Locally this is what moves
 *   sandbox orders along while nobody looks.
 * - Webhooks (POST /api/webhooks/{carrier}) are verified by the carrier adapter, recorded once in
 *   carrier_events (unique by carrier and event id), and enqueue a check of the order they name.
 * - The reconciler (the `*∕5 * * * *` cron of wrangler.toml) enqueues a check of every open order the carrier
 *   has not been asked about for RECONCILE_AFTER_SECONDS: work a lost message or webhook left behind.
 * - A residential wizard submission waiting for a new number is a check of its own (`residential_draft`): the
 *   consumer moves it on (lib/residential.ts `advance`) once the carrier completed the number, instead of the
 *   draft's GET doing it.
 *
 * Every apply claims its transition atomically, so a check, a webhook and the reconciler running at once still
 * record each step once.
 */
import { and, eq, inArray, isNotNull, isNull, like, lte, or, sql } from "drizzle-orm";
import { type Carrier, CarrierError, type CarrierSettings, createCarrier } from "../carriers";
import type { CarrierEvent, WebhookRequest } from "../carriers/types";
import { createDb, type Db } from "../db/client";
import { carrierEvents, numberOrders, portingOrders, residentialDrafts } from "../db/schema";
import type { AppEnv } from "./context";
import { syncNumberOrder } from "./number-orders";
import { OPEN_PORT_STATUSES, syncPortingOrder } from "./porting";
import { advance, findDraft, queueWork } from "./residential";
import { currentTime } from "./time";

export interface CarrierCheck {
  kind: "number_order" | "porting_order" | "residential_draft";
  id: number;
  /** How many checks of this order were chained before this one. */
  chain?: number;
}

/** The Worker's bindings: the carrier's settings and queue, and (for a residential submission) mail and the rest. */
export type CarrierSyncEnv = CarrierSettings & { DB: D1Database; CARRIER_QUEUE?: Queue<CarrierCheck> } & Partial<AppEnv["Bindings"]>;

/** The reconciler asks about an open order when the carrier was not asked for this long. */
export const RECONCILE_AFTER_SECONDS = 240;
/** Orders one reconciler run enqueues at most (the next run takes the rest). */
const RECONCILE_LIMIT = 500;
/** Checks chained by the consumer before leaving an order to the reconciler. */
export const MAX_CHAINED_CHECKS = 60;
const DEFAULT_POLL_SECONDS = 300;
/** Queues accept delays up to 12 hours. */
const MAX_DELAY_SECONDS = 43_200;

function delayFor(carrier: Carrier, kind: CarrierCheck["kind"]): number {
  // A submission waits for its new number: as often as a number order is worth asking about.
  const seconds = carrier.pollSeconds?.[kind === "residential_draft" ? "number_order" : kind] ?? DEFAULT_POLL_SECONDS;
  return Math.min(MAX_DELAY_SECONDS, Math.max(1, Math.ceil(seconds)));
}

/** Enqueues a check of an order; a queue failure is logged, never fatal (the reconciler catches up). */
export async function enqueueCarrierCheck(
  env: { CARRIER_QUEUE?: Queue<CarrierCheck> },
  check: CarrierCheck,
  carrier: Carrier,
): Promise<void> {
  if (!env.CARRIER_QUEUE) return;
  try {
    await env.CARRIER_QUEUE.send(check, { delaySeconds: delayFor(carrier, check.kind) });
  } catch (error) {
    console.error("carrier check not enqueued", check, error);
  }
}

/** Asks the carrier about one order and applies the answer; true while the order is still open. */
export async function runCarrierCheck(
  env: CarrierSyncEnv,
  db: Db,
  carrier: Carrier,
  check: CarrierCheck,
  now = currentTime(),
): Promise<boolean> {
  if (check.kind === "residential_draft") return advanceDraft(env, db, check.id);
  if (check.kind === "number_order") return (await syncNumberOrder(db, carrier, check.id, now)) === "submitted";
  const status = await syncPortingOrder(db, carrier, check.id, now);
  return status !== null && OPEN_PORT_STATUSES.includes(status);
}

/** The CARRIER_QUEUE consumer: one check per message; a carrier failure retries the message later. */
export async function consumeCarrierChecks(batch: MessageBatch<CarrierCheck>, env: CarrierSyncEnv): Promise<void> {
  const db = createDb(env.DB);
  const carrier = createCarrier(env, db);
  for (const message of batch.messages) {
    try {
      const open = await runCarrierCheck(env, db, carrier, message.body, currentTime());
      const chain = (message.body.chain ?? 0) + 1;
      if (open && chain < MAX_CHAINED_CHECKS) await enqueueCarrierCheck(env, { ...message.body, chain }, carrier);
      message.ack();
    } catch (error) {
      console.warn("carrier check failed, retried", message.body, error instanceof CarrierError ? error.code : error);
      message.retry({ delaySeconds: delayFor(carrier, message.body.kind) });
    }
  }
}

/** The open orders the carrier was not asked about for `afterSeconds` (RECONCILE_AFTER_SECONDS). */
export async function dueCarrierChecks(db: Db, now: Date, afterSeconds = RECONCILE_AFTER_SECONDS): Promise<CarrierCheck[]> {
  const before = new Date(now.getTime() - afterSeconds * 1000).toISOString();
  const [orders, ports, drafts] = await Promise.all([
    db
      .select({ id: numberOrders.id })
      .from(numberOrders)
      .where(
        and(
          eq(numberOrders.status, "submitted"),
          isNotNull(numberOrders.carrierOrderId),
          or(isNull(numberOrders.carrierCheckedAt), lte(numberOrders.carrierCheckedAt, before)),
        ),
      )
      .limit(RECONCILE_LIMIT),
    db
      .select({ id: portingOrders.id })
      .from(portingOrders)
      .where(
        and(
          inArray(portingOrders.status, OPEN_PORT_STATUSES),
          isNotNull(portingOrders.carrierPortId),
          or(isNull(portingOrders.carrierCheckedAt), lte(portingOrders.carrierCheckedAt, before)),
        ),
      )
      .limit(RECONCILE_LIMIT),
    // Submissions nobody is moving on (no lease held) since their last change.
    db
      .select({ id: residentialDrafts.id })
      .from(residentialDrafts)
      .where(
        and(
          eq(residentialDrafts.status, "submitting"),
          or(isNull(residentialDrafts.leaseUntil), lte(residentialDrafts.leaseUntil, now.toISOString())),
          lte(residentialDrafts.updatedAt, before),
        ),
      )
      .limit(RECONCILE_LIMIT),
  ]);
  return [
    ...orders.map((row): CarrierCheck => ({ kind: "number_order", id: row.id })),
    ...ports.map((row): CarrierCheck => ({ kind: "porting_order", id: row.id })),
    ...drafts.map((row): CarrierCheck => ({ kind: "residential_draft", id: row.id })),
  ];
}

/**
 * The reconciler (cron): enqueues the due checks (100 per sendBatch). Without a queue binding it runs them
 * itself, one by one. Returns how many it found.
 */
export async function reconcileCarrierWork(env: CarrierSyncEnv, now = currentTime()): Promise<number> {
  const db = createDb(env.DB);
  const due = await dueCarrierChecks(db, now);
  if (env.CARRIER_QUEUE) {
    for (let start = 0; start < due.length; start += 100) {
      await env.CARRIER_QUEUE.sendBatch(due.slice(start, start + 100).map((body) => ({ body })));
    }
    return due.length;
  }
  const carrier = createCarrier(env, db);
  for (const check of due) {
    try {
      await runCarrierCheck(env, db, carrier, check, now);
    } catch (error) {
      console.warn("reconcile", check, error instanceof CarrierError ? error.code : error);
    }
  }
  return due.length;
}

/** The order an event names, as a check (null when AMP has no such order). */
async function checkFor(db: Db, event: CarrierEvent): Promise<CarrierCheck | null> {
  if (!event.subject) return null;
  if (event.subject.kind === "number_order") {
    const [row] = await db
      .select({ id: numberOrders.id })
      .from(numberOrders)
      .where(eq(numberOrders.carrierOrderId, event.subject.carrier_order_id));
    return row ? { kind: "number_order", id: row.id } : null;
  }
  const portId = event.subject.carrier_port_id;
  const [row] = await db.select({ id: portingOrders.id }).from(portingOrders).where(eq(portingOrders.carrierPortId, portId));
  if (row) return { kind: "porting_order", id: row.id };
  // A port the carrier split (Telnyx: one order per losing carrier) is one AMP order whose carrier id lists the
  // parts, comma-separated: an event about one part names that part's id.
  if (portId === "" || portId.includes(",")) return null;
  const [split] = await db
    .select({ id: portingOrders.id })
    .from(portingOrders)
    .where(
      and(like(portingOrders.carrierPortId, "%,%"), sql`instr(',' || ${portingOrders.carrierPortId} || ',', ',' || ${portId} || ',') > 0`),
    )
    .limit(1);
  return split ? { kind: "porting_order", id: split.id } : null;
}

export interface WebhookOutcome {
  /** Events new to AMP (recorded now). */
  recorded: number;
  /** Redeliveries of events already recorded: acknowledged, ignored. */
  duplicates: number;
}

/**
 * A carrier's webhook: verified and parsed by the adapter (CarrierError `carrier.webhook_invalid` otherwise),
 * each event recorded once, and a check of the order it names enqueued (run at once without a queue). The
 * check reads the order's current state from the carrier, so events may arrive in any order or twice.
 */
export async function receiveWebhook(
  env: CarrierSyncEnv,
  db: Db,
  carrier: Carrier,
  request: WebhookRequest,
  now = currentTime(),
): Promise<WebhookOutcome> {
  if (!carrier.parseWebhook) throw new CarrierError("carrier.unsupported", "no webhooks");
  const events = await carrier.parseWebhook(request, now);
  const outcome: WebhookOutcome = { recorded: 0, duplicates: 0 };
  for (const event of events) {
    const [recorded] = await db
      .insert(carrierEvents)
      .values({
        carrier: carrier.name,
        eventId: event.event_id,
        eventType: event.event_type,
        carrierReference:
          event.subject?.kind === "number_order" ? event.subject.carrier_order_id : (event.subject?.carrier_port_id ?? null),
        occurredAt: event.occurred_at,
        payload: request.body.slice(0, 100_000),
        receivedAt: now.toISOString(),
      })
      .onConflictDoNothing()
      .returning({ id: carrierEvents.id });
    if (!recorded) {
      outcome.duplicates += 1;
      continue;
    }
    outcome.recorded += 1;
    const check = await checkFor(db, event);
    if (check) {
      if (env.CARRIER_QUEUE) await env.CARRIER_QUEUE.send(check);
      else await runCarrierCheck(env, db, carrier, check, now);
    }
    await db
      .update(carrierEvents)
      .set({ processedAt: now.toISOString(), error: check ? null : "no_matching_order" })
      .where(eq(carrierEvents.id, recorded.id));
  }
  return outcome;
}

/**
 * Moves a residential submission on from the carrier queue (lib/residential.ts `advance`, with the submitter as
 * the actor of its activity rows); true while it still waits for the carrier.
 */
async function advanceDraft(env: CarrierSyncEnv, db: Db, id: number): Promise<boolean> {
  const row = await findDraft(db, undefined, id);
  if (row?.status !== "submitting") return false;
  await advance(queueWork(env as AppEnv["Bindings"], db, row.createdBy), row, { leaseHeld: false });
  return (await findDraft(db, undefined, id))?.status === "submitting";
}

/** A submission left waiting for its new number: checked by the carrier queue until it completes or is undone. */
export async function enqueueDraftCheck(env: CarrierSyncEnv, id: number): Promise<void> {
  await enqueueCarrierCheck(env, { kind: "residential_draft", id }, createCarrier(env, createDb(env.DB)));
}
