import { describe, expect, it } from "vitest";
import { PortalSession, sessionCookieName } from "~/lib/sanctum/session.server";
import { fakeKv } from "./fake-kv";

const SECRET = "a-test-secret-of-at-least-32-characters";

function requestWith(cookie?: string, url = "http://localhost/dashboard") {
  return new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
}

function cookieValue(setCookie: string) {
  return setCookie.split(";")[0];
}

describe("PortalSession", () => {
  it("writes nothing and sets no cookie when nothing changed", async () => {
    const { kv, counts } = fakeKv();
    const session = await PortalSession.load(requestWith(), kv, SECRET);
    expect(session.isNew).toBe(true);
    expect(await session.commit()).toBeNull();
    expect(counts).toEqual({ puts: 0, deletes: 0 });
  });

  it("persists a changed record once, under a signed id, and loads it back", async () => {
    const { kv, counts, store } = fakeKv();
    const session = await PortalSession.load(requestWith(), kv, SECRET);
    session.record.jar.amp_session = "abc";
    session.markChanged();
    const setCookie = await session.commit();
    expect(setCookie).toMatch(/^amp-session=[^;]+\.[^;]+; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(counts.puts).toBe(1);
    expect([...store.keys()]).toEqual([`session:${session.id}`]);

    const again = await PortalSession.load(requestWith(cookieValue(setCookie!)), kv, SECRET);
    expect(again.isNew).toBe(false);
    expect(again.record.jar.amp_session).toBe("abc");
    expect(await again.commit()).toBeNull();
    expect(counts.puts).toBe(1);
  });

  it("ignores a cookie with a forged signature", async () => {
    const { kv } = fakeKv();
    const session = await PortalSession.load(requestWith(), kv, SECRET);
    session.markChanged();
    const setCookie = cookieValue((await session.commit())!);
    const [name, value] = setCookie.split("=");
    // The first character of the signature carries six bits of it (the last one carries spare bits too,
    // which made a change there pass one run in sixteen; signing.test.ts covers that spelling).
    const signed = decodeURIComponent(value);
    const dot = signed.lastIndexOf(".");
    const forged = `${name}=${signed.slice(0, dot + 1)}${signed[dot + 1] === "A" ? "B" : "A"}${signed.slice(dot + 2)}`;
    expect((await PortalSession.load(requestWith(forged), kv, SECRET)).isNew).toBe(true);
    expect((await PortalSession.load(requestWith(setCookie), kv, "another-secret-another-secret-xx")).isNew).toBe(true);
  });

  it("regenerating (sign-in) issues a new id and deletes the old record", async () => {
    const { kv, store } = fakeKv();
    const first = await PortalSession.load(requestWith(), kv, SECRET);
    first.markChanged();
    const cookie = cookieValue((await first.commit())!);
    const oldId = first.id;
    const session = await PortalSession.load(requestWith(cookie), kv, SECRET);
    session.regenerate();
    session.markChanged();
    const setCookie = await session.commit();
    expect(setCookie).not.toBeNull();
    expect(session.id).not.toBe(oldId);
    expect(store.has(`session:${oldId}`)).toBe(false);
    expect(store.has(`session:${session.id}`)).toBe(true);
  });

  it("destroy (sign-out) deletes the record and expires the cookie", async () => {
    const { kv, store, counts } = fakeKv();
    const first = await PortalSession.load(requestWith(), kv, SECRET);
    first.markChanged();
    const cookie = cookieValue((await first.commit())!);
    const session = await PortalSession.load(requestWith(cookie), kv, SECRET);
    session.destroy();
    expect(await session.commit()).toMatch(/Max-Age=0/);
    expect(store.size).toBe(0);
    expect(counts.deletes).toBe(1);
    expect(session.kvWrites).toBe(1);
  });

  it("uses the __Host- prefix and Secure over HTTPS", async () => {
    const { kv } = fakeKv();
    const session = await PortalSession.load(requestWith(undefined, "https://amp.example/"), kv, SECRET);
    session.markChanged();
    const setCookie = await session.commit();
    expect(sessionCookieName(true)).toBe("__Host-amp-session");
    expect(setCookie).toMatch(/^__Host-amp-session=.*; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  });

  it("rotation (masquerade start and end) keeps the record under a new id and drops the old one", async () => {
    const { kv, store } = fakeKv();
    const first = await PortalSession.load(requestWith(), kv, SECRET);
    first.record.jar.amp_session = "upstream";
    first.markChanged();
    const cookie = cookieValue((await first.commit())!);
    const session = await PortalSession.load(requestWith(cookie), kv, SECRET);
    const oldId = session.id;
    session.rotate();
    const setCookie = await session.commit();
    expect(setCookie).not.toBeNull();
    expect(session.id).not.toBe(oldId);
    expect([...store.keys()]).toEqual([`session:${session.id}`]);
    expect((await PortalSession.load(requestWith(cookieValue(setCookie!)), kv, SECRET)).record.jar).toEqual({ amp_session: "upstream" });
    expect((await PortalSession.load(requestWith(cookie), kv, SECRET)).isNew).toBe(true);
  });

  it("clears a stale cookie when the session ends, even when its record is already gone", async () => {
    const { kv } = fakeKv();
    const first = await PortalSession.load(requestWith(), kv, SECRET);
    first.markChanged();
    const cookie = cookieValue((await first.commit())!);
    await kv.delete(`session:${first.id}`);
    const session = await PortalSession.load(requestWith(cookie), kv, SECRET);
    expect(session.isNew).toBe(true);
    session.destroy();
    expect(await session.commit()).toMatch(/^amp-session=; Path=\/; Max-Age=0/);
  });
});
