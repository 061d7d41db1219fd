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
