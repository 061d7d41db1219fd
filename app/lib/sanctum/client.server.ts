import { decodeUserHeader, KNOWN_USER_HEADER, NO_KNOWN_USER, USER_HEADER, USER_STAMP_HEADER } from "../../../common/user-stamp";
import { flattenPagination } from "../list-params";
import { requestUrl } from "../request-url.server";
import { safeRedirectPath } from "../safe-redirect";
import type { CurrentUser, MasqueradeStatus } from "../types";
import { Unauthenticated, UpstreamError, type UpstreamErrorBody, UpstreamThrottled, UpstreamUnavailable } from "./errors.server";
import { faultInjectionHeader } from "./fault-injection.server";
import type { PortalSession } from "./session.server";

export { Unauthenticated, UpstreamError, type UpstreamErrorBody, UpstreamThrottled, UpstreamUnavailable };

/**
 * The one upstream client. Every loader and action reaches the Sanctum backend through it; it keeps
 * the facts about real Laravel Sanctum in one place:
 * - `Accept: application/json` and an `Origin` listed in SANCTUM_STATEFUL_DOMAINS on every call,
 *   or Laravel answers 401 even with a valid session;
 * - `X-XSRF-TOKEN` is the URL-decoded `XSRF-TOKEN` cookie;
 * - `redirect: "manual"`, because Laravel's `guest` middleware answers 302 even to JSON;
 * - the browser's `Sec-Fetch-*` headers are never forwarded; the client IP goes in X-Forwarded-For.
 * It throws only the typed errors of errors.server.ts, gives up after UPSTREAM_TIMEOUT_MS, reads or
 * cancels every body it does not return, and makes each GET at most once per request (see `call`).
 */
export interface UpstreamConfig {
  env: PortalEnv;
  /** The browser's request: its IP, user agent and origin are passed on. */
  request: Request;
  session: PortalSession;
}

type Json = Record<string, unknown> | unknown[];

export interface CallOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Record<string, string | number | undefined | null>;
  json?: Json;
  body?: FormData;
  /**
   * A body passed through as it arrives (an upload the portal must not hold in memory), with its own
   * Content-Type (a multipart boundary). Sent once: a stale CSRF token is not retried with it.
   */
  stream?: { body: ReadableStream<Uint8Array>; contentType: string };
  /** This call's timeout instead of UPSTREAM_TIMEOUT_MS (an upload validated while it streams takes longer). */
  timeoutMs?: number;
  /**
   * On 401: "sign-out" (default) ends the portal session (the middleware then sends the user to sign in);
   * "throw" only throws `Unauthenticated`, for calls where a 401 is an answer (a wrong password, a guest page).
   */
  on401?: "sign-out" | "throw";
}

/** Upstream calls give up after this long unless UPSTREAM_TIMEOUT_MS says otherwise. */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 10_000;

export function upstreamTimeoutMs(env: Pick<PortalEnv, "UPSTREAM_TIMEOUT_MS">): number {
  const value = Number(env.UPSTREAM_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_UPSTREAM_TIMEOUT_MS;
}

const BINDING_BASE = "https://amp-backend.internal";

/** `GET /api/user?include=masquerade`: the user with the masquerade status (absent from a plain Laravel answer). */
export type UserAnswer = CurrentUser & { masquerade?: MasqueradeStatus };

/** What an answer said of the signed-in user (common/user-stamp.ts): its stamp, and the user when it changed. */
export interface ObservedUser {
  stamp: string;
  user: UserAnswer | null;
}

export class SanctumClient {
  /** Upstream requests made for this browser request (Server-Timing `upstream;desc="calls=N"`). */
  calls = 0;
  /** An upstream 401 ended the session during this request: the middleware sends the user to sign in. */
  signedOut = false;
  /**
   * The stamp of the user this request already knows ("-" for none), sent with every call so the bundled
   * backend says when the user changed; null (guest pages) sends nothing.
   */
  knownUserStamp: string | null = null;
  /** The first user stamp an answer carried in this request (with the user, if it differed from the known one). */
  observedUser: ObservedUser | null = null;
  /**
   * Set when a form post's `GET /api/user` was throttled or failed (userMiddleware): this request's
   * mutations are not sent and fail with it, so the action answers its form with the values kept and
   * "nothing was saved"; reads still go out (the page around the form). Decision 038.
   */
  deferredFailure: UpstreamError | null = null;
  /** This request's GET answers by URL: a page's loaders share them instead of asking twice. */
  private readonly answers = new Map<string, Promise<unknown>>();

  constructor(private readonly config: UpstreamConfig) {}

  private get session() {
    return this.config.session;
  }

  /** The portal session this client speaks for (null before sign-in). */
  get sessionId(): string | null {
    return this.config.session.id;
  }

  private url(path: string, query?: CallOptions["query"]): string {
    const base = this.config.env.SANCTUM_URL?.replace(/\/$/, "") || BINDING_BASE;
    const url = new URL(base + path);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  /**
   * What every upstream call of this request says of the browser (origin, address, agent, location, language), read
   * from the browser's request once: each header read or URL parse is a call into the runtime.
   */
  private browserHeaders?: [string, string][];

  private forwardedHeaders(): [string, string][] {
    if (this.browserHeaders) return this.browserHeaders;
    const origin = this.config.env.UPSTREAM_ORIGIN || requestUrl(this.config.request).origin;
    const forwarded: [string, string][] = [
      ["Accept", "application/json"],
      ["Origin", origin],
      ["Referer", `${origin}/`],
    ];
    const browser = this.config.request.headers;
    const ip = browser.get("CF-Connecting-IP") ?? browser.get("X-Forwarded-For")?.split(",")[0]?.trim();
    if (ip) forwarded.push(["X-Forwarded-For", ip]);
    const userAgent = browser.get("User-Agent");
    if (userAgent) forwarded.push(["User-Agent", userAgent]);
    // Where the browser is, as Cloudflare's visitor location headers say it (the list of sessions shows it).
    const cf = (this.config.request as Request & { cf?: { city?: unknown; country?: unknown } }).cf;
    if (typeof cf?.city === "string") forwarded.push(["CF-IPCity", encodeURIComponent(cf.city)]);
    if (typeof cf?.country === "string") forwarded.push(["CF-IPCountry", cf.country]);
    const language = browser.get("Accept-Language");
    if (language) forwarded.push(["Accept-Language", language]);
    const fault = faultInjectionHeader(this.config.env, this.config.request);
    if (fault) forwarded.push([fault.name, fault.value]);
    this.browserHeaders = forwarded;
    return forwarded;
  }

  private headers(options: CallOptions): Headers {
    const headers: [string, string][] = [...this.forwardedHeaders()];
    const jar = this.session.record.jar;
    const cookie = Object.entries(jar)
      .map(([name, value]) => `${name}=${value}`)
      .join("; ");
    if (cookie) headers.push(["Cookie", cookie]);
    if (jar["XSRF-TOKEN"]) headers.push(["X-XSRF-TOKEN", decodeURIComponent(jar["XSRF-TOKEN"])]);
    if (options.json) headers.push(["Content-Type", "application/json"]);
    if (options.stream) headers.push(["Content-Type", options.stream.contentType]);
    if (this.knownUserStamp !== null) headers.push([KNOWN_USER_HEADER, this.knownUserStamp || NO_KNOWN_USER]);
    return new Headers(headers);
  }

  /**
   * Stores Set-Cookie answers in the jar. A cookie that appears or disappears needs a KV write; a
   * changed value (Laravel's cookie session driver re-issues its session cookie with new content) is
   * saved at most once a minute, see `PortalSession.markJarValueChanged`.
   */
  private absorbCookies(response: Response): void {
    const jar = this.session.record.jar;
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, raw] = attribute.split("=").map((part) => part.trim());
        if (key.toLowerCase() === "max-age") return Number(raw) <= 0;
        if (key.toLowerCase() === "expires") return Date.parse(raw) <= Date.now();
        return false;
      });
      if (expired || value === "" || value === "deleted") {
        if (name in jar) {
          delete jar[name];
          this.session.markJarChanged();
        }
      } else if (!(name in jar)) {
        jar[name] = value;
        this.session.markJarChanged();
      } else if (jar[name] !== value) {
        jar[name] = value;
        this.session.markJarValueChanged();
      }
    }
  }

  /**
   * One upstream request under the timeout. `use` reads (or cancels) the body while the timer still
   * runs, so a backend that sends headers and then stalls is cut off too; every failure to get an
   * answer becomes `UpstreamUnavailable`.
   */
  private async exchange<T>(url: string, options: CallOptions, use: (response: Response) => Promise<T>): Promise<T> {
    const init: RequestInit & { duplex?: "half" } = {
      method: options.method ?? "GET",
      headers: this.headers(options),
      redirect: "manual",
      body: options.json ? JSON.stringify(options.json) : (options.stream?.body ?? options.body),
    };
    // A streamed body goes upstream chunk by chunk as the browser sends it (fetch requires half duplex).
    if (options.stream) init.duplex = "half";
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new Error("upstream timeout")),
      options.timeoutMs ?? upstreamTimeoutMs(this.config.env),
    );
    init.signal = controller.signal;
    // Whatever the fetch implementation does with the signal, nothing here waits past the timeout.
    const timedOut = new Promise<never>((_, reject) => {
      controller.signal.addEventListener("abort", () => reject(controller.signal.reason), { once: true });
    });
    this.calls++;
    let response: Response | undefined;
    try {
      response = await Promise.race([this.config.env.SANCTUM_URL ? fetch(url, init) : this.config.env.BACKEND.fetch(url, init), timedOut]);
      this.absorbCookies(response);
      this.observeUser(response);
      return await Promise.race([use(response), timedOut]);
    } catch (error) {
      if (controller.signal.aborted && response) void discard(response);
      if (error instanceof UpstreamError) throw error;
      if (controller.signal.aborted) throw new UpstreamUnavailable(504, "timeout", {}, { cause: error });
      throw new UpstreamUnavailable(502, "network", {}, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  private observeUser(response: Response): void {
    const stamp = response.headers.get(USER_STAMP_HEADER);
    if (this.knownUserStamp === null || !stamp || this.observedUser) return;
    const user = response.headers.get(USER_HEADER);
    this.observedUser = { stamp, user: user ? decodeUserHeader<UserAnswer>(user) : null };
  }

  /** The typed error of a failed answer (its body read); a 401 ends the session unless `on401: "throw"`. */
  private async failure(response: Response, options: CallOptions): Promise<UpstreamError> {
    if (response.status >= 300 && response.status < 400) {
      // Laravel's guest middleware redirects signed-in users; treat as "already signed in".
      await discard(response);
      return new UpstreamError(response.status, { message: "redirect" });
    }
    const body = await readErrorBody(response);
    if (response.status === 401) {
      const endedSession = (options.on401 ?? "sign-out") === "sign-out";
      if (endedSession) this.signOut();
      return new Unauthenticated(body, { endedSession });
    }
    if (response.status === 429) return new UpstreamThrottled(body);
    if (response.status >= 500) return new UpstreamUnavailable(response.status, "status", body);
    return new UpstreamError(response.status, body);
  }

  /** The upstream session is over: forget its cookies, and end the portal session with this request. */
  private signOut(): void {
    this.signedOut = true;
    this.session.regenerate();
    this.session.destroy();
    this.answers.clear();
  }

  /** `GET /sanctum/csrf-cookie`: a fresh XSRF-TOKEN (and upstream session) before a first mutation. */
  async csrfCookie(): Promise<void> {
    await this.exchange(this.url("/sanctum/csrf-cookie"), {}, async (response) => {
      if (!response.ok) throw await this.failure(response, {});
      await discard(response);
    });
  }

  /**
   * Calls the backend and returns the parsed JSON (null for 204). Throws only the typed errors of
   * errors.server.ts. A GET is made at most once per request: the answer (or failure) is shared by
   * every loader that asks for the same URL; any other method starts afresh, since it may change them.
   */
  call<T>(path: string, options: CallOptions = {}): Promise<T> {
    const method = options.method ?? "GET";
    if (method !== "GET" && this.deferredFailure) return Promise.reject(this.deferredFailure);
    if (method !== "GET") {
      this.answers.clear();
      return this.request<T>(this.url(path, options.query), options);
    }
    const url = this.url(path, options.query);
    let answer = this.answers.get(url);
    if (!answer) {
      answer = this.request<T>(url, options);
      this.answers.set(url, answer);
    }
    return answer as Promise<T>;
  }

  private async request<T>(url: string, options: CallOptions): Promise<T> {
    const method = options.method ?? "GET";
    if (method !== "GET" && !this.session.record.jar["XSRF-TOKEN"]) await this.csrfCookie();
    const stale = Symbol("419");
    const attempt = () =>
      this.exchange(url, options, async (response): Promise<T | typeof stale> => {
        if (response.status === 419) {
          await discard(response);
          return stale;
        }
        if (!response.ok) throw await this.failure(response, options);
        if (response.status === 204) {
          await discard(response);
          return null as T;
        }
        const text = await response.text();
        if (!text) return null as T;
        try {
          // A Laravel API Resource's paginated list (`{data, links, meta}`) reads as the plain paginator.
          return flattenPagination(JSON.parse(text) as T);
        } catch (error) {
          // An HTML page from a proxy or a PHP error: the backend is not answering as an API now.
          throw new UpstreamUnavailable(502, "invalid-json", {}, { cause: error });
        }
      });
    const first = await attempt();
    if (first !== stale) return first;
    if (options.stream) throw new UpstreamError(419, { message: "CSRF token mismatch." });
    // The upstream CSRF token or session went stale: fetch a new token once and retry.
    await this.csrfCookie();
    this.session.markJarChanged();
    const second = await attempt();
    if (second !== stale) return second;
    // A fresh token did not help: the upstream session is gone (Laravel answers 419, not 401, when a
    // session expired between the token and the post). End it cleanly, like a 401: sign in again.
    if ((options.on401 ?? "sign-out") === "throw") throw new UpstreamError(419, { message: "CSRF token mismatch." });
    this.signOut();
    throw new Unauthenticated({ message: "CSRF token mismatch." }, { endedSession: true });
  }

  /** Fetches a binary or HTML resource as a Response (files, the API reference page); the timeout covers its headers. */
  async raw(path: string, options: CallOptions = {}): Promise<Response> {
    return this.exchange(this.url(path, options.query), options, async (response) => response);
  }
}

/** Frees a body the portal does not need (a kept-alive connection is not left with unread bytes). */
async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

async function readErrorBody(response: Response): Promise<UpstreamErrorBody> {
  const body: UpstreamErrorBody = {};
  const text = await response.text().catch(() => "");
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object") Object.assign(body, parsed);
  } catch {
    // Not JSON (an HTML error page from a proxy): the status alone tells the story.
  }
  const retryAfter = Number(response.headers.get("Retry-After"));
  if (Number.isFinite(retryAfter) && retryAfter > 0) body.retryAfter = retryAfter;
  return body;
}

/** The page a request is for: a client navigation's data request (`/users.data?_routes=…`) names the page `/users`. */
export function pagePath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  const pathname = url.pathname.endsWith("/_.data") ? url.pathname.slice(0, -"_.data".length) : url.pathname.replace(/\.data$/, "");
  return pathname + url.search;
}

export function loginRedirectUrl(request: Request): string {
  const back = safeRedirectPath(pagePath(request), "");
  return back && back !== "/" ? `/login?redirectTo=${encodeURIComponent(back)}` : "/login";
}

/**
 * An optional upstream call (masquerade status, options of a select, public settings): when it fails
 * the failure is logged and the page goes on with `fallback`. A 401 is no exception here: the client
 * has already ended the session, and the middleware sends the user to sign in after the page.
 */
export async function optionalCall<T, F>(label: string, call: Promise<T>, fallback: F): Promise<T | F> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof Unauthenticated)) console.error(label, error);
    return fallback;
  }
}
