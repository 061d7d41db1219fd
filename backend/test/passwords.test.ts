import { env } from "cloudflare:workers";
import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, randomString } from "../src/lib/crypto";
import { hashPassword, needsRehash, PBKDF2_ITERATIONS, verifyPassword } from "../src/lib/password";
import { isStatefulRequest } from "../src/lib/stateful";
import { Client, userByEmail } from "./helpers";

describe("password hashing", () => {
  it("stores PBKDF2-SHA256 with 100,000 iterations and verifies it", async () => {
    const hash = await hashPassword("s3cret!");
    expect(hash).toMatch(/^pbkdf2_sha256\$100000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    expect(await verifyPassword("s3cret!", hash)).toBe(true);
    expect(await verifyPassword("s3cret?", hash)).toBe(false);
    expect(await hashPassword("s3cret!")).not.toBe(hash);
    expect(needsRehash(hash)).toBe(false);
    expect(await verifyPassword("x", null)).toBe(false);
    expect(await verifyPassword("x", "garbage")).toBe(false);
  });

  it("verifies Laravel bcrypt hashes ($2y$ and $2b$) and flags them for rehash", async () => {
    const b = bcrypt.hashSync("laravel-pass", 4);
    const y = b.replace(/^\$2b\$/, "$2y$");
    expect(await verifyPassword("laravel-pass", b)).toBe(true);
    expect(await verifyPassword("laravel-pass", y)).toBe(true);
    expect(await verifyPassword("wrong", y)).toBe(false);
    expect(needsRehash(y)).toBe(true);
  });

  it("rehashes a bcrypt password to PBKDF2 on successful sign-in", async () => {
    const bcryptHash = bcrypt.hashSync("from-laravel", 4).replace(/^\$2b\$/, "$2y$");
    await env.DB.prepare("UPDATE users SET password_hash = ? WHERE email = 'hannah.schultz@lakeside.test'").bind(bcryptHash).run();

    expect((await new Client().login("hannah.schultz@lakeside.test", "wrong")).status).toBe(422);
    expect((await userByEmail("hannah.schultz@lakeside.test")).password_hash).toBe(bcryptHash);

    expect((await new Client().login("hannah.schultz@lakeside.test", "from-laravel")).status).toBe(200);
    const rehashed = (await userByEmail("hannah.schultz@lakeside.test")).password_hash ?? "";
    expect(rehashed).toMatch(/^pbkdf2_sha256\$100000\$/);
    expect(await verifyPassword("from-laravel", rehashed)).toBe(true);
    expect((await new Client().login("hannah.schultz@lakeside.test", "from-laravel")).status).toBe(200);
  });
});

describe("crypto helpers", () => {
  it("encrypts secrets so only the same APP_KEY decrypts them", async () => {
    const stored = await encryptSecret(env.APP_KEY, "smtp-password");
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain("smtp-password");
    expect(await decryptSecret(env.APP_KEY, stored)).toBe("smtp-password");
    await expect(decryptSecret("another-key", stored)).rejects.toThrow();
  });

  it("makes random alphanumeric strings", () => {
    const value = randomString(40);
    expect(value).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(randomString(40)).not.toBe(value);
  });
});

describe("stateful domains", () => {
  const check = (headers: Record<string, string>, domains: string) => isStatefulRequest(new Headers(headers), domains);

  it("matches host without port on any port, and host:port exactly", () => {
    expect(check({ Origin: "http://localhost:5173" }, "localhost")).toBe(true);
    expect(check({ Origin: "https://portal.example.com" }, "localhost, portal.example.com")).toBe(true);
    expect(check({ Origin: "http://localhost:5173" }, "localhost:3000")).toBe(false);
    expect(check({ Origin: "http://localhost:3000" }, "localhost:3000")).toBe(true);
    expect(check({ Referer: "http://localhost:3000/x" }, "localhost:3000")).toBe(true);
    expect(check({ Origin: "http://evil-localhost.test" }, "localhost")).toBe(false);
    expect(check({ Origin: "null" }, "localhost")).toBe(false);
    expect(check({}, "localhost")).toBe(false);
  });
});
