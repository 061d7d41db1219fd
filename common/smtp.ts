/** SMTP relay rules shared by the backend (validation, API warnings) and the portal (form hints). */
export const SMTP_ENCRYPTION_OPTIONS = ["none", "ssl", "starttls"] as const;
export type SmtpEncryptionOption = (typeof SMTP_ENCRYPTION_OPTIONS)[number];

/** A host name (RFC 1123 labels), an IPv4 address, or an IPv6 address in brackets or bare. */
export function isSmtpHost(value: string): boolean {
  if (value.length === 0 || value.length > 253) return false;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(value)) return value.split(".").every((part) => Number(part) <= 255);
  const bare = value.replace(/^\[(.*)\]$/, "$1");
  if (bare.includes(":")) return /^[0-9a-f:.]+$/i.test(bare) && bare.split(":").length >= 3 && bare.split(":").length <= 8;
  return (
    value.split(".").every((label) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i.test(label)) && !/^\d+$/.test(value.split(".").at(-1) ?? "")
  );
}

/**
 * Port/encryption pairs that cannot work on the usual ports: 465 speaks TLS from the first byte, 587 and 25
 * expect plain text first (then STARTTLS). A translation key of the `smtp` namespace, or null.
 */
export function smtpPortWarning(
  port: number,
  encryption: SmtpEncryptionOption,
): "warnings.port_465_needs_ssl" | "warnings.port_plain_needs_starttls" | null {
  if (port === 465 && encryption !== "ssl") return "warnings.port_465_needs_ssl";
  if ((port === 587 || port === 25) && encryption === "ssl") return "warnings.port_plain_needs_starttls";
  return null;
}

/** The ports an SMTP relay may use (submission 587, implicit TLS 465, relay 25, the common alternative 2525). */
export const SMTP_PORTS = [25, 465, 587, 2525] as const;

/** An IPv4 address in dotted-quad form as its four numbers, or null. */
function ipv4Parts(value: string): number[] | null {
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(value)) return null;
  const parts = value.split(".").map(Number);
  return parts.every((part) => part <= 255) ? parts : null;
}

/** Loopback, private (RFC 1918, CGNAT), link-local, "this network", benchmark, multicast or reserved IPv4. */
function isInternalIpv4([a, b]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

/** The 8 groups of an IPv6 address (`::` expanded, a trailing dotted IPv4 as two groups), or null. */
function ipv6Groups(value: string): number[] | null {
  let text = value.toLowerCase().replace(/%.*$/, "");
  const v4 = /(\d{1,3}(\.\d{1,3}){3})$/.exec(text);
  if (v4) {
    const parts = ipv4Parts(v4[1]);
    if (!parts) return null;
    text = `${text.slice(0, -v4[1].length)}${((parts[0] << 8) | parts[1]).toString(16)}:${((parts[2] << 8) | parts[3]).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (groups.length !== 8 || !groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => Number.parseInt(group, 16));
}

function isInternalIpv6(groups: number[]): boolean {
  const [first] = groups;
  const zeroPrefix = groups.slice(0, 5).every((group) => group === 0);
  // ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (IPv4-compatible) are the IPv4 address inside.
  if (zeroPrefix && (groups[5] === 0xffff || groups[5] === 0) && !(groups[5] === 0 && groups[6] === 0)) {
    return isInternalIpv4([groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff]);
  }
  return (
    groups.every((group) => group === 0) || // ::
    (groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1) || // ::1
    (first & 0xfe00) === 0xfc00 || // fc00::/7 unique local
    (first & 0xffc0) === 0xfe80 || // fe80::/10 link-local
    (first & 0xffc0) === 0xfec0 || // fec0::/10 site-local (deprecated)
    (first & 0xff00) === 0xff00 // multicast
  );
}

/**
 * Whether an SMTP relay may be used at this host and port (its settings, its test e-mail), as a translation
 * key of the `smtp` namespace, or null. Only SMTP ports; no loopback, private, link-local or reserved address
 * and no `localhost` name, so the relay screen cannot be used to reach or probe an internal network.
 * `allowLocal` (SMTP_ALLOW_LOCAL=1, local development and tests only) lifts both rules for a local catcher.
 */
export function smtpDestinationProblem(
  host: string,
  port: number,
  options: { allowLocal?: boolean } = {},
): "validation.port_not_smtp" | "validation.host_internal" | null {
  if (options.allowLocal) return null;
  if (!(SMTP_PORTS as readonly number[]).includes(port)) return "validation.port_not_smtp";
  const bare = host
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "")
    .toLowerCase();
  if (bare === "localhost" || bare.endsWith(".localhost")) return "validation.host_internal";
  const v4 = ipv4Parts(bare);
  if (v4) return isInternalIpv4(v4) ? "validation.host_internal" : null;
  if (bare.includes(":")) {
    const v6 = ipv6Groups(bare);
    return !v6 || isInternalIpv6(v6) ? "validation.host_internal" : null;
  }
  return null;
}

/** Whether an address a name resolved to (an A or AAAA answer) is loopback, private, link-local or reserved. */
export function isInternalAddress(address: string): boolean {
  const v4 = ipv4Parts(address);
  if (v4) return isInternalIpv4(v4);
  const v6 = address.includes(":") ? ipv6Groups(address) : null;
  return v6 ? isInternalIpv6(v6) : false;
}

/** Whether the host is an address literal (IPv4, or IPv6 with or without brackets) rather than a name. */
export function isAddressLiteral(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, "$1");
  return ipv4Parts(bare) !== null || bare.includes(":");
}

/** The host as compared for "same relay": lower case, without brackets or a trailing dot. */
export function smtpHostKey(host: string): string {
  return host
    .trim()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "")
    .toLowerCase();
}
