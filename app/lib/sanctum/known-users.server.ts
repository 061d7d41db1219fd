import type { CurrentUser, MasqueradeStatus } from "../types";

/** A session's user as the backend last described it, with the backend's stamp of that description. */
export interface KnownUser {
  stamp: string;
  user: CurrentUser;
  masquerade: MasqueradeStatus | null;
}

/** Enough for every session an isolate serves at once; the oldest is forgotten first (and asked for again). */
const CAPACITY = 2000;
const bySession = new Map<string, KnownUser>();

/**
 * The user of each session, kept in the isolate (never in KV: a stale copy elsewhere could not be told
 * apart). It only spares the `GET /api/user` before a page's own call: the page's call carries the stamp
 * back, and userMiddleware draws the page again when it differs (context.server.ts).
 */
export const knownUsers = {
  get(sessionId: string): KnownUser | undefined {
    const known = bySession.get(sessionId);
    if (known) {
      bySession.delete(sessionId);
      bySession.set(sessionId, known);
    }
    return known;
  },
  set(sessionId: string, known: KnownUser): void {
    bySession.delete(sessionId);
    bySession.set(sessionId, known);
    if (bySession.size > CAPACITY) bySession.delete(bySession.keys().next().value as string);
  },
  forget(sessionId: string): void {
    bySession.delete(sessionId);
  },
};
