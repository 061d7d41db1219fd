/**
 * Every timestamp the backend stores is ISO-8601 UTC text; these keep that in one place.
 *
 * The backend's clock: code that computes a schedule (sandbox order and port steps, reservation and draft
 * expiry) reads `currentTime()` rather than `new Date()`, so backend tests move time forward with
 * `advanceClock` (backend/test/helpers.ts) instead of sleeping. In a deployed Worker nothing calls
 * `setClock` and it is the real time.
 */
let offsetMs = 0;

export function currentTime(): Date {
  return new Date(Date.now() + offsetMs);
}

/** Shifts the clock by `ms` from real time (0 puts it back); tests only. */
export function setClock(ms: number): void {
  offsetMs = ms;
}

/** How far the clock is shifted from real time. */
export function clockOffset(): number {
  return offsetMs;
}

export function nowIso(): string {
  return currentTime().toISOString();
}

export function isoFromNow(milliseconds: number): string {
  return new Date(currentTime().getTime() + milliseconds).toISOString();
}
