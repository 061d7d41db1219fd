/**
 * Sanctum's EnsureFrontendRequestsAreStateful: a request is stateful when its Origin (or else Referer)
 * host[:port] is listed in STATEFUL_DOMAINS. An entry without a port matches the host on any port.
 */
export function parseStatefulDomains(value: string): string[] {
  return value
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
}

function hostOf(url: string | undefined): { host: string; hostname: string } | null {
  if (!url || url === "null") return null;
  try {
    const parsed = new URL(url);
    return { host: parsed.host.toLowerCase(), hostname: parsed.hostname.toLowerCase() };
  } catch {
    return null;
  }
}

const HAS_PORT = /^(\[[^\]]+\]|[^:]+):\d+$/;

export function isStatefulRequest(headers: Headers, statefulDomains: string): boolean {
  const origin = hostOf(headers.get("Origin") ?? headers.get("Referer") ?? undefined);
  if (!origin) return false;
  return parseStatefulDomains(statefulDomains).some((entry) => (HAS_PORT.test(entry) ? entry === origin.host : entry === origin.hostname));
}
