import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SanctumClient } from "../../app/lib/sanctum/client.server";
import { PortalSession } from "../../app/lib/sanctum/session.server";
import { json, signedIn } from "./helpers";

/**
 * The portal's upstream client against the real bundled backend (not a fake): what the portal does
 * when the backend's CSRF token has really gone stale under it.
 */
const SECRET = "a-test-secret-of-at-least-32-characters";
const ORIGIN = "http://localhost:5173";

function memoryKv() {
  const store = new Map<string, string>();
  const counts = { puts: 0 };
  const kv = {
    get: async (key: string, type?: string) => {
      const value = store.get(key);
      return value === undefined ? null : type === "json" ? JSON.parse(value) : value;
    },
    put: async (key: string, value: string) => {
      counts.puts++;
      store.set(key, value);
    },
    delete: async (key: string) => {
      store.delete(key);
    },
  };
  return { kv: kv as unknown as KVNamespace, counts };
}

function portal(log: string[]) {
  const backend = {
    fetch: async (url: string, init?: RequestInit) => {
      const response = await exports.default.fetch(new Request(url, init));
      log.push(`${init?.method ?? "GET"} ${new URL(url).pathname} ${response.status}`);
      return response;
    },
  };
  return { BACKEND: backend, SANCTUM_URL: "", UPSTREAM_ORIGIN: ORIGIN, UPSTREAM_TIMEOUT_MS: "" } as unknown as PortalEnv;
}

const browser = (cookie?: string) =>
  new Request(`${ORIGIN}/profile/preferences`, { headers: { "CF-Connecting-IP": "10.201.7.9", ...(cookie ? { Cookie: cookie } : {}) } });

describe("419 recovery against the bundled backend", () => {
  it("a stale XSRF token (the backend's token changed) costs one retry and the form post succeeds", async () => {
    const { kv, counts } = memoryKv();
    const log: string[] = [];
    const env_ = portal(log);

    // Sign in as the portal does: csrf-cookie, POST /login, and the session record is saved.
    const signIn = await PortalSession.load(browser(), kv, SECRET);
    const first = new SanctumClient({ env: env_, request: browser(), session: signIn });
    signIn.regenerate();
    await first.csrfCookie();
    await first.call("/login", { method: "POST", json: { email: "admin@amp.test", password: "password" }, on401: "throw" });
    signIn.markChanged();
    const cookie = (await signIn.commit())?.split(";")[0];
    expect(cookie).toBeDefined();
    const token = decodeURIComponent(signIn.record.jar["XSRF-TOKEN"]);

    // The backend's token changes under the portal (as when Laravel regenerates it): really stale now.
    await env.DB.prepare("UPDATE sessions SET xsrf_token = ? WHERE xsrf_token = ?")
      .bind(`rotated${token.slice(7)}`, token)
      .run();

    log.length = 0;
    counts.puts = 0;
    const session = await PortalSession.load(browser(cookie), kv, SECRET);
    const client = new SanctumClient({ env: env_, request: browser(cookie), session });
    const saved = await client.call("/api/user/preferences", {
      method: "PUT",
      json: { theme: "dark", theme_primary_color: "#7367F0", theme_semi_dark_menu: false },
    });
    expect(saved).not.toBeNull();
    expect(log).toEqual(["PUT /api/user/preferences 419", "GET /sanctum/csrf-cookie 204", "PUT /api/user/preferences 200"]);
    expect(decodeURIComponent(session.record.jar["XSRF-TOKEN"])).toBe(`rotated${token.slice(7)}`);
    // The fresh token is kept for the next requests: one KV write.
    await session.commit();
    expect(counts.puts).toBe(1);
  });
});

describe("GET /api/user?include=masquerade", () => {
  it("answers the user and the masquerade status in one call; without the parameter the user only", async () => {
    const client = await signedIn("admin@amp.test");
    const combined = await json<{ email: string; masquerade?: { isMasqueraded: boolean } }>(
      await client.get("/api/user?include=masquerade"),
    );
    expect(combined.email).toBe("admin@amp.test");
    expect(combined.masquerade).toEqual({ isMasqueraded: false, masquerader: null });
    const plain = await json<Record<string, unknown>>(await client.get("/api/user"));
    expect(plain).not.toHaveProperty("masquerade");
  });
});
