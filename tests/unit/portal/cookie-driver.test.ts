import { afterEach, describe, expect, it, vi } from "vitest";
import { SanctumClient } from "~/lib/sanctum/client.server";
import { PortalSession, VALUE_SAVE_INTERVAL_MS } from "~/lib/sanctum/session.server";
import { fakeKv } from "./fake-kv";

const SECRET = "a-test-secret-of-at-least-32-characters";

/**
 * A fake Laravel with SESSION_DRIVER=cookie: the whole session lives in `laravel_session`, re-issued with
 * new content on every answer; an answer with an old value means a session that has lost what happened since.
 */
function cookieDriverBackend() {
  let version = 1;
  return {
    fetch: async () =>
      new Response("{}", {
        headers: { "Content-Type": "application/json", "Set-Cookie": `laravel_session=v${++version}; Path=/; HttpOnly` },
      }),
  };
}

async function signedIn(kv: KVNamespace) {
  const first = await PortalSession.load(new Request("http://localhost/"), kv, SECRET);
  first.record.jar.laravel_session = "v1";
  first.markChanged();
  return (await first.commit())!.split(";")[0];
}

async function navigate(kv: KVNamespace, cookie: string, backend: ReturnType<typeof cookieDriverBackend>) {
  const request = new Request("http://localhost/dashboard", { headers: { Cookie: cookie } });
  const session = await PortalSession.load(request, kv, SECRET);
  const env = { BACKEND: backend, SANCTUM_URL: "", UPSTREAM_ORIGIN: "", UPSTREAM_TIMEOUT_MS: "" } as unknown as PortalEnv;
  await new SanctumClient({ env, request, session }).call("/api/user");
  await session.commit();
  return session;
}

describe("cookie-driver sessions", () => {
  afterEach(() => vi.useRealTimers());

  it("saves a re-issued session cookie at most once a minute, and then the newest value", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-23T12:00:00Z"), toFake: ["Date"] });
    const { kv, counts } = fakeKv();
    const cookie = await signedIn(kv);
    const backend = cookieDriverBackend();
    counts.puts = 0;

    for (let step = 0; step < 5; step++) {
      vi.setSystemTime(Date.now() + 5_000);
      await navigate(kv, cookie, backend);
    }
    expect(counts.puts).toBe(0);

    vi.setSystemTime(Date.now() + VALUE_SAVE_INTERVAL_MS);
    const saved = await navigate(kv, cookie, backend);
    expect(counts.puts).toBe(1);
    expect(saved.record.jar.laravel_session).toBe("v7");
    expect(
      (await PortalSession.load(new Request("http://localhost/", { headers: { Cookie: cookie } }), kv, SECRET)).record.jar.laravel_session,
    ).toBe("v7");

    await navigate(kv, cookie, backend);
    expect(counts.puts).toBe(1);
  });

  it("with file, database or redis drivers (same value re-issued, or none) ordinary requests write nothing", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-23T12:00:00Z"), toFake: ["Date"] });
    const { kv, counts } = fakeKv();
    const cookie = await signedIn(kv);
    counts.puts = 0;
    const sameValue = {
      fetch: async () => new Response("{}", { headers: { "Set-Cookie": "laravel_session=v1; Path=/; HttpOnly" } }),
    } as unknown as ReturnType<typeof cookieDriverBackend>;
    for (let step = 0; step < 3; step++) {
      vi.setSystemTime(Date.now() + VALUE_SAVE_INTERVAL_MS);
      await navigate(kv, cookie, sameValue);
    }
    expect(counts.puts).toBe(0);
  });
});
