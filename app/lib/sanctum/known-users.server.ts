import type { CurrentUser, MasqueradeStatus } from "../types";

/** A session's user as the backend last described it, with the backend's stamp of that description. */
export interface KnownUser {
  stamp: string;
  user: CurrentUser;
  masquerade: MasqueradeStatus | null;
}

interface SessionEntry {
  known: KnownUser | null;
  /** Answers that depend only on who is signed in (sessionMemo), with when they were fetched. */
  memo: Map<string, { value: unknown; at: number }>;
}

/** Enough for every session an isolate serves at once; the oldest is forgotten first (and asked for again). */
const CAPACITY = 2000;
const bySession = new Map<string, SessionEntry>();

function entry(sessionId: string): SessionEntry {
  const found = bySession.get(sessionId) ?? { known: null, memo: new Map() };
  // Map order is insertion order: re-inserting marks the session as the most recently used.
  bySession.delete(sessionId);
  bySession.set(sessionId, found);
  if (bySession.size > CAPACITY) bySession.delete(bySession.keys().next().value as string);
  return found;
}

/**
 * The user of each session, kept in the isolate (never in KV: a stale copy elsewhere could not be told
 * apart). It only spares the `GET /api/user` before a page's own call: the page's call carries the stamp
 * back, and userMiddleware draws the page again when it differs (context.server.ts).
 */
export const knownUsers = {
  get(sessionId: string): KnownUser | undefined {
    return bySession.has(sessionId) ? (entry(sessionId).known ?? undefined) : undefined;
  },
  set(sessionId: string, known: KnownUser): void {
    const current = entry(sessionId);
    // Whatever was remembered for another version of the user may no longer be theirs to see.
    if (current.known && current.known.stamp !== known.stamp) current.memo.clear();
    current.known = known;
  },
  /** After any form post of the session, a sign-out or a changed user: nothing of it is trusted any more. */
  forget(sessionId: string): void {
    bySession.delete(sessionId);
  },
};

/**
 * A GET answer that depends only on who is signed in (the navbar's organization options, the users list's role
 * filter), kept for the session for `ttlMs`. Forgotten with the session's user: on the session's next form post
 * (which may be the change itself), on sign-out and when the user changes. Changes made by others show within
 * `ttlMs`.
 * Failures (`null`) are not kept.
 */
export async function sessionMemo<T>(
  sessionId: string | null,
  key: string,
  ttlMs: number,
  load: () => Promise<T | null>,
): Promise<T | null> {
  if (!sessionId) return load();
  const kept = bySession.get(sessionId)?.memo.get(key);
  if (kept && Date.now() - kept.at < ttlMs) return kept.value as T;
  const value = await load();
  if (value !== null) entry(sessionId).memo.set(key, { value, at: Date.now() });
  return value;
}

/** How long a session's last answer of `GET /api/user` may stand in for a form post's own (`lastSeenUsers`). */
export const LAST_SEEN_TTL_MS = 15 * 60_000;
const lastSeen = new Map<string, { signedIn: Omit<KnownUser, "stamp">; at: number }>();

/**
 * The last answer of `GET /api/user` for each session in this isolate, with any backend (stamps or not).
 * Read only when a form post's own `GET /api/user` meets a throttled (429) or failing (5xx) backend: the
 * post then goes on as this user (the backend still checks every call it makes), so its own failure path
 * answers the form with its values instead of an error page (decision 038). Forgotten on sign-out.
 */
export const lastSeenUsers = {
  get(sessionId: string): Omit<KnownUser, "stamp"> | undefined {
    const found = lastSeen.get(sessionId);
    if (!found || Date.now() - found.at > LAST_SEEN_TTL_MS) return undefined;
    return found.signedIn;
  },
  set(sessionId: string, signedIn: Omit<KnownUser, "stamp">): void {
    lastSeen.delete(sessionId);
    lastSeen.set(sessionId, { signedIn, at: Date.now() });
    if (lastSeen.size > CAPACITY) lastSeen.delete(lastSeen.keys().next().value as string);
  },
  forget(sessionId: string): void {
    lastSeen.delete(sessionId);
  },
};
