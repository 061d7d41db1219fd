import { parseCookieHeader, serializeCookie } from "../cookies";
import { isHttps } from "../request-url.server";
import { randomId, sign, unsign } from "../signing.server";

/**
 * The portal session. The browser holds only a signed, opaque id; Workers KV holds the record:
 * the upstream Sanctum cookie jar. KV allows one write per second per key and is eventually
 * consistent, so the record is written only when it really changes (see `markChanged`).
 */
export interface SessionRecord {
  /** Upstream cookies by name (the Sanctum session cookie, XSRF-TOKEN, ...). */
  jar: Record<string, string>;
  createdAt: number;
  /** When the record was last written (ms); paces the saving of re-issued cookie values. */
  savedAt?: number;
}

const KV_PREFIX = "session:";
/** KV keeps a record at most this long; the backend's idle timeout ends sessions much earlier. */
const RECORD_TTL_SECONDS = 14 * 24 * 60 * 60;
/**
 * A cookie whose value changed (not its name) is saved at most this often. Laravel's cookie session
 * driver keeps the whole session in its cookie and re-issues it with new content: unsaved, the portal
 * would replay an old session until it expires. Other drivers only need the name, so with them most
 * requests still write nothing.
 */
export const VALUE_SAVE_INTERVAL_MS = 60_000;

export function sessionCookieName(secure: boolean): string {
  return secure ? "__Host-amp-session" : "amp-session";
}

export class PortalSession {
  private changed = false;
  private destroyed = false;
  private issueCookie = false;
  private valueChanged = false;
  /** KV writes made for this request: reported in Server-Timing so tests can count them. */
  kvWrites = 0;

  private constructor(
    public id: string | null,
    public record: SessionRecord,
    private readonly kv: KVNamespace,
    private readonly secret: string,
    private readonly secure: boolean,
    /** The browser sent a session cookie (valid or not): ending the session must clear it. */
    private readonly browserHasCookie: boolean,
  ) {}

  static async load(request: Request, kv: KVNamespace, secret: string): Promise<PortalSession> {
    const secure = isHttps(request);
    const signed = parseCookieHeader(request.headers.get("Cookie"))[sessionCookieName(secure)];
    const id = signed ? await unsign(signed, secret) : null;
    const record = id ? await kv.get<SessionRecord>(KV_PREFIX + id, "json") : null;
    if (id && record) return new PortalSession(id, record, kv, secret, secure, true);
    return new PortalSession(null, { jar: {}, createdAt: Date.now() }, kv, secret, secure, !!signed);
  }

  get isNew(): boolean {
    return this.id === null;
  }

  /** Ask for the record to be written at the end of the request. */
  markChanged(): void {
    this.changed = true;
  }

  /**
   * The upstream jar changed on its own (a cookie appeared or disappeared, a 419 recovery). Only a
   * session that already exists is saved for that: a guest's failed sign-in or password request
   * must not create KV records; sign-in and register save explicitly with `markChanged`.
   */
  markJarChanged(): void {
    if (!this.isNew) this.changed = true;
  }

  /**
   * An upstream cookie kept its name but got a new value: saved when the record is older than
   * VALUE_SAVE_INTERVAL_MS, so a cookie-driver session stays alive at one write a minute at most.
   */
  markJarValueChanged(): void {
    this.valueChanged = true;
  }

  /** Start over with a fresh id and empty jar (login, or after the upstream dropped the session). */
  regenerate(): void {
    if (this.id) void this.deleteRecord(this.id);
    this.id = null;
    this.record = { jar: {}, createdAt: Date.now() };
    this.changed = false;
  }

  /**
   * Same record, new id (privilege change: masquerade start and end). The old id stops working, so a
   * copy of the cookie taken before the change is worthless after it.
   */
  rotate(): void {
    if (this.id) void this.deleteRecord(this.id);
    this.id = null;
    this.changed = true;
  }

  destroy(): void {
    this.destroyed = true;
  }

  private pendingDeletes: Promise<void>[] = [];
  private deleteRecord(id: string): Promise<void> {
    this.kvWrites++;
    const deletion = this.kv.delete(KV_PREFIX + id);
    this.pendingDeletes.push(deletion);
    return deletion;
  }

  /** Persists the record if needed and returns the Set-Cookie header to send, if any. */
  async commit(): Promise<string | null> {
    await Promise.all(this.pendingDeletes);
    const name = sessionCookieName(this.secure);
    if (this.destroyed) {
      if (this.id) await this.deleteRecord(this.id);
      const clear = this.id || this.issueCookie || this.browserHasCookie;
      return clear ? serializeCookie(name, "", { maxAge: 0, httpOnly: true, secure: this.secure }) : null;
    }
    const valueDue =
      this.valueChanged && !this.isNew && Date.now() - (this.record.savedAt ?? this.record.createdAt) >= VALUE_SAVE_INTERVAL_MS;
    if (!this.changed && !valueDue) return null;
    if (!this.id) {
      this.id = randomId();
      this.issueCookie = true;
    }
    this.kvWrites++;
    this.record.savedAt = Date.now();
    await this.kv.put(KV_PREFIX + this.id, JSON.stringify(this.record), { expirationTtl: RECORD_TTL_SECONDS });
    if (!this.issueCookie) return null;
    return serializeCookie(name, await sign(this.id, this.secret), { httpOnly: true, secure: this.secure });
  }
}
