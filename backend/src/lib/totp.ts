/**
 * RFC 6238 time-based one-time passwords (the codes of Google Authenticator, 1Password, Authy...) on WebCrypto:
 * RFC 4226 HOTP over the number of 30-second steps since the epoch, HMAC-SHA1 and six digits as the apps expect.
 * SHA-256 and SHA-512 are there for RFC 6238's own test vectors.
 */
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the step before and after the current one are accepted too (clocks drift; typing takes time). */
export const TOTP_WINDOW = 1;

export type TotpAlgorithm = "SHA-1" | "SHA-256" | "SHA-512";

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let output = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += BASE32[(value << (5 - bits)) & 31];
  return output;
}

/** Decodes base32 as apps print it: case, spaces and padding do not matter; any other character throws. */
export function base32Decode(text: string): Uint8Array<ArrayBuffer> {
  const clean = text.toUpperCase().replace(/[\s=]/g, "");
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error("Invalid base32 character.");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return new Uint8Array(bytes);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return base32Encode(crypto.getRandomValues(new Uint8Array(20)));
}

/** RFC 4226 HOTP: the code of one counter value. */
export async function hotp(key: Uint8Array<ArrayBuffer>, counter: number, digits = TOTP_DIGITS, algorithm: TotpAlgorithm = "SHA-1") {
  const message = new Uint8Array(8);
  const view = new DataView(message.buffer);
  view.setUint32(0, Math.floor(counter / 2 ** 32));
  view.setUint32(4, counter >>> 0);
  const hmacKey = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: algorithm }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", hmacKey, message));
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary =
    (((mac[offset] ?? 0) & 0x7f) << 24) | ((mac[offset + 1] ?? 0) << 16) | ((mac[offset + 2] ?? 0) << 8) | (mac[offset + 3] ?? 0);
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The time step of a moment (ms since the epoch). */
export function totpStep(nowMs: number, period = TOTP_PERIOD_SECONDS): number {
  return Math.floor(nowMs / 1000 / period);
}

/** RFC 6238 TOTP: the code at a moment. */
export function totp(key: Uint8Array<ArrayBuffer>, nowMs: number, options: { digits?: number; algorithm?: TotpAlgorithm } = {}) {
  return hotp(key, totpStep(nowMs), options.digits, options.algorithm);
}

/**
 * The step whose code `code` is, within TOTP_WINDOW steps of now, or null. Spaces in the code are ignored;
 * the caller refuses a step it has already accepted once (a code is single-use).
 */
export async function matchTotp(secret: string, code: string, nowMs = Date.now()): Promise<number | null> {
  const digits = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(digits)) return null;
  const key = base32Decode(secret);
  const current = totpStep(nowMs);
  let matched: number | null = null;
  // Every candidate is computed and compared, so the time taken does not tell which one matched.
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    const expected = await hotp(key, step);
    let difference = 0;
    for (let i = 0; i < TOTP_DIGITS; i++) difference |= expected.charCodeAt(i) ^ digits.charCodeAt(i);
    if (difference === 0 && matched === null) matched = step;
  }
  return matched;
}

/** The `otpauth://` URI an authenticator app reads from the QR code (Key Uri Format). */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: "SHA1",
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
