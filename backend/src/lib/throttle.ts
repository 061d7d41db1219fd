import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { throttles } from "../db/schema";
import { isoFromNow } from "./time";

/**
 * Laravel's RateLimiter on a D1 table: `attempts` hits per window; the window starts at the first hit.
 * Used by login (5 per minute per e-mail + IP).
 */
export async function retryAfterSeconds(db: Db, key: string, maxAttempts: number): Promise<number> {
  const row = await db.query.throttles.findFirst({ where: eq(throttles.key, key) });
  if (!row) return 0;
  const remaining = Date.parse(row.resetAt) - Date.now();
  if (remaining <= 0 || row.attempts < maxAttempts) return 0;
  return Math.max(1, Math.ceil(remaining / 1000));
}

export async function hit(db: Db, key: string, decaySeconds: number): Promise<void> {
  const resetAt = isoFromNow(decaySeconds * 1000);
  const now = new Date().toISOString();
  // One statement: start a new window when the old one has passed, otherwise count the hit.
  await db
    .insert(throttles)
    .values({ key, attempts: 1, resetAt })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        attempts: sql`CASE WHEN ${throttles.resetAt} <= ${now} THEN 1 ELSE ${throttles.attempts} + 1 END`,
        resetAt: sql`CASE WHEN ${throttles.resetAt} <= ${now} THEN ${resetAt} ELSE ${throttles.resetAt} END`,
      },
    });
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.delete(throttles).where(eq(throttles.key, key));
}
