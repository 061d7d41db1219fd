import { describe, expect, it } from "vitest";
import { TelnyxSimulator } from "../../scripts/telnyx-sim/core";
import { TelnyxCarrier } from "../src/carriers/telnyx";
import { parseTelnyxEvent, verifyTelnyxWebhook } from "../src/carriers/telnyx-webhooks";
import type { Carrier } from "../src/carriers/types";

/** Webhooks signed by the simulator's key pair, checked with WebCrypto Ed25519 inside workerd. */
async function signer(at = new Date("2026-11-27T15:00:00Z")) {
  let now = at;
  const sim = new TelnyxSimulator({ apiKey: "KEY-sim", orderDelaySeconds: 5, portStepSeconds: 60, now: () => now });
  const publicKey = await sim.publicKey();
  return {
    sim,
    publicKey,
    clock: () => now,
    tick: (seconds: number) => {
      now = new Date(now.getTime() + seconds * 1000);
    },
  };
}

const event = (eventType: string, payload: unknown, id: string = crypto.randomUUID()) =>
  JSON.stringify({
    data: { event_type: eventType, id, occurred_at: "2026-11-27T15:00:00.000Z", payload, record_type: "event" },
    meta: { attempt: 1, delivered_to: "https://portal.example/webhooks/telnyx" },
  });

describe("Telnyx webhook signatures", () => {
  it("accepts a body signed by the key within five minutes", async () => {
    const { sim, publicKey, clock } = await signer();
    const signed = await sim.sign(event("number_order.complete", { id: "ord-1" }));
    expect(await verifyTelnyxWebhook(signed.body, new Headers(signed.headers), publicKey, clock())).toBe("valid");
    // Four minutes late is still in time; the same body with a clock six minutes on is not.
    expect(await verifyTelnyxWebhook(signed.body, new Headers(signed.headers), publicKey, new Date(clock().getTime() + 240_000))).toBe(
      "valid",
    );
    expect(await verifyTelnyxWebhook(signed.body, new Headers(signed.headers), publicKey, new Date(clock().getTime() + 360_000))).toBe(
      "stale",
    );
  });

  it("refuses a tampered body, a stale or future timestamp, another key, and missing headers", async () => {
    const { sim, publicKey, clock } = await signer();
    const body = event("number_order.complete", { id: "ord-1" });
    const signed = await sim.sign(body);
    const headers = new Headers(signed.headers);
    expect(await verifyTelnyxWebhook(body.replace("ord-1", "ord-2"), headers, publicKey, clock())).toBe("bad_signature");
    // The timestamp is part of what is signed: moving it breaks the signature even within the tolerance.
    const moved = new Headers(signed.headers);
    moved.set("telnyx-timestamp", String(Number(signed.headers["telnyx-timestamp"]) + 10));
    expect(await verifyTelnyxWebhook(body, moved, publicKey, clock())).toBe("bad_signature");
    const old = await sim.sign(body, Math.floor(clock().getTime() / 1000) - 301);
    expect(await verifyTelnyxWebhook(body, new Headers(old.headers), publicKey, clock())).toBe("stale");
    const future = await sim.sign(body, Math.floor(clock().getTime() / 1000) + 301);
    expect(await verifyTelnyxWebhook(body, new Headers(future.headers), publicKey, clock())).toBe("stale");
    const other = await signer();
    expect(await verifyTelnyxWebhook(body, headers, other.publicKey, clock())).toBe("bad_signature");
    expect(
      await verifyTelnyxWebhook(body, new Headers({ "telnyx-timestamp": signed.headers["telnyx-timestamp"] }), publicKey, clock()),
    ).toBe("missing_signature");
    expect(await verifyTelnyxWebhook(body, new Headers({ "telnyx-signature-ed25519": "AAAA" }), publicKey, clock())).toBe(
      "missing_signature",
    );
    expect(await verifyTelnyxWebhook(body, headers, undefined, clock())).toBe("no_key");
    const garbage = new Headers(signed.headers);
    garbage.set("telnyx-signature-ed25519", "not base64!");
    expect(await verifyTelnyxWebhook(body, garbage, publicKey, clock())).toBe("bad_signature");
  });

  it("is what the adapter's parseWebhook hook checks, with the TELNYX_PUBLIC_KEY it was given", async () => {
    const { sim, publicKey, clock } = await signer();
    const signed = await sim.sign(event("porting_order.status_changed", { id: "port-1", status: { value: "ported" } }));
    const carrier = new TelnyxCarrier({ apiKey: "KEY-sim", publicKey, fetch: (input, init) => sim.handle(new Request(input, init)) });
    expect(await carrier.parseWebhook({ body: signed.body, headers: new Headers(signed.headers) }, clock())).toMatchObject([
      { event_type: "porting_order.status_changed", subject: { kind: "porting_order", carrier_port_id: "port-1" } },
    ]);
    const tampered = carrier.parseWebhook({ body: signed.body.replace("port-1", "port-2"), headers: new Headers(signed.headers) }, clock());
    await expect(tampered).rejects.toMatchObject({ code: "carrier.webhook_invalid" });
  });
});

describe("Telnyx webhook events", () => {
  it("names the number order or porting order an event is about, and nothing for other events", () => {
    expect(parseTelnyxEvent(event("number_order.complete", { id: "ord-1", phone_numbers: [] }, "evt-1"))).toEqual({
      event_id: "evt-1",
      event_type: "number_order.complete",
      occurred_at: "2026-11-27T15:00:00.000Z",
      subject: { kind: "number_order", carrier_order_id: "ord-1" },
    });
    expect(parseTelnyxEvent(event("porting_order.status_changed", { id: "port-1", status: { value: "exception" } }))).toMatchObject({
      subject: { kind: "porting_order", carrier_port_id: "port-1" },
    });
    expect(parseTelnyxEvent(event("call.initiated", { call_control_id: "x" }, "evt-9"))).toMatchObject({
      event_id: "evt-9",
      subject: null,
    });
    expect(parseTelnyxEvent("not json")).toBeNull();
    expect(parseTelnyxEvent(JSON.stringify({ data: { event_type: "number_order.complete" } }))).toBeNull();
  });

  it("the simulator sends signed events as orders and ports advance, which verify and parse", async () => {
    const { sim, publicKey, clock, tick } = await signer();
    const carrier: Carrier = new TelnyxCarrier({
      apiKey: "KEY-sim",
      publicKey,
      fetch: (input, init) => sim.handle(new Request(input, init)),
    });
    const reservation = await carrier.reserve(["+12125550142"], clock());
    const order = await carrier.order(reservation.reservation_id, ["+12125550142"], clock());
    expect(await sim.advance()).toEqual([]);
    tick(6);
    // A poll in between settles the order but does not swallow its webhook.
    expect((await carrier.getOrder(order.carrier_order_id, ["+12125550142"], clock())).numbers[0]?.status).toBe("complete");
    const [webhook, ...rest] = await sim.advance();
    expect(rest).toEqual([]);
    expect(webhook).toBeDefined();
    if (!webhook) return;
    expect(await carrier.parseWebhook?.({ body: webhook.body, headers: new Headers(webhook.headers) }, clock())).toMatchObject([
      { event_type: "number_order.complete", subject: { kind: "number_order", carrier_order_id: order.carrier_order_id } },
    ]);
    // Announced once.
    tick(6);
    expect(await sim.advance()).toEqual([]);
  });
});
