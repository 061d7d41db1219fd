/** HMAC-SHA256 signing of cookie values (session id, flash), with constant-time verification. */
const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

/** The README asks for 32+ random characters; a missing secret would otherwise fail as an opaque DataError. */
const MIN_SECRET_LENGTH = 32;

function key(secret: string): Promise<CryptoKey> {
  if (typeof secret !== "string" || secret.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `SESSION_SECRET is missing or shorter than ${MIN_SECRET_LENGTH} characters: set it in .dev.vars locally or with \`wrangler secret put SESSION_SECRET\` (README, Configuration).`,
    );
  }
  let cached = keys.get(secret);
  if (!cached) {
    cached = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(secret, cached);
  }
  return cached;
}

function toBase64Url(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return null;
  }
}

export async function sign(value: string, secret: string): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await key(secret), encoder.encode(value));
  return `${value}.${toBase64Url(signature)}`;
}

/**
 * The value when the signature is valid, otherwise null. The signature must be the canonical encoding
 * of the expected bytes: base64 leaves spare bits in its last character, and a text that differs only
 * there decodes to the same bytes; such a variant is refused, so one signature has exactly one spelling.
 * The bytes are compared in constant time.
 */
export async function unsign(signed: string, secret: string): Promise<string | null> {
  const remembered = verified.get(secret)?.get(signed);
  if (remembered !== undefined) return remembered;
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return null;
  const value = signed.slice(0, dot);
  const text = signed.slice(dot + 1);
  const given = fromBase64Url(text);
  if (!given || toBase64Url(given.buffer) !== text) return null;
  const expected = new Uint8Array(await crypto.subtle.sign("HMAC", await key(secret), encoder.encode(value)));
  if (!constantTimeEqual(given, expected)) return null;
  remember(secret, signed, value);
  return value;
}

/**
 * Signed texts this isolate has verified, per secret (issue 27): every request of a session presents the same
 * session cookie, and checking its HMAC again was ~2.5 % of a page's CPU. A text that verified once under a secret
 * always does, so only valid ones are kept (a forged cookie is checked each time), at most VERIFIED_MAX per secret,
 * the oldest dropped first. Ending a session deletes its record in KV; the signature never decided that.
 */
const verified = new Map<string, Map<string, string>>();
export const VERIFIED_MAX = 1000;

function remember(secret: string, signed: string, value: string): void {
  let texts = verified.get(secret);
  if (!texts) {
    texts = new Map();
    verified.set(secret, texts);
  }
  if (texts.size >= VERIFIED_MAX) texts.delete(texts.keys().next().value as string);
  texts.set(signed, value);
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a[index] ^ b[index];
  return difference === 0;
}

export function randomId(bytes = 24): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)).buffer);
}
