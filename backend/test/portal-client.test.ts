import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SanctumClient } from "../../app/lib/sanctum/client.server";
import { PortalSession } from "../../app/lib/sanctum/session.server";
import {
  decodeUserHeader,
  encodeUserHeader,
  KNOWN_USER_HEADER,
  NO_KNOWN_USER,
  USER_HEADER,
  USER_STAMP_HEADER,
} from "../../common/user-stamp";
import { json, query, signedIn } from "./helpers";

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

describe("user stamps (common/user-stamp.ts)", () => {
  const knowing = (stamp: string) => ({ headers: { [KNOWN_USER_HEADER]: stamp } });

  it("answers any authenticated call with the user's stamp, and with the user only when the portal's is stale", async () => {
    const client = await signedIn("auditor@amp.test");
    const first = await client.fetch("/api/activity-log?per_page=10", knowing(NO_KNOWN_USER));
    expect(first.status).toBe(200);
    const stamp = first.headers.get(USER_STAMP_HEADER) ?? "";
    expect(stamp).toMatch(/^[A-Za-z0-9+/]{24}$/);
    const sent = decodeUserHeader<{ email: string; user_permissions: string[]; masquerade: unknown }>(first.headers.get(USER_HEADER) ?? "");
    expect(sent?.email).toBe("auditor@amp.test");
    expect(sent?.user_permissions).toContain("admin.activity.read");
    expect(sent?.masquerade).toEqual({ isMasqueraded: false, masquerader: null });

    const again = await client.fetch("/api/activity-log?per_page=10", knowing(stamp));
    expect(again.headers.get(USER_STAMP_HEADER)).toBe(stamp);
    expect(again.headers.has(USER_HEADER)).toBe(false);
    // Without the portal's header the API answers as before.
    expect((await client.get("/api/user")).headers.has(USER_STAMP_HEADER)).toBe(false);
  });

  it("changes the stamp when the user's role loses a permission, and the refused call says so", async () => {
    const client = await signedIn("auditor@amp.test");
    const stamp = (await client.fetch("/api/user", knowing(NO_KNOWN_USER))).headers.get(USER_STAMP_HEADER) ?? "";
    const [role] = await query<{ role_id: number }>("SELECT role_id FROM user_roles WHERE user_id = 4");
    await query("DELETE FROM role_permissions WHERE role_id = ? AND permission = 'admin.activity.read'", role?.role_id);

    const refused = await client.fetch("/api/activity-log?per_page=10", knowing(stamp));
    expect(refused.status).toBe(403);
    expect(refused.headers.get(USER_STAMP_HEADER)).not.toBe(stamp);
    const now = decodeUserHeader<{ user_permissions: string[] }>(refused.headers.get(USER_HEADER) ?? "");
    expect(now?.user_permissions).not.toContain("admin.activity.read");
  });

  it("changes the stamp while masquerading, and names the masquerader", async () => {
    const client = await signedIn("admin@amp.test");
    const stamp = (await client.fetch("/api/user", knowing(NO_KNOWN_USER))).headers.get(USER_STAMP_HEADER) ?? "";
    expect((await client.post("/api/users/masquerade/4")).status).toBe(200);
    const answer = await client.fetch("/api/user", knowing(stamp));
    expect(answer.headers.get(USER_STAMP_HEADER)).not.toBe(stamp);
    const now = decodeUserHeader<{ email: string; masquerade: { masquerader: { email: string } | null } }>(
      answer.headers.get(USER_HEADER) ?? "",
    );
    expect(now?.email).toBe("auditor@amp.test");
    expect(now?.masquerade.masquerader?.email).toBe("admin@amp.test");
  });

  it("carries names in any script through the Latin-1 header", () => {
    const user = { name: "نور حداد", email: "noor.haddad@amp.test" };
    expect(decodeUserHeader(encodeUserHeader(user))).toEqual(user);
    expect(decodeUserHeader("not base64 JSON")).toBeNull();
  });
});
