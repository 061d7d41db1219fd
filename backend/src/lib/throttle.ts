import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { throttles } from "../db/schema";
import { tooManyAttempts } from "./errors";
import { currentTime, isoFromNow, nowIso } from "./time";

export interface Attempt {
  /** Attempts in the current window, this one included. */
  attempts: number;
  /** Seconds until the window ends (at least 1). */
  retryAfter: number;
}

/**
 * Laravel's RateLimiter on a D1 table, race-free: counts this attempt and returns the new count in ONE
 * statement (INSERT … ON CONFLICT DO UPDATE … RETURNING), so concurrent requests each see a distinct count
 * and the caller decides on it before doing the expensive or sensitive work. The window starts at the
 * first attempt and lasts `decaySeconds`.
 */
export async function attempt(db: Db, key: string, decaySeconds: number): Promise<Attempt> {
  const resetAt = isoFromNow(decaySeconds * 1000);
  const now = nowIso();
  const [row] = await db
    .insert(throttles)
    .values({ key, attempts: 1, resetAt })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        attempts: sql`CASE WHEN ${throttles.resetAt} <= ${now} THEN 1 ELSE ${throttles.attempts} + 1 END`,
        resetAt: sql`CASE WHEN ${throttles.resetAt} <= ${now} THEN ${resetAt} ELSE ${throttles.resetAt} END`,
      },
    })
    .returning({ attempts: throttles.attempts, resetAt: throttles.resetAt });
  const attempts = row?.attempts ?? 1;
  const retryAfter = Math.max(1, Math.ceil((Date.parse(row?.resetAt ?? resetAt) - currentTime().getTime()) / 1000));
  return { attempts, retryAfter };
}

/**
 * Counts an attempt against each limit and answers 429 (`Retry-After`, `message` on `field`) when any is
 * exceeded. Every limit is counted even when an earlier one already refuses, so none can be sidestepped.
 */
export async function enforce(
  db: Db,
  limits: readonly { key: string; maxAttempts: number; decaySeconds: number }[],
  message: string,
  field: string,
): Promise<void> {
  const results = await Promise.all(limits.map((limit) => attempt(db, limit.key, limit.decaySeconds)));
  const exceeded = results.filter((result, index) => result.attempts > (limits[index]?.maxAttempts ?? 0));
  if (exceeded.length > 0) throw tooManyAttempts(Math.max(...exceeded.map((result) => result.retryAfter)), field, message);
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.delete(throttles).where(eq(throttles.key, key));
}
