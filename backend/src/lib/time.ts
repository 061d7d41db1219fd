/** Every timestamp the backend stores is ISO-8601 UTC text; these keep that in one place. */
export function nowIso(): string {
  return new Date().toISOString();
}

export function isoFromNow(milliseconds: number): string {
  return new Date(Date.now() + milliseconds).toISOString();
}
