/** A MAC in any common form (`00:1A:2B:3C:4D:5E`, `00-1a-…`, `001a.2b3c.4d5e`, `001A2B3C4D5E`) → 12 lowercase hex digits. */
export function normalizeMac(input: string): string | null {
  const compact = input
    .trim()
    .replace(/[\s:.-]/g, "")
    .toLowerCase();
  return /^[0-9a-f]{12}$/.test(compact) ? compact : null;
}
