import { isAddressLiteral, isInternalAddress, smtpHostKey } from "../../../common/smtp";

/**
 * SMTP relay host names that resolve to internal addresses (issue 23, item 7): `smtpDestinationProblem` refuses
 * loopback, private, link-local and reserved *addresses*; a *name* such as `relay.attacker.example` pointing at
 * 10.0.0.5 or 127.0.0.1 needs a lookup. A Worker has no resolver API (`connect()` resolves names itself and says
 * nothing about the address it used), so the name is looked up over DNS-over-HTTPS (RFC 8484's JSON form, as
 * served by 1.1.1.1 and 8.8.8.8) through `fetch`, for A and AAAA, and every address of the answer (after any
 * CNAME) must be public.
 *
 * What this does not cover, honestly:
 * - a lookup that fails (the DoH service unreachable or answering SERVFAIL, a name that does not exist) does
 *   not refuse the relay: such a name cannot be connected to either, or the failure is the DoH service's, and
 *   refusing would lock out every relay while it is down. It is logged;
 * - DNS rebinding: `connect()` resolves the name again, and a name with a short TTL may answer a public
 *   address to the check and a private one to the connection. Workers cannot pin the address for implicit TLS
 *   (port 465: the TLS name comes from the host connected to). On Cloudflare's network a Worker reaches no
 *   private network anyway (no route to RFC 1918 space without an explicit VPC binding or Tunnel), so the
 *   remaining exposure is a local `wrangler dev` without SMTP_ALLOW_LOCAL;
 * - a relay saved while its name was public is not looked up again for each message; the platform relay
 *   (SMTP_HOST, set by the operator) is not checked (decision 048).
 */
export type HostLookup = (name: string) => Promise<string[] | null>;

export const DEFAULT_DOH_URL = "https://cloudflare-dns.com/dns-query";
const LOOKUP_TIMEOUT_MS = 3000;

interface DohAnswer {
  Status?: number;
  Answer?: { type?: number; data?: string }[];
}

/** A lookup of A and AAAA over DNS-over-HTTPS (JSON); null when the lookup itself failed. */
export function dohLookup(fetcher: typeof fetch, endpoint = DEFAULT_DOH_URL): HostLookup {
  const query = async (name: string, type: "A" | "AAAA"): Promise<string[] | null> => {
    const url = new URL(endpoint);
    url.searchParams.set("name", name);
    url.searchParams.set("type", type);
    const response = await fetcher(url.toString(), {
      headers: { Accept: "application/dns-json" },
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const answer = (await response.json()) as DohAnswer;
    // 0 NOERROR; 3 NXDOMAIN (nothing to connect to); anything else is a failed lookup.
    if (answer.Status !== 0) return answer.Status === 3 ? [] : null;
    // 1 = A, 28 = AAAA; CNAME records (5) in the chain carry names, not addresses.
    return (answer.Answer ?? []).filter((record) => record.type === 1 || record.type === 28).map((record) => String(record.data));
  };
  return async (name) => {
    try {
      const [v4, v6] = await Promise.all([query(name, "A"), query(name, "AAAA")]);
      if (v4 === null && v6 === null) return null;
      return [...(v4 ?? []), ...(v6 ?? [])];
    } catch {
      return null;
    }
  };
}

/**
 * `validation.host_internal` when the relay's host is a name that resolves to an internal address; null
 * otherwise (an address literal is `smtpDestinationProblem`'s to judge; `allowLocal` lifts the rule).
 */
export async function smtpNameProblem(
  host: string,
  lookup: HostLookup,
  options: { allowLocal?: boolean } = {},
): Promise<"validation.host_internal" | null> {
  if (options.allowLocal || isAddressLiteral(host)) return null;
  const name = smtpHostKey(host);
  const addresses = await lookup(name);
  if (addresses === null) {
    console.warn(`smtp relay: the DNS lookup of ${name} failed; the relay is not refused for it`);
    return null;
  }
  return addresses.some(isInternalAddress) ? "validation.host_internal" : null;
}
