/**
 * The residential user wizard's draft and its submission (docs/backend.md, "Residential user wizard").
 *
 * A draft holds the steps (subscriber, service address, number, E911) as JSON. Submitting it is a small saga:
 * 1. claim — the draft becomes `submitting` under the caller's idempotency key (a conditional UPDATE, so a
 *    double post claims once), then the number is held: an inventory number is set `reserved`, a new number's
 *    draft order is placed with the carrier, a number to port is checked for portability again;
 * 2. advance — once the carrier completed a new number (read on later requests, as number orders settle), the
 *    E911 address is provisioned on the number, then ONE D1 batch writes the user, the number assignment, the
 *    E911 record, the draft porting order, the draft's result and an activity row per created object;
 * 3. invitation — the user's invitation e-mail goes through the mail path once the batch committed.
 * Any failure on the way undoes what the carrier and the claim did (E911 removed, a new number released and
 * taken out of the inventory, an inventory number made available again) and records which part failed on the
 * draft, which is a draft again with a fresh idempotency key. A reader advancing the submission takes a short
 * lease first, so two readers never run the batch (or an undo) twice.
 */
import { z } from "@hono/zod-openapi";
import { and, eq, isNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { Context } from "hono";
import { createCarrier } from "../carriers";
import type { E911AddressInput, NumberType } from "../carriers/types";
import type { Db } from "../db/client";
import {
  e911Addresses,
  LOCALES,
  numberOrderItems,
  numberOrders,
  organizations,
  phoneNumbers,
  portingOrders,
  RESIDENTIAL_DRAFT_STATUSES,
  residentialDrafts,
  users,
} from "../db/schema";
import { type ActivityStatementInput, activityStatement, backgroundActivityStatement } from "./activity";
import { enqueueDraftCheck } from "./carrier-sync";
import type { AppEnv, CurrentUser } from "./context";
import { addressValues, oneLine } from "./e911-address";
import { ApiError } from "./errors";
import { heldInInventory } from "./inventory";
import { sendInvitationWith } from "./invitations";
import { placeNumberOrder } from "./number-orders";
import { carrierCall, loadOrder, settleOrder } from "./phone-numbers";
import { currentTime } from "./time";

type Ctx = Context<AppEnv>;

/**
 * What moving a submission on needs, in a request or in the carrier queue's consumer: the database, the
 * Worker's settings (carrier, mail) and how its activity rows are written (the request's session, or the user
 * who submitted when the queue finishes the work).
 */
export interface DraftWork {
  db: Db;
  env: AppEnv["Bindings"];
  activity: (entry: ActivityStatementInput) => ReturnType<typeof backgroundActivityStatement>;
}

/** The work context of a request: activity rows carry its session, IP and user agent. */
export function requestWork(c: Ctx): DraftWork {
  return { db: c.get("db"), env: c.env, activity: (entry) => activityStatement(c, entry) };
}

/** The work context of the carrier queue: activity rows name the user who submitted the draft. */
export function queueWork(env: AppEnv["Bindings"], db: Db, actorId: number | null): DraftWork {
  return { db, env, activity: (entry) => backgroundActivityStatement(db, { actor_id: actorId, ...entry }) };
}

/** Drafts live this long after their last change. */
export const DRAFT_LIFETIME_DAYS = 7;
/** How long one reader may advance a submission before another may take over. */
const LEASE_SECONDS = 60;

export const PARTS = ["subscriber", "number", "e911"] as const;
export type Part = (typeof PARTS)[number];

export interface Subscriber {
  name: string;
  email: string;
  /** E.164. */
  phone: string;
  locale: (typeof LOCALES)[number];
}

export interface AddressState {
  address: E911AddressInput;
  validation_status: "valid" | "suggested" | "invalid";
  suggestion: E911AddressInput | null;
  reason: string | null;
}

export type NumberChoice =
  | { kind: "inventory"; phone_number_id: number; e164: string; from_stock: boolean }
  | { kind: "new"; number_order_id: number; e164: string }
  | {
      kind: "port";
      e164: string;
      type: NumberType | null;
      rate_center: string | null;
      state: string | null;
      lata: string | null;
      losing_carrier: string | null;
    };

export interface Failure {
  part: Part;
  /** Message key: `validation.unique`, `numbers.carrier.*`, `carrier.e911_provisioning_failed`, `residential.*`. */
  reason: string;
}

export type DraftRow = typeof residentialDrafts.$inferSelect;

function parse<T>(json: string | null): T | null {
  return json ? (JSON.parse(json) as T) : null;
}

export function expiresFrom(now: Date): string {
  return new Date(now.getTime() + DRAFT_LIFETIME_DAYS * 86_400_000).toISOString();
}

// --- The API's view -------------------------------------------------------------------------------------------

const AddressSchema = z.record(z.string(), z.unknown()).openapi({ description: "An E911AddressInput" });
const AddressStateSchema = z.object({
  address: AddressSchema,
  validation_status: z.enum(["valid", "suggested", "invalid"]),
  suggestion: AddressSchema.nullable(),
  reason: z.string().nullable(),
});

export const ResidentialDraftSchema = z
  .object({
    id: z.number().int(),
    organization_id: z.number().int(),
    organization_name: z.string(),
    status: z.enum(RESIDENTIAL_DRAFT_STATUSES),
    subscriber: z.object({ name: z.string(), email: z.string(), phone: z.string(), locale: z.enum(LOCALES) }),
    service_address: AddressStateSchema.nullable(),
    number: z
      .object({
        kind: z.enum(["inventory", "new", "port"]),
        e164: z.string(),
        phone_number_id: z.number().int().optional(),
        number_order_id: z.number().int().optional(),
      })
      .passthrough()
      .nullable(),
    e911: z.object({ same_as_service: z.boolean(), address: AddressStateSchema.nullable() }),
    next_step: z.enum(["address", "number", "e911", "review"]).openapi({ description: "The first step still to do" }),
    idempotency_key: z.string().openapi({ description: "Send it with the next submission; a retry with it never submits twice" }),
    failure: z
      .object({ part: z.enum(PARTS), reason: z.string() })
      .nullable()
      .openapi({ description: "Why the last submission failed (everything it did was undone)" }),
    result: z
      .object({
        user_id: z.number().int().nullable(),
        phone_number_id: z.number().int().nullable(),
        porting_order_id: z.number().int().nullable(),
        e911_address_id: z.number().int().nullable(),
        e911_status: z.string().nullable(),
        number_status: z.string().nullable(),
      })
      .nullable(),
    submitted_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    expires_at: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("ResidentialDraft");
export type ResidentialDraft = z.infer<typeof ResidentialDraftSchema>;

function nextStep(row: DraftRow): ResidentialDraft["next_step"] {
  if (parse<AddressState>(row.serviceAddress)?.validation_status !== "valid") return "address";
  if (!row.number) return "number";
  if (!row.e911Same && parse<AddressState>(row.e911Address)?.validation_status !== "valid") return "e911";
  return "review";
}

export async function serializeDraft(db: Db, row: DraftRow): Promise<ResidentialDraft> {
  const [organization] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, row.organizationId));
  const [number] = row.phoneNumberId
    ? await db
        .select({ status: phoneNumbers.status, e911Status: phoneNumbers.e911Status })
        .from(phoneNumbers)
        .where(eq(phoneNumbers.id, row.phoneNumberId))
    : [];
  return {
    id: row.id,
    organization_id: row.organizationId,
    organization_name: organization?.name ?? "",
    status: row.status,
    subscriber: parse<Subscriber>(row.subscriber) as Subscriber,
    service_address: parse<AddressState>(row.serviceAddress) as ResidentialDraft["service_address"],
    number: parse<NumberChoice>(row.number),
    e911: { same_as_service: row.e911Same, address: parse<AddressState>(row.e911Address) as ResidentialDraft["service_address"] },
    next_step: nextStep(row),
    idempotency_key: row.idempotencyKey,
    failure: parse<Failure>(row.failure),
    result:
      row.status === "completed"
        ? {
            user_id: row.userId,
            phone_number_id: row.phoneNumberId,
            porting_order_id: row.portingOrderId,
            e911_address_id: row.e911AddressId,
            e911_status: number?.e911Status ?? null,
            number_status: number?.status ?? null,
          }
        : null,
    submitted_at: row.submittedAt,
    completed_at: row.completedAt,
    expires_at: row.expiresAt,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** The draft if the caller may see it and it has not expired; null otherwise (the route answers 404). */
export async function findDraft(db: Db, scope: SQL | undefined, id: number, now = currentTime()): Promise<DraftRow | null> {
  const [row] = await db
    .select()
    .from(residentialDrafts)
    .where(and(eq(residentialDrafts.id, id), scope, sql`${residentialDrafts.expiresAt} > ${now.toISOString()}`));
  return row ?? null;
}

/** The hourly cron: drafts untouched for 7 days go (a submission in progress stays until it finishes). */
export async function deleteExpiredDrafts(db: Db, now = currentTime()): Promise<number> {
  const deleted = await db
    .delete(residentialDrafts)
    .where(and(lte(residentialDrafts.expiresAt, now.toISOString()), ne(residentialDrafts.status, "submitting")))
    .returning({ id: residentialDrafts.id });
  return deleted.length;
}

// --- Submission -----------------------------------------------------------------------------------------------

/** What a running submission holds, i.e. what an undo gives back. */
interface Held {
  inventory?: { id: number; fromStock: boolean };
  /** A new number that reached the inventory (its order completed). */
  ordered?: { e164: string; phoneNumberId: number | null; orderId: number };
  /** A number whose E911 the carrier provisioned. */
  provisioned?: string;
}

/** Thrown inside the saga: which part failed, with what message key. */
class PartFailure extends Error {
  constructor(
    readonly part: Part,
    readonly reason: string,
  ) {
    super(`${part}: ${reason}`);
  }
}

function carrierReason(error: unknown): string {
  if (error instanceof ApiError && typeof error.body.message === "string") return error.body.message;
  throw error;
}

/** The E911 address of the subscriber's number: the service address unless the E911 step gave another. */
function e911AddressOf(row: DraftRow): E911AddressInput | null {
  const state = parse<AddressState>(row.e911Same ? row.serviceAddress : row.e911Address);
  return state?.validation_status === "valid" ? state.address : null;
}

async function undo(work: DraftWork, row: DraftRow, held: Held): Promise<void> {
  const { db } = work;
  const carrier = createCarrier(work.env, db);
  const stamp = new Date().toISOString();
  // Each undo step is attempted even when an earlier one fails: a failure is logged, never hidden.
  const attempt = async (label: string, step: () => Promise<unknown>) => {
    try {
      await step();
    } catch (error) {
      console.error("residential undo", row.id, label, error);
    }
  };
  if (held.provisioned) {
    const e164 = held.provisioned;
    await attempt("remove e911", () => carrier.removeE911(e164));
  }
  if (held.inventory) {
    const { id, fromStock } = held.inventory;
    await attempt("release inventory number", () =>
      db
        .update(phoneNumbers)
        .set({ status: "available", organizationId: fromStock ? null : row.organizationId, updatedAt: stamp })
        .where(and(eq(phoneNumbers.id, id), eq(phoneNumbers.status, "reserved"))),
    );
  }
  if (held.ordered) {
    const { e164, phoneNumberId, orderId } = held.ordered;
    await attempt("release ordered number", () => carrier.releaseNumber(e164));
    await attempt("forget ordered number", () =>
      db.batch([
        db
          .update(numberOrderItems)
          .set({ status: "failed", failureReason: "residential.undone", phoneNumberId: null, updatedAt: stamp })
          .where(eq(numberOrderItems.orderId, orderId)),
        db.update(numberOrders).set({ status: "failed", updatedAt: stamp }).where(eq(numberOrders.id, orderId)),
        db.delete(phoneNumbers).where(and(eq(phoneNumbers.id, phoneNumberId ?? 0), eq(phoneNumbers.orderId, orderId))),
      ]),
    );
  }
}

/** Undo, then the draft is a draft again with the failure and a fresh idempotency key for the next attempt. */
async function fail(work: DraftWork, row: DraftRow, held: Held, failure: Failure): Promise<void> {
  await undo(work, row, held);
  const { db } = work;
  const choice = parse<NumberChoice>(row.number);
  // A new number's order is spent once placed (or useless once its reservation ran out): choose again.
  let spent = false;
  if (choice?.kind === "new") {
    const [order] = await db.select({ status: numberOrders.status }).from(numberOrders).where(eq(numberOrders.id, choice.number_order_id));
    spent = order?.status !== "draft" || failure.part === "number";
  }
  const now = currentTime();
  await db
    .update(residentialDrafts)
    .set({
      status: "draft",
      failure: JSON.stringify(failure),
      idempotencyKey: crypto.randomUUID(),
      leaseUntil: null,
      number: spent ? null : row.number,
      expiresAt: expiresFrom(now),
      updatedAt: now.toISOString(),
    })
    .where(eq(residentialDrafts.id, row.id));
  await work.activity({
    action: "residential.submission_undone",
    subject_type: "residential_draft",
    subject_id: row.id,
    subject_label: (parse<Subscriber>(row.subscriber) as Subscriber).email,
    organization_id: row.organizationId,
    after: { residential_draft: row.id, failed_part: failure.part, reason: failure.reason },
  });
}

/**
 * Starts a submission under `key`. Returns without error when the submission completed or still waits for the
 * carrier; throws 409 `residential.submit_failed` (with the failure) when it failed and was undone. The same key
 * again replays the outcome instead of submitting twice.
 */
export async function submitDraft(c: Ctx, me: CurrentUser, row: DraftRow, key: string): Promise<void> {
  const db = c.get("db");
  if (row.submittedKey === key) return replay(c, row);
  if (row.status !== "draft") throw new ApiError(409, { message: "residential.already_submitted" });
  if (row.idempotencyKey !== key) throw new ApiError(409, { message: "residential.stale_submission" });
  const incomplete = nextStep(row);
  if (incomplete !== "review")
    throw new ApiError(422, { message: "residential.incomplete", errors: { [incomplete]: ["residential.incomplete"] } });

  const now = currentTime();
  const claimed = await db
    .update(residentialDrafts)
    .set({
      status: "submitting",
      submittedKey: key,
      submittedAt: now.toISOString(),
      failure: null,
      leaseUntil: new Date(now.getTime() + LEASE_SECONDS * 1000).toISOString(),
      updatedAt: now.toISOString(),
    })
    .where(and(eq(residentialDrafts.id, row.id), eq(residentialDrafts.status, "draft"), eq(residentialDrafts.idempotencyKey, key)))
    .returning();
  const draft = claimed[0];
  // Someone else claimed it with this key a moment ago: their outcome is ours.
  if (!draft) return replay(c, (await findDraft(db, undefined, row.id)) ?? row);

  const held: Held = {};
  try {
    await holdNumber(c, me, draft, held, now);
  } catch (error) {
    if (!(error instanceof PartFailure)) {
      await fail(requestWork(c), draft, held, { part: "number", reason: "residential.failed" });
      throw error;
    }
    await fail(requestWork(c), draft, held, { part: error.part, reason: error.reason });
    return replay(c, (await findDraft(db, undefined, row.id)) ?? draft);
  }
  await advance(requestWork(c), draft, { leaseHeld: true });
  const after = await findDraft(db, undefined, row.id);
  // Still waiting for the carrier (a new number): the carrier queue finishes it (no read moves it on).
  if (after?.status === "submitting") await enqueueDraftCheck(c.env, after.id);
  if (after) return replay(c, after);
}

/** The outcome of a submission already made: nothing to do when it completed or is under way, 409 when undone. */
async function replay(c: Ctx, row: DraftRow): Promise<void> {
  const current = (await findDraft(c.get("db"), undefined, row.id)) ?? row;
  if (current.status === "draft" && current.failure) {
    throw new ApiError(409, { message: "residential.submit_failed", failure: parse<Failure>(current.failure) });
  }
}

/** Step 1 of the saga: the chosen number is held for the subscriber (or, for a port, checked once more). */
async function holdNumber(c: Ctx, _me: CurrentUser, row: DraftRow, held: Held, now: Date): Promise<void> {
  const db = c.get("db");
  const subscriber = parse<Subscriber>(row.subscriber) as Subscriber;
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, subscriber.email));
  if (taken) throw new PartFailure("subscriber", "validation.unique");
  const choice = parse<NumberChoice>(row.number) as NumberChoice;
  if (choice.kind === "inventory") {
    const [claimed] = await db
      .update(phoneNumbers)
      .set({ status: "reserved", organizationId: row.organizationId, updatedAt: now.toISOString() })
      .where(
        and(
          eq(phoneNumbers.id, choice.phone_number_id),
          eq(phoneNumbers.status, "available"),
          or(isNull(phoneNumbers.organizationId), eq(phoneNumbers.organizationId, row.organizationId)),
        ),
      )
      .returning({ id: phoneNumbers.id });
    if (!claimed) throw new PartFailure("number", "residential.number_taken");
    held.inventory = { id: claimed.id, fromStock: choice.from_stock };
    return;
  }
  if (choice.kind === "port") {
    const carrier = createCarrier(c.env, db);
    const [fact] = await carrierCall(() => carrier.checkPortability([choice.e164])).catch((error) => {
      throw new PartFailure("number", carrierReason(error));
    });
    if (!fact?.portable) throw new PartFailure("number", fact?.reason ?? "carrier.not_portable");
    if ((await heldInInventory(db, [choice.e164], row.organizationId)).size > 0)
      throw new PartFailure("number", "residential.number_in_inventory");
    return;
  }
  const order = await loadOrder(db, choice.number_order_id, eq(numberOrders.organizationId, row.organizationId), now);
  if (order?.status !== "draft") throw new PartFailure("number", "numbers.order_not_draft");
  // The number enters the inventory labelled with the subscriber's name (settleOrder copies the order's label).
  await db.update(numberOrders).set({ label: subscriber.name }).where(eq(numberOrders.id, order.id));
  try {
    await placeNumberOrder(c, { ...order, label: subscriber.name }, now);
  } catch (error) {
    throw new PartFailure("number", carrierReason(error));
  }
}

/**
 * Moves a submission on: waits (returns) while the carrier has not completed a new number, then provisions
 * E911 and writes everything in one batch. Called by the submission itself and by the carrier queue (never by
 * a read); only the holder of the lease acts.
 */
export async function advance(work: DraftWork, row: DraftRow, options: { leaseHeld: boolean }): Promise<void> {
  if (row.status !== "submitting") return;
  const { db } = work;
  const now = currentTime();
  if (!options.leaseHeld) {
    const [leased] = await db
      .update(residentialDrafts)
      .set({ leaseUntil: new Date(now.getTime() + LEASE_SECONDS * 1000).toISOString() })
      .where(
        and(
          eq(residentialDrafts.id, row.id),
          eq(residentialDrafts.status, "submitting"),
          or(isNull(residentialDrafts.leaseUntil), lte(residentialDrafts.leaseUntil, now.toISOString())),
        ),
      )
      .returning({ id: residentialDrafts.id });
    if (!leased) return;
  }
  const releaseLease = () => db.update(residentialDrafts).set({ leaseUntil: null }).where(eq(residentialDrafts.id, row.id));
  const choice = parse<NumberChoice>(row.number) as NumberChoice;
  const held: Held = choice.kind === "inventory" ? { inventory: { id: choice.phone_number_id, fromStock: choice.from_stock } } : {};
  const carrier = createCarrier(work.env, db);
  try {
    let phoneNumberId: number | null = choice.kind === "inventory" ? choice.phone_number_id : null;
    if (choice.kind === "new") {
      const scope = eq(numberOrders.organizationId, row.organizationId);
      const order = await loadOrder(db, choice.number_order_id, scope, now);
      if (!order) throw new PartFailure("number", "numbers.order_not_draft");
      try {
        await settleOrder(db, carrier, order, now);
      } catch (error) {
        // The carrier is slow or down: the submission waits for the queue's next check.
        console.warn("residential", row.id, "number order progress unavailable", error);
        await releaseLease();
        return;
      }
      const settled = await loadOrder(db, choice.number_order_id, scope, now);
      const item = settled?.items.find((entry) => entry.e164 === choice.e164);
      if (!item || item.status === "pending" || item.status === "reserved") {
        await releaseLease();
        return;
      }
      if (item.status === "failed") throw new PartFailure("number", item.failure_reason ?? "carrier.order_rejected");
      phoneNumberId = item.phone_number_id;
      held.ordered = { e164: choice.e164, phoneNumberId, orderId: choice.number_order_id };
    }

    const address = e911AddressOf(row);
    if (!address) throw new PartFailure("e911", "residential.incomplete");
    if (choice.kind !== "port") {
      const provisioning = await carrierCall(() => carrier.provisionE911(choice.e164, address)).catch((error) => {
        throw new PartFailure("e911", carrierReason(error));
      });
      if (provisioning.status !== "provisioned") throw new PartFailure("e911", provisioning.reason ?? "carrier.e911_provisioning_failed");
      held.provisioned = choice.e164;
    }

    try {
      const [first, ...rest] = creationStatements(work, row, choice, address, carrier.name, now);
      await db.batch([first, ...rest]);
    } catch (error) {
      if (String(error).includes("users.email")) throw new PartFailure("subscriber", "validation.unique");
      throw error;
    }
  } catch (error) {
    if (error instanceof PartFailure) {
      await fail(work, row, held, { part: error.part, reason: error.reason });
      return;
    }
    await fail(work, row, held, { part: "subscriber", reason: "residential.failed" });
    throw error;
  }
  // Committed: the invitation is the one step that cannot be undone, so it comes last.
  const subscriber = parse<Subscriber>(row.subscriber) as Subscriber;
  const inviter = row.createdBy
    ? ((await db.select({ name: users.name }).from(users).where(eq(users.id, row.createdBy)))[0]?.name ?? "")
    : "";
  await sendInvitationWith(
    db,
    work.env,
    { name: subscriber.name, email: subscriber.email, organizationId: row.organizationId, locale: subscriber.locale },
    inviter,
  );
}

/** The all-or-nothing writes of a submission, as one batch (ids of earlier inserts are read back by subquery). */
function creationStatements(
  work: DraftWork,
  row: DraftRow,
  choice: NumberChoice,
  address: E911AddressInput,
  carrierName: string,
  now: Date,
) {
  const { db } = work;
  const stamp = now.toISOString();
  const subscriber = parse<Subscriber>(row.subscriber) as Subscriber;
  const organizationId = row.organizationId;
  const e164 = choice.e164;
  const draftColumn = (column: string) => sql`(SELECT ${sql.identifier(column)} FROM residential_drafts WHERE id = ${row.id})`;
  const run = { residential_draft: row.id };
  return [
    db.insert(users).values({
      organizationId,
      name: subscriber.name,
      email: subscriber.email,
      passwordHash: null,
      status: "active",
      locale: subscriber.locale,
      contactPhone: subscriber.phone,
      createdAt: stamp,
      updatedAt: stamp,
    }),
    choice.kind === "port"
      ? db
          .insert(phoneNumbers)
          .values({
            e164,
            organizationId,
            status: "porting_in",
            type: choice.type ?? "local",
            carrier: carrierName,
            rateCenter: choice.rate_center,
            state: choice.state,
            lata: choice.lata,
            capabilities: JSON.stringify(["voice", "sms", "emergency"]),
            label: subscriber.name,
            createdAt: stamp,
            updatedAt: stamp,
          })
          .onConflictDoUpdate({
            target: phoneNumbers.e164,
            set: { organizationId, status: "porting_in", label: subscriber.name, cnam: null, orderId: null, updatedAt: stamp },
            setWhere: eq(phoneNumbers.status, "disconnected"),
          })
      : db
          .update(phoneNumbers)
          .set({ organizationId, status: "in_service", label: subscriber.name, updatedAt: stamp })
          .where(and(eq(phoneNumbers.e164, e164), eq(phoneNumbers.organizationId, organizationId))),
    db.insert(e911Addresses).values({
      organizationId,
      ...addressValues(address),
      validationStatus: "valid",
      suggestion: null,
      lastError: null,
      createdAt: stamp,
      updatedAt: stamp,
    }),
    // Right after the address insert: last_insert_rowid() is that address.
    db
      .update(phoneNumbers)
      .set({
        e911AddressId: sql`last_insert_rowid()`,
        // A number still being ported is provisioned from the E911 screen once it is ours.
        e911Status: choice.kind === "port" ? "pending" : "provisioned",
        e911Error: null,
        updatedAt: stamp,
      })
      .where(and(eq(phoneNumbers.e164, e164), eq(phoneNumbers.organizationId, organizationId))),
    ...(choice.kind === "port"
      ? [
          db.insert(portingOrders).values({
            organizationId,
            createdBy: row.createdBy,
            status: "draft",
            numbers: JSON.stringify([e164]),
            entityName: subscriber.name,
            authorizedPerson: subscriber.name,
            billingTelephoneNumber: e164,
            serviceAddress: JSON.stringify(portingServiceAddress(parse<AddressState>(row.serviceAddress)?.address ?? address)),
            partial: false,
            carrier: carrierName,
            createdAt: stamp,
            updatedAt: stamp,
          }),
        ]
      : []),
    // Right after the porting order insert (when there is one): last_insert_rowid() is that order.
    db
      .update(residentialDrafts)
      .set({
        status: "completed",
        completedAt: stamp,
        leaseUntil: null,
        userId: sql`(SELECT id FROM users WHERE email = ${subscriber.email})`,
        phoneNumberId: sql`(SELECT id FROM phone_numbers WHERE e164 = ${e164})`,
        e911AddressId: sql`(SELECT e911_address_id FROM phone_numbers WHERE e164 = ${e164})`,
        portingOrderId: choice.kind === "port" ? sql`last_insert_rowid()` : null,
        expiresAt: expiresFrom(now),
        updatedAt: stamp,
      })
      .where(and(eq(residentialDrafts.id, row.id), eq(residentialDrafts.status, "submitting"))),
    work.activity({
      action: "residential.subscriber_created",
      subject_type: "user",
      subject_id: draftColumn("user_id"),
      subject_label: subscriber.name,
      organization_id: organizationId,
      after: { ...run, name: subscriber.name, email: subscriber.email, locale: subscriber.locale, contact_phone: subscriber.phone },
    }),
    work.activity({
      action: "residential.number_assigned",
      subject_type: "phone_number",
      subject_id: draftColumn("phone_number_id"),
      subject_label: e164,
      organization_id: organizationId,
      after: {
        ...run,
        e164,
        source: choice.kind,
        status: choice.kind === "port" ? "porting_in" : "in_service",
        subscriber: subscriber.email,
      },
    }),
    work.activity({
      action: "residential.e911_created",
      subject_type: "phone_number",
      subject_id: draftColumn("phone_number_id"),
      subject_label: e164,
      organization_id: organizationId,
      after: {
        ...run,
        e911_address: oneLine(address),
        e911_status: choice.kind === "port" ? "pending" : "provisioned",
        same_as_service_address: row.e911Same,
      },
    }),
    ...(choice.kind === "port"
      ? [
          work.activity({
            action: "residential.porting_order_created",
            subject_type: "porting_order",
            subject_id: draftColumn("porting_order_id"),
            subject_label: e164,
            organization_id: organizationId,
            after: { ...run, numbers: [e164], status: "draft" },
          }),
        ]
      : []),
  ] as const;
}

/** The porting order's service address: the subset of an E911 address a port request carries. */
function portingServiceAddress(address: E911AddressInput) {
  return {
    house_number: address.house_number,
    street_name: address.street_name,
    street_suffix: address.street_suffix,
    unit: address.unit,
    city: address.city,
    state: address.state,
    postal_code: address.postal_code,
    country: address.country,
  };
}
