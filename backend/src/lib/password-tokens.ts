import type { Db } from "../db/client";
import { passwordResetTokens } from "../db/schema";
import { randomString, sha256Hex } from "./crypto";

/** A password-setup link and the token inside it (pass the token as the mail's `secrets`, so it is never stored). */
export interface PasswordSetupLink {
  url: string;
  token: string;
}

/**
 * Stores a fresh password-setup token for `email` in the store POST /reset-password checks (only its
 * SHA-256 is kept; a newer token replaces an older one) and returns the portal link that carries it.
 */
export async function issuePasswordSetupLink(db: Db, appUrl: string, email: string): Promise<PasswordSetupLink> {
  const token = randomString(64);
  const tokenHash = await sha256Hex(token);
  const now = new Date().toISOString();
  await db
    .insert(passwordResetTokens)
    .values({ email, tokenHash, createdAt: now })
    .onConflictDoUpdate({ target: passwordResetTokens.email, set: { tokenHash, createdAt: now } });
  const url = new URL("/password-setup", appUrl);
  url.searchParams.set("token", token);
  url.searchParams.set("email", email);
  return { url: url.toString(), token };
}
