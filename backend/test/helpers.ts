import { env, exports } from "cloudflare:workers";
import { clockOffset, setClock } from "../src/lib/time";

export const ORIGIN = "http://localhost:5173";

/**
 * Moves the backend's clock (src/lib/time.ts) forward by `ms`, so a test sees the sandbox carrier's schedule
 * (SANDBOX_ORDER_DELAY_SECONDS, SANDBOX_PORT_STEP_SECONDS), a reservation or a draft run out without sleeping.
 * The clock only moves forward, as real time does: later tests in the file start from the moved clock.
 */
export function advanceClock(ms: number): void {
  setClock(clockOffset() + ms);
}

let ipCounter = 0;
/** A distinct client IP per client, so login throttling of one test never leaks into another. */
function nextIp(): string {
  ipCounter += 1;
  return `10.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}.${Math.floor(Math.random() * 250)}`;
}

/** A browser-like client: cookie jar, stateful Origin, X-XSRF-TOKEN from the XSRF-TOKEN cookie. */
export class Client {
  readonly cookies = new Map<string, string>();
  origin: string | null = ORIGIN;
  readonly ip = nextIp();

  async fetch(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("Accept", "application/json");
    if (this.origin && !headers.has("Origin")) headers.set("Origin", this.origin);
    if (!headers.has("X-Forwarded-For")) headers.set("X-Forwarded-For", this.ip);
    if (this.cookies.size > 0) {
      headers.set("Cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    }
    const xsrf = this.cookies.get("XSRF-TOKEN");
    if (xsrf && !headers.has("X-XSRF-TOKEN")) headers.set("X-XSRF-TOKEN", decodeURIComponent(xsrf));
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(init.json);
    }
    const response = await exports.default.fetch(new Request(`http://localhost${path}`, { ...init, headers, body }));
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (/max-age=0/i.test(cookie) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get sessionId(): string | undefined {
    return this.cookies.get(env.SESSION_COOKIE);
  }

  csrf(): Promise<Response> {
    return this.fetch("/sanctum/csrf-cookie");
  }

  post(path: string, json?: unknown): Promise<Response> {
    return this.fetch(path, { method: "POST", json });
  }

  put(path: string, json?: unknown): Promise<Response> {
    return this.fetch(path, { method: "PUT", json });
  }

  get(path: string): Promise<Response> {
    return this.fetch(path);
  }

  async login(email: string, password = "password"): Promise<Response> {
    if (!this.cookies.has("XSRF-TOKEN")) await this.csrf();
    return this.post("/login", { email, password });
  }
}

export async function signedIn(email: string): Promise<Client> {
  const client = new Client();
  const response = await client.login(email);
  if (response.status !== 200) throw new Error(`login ${email} → ${response.status} ${await response.text()}`);
  return client;
}

export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** Reads rows straight from D1 to check what the backend stored. */
export function query<T>(sql: string, ...params: unknown[]): Promise<T[]> {
  return env.DB.prepare(sql)
    .bind(...params)
    .all<T>()
    .then((result) => result.results);
}

export async function userByEmail(email: string) {
  const [row] = await query<{ id: number; organization_id: number; password_hash: string | null; last_login_at: string | null }>(
    "SELECT * FROM users WHERE email = ?",
    email,
  );
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

let uniqueCounter = 0;
export function uniqueEmail(prefix = "user"): string {
  uniqueCounter += 1;
  return `${prefix}.${Date.now().toString(36)}.${uniqueCounter}@example.test`;
}

/**
 * The password-setup link of the newest message delivered to `email`, as the transport received it: the
 * tests run with MAIL_OUTBOX_DEV=1, so the delivery seam keeps the real message in dev_mail_outbox.
 */
export async function deliveredLink(email: string): Promise<URL> {
  const [mail] = await query<{ text: string }>("SELECT text FROM dev_mail_outbox WHERE `to` = ? ORDER BY id DESC LIMIT 1", email);
  const link = /https?:\/\/\S+\/password-setup\?\S+/.exec(mail?.text ?? "")?.[0];
  if (!link) throw new Error(`no password-setup link delivered to ${email}`);
  return new URL(link);
}
