import { env } from "cloudflare:workers";
import { createCarrier } from "../src/carriers";
import { createDb } from "../src/db/client";
import { dueCarrierChecks, runCarrierCheck } from "../src/lib/carrier-sync";
import { currentTime } from "../src/lib/time";

/**
 * What the reconciler does, for every open order and now: asks the carrier and applies its answer. GETs no
 * longer move carrier work (issue 24), so a test that waited for the sandbox then runs this, as the queue
 * consumer or the cron would have by then.
 */
export async function carrierCatchesUp(): Promise<void> {
  const db = createDb(env.DB);
  const carrier = createCarrier(env, db);
  const now = currentTime();
  for (const check of await dueCarrierChecks(db, now, 0)) await runCarrierCheck(env, db, carrier, check, now);
}
