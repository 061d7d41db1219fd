import type { Context } from "hono";
import type { AppEnv } from "./context";
import { decryptSecret, encryptSecret, randomString, sha256Hex, timingSafeEqual } from "./crypto";
import { ApiError } from "./errors";
import * as throttle from "./throttle";
import { matchTotp, TOTP_PERIOD_SECONDS, TOTP_WINDOW } from "./totp";

/**
 * The second factor (Fortify's two-factor authentication on the bundled backend): a TOTP secret encrypted
 * with APP_KEY, and ten single-use recovery codes of which only digests are kept.
 */
export const RECOVERY_CODE_COUNT = 10;
/** A password confirmed this recently allows the second factor to be changed (Fortify's password.confirm). */
export const PASSWORD_CONFIRM_MINUTES = 15;
/** After the password step, the second step must follow within this time. */
export const PENDING_LOGIN_MINUTES = 10;
/** Wrong codes: as the password step, 5 a minute per user and client IP. */
export const TWO_FACTOR_MAX_ATTEMPTS = 5;
export const TWO_FACTOR_DECAY_SECONDS = 60;

/** Fortify's format: ten characters, a dash, ten characters. */
export function newRecoveryCode(): string {
  return `${randomString(10)}-${randomString(10)}`;
}

/** Ten new codes, and the JSON of their digests to store. */
export async function newRecoveryCodes(): Promise<{ codes: string[]; stored: string }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const digests = await Promise.all(codes.map((code) => sha256Hex(code)));
  return { codes, stored: JSON.stringify(digests) };
}

function appKey(c: Context<AppEnv>): string {
  const key = c.env.APP_KEY;
  if (!key) throw new Error("APP_KEY is not set: two-factor secrets cannot be stored.");
  return key;
}

export function encryptTotpSecret(c: Context<AppEnv>, secret: string): Promise<string> {
  return encryptSecret(appKey(c), secret);
}

export function decryptTotpSecret(c: Context<AppEnv>, stored: string): Promise<string> {
  return decryptSecret(appKey(c), stored);
}

/**
 * Whether `code` is the user's current TOTP code and was not used before: an accepted step is remembered (a
 * throttle row that lives as long as the step can still be accepted), so a code seen over a shoulder or
 * replayed within its 30 seconds is refused.
 */
export async function acceptTotp(c: Context<AppEnv>, userId: number, storedSecret: string, code: string): Promise<boolean> {
  const step = await matchTotp(await decryptTotpSecret(c, storedSecret), code);
  if (step === null) return false;
  const used = await throttle.attempt(c.get("db"), `totp-used|${userId}|${step}`, TOTP_PERIOD_SECONDS * (TOTP_WINDOW * 2 + 1));
  return used.attempts === 1;
}

/** The stored digests minus the one `code` matches, or null when it matches none. */
export async function consumeRecoveryCode(stored: string | null, code: string): Promise<string | null> {
  let digests: string[] = [];
  try {
    const parsed: unknown = JSON.parse(stored ?? "[]");
    if (Array.isArray(parsed)) digests = parsed.filter((value): value is string => typeof value === "string");
  } catch {
    return null;
  }
  const digest = await sha256Hex(code.trim());
  const index = digests.findIndex((candidate) => timingSafeEqual(candidate, digest));
  if (index < 0) return null;
  return JSON.stringify(digests.filter((_, i) => i !== index));
}

export function remainingRecoveryCodes(stored: string | null): number {
  try {
    const parsed: unknown = JSON.parse(stored ?? "[]");
    return Array.isArray(parsed) ? parsed.length : 0;
  } catch {
    return 0;
  }
}

/**
 * Laravel's RequirePassword for JSON: 423 unless the session confirmed the password within
 * PASSWORD_CONFIRM_MINUTES (POST /user/confirm-password). Called in the handler, after the body is validated.
 */
export function assertPasswordConfirmed(c: Context<AppEnv>): void {
  if (!passwordConfirmed(c)) throw new ApiError(423, { message: "Password confirmation required." });
}

export function passwordConfirmed(c: Context<AppEnv>): boolean {
  const confirmedAt = c.get("session").current?.payload.password_confirmed_at;
  return typeof confirmedAt === "number" && Date.now() - confirmedAt <= PASSWORD_CONFIRM_MINUTES * 60_000;
}
