import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Context } from "hono";
import { createCarrier } from "../carriers";
import { phoneNumbers } from "../db/schema";
import { activityStatement } from "./activity";
import type { AppEnv, CurrentUser } from "./context";
import { ApiError, notFound } from "./errors";
import { carrierCall } from "./phone-numbers";
import { tenantScope } from "./tenant";
import { currentTime } from "./time";

/** A claim older than this is a release that died half way (the Worker was stopped): it may be taken again. */
const CLAIM_STALE_MS = 5 * 60_000;

/**
 * Gives one in-service number back to the carrier, once (decision 030), for the single release and the bulk
 * one alike:
 *
 * 1. a conditional UPDATE claims the row (`status = 'in_service'` and no live claim, in the caller's tenant);
 *    a second release of the same number, in parallel or later, finds nothing to claim: 409;
 * 2. the carrier releases the number; if it refuses or times out, the claim is dropped and the number stays
 *    in service here too (`numbers.carrier.*`, as before);
 * 3. the number turns `disconnected` (the inventory rule of lib/inventory.ts: nobody's any more, a new order or
 *    port may take it) in the same batch as its activity entry, guarded by the claim.
 *
 * Throws ApiError 404 (not in the caller's tenant), 409 `numbers.not_in_service` / `numbers.release_in_progress`,
 * or the carrier's refusal (409/502 `numbers.carrier.*`).
 */
export async function releaseNumberOnce(c: Context<AppEnv>, me: CurrentUser, id: number): Promise<void> {
  const db = c.get("db");
  const now = currentTime();
  const claim = `${now.toISOString()}|${crypto.randomUUID()}`;
  const stale = new Date(now.getTime() - CLAIM_STALE_MS).toISOString();
  const scope = and(eq(phoneNumbers.id, id), tenantScope(me, phoneNumbers.organizationId));
  const [claimed] = await db
    .update(phoneNumbers)
    .set({ releaseClaim: claim })
    .where(and(scope, eq(phoneNumbers.status, "in_service"), or(isNull(phoneNumbers.releaseClaim), lt(phoneNumbers.releaseClaim, stale))))
    .returning({
      e164: phoneNumbers.e164,
      organizationId: phoneNumbers.organizationId,
      e911Status: phoneNumbers.e911Status,
    });
  if (!claimed) {
    const [row] = await db.select({ status: phoneNumbers.status }).from(phoneNumbers).where(scope);
    if (!row) throw notFound();
    throw new ApiError(409, { message: row.status === "in_service" ? "numbers.release_in_progress" : "numbers.not_in_service" });
  }
  const mine = and(eq(phoneNumbers.id, id), eq(phoneNumbers.releaseClaim, claim));
  try {
    await carrierCall(() => createCarrier(c.env, db).releaseNumber(claimed.e164));
  } catch (error) {
    await db.update(phoneNumbers).set({ releaseClaim: null }).where(mine);
    throw error;
  }
  await db.batch([
    db
      .update(phoneNumbers)
      .set({
        status: "disconnected",
        e911Status: claimed.e911Status ? "removed" : null,
        releaseClaim: null,
        updatedAt: new Date().toISOString(),
      })
      .where(mine),
    activityStatement(c, {
      action: "phone_numbers.released",
      subject_type: "phone_number",
      subject_id: id,
      subject_label: claimed.e164,
      organization_id: claimed.organizationId,
      before: { status: "in_service" },
      after: { status: "disconnected" },
    }),
  ]);
}
