import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, hotp, matchTotp, totp } from "../src/lib/totp";
import { type Client, json, query, signedIn, userByEmail } from "./helpers";

const ascii = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;

describe("TOTP (RFC 6238)", () => {
  // RFC 6238 appendix B: the seeds are ASCII "1234567890" repeated to the hash's size; 8 digits.
  const seeds = {
    "SHA-1": ascii("12345678901234567890"),
    "SHA-256": ascii("12345678901234567890123456789012"),
    "SHA-512": ascii("1234567890123456789012345678901234567890123456789012345678901234"),
  } as const;
  const vectors: [number, string, string, string][] = [
    [59, "94287082", "46119246", "90693936"],
    [1111111109, "07081804", "68084774", "25091201"],
    [1111111111, "14050471", "67062674", "99943326"],
    [1234567890, "89005924", "91819424", "93441116"],
    [2000000000, "69279037", "90698825", "38618901"],
    [20000000000, "65353130", "77737706", "47863826"],
  ];
  it.each(vectors)("at %i s", async (seconds, sha1, sha256, sha512) => {
    const at = seconds * 1000;
    expect(await totp(seeds["SHA-1"], at, { digits: 8, algorithm: "SHA-1" })).toBe(sha1);
    expect(await totp(seeds["SHA-256"], at, { digits: 8, algorithm: "SHA-256" })).toBe(sha256);
    expect(await totp(seeds["SHA-512"], at, { digits: 8, algorithm: "SHA-512" })).toBe(sha512);
  });

  it("HOTP matches RFC 4226 appendix D", async () => {
    const expected = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"];
    for (const [counter, code] of expected.entries()) expect(await hotp(seeds["SHA-1"], counter)).toBe(code);
  });

  it("base32 round-trips and accepts the app's spacing and case", () => {
    const bytes = crypto.getRandomValues(new Uint8Array(20));
    const text = base32Encode(bytes);
    expect(text).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(text)).toEqual(bytes);
    expect(base32Decode(text.toLowerCase().replace(/(.{4})/g, "$1 "))).toEqual(bytes);
    expect(base32Encode(ascii("12345678901234567890"))).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
  });

  it("accepts the previous and next step, not two steps away, and never a malformed code", async () => {
    const secret = base32Encode(ascii("12345678901234567890"));
    const now = 1_111_111_111_000;
    const key = base32Decode(secret);
    const step = Math.floor(now / 30_000);
    expect(await matchTotp(secret, await totp(key, now), now)).toBe(step);
    expect(await matchTotp(secret, await totp(key, now - 30_000), now)).toBe(step - 1);
    expect(await matchTotp(secret, await totp(key, now + 30_000), now)).toBe(step + 1);
    expect(await matchTotp(secret, await totp(key, now + 60_000), now)).toBeNull();
    expect(await matchTotp(secret, "12345", now)).toBeNull();
    expect(await matchTotp(secret, "abcdef", now)).toBeNull();
  });
});

/** The current code of a secret, `steps` steps from now. */
async function codeFor(secret: string, steps = 0): Promise<string> {
  return totp(base32Decode(secret), Date.now() + steps * 30_000);
}

/** Enrols a signed-in client: password confirmed, secret read, confirmed with a code; answers secret and codes. */
async function enrol(client: Client): Promise<{ secret: string; recoveryCodes: string[] }> {
  expect((await client.post("/user/confirm-password", { password: "password" })).status).toBe(201);
  expect((await client.post("/user/two-factor-authentication")).status).toBe(200);
  const qr = await json<{ svg: string; url: string }>(await client.get("/user/two-factor-qr-code"));
  expect(qr.svg).toMatch(/^<svg [^>]*viewBox/);
  expect(qr.url).toMatch(/^otpauth:\/\/totp\//);
  const { secretKey } = await json<{ secretKey: string }>(await client.get("/user/two-factor-secret-key"));
  expect(qr.url).toContain(`secret=${secretKey}`);
  const confirmed = await client.post("/user/confirmed-two-factor-authentication", { code: await codeFor(secretKey) });
  expect(confirmed.status).toBe(200);
  const { recovery_codes } = await json<{ recovery_codes: string[] }>(confirmed);
  return { secret: secretKey, recoveryCodes: recovery_codes };
}

/** A fresh client past the password step of `email`. */
async function passwordStep(email: string): Promise<Client> {
  const { Client } = await import("./helpers");
  const client = new Client();
  const answer = await client.login(email);
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual({ two_factor: true });
  return client;
}

describe("two-factor sign-in", { timeout: 30_000 }, () => {
  it("enrols, then asks for a code after the password, accepts a code once, and recovery codes once", async () => {
    const email = "taylor.brooks@amp.test";
    const client = await signedIn(email);
    // Changing the factor needs a recently confirmed password (Laravel's 423).
    expect((await client.post("/user/two-factor-authentication")).status).toBe(423);
    const { secret, recoveryCodes } = await enrol(client);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Za-z0-9]{10}-[A-Za-z0-9]{10}$/);
    // Stored encrypted and hashed: neither the secret nor a code is in the row.
    const [row] = await query<{ two_factor_secret: string; two_factor_recovery_codes: string }>(
      "SELECT two_factor_secret, two_factor_recovery_codes FROM users WHERE email = ?",
      email,
    );
    expect(row?.two_factor_secret).toMatch(/^v1:/);
    expect(row?.two_factor_secret).not.toContain(secret);
    expect(row?.two_factor_recovery_codes).not.toContain(recoveryCodes[0]);
    // Once confirmed, the secret is never shown again.
    expect(await json(await client.get("/user/two-factor-qr-code"))).toEqual([]);
    expect((await client.get("/user/two-factor-secret-key")).status).toBe(404);
    expect(await json(await client.get("/api/user"))).toMatchObject({ two_factor_enabled: true, two_factor_required: false });

    const pending = await passwordStep(email);
    expect((await pending.get("/api/user")).status).toBe(401);
    const wrong = await pending.post("/two-factor-challenge", { code: "000000" });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({ errors: { code: ["auth.two_factor_code"] } });
    const before = pending.sessionId;
    // The next step's code: the current one was used by the confirmation, and a code is single-use.
    const code = await codeFor(secret, 1);
    expect((await pending.post("/two-factor-challenge", { code })).status).toBe(204);
    expect(pending.sessionId).not.toBe(before);
    expect(await json(await pending.get("/api/user"))).toMatchObject({ email });

    const replay = await passwordStep(email);
    expect((await replay.post("/two-factor-challenge", { code })).status).toBe(422);

    const recovering = await passwordStep(email);
    expect((await recovering.post("/two-factor-challenge", { recovery_code: recoveryCodes[3] })).status).toBe(204);
    const reused = await passwordStep(email);
    const refused = await reused.post("/two-factor-challenge", { recovery_code: recoveryCodes[3] });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ errors: { recovery_code: ["auth.recovery_code"] } });
    expect((await reused.post("/two-factor-challenge", { recovery_code: recoveryCodes[4] })).status).toBe(204);

    const [login] = await query<{ changes: string }>(
      "SELECT changes FROM activity_log WHERE action = 'auth.login' AND subject_label = 'Taylor Brooks' ORDER BY id DESC LIMIT 1",
    );
    expect(JSON.parse(login?.changes ?? "{}")).toEqual({ second_factor: { old: null, new: "recovery_code" } });
  });

  it("regenerates recovery codes (the old ones stop working) and turns off with a confirmed password", async () => {
    const email = "riley.chen@amp.test";
    const client = await signedIn(email);
    const { recoveryCodes } = await enrol(client);
    const regenerated = await client.post("/user/two-factor-recovery-codes");
    expect(regenerated.status).toBe(200);
    const { recovery_codes: fresh } = await json<{ recovery_codes: string[] }>(regenerated);
    expect(fresh).toHaveLength(10);
    const old = await passwordStep(email);
    expect((await old.post("/two-factor-challenge", { recovery_code: recoveryCodes[0] })).status).toBe(422);
    expect((await old.post("/two-factor-challenge", { recovery_code: fresh[0] })).status).toBe(204);

    expect((await client.fetch("/user/two-factor-authentication", { method: "DELETE" })).status).toBe(200);
    expect(await json(await client.get("/api/user"))).toMatchObject({ two_factor_enabled: false });
    const plain = await signedIn(email);
    expect((await plain.get("/api/user")).status).toBe(200);
    const [off] = await query("SELECT id FROM activity_log WHERE action = 'profile.two_factor_disabled' AND subject_label = 'Riley Chen'");
    expect(off).toBeDefined();
  });

  it("throttles wrong codes like the password step", async () => {
    const email = "noor.haddad@amp.test";
    await enrol(await signedIn(email));
    const pending = await passwordStep(email);
    for (let i = 0; i < 5; i++) expect((await pending.post("/two-factor-challenge", { code: "000000" })).status).toBe(422);
    const throttled = await pending.post("/two-factor-challenge", { code: "000000" });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("needs the password step first", async () => {
    const { Client } = await import("./helpers");
    const stranger = new Client();
    await stranger.csrf();
    const answer = await stranger.post("/two-factor-challenge", { code: "123456" });
    expect(answer.status).toBe(422);
    expect(await answer.json()).toMatchObject({ errors: { code: ["auth.two_factor_expired"] } });
  });

  it("masquerade skips the target's second factor and says so in the log; an admin reset turns it off and mails the user", async () => {
    const target = await userByEmail("support@amp.test");
    await enrol(await signedIn("support@amp.test"));
    const admin = await signedIn("admin@amp.test");
    expect((await admin.post(`/api/users/masquerade/${target.id}`)).status).toBe(200);
    const [started] = await query<{ changes: string }>(
      "SELECT changes FROM activity_log WHERE action = 'users.masquerade.start' ORDER BY id DESC LIMIT 1",
    );
    expect(JSON.parse(started?.changes ?? "{}")).toEqual({ second_factor: { old: null, new: "skipped" } });
    // The masquerader cannot change how the target signs in.
    expect((await admin.post("/user/confirm-password", { password: "password" })).status).toBe(403);
    await admin.get("/api/users/masquerade/end");

    const reset = await admin.fetch(`/api/users/${target.id}/two-factor`, { method: "DELETE" });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ two_factor_enabled: false });
    expect((await admin.fetch(`/api/users/${target.id}/two-factor`, { method: "DELETE" })).status).toBe(409);
    const [logged] = await query("SELECT id FROM activity_log WHERE action = 'users.two_factor_reset' AND subject_id = ?", target.id);
    expect(logged).toBeDefined();
    const [mail] = await query<{ to: string }>("SELECT `to` FROM mail_log WHERE template = 'two_factor_reset' ORDER BY id DESC LIMIT 1");
    expect(mail?.to).toBe("support@amp.test");
    expect((await signedIn("support@amp.test").then((client) => client.get("/api/user"))).status).toBe(200);

    // An organization admin cannot reset a user of another organization (not found).
    const orgAdmin = await signedIn("orgadmin@northwind.test");
    expect((await orgAdmin.fetch(`/api/users/${target.id}/two-factor`, { method: "DELETE" })).status).toBe(404);
  });

  it("the two_factor_required setting sends a covered user without a second factor to enrol first", async () => {
    const admin = await signedIn("admin@amp.test");
    const settings = await json<Record<string, unknown>>(await admin.get("/api/system-settings"));
    const { logos: _logos, ...body } = settings;
    expect((await admin.put("/api/system-settings", { ...body, two_factor_required: "staff" })).status).toBe(200);

    const staff = await signedIn("auditor@amp.test");
    expect(await json(await staff.get("/api/user"))).toMatchObject({ two_factor_required: true, two_factor_enabled: false });
    const refused = await staff.get("/api/dashboard");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "auth.two_factor_required" });
    // A customer is not covered by "staff".
    const customer = await signedIn("orgadmin@northwind.test");
    expect((await customer.get("/api/dashboard")).status).toBe(200);

    await enrol(staff);
    expect((await staff.get("/api/dashboard")).status).toBe(200);
    // Covered: the factor cannot be turned off.
    expect((await staff.fetch("/user/two-factor-authentication", { method: "DELETE" })).status).toBe(409);
    // The admin is staff too, and has not enrolled: refused like everyone else.
    expect((await admin.put("/api/system-settings", { ...body, two_factor_required: "off" })).status).toBe(403);
    await query("UPDATE system_settings SET value = '\"off\"' WHERE key = 'two_factor_required'");
  });
});
