import bcrypt from "bcryptjs";
import { fromBase64, timingSafeEqual, toBase64 } from "./crypto";

/** PBKDF2-SHA256 with the most iterations Workers allow. Stored as `pbkdf2_sha256$<iterations>$<salt>$<hash>`. */
export const PBKDF2_ITERATIONS = 100_000;
const PREFIX = "pbkdf2_sha256";

async function pbkdf2(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, salt = crypto.getRandomValues(new Uint8Array(16))): Promise<string> {
  const hash = await pbkdf2(password, salt, PBKDF2_ITERATIONS);
  return `${PREFIX}$${PBKDF2_ITERATIONS}$${toBase64(salt)}$${toBase64(hash)}`;
}

function isBcrypt(stored: string): boolean {
  return /^\$2[aby]\$\d{2}\$/.test(stored);
}

/** Verifies against our PBKDF2 format or a Laravel bcrypt hash ($2y$/$2b$/$2a$). */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  if (isBcrypt(stored)) return bcrypt.compare(password, stored);
  const [prefix, iterations, salt, hash] = stored.split("$");
  if (prefix !== PREFIX || !iterations || !salt || !hash) return false;
  const count = Number(iterations);
  if (!Number.isInteger(count) || count < 1 || count > PBKDF2_ITERATIONS) return false;
  const computed = await pbkdf2(password, fromBase64(salt), count);
  return timingSafeEqual(toBase64(computed), hash);
}

/** True for anything not in the current format (bcrypt imported from Laravel, fewer iterations). */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(`${PREFIX}$${PBKDF2_ITERATIONS}$`);
}
