import { env } from "cloudflare:workers";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import { callWithTimeout, createCarrier } from "../src/carriers";
import { SandboxCarrier } from "../src/carriers/sandbox";
import { CarrierError, type SearchCriteria } from "../src/carriers/types";
import { createDb } from "../src/db/client";

const carrier = () => new SandboxCarrier(createDb(env.DB), { orderDelaySeconds: 10 });
const criteria = (overrides: Partial<SearchCriteria> = {}): SearchCriteria => ({
  country: "US",
  type: "local",
  features: [],
  quantity: 10,
  ...overrides,
});
const at = (iso: string) => new Date(iso);

describe("sandbox carrier: search", () => {
  it("answers the same numbers for the same query, and others for another query", async () => {
    const now = new Date();
    const first = await carrier().searchAvailable(criteria({ area_code: "212" }), now);
    const again = await carrier().searchAvailable(criteria({ area_code: "212" }), now);
    expect(first).toHaveLength(10);
    expect(again).toEqual(first);
    const fewer = await carrier().searchAvailable(criteria({ area_code: "212", quantity: 3 }), now);
    expect(fewer).toEqual(first.slice(0, 3));
    const other = await carrier().searchAvailable(criteria({ area_code: "415" }), now);
    expect(other.map((number) => number.e164)).not.toEqual(first.map((number) => number.e164));
  });

  it("gives valid NANP numbers with their area code's location, features and prices", async () => {
    const numbers = await carrier().searchAvailable(criteria({ area_code: "212", quantity: 20 }), new Date());
    for (const number of numbers) {
      expect(parsePhoneNumberFromString(number.e164)?.isValid()).toBe(true);
      expect(number.e164).toMatch(/^\+1212[2-9]\d{6}$/);
      expect(number.e164.slice(5, 8)).not.toBe("555");
      expect(number).toMatchObject({ state: "NY", city: "New York", lata: "132", monthly_cents: 100, one_time_cents: 100 });
      expect(number.capabilities).toEqual(expect.arrayContaining(["voice", "sms", "emergency"]));
      expect(number.e164.endsWith("0000")).toBe(false);
    }
  });

  it("honours type, state, city, NPA-NXX, patterns and features", async () => {
    const now = new Date();
    const tollFree = await carrier().searchAvailable(criteria({ type: "toll_free", quantity: 5 }), now);
    expect(tollFree.every((number) => /^\+18(00|33|44|55|66|77|88)/.test(number.e164) && number.monthly_cents === 200)).toBe(true);
    const mobile = await carrier().searchAvailable(criteria({ type: "mobile", state: "TX", quantity: 5 }), now);
    expect(mobile.every((number) => /^[34]/.test(number.e164.slice(5)) && number.state === "TX")).toBe(true);
    const city = await carrier().searchAvailable(criteria({ locality: "boston", quantity: 3 }), now);
    expect(city.every((number) => number.e164.startsWith("+1617"))).toBe(true);
    const exchange = await carrier().searchAvailable(criteria({ npa_nxx: "312782", quantity: 5 }), now);
    expect(exchange.every((number) => number.e164.startsWith("+1312782"))).toBe(true);
    const ends = await carrier().searchAvailable(
      criteria({ area_code: "503", pattern: "4357", pattern_mode: "ends_with", quantity: 4 }),
      now,
    );
    expect(ends.length).toBe(4);
    expect(ends.every((number) => number.e164.endsWith("4357"))).toBe(true);
    const starts = await carrier().searchAvailable(
      criteria({ area_code: "503", pattern: "87", pattern_mode: "starts_with", quantity: 4 }),
      now,
    );
    expect(starts.every((number) => number.e164.slice(5).startsWith("87"))).toBe(true);
    const fax = await carrier().searchAvailable(criteria({ area_code: "303", features: ["fax", "mms"] }), now);
    expect(fax.every((number) => number.capabilities.includes("fax") && number.capabilities.includes("mms"))).toBe(true);
    const canada = await carrier().searchAvailable(criteria({ country: "CA", state: "QC", quantity: 3 }), now);
    expect(canada.every((number) => number.e164.startsWith("+1514") && number.lata === null)).toBe(true);
    expect(await carrier().searchAvailable(criteria({ area_code: "907" }), now)).toEqual([]);
  });
});

describe("sandbox carrier: reservations and orders", () => {
  it("holds reserved numbers for 30 minutes, then lets them go", async () => {
    const sandbox = carrier();
    const [a, b] = (await sandbox.searchAvailable(criteria({ area_code: "602", quantity: 2 }), at("2026-11-23T10:00:00Z"))).map(
      (n) => n.e164,
    );
    const first = await sandbox.reserve([a as string, b as string], at("2026-11-23T10:00:00Z"));
    expect(first).toMatchObject({ reserved: [a, b], unavailable: [], expires_at: "2026-11-23T10:30:00.000Z" });
    const search = await sandbox.searchAvailable(criteria({ area_code: "602", quantity: 2 }), at("2026-11-23T10:10:00Z"));
    expect(search.map((n) => n.e164)).not.toContain(a);
    const taken = await sandbox.reserve([a as string], at("2026-11-23T10:29:59Z"));
    expect(taken).toMatchObject({ reserved: [], unavailable: [a] });
    const later = await sandbox.reserve([a as string], at("2026-11-23T10:30:00Z"));
    expect(later).toMatchObject({ reserved: [a], unavailable: [] });
    await expect(sandbox.order(first.reservation_id, [a as string, b as string], at("2026-11-23T10:31:00Z"))).rejects.toThrow(
      "carrier.reservation_expired",
    );
    await sandbox.releaseReservation(later.reservation_id);
    expect((await sandbox.reserve([a as string], at("2026-11-23T10:32:00Z"))).reserved).toEqual([a]);
  });

  it("completes ordered numbers after the delay; numbers ending in 0000 fail and go back to the pool", async () => {
    const sandbox = carrier();
    const t0 = at("2026-11-23T11:00:00Z");
    const failing = await sandbox.searchAvailable(
      criteria({ area_code: "704", pattern: "0000", pattern_mode: "ends_with", quantity: 1 }),
      t0,
    );
    const good = await sandbox.searchAvailable(criteria({ area_code: "704", quantity: 1 }), t0);
    const numbers = [failing[0]?.e164 as string, good[0]?.e164 as string];
    expect(numbers[0]).toMatch(/0000$/);
    const reservation = await sandbox.reserve(numbers, t0);
    const order = await sandbox.order(reservation.reservation_id, numbers, t0);
    expect(order.numbers.map((n) => n.status)).toEqual(["pending", "pending"]);
    const early = await sandbox.getOrder(order.carrier_order_id, numbers, at("2026-11-23T11:00:09Z"));
    expect(early.numbers.map((n) => n.status)).toEqual(["pending", "pending"]);
    const done = await sandbox.getOrder(order.carrier_order_id, numbers, at("2026-11-23T11:00:10Z"));
    expect(done.numbers).toEqual([
      { e164: numbers[0], status: "failed", reason: "carrier.order_rejected" },
      { e164: numbers[1], status: "complete", reason: null },
    ]);
    // The ordered number is held for good; the rejected one is offered again.
    const after = (
      await sandbox.searchAvailable(criteria({ area_code: "704", pattern: "0000", pattern_mode: "ends_with", quantity: 1 }), t0)
    ).map((n) => n.e164);
    expect(after).toEqual([numbers[0]]);
    expect((await sandbox.searchAvailable(criteria({ area_code: "704", quantity: 1 }), t0)).map((n) => n.e164)).not.toContain(numbers[1]);
  });
});

describe("carrier adapter", () => {
  it("chooses the sandbox by default and refuses an unknown carrier", () => {
    expect(createCarrier({}, createDb(env.DB)).name).toBe("sandbox");
    expect(() => createCarrier({ CARRIER: "acme" }, createDb(env.DB))).toThrow(/Unknown CARRIER/);
  });

  it("turns a slow call into carrier.timeout and a crash into carrier.unavailable", async () => {
    const slow = callWithTimeout("search", () => new Promise((resolve) => setTimeout(resolve, 200)), 20);
    await expect(slow).rejects.toMatchObject({ code: "carrier.timeout" });
    const broken = callWithTimeout("search", () => Promise.reject(new Error("socket hang up")));
    await expect(broken).rejects.toBeInstanceOf(CarrierError);
    await expect(broken).rejects.toMatchObject({ code: "carrier.unavailable" });
  });
});
