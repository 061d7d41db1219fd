import type { Context, MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "./context";
import { randomString, timingSafeEqual } from "./crypto";
import { csrfMismatch } from "./errors";
import { clientCity, clientCountry, clientIp, userAgent } from "./request";
import { DEFAULT_SETTINGS } from "./settings";
import { isStatefulRequest } from "./stateful";

/** "Remember me" sessions survive 30 days of inactivity instead of session_idle_minutes. */
export const REMEMBER_MINUTES = 30 * 24 * 60;
/** last_activity is written at most this often, so ordinary requests cost no D1 write. */
export const TOUCH_INTERVAL_MS = 60_000;
export const XSRF_COOKIE = "XSRF-TOKEN";
/**
 * A guest session (no user: a visit to the sign-in or reset page, a failed sign-in) lives at most this long
 * without activity, whatever the idle setting: nobody is signed in, so nothing is lost but a CSRF token.
 */
export const GUEST_SESSION_MINUTES = 120;

/**
 * Deletes every session past its lifetime: guests after GUEST_SESSION_MINUTES, signed-in sessions after the
 * idle setting (30 days with "remember me"), and throttle windows that have ended. Run by the cron trigger
 * (`scheduled` in src/index.ts); a session is also deleted when it is next presented after expiring.
 */
export async function deleteExpiredSessions(db: D1Database, now = Date.now()): Promise<{ sessions: number; throttles: number }> {
  const before = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
  const idle = await db.prepare("SELECT value FROM system_settings WHERE key = 'session_idle_minutes'").first<{ value: string }>();
  const configured = Number(idle?.value);
  const idleMinutes = Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_SETTINGS.session_idle_minutes;
  const [guests, signedIn, remembered, throttles] = await db.batch([
    db.prepare("DELETE FROM sessions WHERE user_id IS NULL AND last_activity < ?").bind(before(GUEST_SESSION_MINUTES)),
    db
      .prepare("DELETE FROM sessions WHERE user_id IS NOT NULL AND last_activity < ? AND json_extract(payload, '$.remember') IS NOT 1")
      .bind(before(idleMinutes)),
    db.prepare("DELETE FROM sessions WHERE last_activity < ?").bind(before(REMEMBER_MINUTES)),
    db.prepare("DELETE FROM throttles WHERE reset_at < ?").bind(new Date(now).toISOString()),
  ]);
  const changes = (result: D1Result | undefined) => result?.meta.changes ?? 0;
  return { sessions: changes(guests) + changes(signedIn) + changes(remembered), throttles: changes(throttles) };
}

export interface SessionState {
  id: string;
  userId: number | null;
  masqueraderId: number | null;
  xsrfToken: string;
  lastActivity: string;
  remember: boolean;
  /** The rest of the payload (a pending two-factor login, the time the password was last confirmed). */
  payload: SessionPayload;
}

/** What a session keeps besides its identity (the `payload` JSON column). */
export interface SessionPayload {
  remember?: boolean;
  /** Password accepted, second factor not yet (Fortify's login.id): who, "remember me", since when (ms). */
  login?: { id: number; remember: boolean; at: number };
  /** When the password was last confirmed (ms; Fortify's auth.password_confirmed_at). */
  password_confirmed_at?: number;
}

interface SessionRow {
  id: string;
  user_id: number | null;
  masquerader_id: number | null;
  xsrf_token: string;
  last_activity: string;
  payload: string;
  idle_minutes: string | null;
}

function parsePayload(payload: string): SessionPayload {
  try {
    const value: unknown = JSON.parse(payload);
    return value && typeof value === "object" ? (value as SessionPayload) : {};
  } catch {
    return {};
  }
}

/**
 * The server-side session of one request (Laravel's session store, SPA mode).
 * `stateful` is false for /api requests whose Origin/Referer is not a stateful domain: their cookie is ignored.
 */
export class SessionManager {
  private state: SessionState | null;

  constructor(
    private readonly c: Context<AppEnv>,
    readonly stateful: boolean,
    state: SessionState | null,
    private readonly idleMinutes: number,
  ) {
    this.state = state;
  }

  get current(): SessionState | null {
    return this.state;
  }

  get userId(): number | null {
    return this.state?.userId ?? null;
  }

  get masqueraderId(): number | null {
    return this.state?.masqueraderId ?? null;
  }

  /** The existing session, or a new guest session (GET /sanctum/csrf-cookie). Always (re)sends both cookies. */
  async ensure(): Promise<SessionState> {
    const state = this.state ?? (await this.insert({ userId: null, masqueraderId: null, remember: false }, randomString(40)));
    this.state = state;
    this.sendCookies();
    return state;
  }

  /**
   * Moves the session to a new id (fixation defence) with the given identity: login, register,
   * masquerade start and end. The CSRF token survives, as in Laravel's session()->regenerate().
   */
  async rotate(identity: { userId: number | null; masqueraderId: number | null; remember?: boolean }): Promise<SessionState> {
    const previous = this.state;
    const state = await this.insert(
      { ...identity, remember: identity.remember ?? previous?.remember ?? false },
      previous?.xsrfToken ?? randomString(40),
    );
    if (previous) await this.c.env.DB.prepare("DELETE FROM sessions WHERE id = ?").bind(previous.id).run();
    this.state = state;
    this.sendCookies();
    return state;
  }

  /** Changes the payload's fields (undefined removes one) and writes the row now. */
  async updatePayload(patch: Partial<SessionPayload>): Promise<void> {
    const state = this.state ?? (await this.ensure());
    const payload: SessionPayload = { ...state.payload, ...patch, remember: state.remember };
    for (const key of Object.keys(patch) as (keyof SessionPayload)[]) if (patch[key] === undefined) delete payload[key];
    state.payload = payload;
    await this.c.env.DB.prepare("UPDATE sessions SET payload = ? WHERE id = ?").bind(JSON.stringify(payload), state.id).run();
  }

  /** Logout: the old session is gone; a fresh guest session with a new CSRF token takes its place. */
  async invalidate(): Promise<void> {
    if (this.state) await this.c.env.DB.prepare("DELETE FROM sessions WHERE id = ?").bind(this.state.id).run();
    this.state = await this.insert({ userId: null, masqueraderId: null, remember: false }, randomString(40));
    this.sendCookies();
  }

  /**
   * A password reset or change: every other session of the user ends (including masquerades they run);
   * the current one, if theirs, stays.
   */
  async endOtherSessionsOf(userId: number): Promise<void> {
    await this.c.env.DB.prepare("DELETE FROM sessions WHERE (user_id = ?1 OR masquerader_id = ?1) AND id <> ?2")
      .bind(userId, this.state?.id ?? "")
      .run();
  }

  private async insert(
    identity: { userId: number | null; masqueraderId: number | null; remember: boolean },
    xsrfToken: string,
  ): Promise<SessionState> {
    const state: SessionState = {
      id: randomString(40),
      userId: identity.userId,
      masqueraderId: identity.masqueraderId,
      xsrfToken,
      lastActivity: new Date().toISOString(),
      remember: identity.remember,
      payload: { remember: identity.remember },
    };
    await this.c.env.DB.prepare(
      `INSERT INTO sessions (id, user_id, masquerader_id, xsrf_token, ip, user_agent, last_activity, payload, city, country)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
      .bind(
        state.id,
        state.userId,
        state.masqueraderId,
        state.xsrfToken,
        clientIp(this.c),
        userAgent(this.c),
        state.lastActivity,
        JSON.stringify(state.payload),
        clientCity(this.c),
        clientCountry(this.c),
      )
      .run();
    return state;
  }

  /** Both cookies, as Laravel sends them: the session id HttpOnly, the CSRF token readable by scripts. */
  sendCookies(): void {
    if (!this.state) return;
    const maxAge = (this.state.remember ? REMEMBER_MINUTES : this.idleMinutes) * 60;
    const secure = new URL(this.c.req.url).protocol === "https:";
    const common = { path: "/", sameSite: "Lax", secure, maxAge } as const;
    setCookie(this.c, this.c.env.SESSION_COOKIE, this.state.id, { ...common, httpOnly: true });
    setCookie(this.c, XSRF_COOKIE, this.state.xsrfToken, { ...common, httpOnly: false });
  }
}

/**
 * Loads the session for every request. Routes outside /api (csrf-cookie, login, logout, register,
 * password reset) are Laravel's "web" routes and always stateful; /api routes only for stateful origins.
 */
export function sessionMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const stateful = !c.req.path.startsWith("/api/") || isStatefulRequest(c.req.raw.headers, c.env.STATEFUL_DOMAINS);
    const sessionId = stateful ? getCookie(c, c.env.SESSION_COOKIE) : undefined;
    let state: SessionState | null = null;
    let idleMinutes = DEFAULT_SETTINGS.session_idle_minutes;

    if (sessionId) {
      const row = await c.env.DB.prepare(
        `SELECT s.id, s.user_id, s.masquerader_id, s.xsrf_token, s.last_activity, s.payload,
                (SELECT value FROM system_settings WHERE key = 'session_idle_minutes') AS idle_minutes
           FROM sessions s WHERE s.id = ?`,
      )
        .bind(sessionId)
        .first<SessionRow>();
      if (row) {
        const configured = Number(row.idle_minutes);
        if (Number.isFinite(configured) && configured > 0) idleMinutes = configured;
        const payload = parsePayload(row.payload);
        const limitMinutes =
          row.user_id === null ? Math.min(GUEST_SESSION_MINUTES, idleMinutes) : payload.remember ? REMEMBER_MINUTES : idleMinutes;
        const idleMs = Date.now() - Date.parse(row.last_activity);
        if (idleMs > limitMinutes * 60_000) {
          await c.env.DB.prepare("DELETE FROM sessions WHERE id = ?").bind(row.id).run();
        } else {
          state = {
            id: row.id,
            userId: row.user_id,
            masqueraderId: row.masquerader_id,
            xsrfToken: row.xsrf_token,
            lastActivity: row.last_activity,
            remember: payload.remember === true,
            payload,
          };
        }
      }
    }

    const manager = new SessionManager(c, stateful, state, idleMinutes);
    c.set("session", manager);

    if (state && Date.now() - Date.parse(state.lastActivity) > TOUCH_INTERVAL_MS) {
      state.lastActivity = new Date().toISOString();
      await c.env.DB.prepare("UPDATE sessions SET last_activity = ?, ip = ?, user_agent = ?, city = ?, country = ? WHERE id = ?")
        .bind(state.lastActivity, clientIp(c), userAgent(c), clientCity(c), clientCountry(c), state.id)
        .run();
      // Slide the cookies' lifetime along with the server-side idle window.
      manager.sendCookies();
    }
    await next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Laravel's VerifyCsrfToken for stateful requests: X-XSRF-TOKEN (or X-CSRF-TOKEN) must equal the session token. */
export function csrfMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = c.get("session");
    if (!SAFE_METHODS.has(c.req.method) && session.stateful) {
      const header = c.req.header("X-XSRF-TOKEN") ?? c.req.header("X-CSRF-TOKEN") ?? "";
      let token = header;
      try {
        token = decodeURIComponent(header);
      } catch {
        // A malformed escape cannot match the token; compare it as sent.
      }
      const expected = session.current?.xsrfToken;
      if (!expected || !token || !timingSafeEqual(token, expected)) throw csrfMismatch();
    }
    await next();
  };
}
