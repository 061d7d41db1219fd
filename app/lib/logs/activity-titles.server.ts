import type { SanctumClient } from "~/lib/sanctum/client.server";

/**
 * Activity titles (`GET /api/activity-log/titles?locale=`): fetched once per language per isolate and
 * kept in memory — the specification's "fetched only when no cache exists". A failure is only logged
 * (§8) and the screens fall back to the action key; the next request tries again.
 */
const cache = new Map<string, Record<string, string>>();

export async function activityTitles(api: SanctumClient, locale: string): Promise<Record<string, string>> {
  const cached = cache.get(locale);
  if (cached) return cached;
  try {
    const titles = await api.call<Record<string, string>>("/api/activity-log/titles", { query: { locale }, on401: "throw" });
    cache.set(locale, titles);
    return titles;
  } catch (error) {
    console.error("activity titles", error);
    return {};
  }
}
