import { redirect } from "react-router";
import { safeRedirectPath } from "../safe-redirect";
import type { PortalSession } from "./session.server";

/**
 * The one upstream client. Every loader and action reaches the Sanctum backend through it; it keeps
 * the facts about real Laravel Sanctum in one place:
 * - `Accept: application/json` and an `Origin` listed in SANCTUM_STATEFUL_DOMAINS on every call,
 *   or Laravel answers 401 even with a valid session;
 * - `X-XSRF-TOKEN` is the URL-decoded `XSRF-TOKEN` cookie;
 * - `redirect: "manual"`, because Laravel's `guest` middleware answers 302 even to JSON;
 * - the browser's `Sec-Fetch-*` headers are never forwarded; the client IP goes in X-Forwarded-For.
 */
export interface UpstreamConfig {
  env: PortalEnv;
  /** The browser's request: its IP, user agent and origin are passed on. */
  request: Request;
  session: PortalSession;
}

export class UpstreamError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: UpstreamErrorBody,
  ) {
    super(body.message ?? `Upstream answered ${status}`);
  }
}

export interface UpstreamErrorBody {
  message?: string;
  errors?: Record<string, string[]>;
  retryAfter?: number;
}

type Json = Record<string, unknown> | unknown[];

export interface CallOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Record<string, string | number | undefined | null>;
  json?: Json;
  body?: FormData;
  /** On 401: "redirect" (default) drops the session and sends the user to sign in; "throw" raises UpstreamError. */
  on401?: "redirect" | "throw";
}

const BINDING_BASE = "https://amp-backend.internal";

export class SanctumClient {
  constructor(private readonly config: UpstreamConfig) {}

  private get session() {
    return this.config.session;
  }

  private url(path: string, query?: CallOptions["query"]): string {
    const base = this.config.env.SANCTUM_URL?.replace(/\/$/, "") || BINDING_BASE;
    const url = new URL(base + path);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  private origin(): string {
    return this.config.env.UPSTREAM_ORIGIN || new URL(this.config.request.url).origin;
  }

  private headers(options: CallOptions): Headers {
    const headers = new Headers({ Accept: "application/json", Origin: this.origin(), Referer: `${this.origin()}/` });
    const jar = this.session.record.jar;
    const cookie = Object.entries(jar)
      .map(([name, value]) => `${name}=${value}`)
      .join("; ");
    if (cookie) headers.set("Cookie", cookie);
    if (jar["XSRF-TOKEN"]) headers.set("X-XSRF-TOKEN", decodeURIComponent(jar["XSRF-TOKEN"]));
    const browser = this.config.request.headers;
    const ip = browser.get("CF-Connecting-IP") ?? browser.get("X-Forwarded-For")?.split(",")[0]?.trim();
    if (ip) headers.set("X-Forwarded-For", ip);
    const userAgent = browser.get("User-Agent");
    if (userAgent) headers.set("User-Agent", userAgent);
    const language = browser.get("Accept-Language");
    if (language) headers.set("Accept-Language", language);
    if (options.json) headers.set("Content-Type", "application/json");
    return headers;
  }

  /** Stores Set-Cookie answers in the jar; a cookie that appears or disappears needs a KV write. */
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
      } else {
        if (!(name in jar)) this.session.markJarChanged();
        jar[name] = value;
      }
    }
  }

  private async send(path: string, options: CallOptions): Promise<Response> {
    const method = options.method ?? "GET";
    const init: RequestInit = {
      method,
      headers: this.headers(options),
      redirect: "manual",
      body: options.json ? JSON.stringify(options.json) : options.body,
    };
    const url = this.url(path, options.query);
    const response = this.config.env.SANCTUM_URL ? await fetch(url, init) : await this.config.env.BACKEND.fetch(url, init);
    this.absorbCookies(response);
    return response;
  }

  /** `GET /sanctum/csrf-cookie`: a fresh XSRF-TOKEN (and upstream session) before a first mutation. */
  async csrfCookie(): Promise<void> {
    const response = await this.send("/sanctum/csrf-cookie", {});
    if (!response.ok) throw new UpstreamError(response.status, await readBody(response));
  }

  /** Calls the backend and returns the parsed JSON (null for 204). Throws UpstreamError on failure. */
  async call<T>(path: string, options: CallOptions = {}): Promise<T> {
    const method = options.method ?? "GET";
    if (method !== "GET" && !this.session.record.jar["XSRF-TOKEN"]) await this.csrfCookie();
    let response = await this.send(path, options);
    if (response.status === 419) {
      // The upstream CSRF token or session went stale: fetch a new token once and retry.
      await this.csrfCookie();
      this.session.markJarChanged();
      response = await this.send(path, options);
    }
    if (response.status === 401 && (options.on401 ?? "redirect") === "redirect") {
      this.session.regenerate();
      this.session.destroy();
      throw redirect(loginRedirectUrl(this.config.request));
    }
    if (response.status >= 300 && response.status < 400) {
      // Laravel's guest middleware redirects signed-in users; treat as "already signed in".
      throw new UpstreamError(response.status, { message: "redirect" });
    }
    if (!response.ok) throw new UpstreamError(response.status, await readBody(response));
    if (response.status === 204) return null as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : null) as T;
  }

  /** Fetches a binary or HTML resource as a Response (files, the API reference page). */
  async raw(path: string, options: CallOptions = {}): Promise<Response> {
    return this.send(path, options);
  }
}

async function readBody(response: Response): Promise<UpstreamErrorBody> {
  const body: UpstreamErrorBody = {};
  try {
    Object.assign(body, await response.json());
  } catch {
    // Not JSON (an HTML error page from a proxy): the status alone tells the story.
  }
  const retryAfter = Number(response.headers.get("Retry-After"));
  if (Number.isFinite(retryAfter) && retryAfter > 0) body.retryAfter = retryAfter;
  return body;
}

export function loginRedirectUrl(request: Request): string {
  const url = new URL(request.url);
  const back = safeRedirectPath(url.pathname.replace(/\.data$/, "") + url.search, "");
  return back && back !== "/" ? `/login?redirectTo=${encodeURIComponent(back)}` : "/login";
}
