import { describe, expect, it } from "vitest";
import { TelnyxSimulator } from "../../scripts/telnyx-sim/core";
import { callWithTimeout, createCarrier } from "../src/carriers";
import { TelnyxCarrier } from "../src/carriers/telnyx";
import { fromTelnyxAddress, parseStreetLine, toTelnyxAddress } from "../src/carriers/telnyx-address";
import { type Carrier, CarrierError, type E911AddressInput, type PortOrderRequest, type SearchCriteria } from "../src/carriers/types";
import { createDb } from "../src/db/client";

/**
 * The Telnyx carrier end to end through Telnyx's own SDK, inside workerd, against the local simulator
 * (scripts/telnyx-sim/core.ts) handed to the SDK as its fetch: the requests and answers are the real shapes.
 */
function setup(options: { orderDelaySeconds?: number; portStepSeconds?: number; apiKey?: string } = {}) {
  let now = new Date("2026-11-27T15:00:00Z");
  const sim = new TelnyxSimulator({
    apiKey: "KEY-sim",
    orderDelaySeconds: options.orderDelaySeconds ?? 5,
    portStepSeconds: options.portStepSeconds ?? 60,
    now: () => now,
  });
  const carrier: Carrier = new TelnyxCarrier({
    apiKey: options.apiKey ?? "KEY-sim",
    baseURL: "http://telnyx.sim/v2",
    connectionId: "conn-1",
    messagingProfileId: "mp-1",
    webhookUrl: "https://portal.example/webhooks/telnyx",
    fetch: (input, init) => sim.handle(new Request(input, init)),
  });
  return {
    sim,
    carrier,
    clock: () => now,
    tick: (seconds: number) => {
      now = new Date(now.getTime() + seconds * 1000);
    },
  };
}

const criteria = (overrides: Partial<SearchCriteria> = {}): SearchCriteria => ({
  country: "US",
  type: "local",
  features: [],
  quantity: 5,
  ...overrides,
});

const address = (overrides: Partial<E911AddressInput> = {}): E911AddressInput => ({
  caller_name: "Northwind Traders",
  house_number: "350",
  house_number_suffix: null,
  pre_directional: null,
  street_name: "Fifth",
  street_suffix: "Ave",
  post_directional: null,
  unit: "Suite 2100",
  city: "NEW YORK",
  state: "NY",
  postal_code: "10118",
  postal_code_plus4: "0001",
  country: "US",
  latitude: null,
  longitude: null,
  ...overrides,
});

const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4\n${text}\n%%EOF`);

const portRequest = (overrides: Partial<PortOrderRequest> = {}): PortOrderRequest => ({
  numbers: ["+12125550142", "+12125550143"],
  entity_name: "Northwind Traders",
  authorized_person: "Ana Trujillo",
  billing_telephone_number: "+12125550142",
  account_number: "ACC-1234",
  pin: "4321",
  service_address: address(),
  requested_foc_date: "2026-12-07",
  partial: false,
  documents: [
    { kind: "loa", filename: "loa.pdf", content_type: "application/pdf", bytes: pdf("loa") },
    { kind: "bill", filename: "bill.pdf", content_type: "application/pdf", bytes: pdf("bill") },
  ],
  ...overrides,
});

async function expectCarrierError(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CarrierError);
  expect((error as CarrierError).code).toBe(code);
}

describe("Telnyx carrier: search", () => {
  it("finds numbers by area code with their location, features and prices in cents", async () => {
    const { carrier, clock } = setup();
    const numbers = await carrier.searchAvailable(criteria({ area_code: "212", features: ["sms"] }), clock());
    expect(numbers).toHaveLength(5);
    for (const number of numbers) {
      expect(number.e164).toMatch(/^\+1212\d{7}$/);
      expect(number).toMatchObject({
        type: "local",
        country: "US",
        state: "NY",
        city: "New York",
        lata: null,
        monthly_cents: 100,
        one_time_cents: 100,
      });
      expect(number.capabilities).toEqual(expect.arrayContaining(["voice", "sms", "emergency"]));
    }
  });

  it("sends NPA-NXX, state, locality, type, features and the pattern as Telnyx filters", async () => {
    const { carrier, clock, sim } = setup();
    const exchange = await carrier.searchAvailable(criteria({ npa_nxx: "312782", quantity: 3 }), clock());
    expect(exchange.length).toBe(3);
    expect(exchange.every((number) => number.e164.startsWith("+1312782"))).toBe(true);
    const ends = await carrier.searchAvailable(criteria({ area_code: "503", pattern: "4357", pattern_mode: "ends_with" }), clock());
    expect(ends.length).toBeGreaterThan(0);
    expect(ends.every((number) => number.e164.endsWith("4357"))).toBe(true);
    // Without an area code Telnyx matches the whole national number: "starts with" is asked as "contains".
    const starts = await carrier.searchAvailable(criteria({ state: "TX", pattern: "77", pattern_mode: "starts_with" }), clock());
    expect(starts.every((number) => number.e164.slice(5).startsWith("77") && number.state === "TX")).toBe(true);
    const city = await carrier.searchAvailable(criteria({ locality: "Boston", quantity: 2 }), clock());
    expect(city.every((number) => number.e164.startsWith("+1617"))).toBe(true);
    const fax = await carrier.searchAvailable(criteria({ area_code: "415", features: ["fax"] }), clock());
    expect(fax.every((number) => number.capabilities.includes("fax"))).toBe(true);
    const tollFree = await carrier.searchAvailable(criteria({ type: "toll_free", quantity: 3 }), clock());
    expect(tollFree.every((number) => number.type === "toll_free" && number.monthly_cents === 200)).toBe(true);
    // An NPA-NXX and a "starts with" pattern that disagree match nothing, without asking Telnyx.
    const before = sim.requests.length;
    expect(await carrier.searchAvailable(criteria({ npa_nxx: "312782", pattern: "9", pattern_mode: "starts_with" }), clock())).toEqual([]);
    expect(sim.requests.length).toBe(before);
  });
});

describe("Telnyx carrier: reservations and orders", () => {
  it("reserves, orders, and reports each number's progress; a rejected number fails with a message key", async () => {
    const { carrier, clock, tick, sim } = setup({ orderDelaySeconds: 5 });
    const wanted = ["+12125550142", "+12125550000"];
    const reservation = await carrier.reserve(wanted, clock());
    expect(reservation.reserved).toEqual(wanted);
    expect(reservation.unavailable).toEqual([]);
    expect(Date.parse(reservation.expires_at) - clock().getTime()).toBe(30 * 60_000);
    // Someone else cannot hold them now.
    const other = await carrier.reserve(["+12125550142", "+12125550199"], clock());
    expect(other.reserved).toEqual(["+12125550199"]);
    expect(other.unavailable).toEqual(["+12125550142"]);

    const order = await carrier.order(reservation.reservation_id, wanted, clock());
    expect(order.numbers).toEqual([
      { e164: "+12125550142", status: "pending", reason: null },
      { e164: "+12125550000", status: "pending", reason: null },
    ]);
    const placed = [...sim.orders.values()].at(-1);
    expect(placed).toMatchObject({ connection_id: "conn-1", messaging_profile_id: "mp-1", customer_reference: reservation.reservation_id });
    tick(6);
    const settled = await carrier.getOrder(order.carrier_order_id, wanted, clock());
    expect(settled.numbers).toEqual([
      { e164: "+12125550142", status: "complete", reason: null },
      { e164: "+12125550000", status: "failed", reason: "carrier.order_rejected" },
    ]);
    // The ordered number is no longer offered, and can be released.
    await carrier.releaseNumber("+12125550142");
    expect(sim.owned.has("+12125550142")).toBe(false);
    await carrier.releaseNumber("+12125550142");
  });

  it("refuses an expired or unknown reservation with carrier.reservation_expired", async () => {
    const { carrier, clock, tick } = setup();
    const reservation = await carrier.reserve(["+13125550100"], clock());
    tick(31 * 60);
    await expectCarrierError(carrier.order(reservation.reservation_id, ["+13125550100"], clock()), "carrier.reservation_expired");
    await expectCarrierError(carrier.order("res-unknown", ["+13125550100"], clock()), "carrier.reservation_expired");
    await carrier.releaseReservation(reservation.reservation_id);
  });

  it("reports numbers of the request the reservation does not hold as unavailable", async () => {
    const { carrier, clock } = setup();
    const reservation = await carrier.reserve(["+14155550123"], clock());
    const order = await carrier.order(reservation.reservation_id, ["+14155550123", "+14155550124"], clock());
    expect(order.numbers[1]).toEqual({ e164: "+14155550124", status: "failed", reason: "carrier.number_unavailable" });
  });

  it("maps an unknown order to carrier.not_found and a wrong API key to carrier.unavailable", async () => {
    const { carrier, clock } = setup();
    await expectCarrierError(carrier.getOrder("ord-unknown", ["+12125550142"], clock()), "carrier.not_found");
    const wrong = setup({ apiKey: "wrong" });
    await expectCarrierError(wrong.carrier.searchAvailable(criteria(), wrong.clock()), "carrier.unavailable");
  });
});

describe("Telnyx carrier: porting", () => {
  it("checks portability (toll-free and refused numbers with their reason)", async () => {
    const { carrier } = setup();
    const results = await carrier.checkPortability(["+12125550142", "+18005550100", "+12125559999"]);
    expect(results.map((result) => [result.e164, result.portable, result.fast_portable, result.reason])).toEqual([
      ["+12125550142", true, true, null],
      ["+18005550100", false, false, "carrier.port_toll_free"],
      ["+12125559999", false, false, "carrier.not_portable"],
    ]);
    expect(results[1]?.type).toBe("toll_free");
  });

  it("files a port split by losing carrier with documents, PIN and FOC date, and follows it to completion", async () => {
    const { carrier, clock, tick, sim } = setup({ portStepSeconds: 60 });
    const port = await carrier.createPortOrder(portRequest(), clock());
    expect(port.status).toBe("submitted");
    const ids = port.carrier_port_id.split(",");
    expect(ids).toHaveLength(2);
    for (const id of ids) {
      const sent = sim.ports.get(id);
      expect(sent?.end_user.admin).toMatchObject({ account_number: "ACC-1234", pin_passcode: "4321", auth_person_name: "Ana Trujillo" });
      expect(sent?.end_user.location).toMatchObject({
        street_address: "350 Fifth Ave",
        extended_address: "Suite 2100",
        postal_code: "10118-0001",
      });
      expect(sent?.foc_datetime_requested).toBe("2026-12-07T16:00:00Z");
      expect(sent?.webhook_url).toBe("https://portal.example/webhooks/telnyx");
      expect(sim.documents.get(sent?.documents.loa ?? "")?.filename).toBe("loa.pdf");
      expect(sim.documents.get(sent?.documents.invoice ?? "")?.filename).toBe("bill.pdf");
    }
    expect(await carrier.getPortOrder(port.carrier_port_id, clock())).toMatchObject({ status: "submitted", foc_date: null });
    tick(61);
    expect(await carrier.getPortOrder(port.carrier_port_id, clock())).toMatchObject({ status: "foc_confirmed", foc_date: "2026-12-07" });
    tick(60);
    expect(await carrier.getPortOrder(port.carrier_port_id, clock())).toMatchObject({ status: "completed", foc_date: "2026-12-07" });
    await expectCarrierError(carrier.cancelPortOrder(port.carrier_port_id, clock()), "carrier.order_rejected");
  });

  it("reports the losing carrier's exception with AMP's message key, and cancels", async () => {
    const { carrier, clock, tick } = setup({ portStepSeconds: 60 });
    const port = await carrier.createPortOrder(portRequest({ account_number: "ACC-1000", numbers: ["+13125550144"] }), clock());
    tick(61);
    expect(await carrier.getPortOrder(port.carrier_port_id, clock())).toMatchObject({
      status: "exception",
      exception: "carrier.port_account_mismatch",
    });
    expect(await carrier.cancelPortOrder(port.carrier_port_id, clock())).toMatchObject({ status: "cancelled" });
    expect(await carrier.getPortOrder(port.carrier_port_id, clock())).toMatchObject({ status: "cancelled" });
  });

  it("needs both documents, and leaves no draft behind when Telnyx refuses the order", async () => {
    const { carrier, clock, sim } = setup();
    await expectCarrierError(carrier.createPortOrder(portRequest({ documents: [] }), clock()), "carrier.port_documents_required");
    expect(sim.ports.size).toBe(0);
    await expectCarrierError(carrier.createPortOrder(portRequest({ numbers: ["+18005550100"] }), clock()), "carrier.not_portable");
    await expectCarrierError(carrier.createPortOrder(portRequest({ authorized_person: "" }), clock()), "carrier.order_rejected");
    expect(sim.ports.size).toBe(0);
  });
});

describe("Telnyx carrier: number lookup", () => {
  it("reads carrier, SPID, OCN, LRN, line type, porting history and the caller name (CNAM)", async () => {
    const { carrier } = setup();
    expect(await carrier.lookupNumber("+12125550143")).toMatchObject({
      e164: "+12125550143",
      carrier: "Demo Cable Voice",
      holding_vendor: "Demo Cable Voice",
      spid: "993C",
      ocn: "993C",
      lrn: "+12129900143",
      line_type: "voip",
      ported: true,
      ported_at: "2021-06-15",
      state: "NY",
      city: "New York",
      // From the second lookup, `type=caller-name`.
      cnam: "NEW YORK NY",
    });
    expect(await carrier.lookupNumber("+18005550100")).toMatchObject({
      type: "toll_free",
      line_type: "toll_free",
      lrn: null,
      ported: false,
      cnam: null,
    });
  });
});

describe("Telnyx carrier: E911", () => {
  it("validates an address: valid as sent, a suggested correction in AMP's fields, or not found", async () => {
    const { carrier } = setup();
    expect(await carrier.validateE911Address(address())).toEqual({ status: "valid", suggestion: null, reason: null });
    const suggested = await carrier.validateE911Address(address({ street_suffix: null, city: "New York", postal_code_plus4: null }));
    expect(suggested.status).toBe("suggested");
    expect(suggested.suggestion).toMatchObject({
      house_number: "350",
      street_name: "Fifth",
      street_suffix: "St",
      city: "NEW YORK",
      postal_code: "10118",
      postal_code_plus4: "0001",
      unit: "Suite 2100",
      caller_name: "Northwind Traders",
    });
    expect(await carrier.validateE911Address(address({ street_name: "Nowhere" }))).toEqual({
      status: "invalid",
      suggestion: null,
      reason: "carrier.e911_address_not_found",
    });
  });

  it("provisions E911 on a number the account holds, refuses the emergency provider's failures, and removes it", async () => {
    const { carrier, clock, tick, sim } = setup({ orderDelaySeconds: 1 });
    const numbers = ["+16175550101", "+16175550911"];
    const reservation = await carrier.reserve(numbers, clock());
    await carrier.order(reservation.reservation_id, numbers, clock());
    tick(2);
    expect(await carrier.provisionE911("+16175550101", address())).toEqual({ status: "provisioned", reason: null });
    expect(sim.owned.get("+16175550101")).toMatchObject({ emergency_enabled: true, emergency_status: "active" });
    const created = [...sim.addresses.values()].at(-1);
    expect(created).toMatchObject({ first_name: "Northwind", last_name: "Traders", business_name: "Northwind Traders" });
    expect(await carrier.provisionE911("+16175550911", address())).toEqual({
      status: "failed",
      reason: "carrier.e911_provisioning_failed",
    });
    expect(await carrier.provisionE911("+16175550101", address({ street_name: "Nowhere" }))).toEqual({
      status: "failed",
      reason: "carrier.e911_provisioning_failed",
    });
    await expectCarrierError(carrier.provisionE911("+16175550199", address()), "carrier.not_found");
    expect(await carrier.removeE911("+16175550101")).toEqual({ status: "removed", reason: null });
    expect(sim.owned.get("+16175550101")).toMatchObject({ emergency_enabled: false, emergency_status: "disabled" });
    expect(await carrier.removeE911("+16175550101")).toEqual({ status: "removed", reason: null });
  });
});

describe("Telnyx address mapping", () => {
  it("joins AMP's fields into Telnyx's street line and splits a suggestion back", () => {
    const input = address({
      house_number_suffix: "1/2",
      pre_directional: "W",
      street_name: "Main",
      street_suffix: "St",
      post_directional: "NE",
    });
    expect(toTelnyxAddress(input)).toEqual({
      street_address: "350 1/2 W Main St NE",
      extended_address: "Suite 2100",
      locality: "NEW YORK",
      administrative_area: "NY",
      postal_code: "10118-0001",
      country_code: "US",
    });
    expect(parseStreetLine("350 1/2 West Main Street Northeast")).toEqual({
      house_number: "350",
      house_number_suffix: "1/2",
      pre_directional: "W",
      street_name: "Main",
      street_suffix: "St",
      post_directional: "NE",
    });
    // A street named like a directional or a suffix keeps its name.
    expect(parseStreetLine("12 North").street_name).toBe("North");
    expect(parseStreetLine("12 Court St")).toMatchObject({ street_name: "Court", street_suffix: "St" });
    expect(fromTelnyxAddress({ postal_code: "K1A 0B1", country_code: "CA" }, address({ country: "CA" }))).toMatchObject({
      postal_code: "K1A 0B1",
      postal_code_plus4: null,
      country: "CA",
    });
  });
});

describe("Telnyx carrier: configuration", () => {
  it("is chosen by CARRIER=telnyx, needs its API key, and times out like any carrier", async () => {
    const db = createDb((await import("cloudflare:workers")).env.DB);
    expect(createCarrier({ CARRIER: "telnyx", TELNYX_API_KEY: "k", TELNYX_BASE_URL: "http://127.0.0.1:9/v2" }, db).name).toBe("telnyx");
    expect(() => createCarrier({ CARRIER: "telnyx" }, db)).toThrow(/TELNYX_API_KEY/);
    await expectCarrierError(
      callWithTimeout("slow", () => new Promise(() => {}), 10),
      "carrier.timeout",
    );
  });
});
