import { describe, expect, it, vi } from "vitest";
import { sign, unsign, VERIFIED_MAX } from "~/lib/signing.server";

const SECRET = "a-test-secret-of-at-least-32-characters";
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

function replaceAt(text: string, index: number, character: string): string {
  return text.slice(0, index) + character + text.slice(index + 1);
}

describe("sign / unsign", () => {
  it("gives the value back for its own signature only", async () => {
    const signed = await sign("session-id", SECRET);
    expect(await unsign(signed, SECRET)).toBe("session-id");
    expect(await unsign(signed, "another-secret-another-secret-xx")).toBeNull();
    expect(await unsign(signed.replace("session-id", "session-ie"), SECRET)).toBeNull();
    expect(await unsign("no-signature", SECRET)).toBeNull();
    expect(await unsign("value.!!!", SECRET)).toBeNull();
  });

  it("refuses every other character at every position of the signature, spare bits included", async () => {
    const signed = await sign("session-id", SECRET);
    const start = signed.lastIndexOf(".") + 1;
    for (let index = start; index < signed.length; index++) {
      for (const character of ALPHABET) {
        if (character === signed[index]) continue;
        expect(await unsign(replaceAt(signed, index, character), SECRET), `${index}:${character}`).toBeNull();
      }
    }
  });

  it("refuses a non-canonical spelling that decodes to the same bytes", async () => {
    const signed = await sign("session-id", SECRET);
    // 32 bytes are 43 characters: the last one holds 4 bits of the signature and 2 spare bits.
    const last = signed.at(-1) as string;
    const variant = replaceAt(signed, signed.length - 1, ALPHABET[ALPHABET.indexOf(last) ^ 1]);
    expect(await unsign(variant, SECRET)).toBeNull();
    expect(await unsign(`${signed}=`, SECRET)).toBeNull();
  });

  it("refuses a missing or short secret with a message that names the setting", async () => {
    await expect(sign("session-id", "")).rejects.toThrow(/SESSION_SECRET is missing or shorter than 32/);
    await expect(unsign(await sign("session-id", SECRET), "short")).rejects.toThrow(/SESSION_SECRET/);
    await expect(sign("session-id", undefined as unknown as string)).rejects.toThrow(/SESSION_SECRET/);
  });
});

describe("unsign remembers what it verified", () => {
  it("checks a valid text's HMAC once per secret, a refused one every time", async () => {
    const secret = "a-secret-for-the-remembering-test-only";
    const signed = await sign("remembered-id", secret);
    const forged = `${signed.slice(0, -2)}AA`;
    const hmac = vi.spyOn(crypto.subtle, "sign");
    try {
      expect(await unsign(signed, secret)).toBe("remembered-id");
      expect(await unsign(signed, secret)).toBe("remembered-id");
      expect(hmac).toHaveBeenCalledTimes(1);
      expect(await unsign(signed, SECRET)).toBeNull();
      expect(await unsign(forged, secret)).toBeNull();
      expect(await unsign(forged, secret)).toBeNull();
      expect(hmac).toHaveBeenCalledTimes(4);
    } finally {
      hmac.mockRestore();
    }
  });

  it("keeps at most VERIFIED_MAX texts per secret, dropping the oldest", async () => {
    const secret = "a-secret-for-the-bounded-test-only-xx";
    const first = await sign("id-0", secret);
    expect(await unsign(first, secret)).toBe("id-0");
    for (let index = 1; index <= VERIFIED_MAX; index++) expect(await unsign(await sign(`id-${index}`, secret), secret)).toBe(`id-${index}`);
    const hmac = vi.spyOn(crypto.subtle, "sign");
    try {
      expect(await unsign(first, secret)).toBe("id-0");
      expect(hmac).toHaveBeenCalledTimes(1);
    } finally {
      hmac.mockRestore();
    }
  });
});
