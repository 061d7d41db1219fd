/**
 * A local Telnyx: the API v2 endpoints AMP's Telnyx carrier calls, with the request and response shapes of
 * Telnyx's SDK, kept in memory, and the webhooks Telnyx would send, signed with an Ed25519 key pair made at
 * start. One Request → Response handler, so the same simulator serves `npm run telnyx:sim` (a Node HTTP server,
 * scripts/telnyx-sim.mjs) and the backend tests (handed to the SDK as its `fetch`, inside workerd).
 *
 * Its rules (docs/telnyx.md, "The simulator") follow the sandbox carrier's, so the same demo works on both:
 * - search is deterministic for a query; numbers someone holds are never offered;
 * - an ordered number completes after `orderDelaySeconds`, except numbers ending in 0000, which fail;
 * - toll-free numbers and numbers ending in 9999 are not portable; a port is split in one order per losing
 *   carrier (even last digit: Sandbox Telco, odd: Demo Cable Voice); each order advances one status per
 *   `portStepSeconds` after its confirmation (FOC confirmed, then ported); an account number ending in 000
 *   stops at an exception (ACCOUNT_NUMBER_MISMATCH);
 * - an address whose street contains "Nowhere" is invalid; one without a street suffix, a lower-case city or a
 *   US ZIP without +4 gets a suggestion; emergency calling fails for numbers ending in 0911.
 * This file imports nothing, so Node (type stripping) and workerd (the backend tests) both run it as it is.
 */

export interface SimOptions {
  /** The API key requests must carry (Authorization: Bearer …). */
  apiKey: string;
  orderDelaySeconds?: number;
  portStepSeconds?: number;
  /** The clock (tests move it). */
  now?: () => Date;
}

/** A signed webhook as Telnyx posts it: the raw body and the two signature headers. */
export interface SignedWebhook {
  body: string;
  headers: { "content-type": string; "telnyx-signature-ed25519": string; "telnyx-timestamp": string };
}

interface ReservationRecord {
  id: string;
  created_at: string;
  numbers: { phone_number: string; expired_at: string }[];
}

interface OrderRecord {
  id: string;
  created_at: string;
  due_at: number;
  connection_id: string | null;
  messaging_profile_id: string | null;
  customer_reference: string | null;
  numbers: string[];
  settled: boolean;
}

interface OwnedNumber {
  id: string;
  phone_number: string;
  connection_id: string | null;
  messaging_profile_id: string | null;
  emergency_enabled: boolean;
  emergency_address_id: string | null;
  emergency_status: "disabled" | "active" | "provisioning-failed";
}

type PortStatus = "draft" | "submitted" | "exception" | "foc-date-confirmed" | "ported" | "cancelled";

interface PortRecord {
  id: string;
  created_at: string;
  phone_numbers: string[];
  old_service_provider: string;
  end_user: { admin: Record<string, string | null>; location: Record<string, string | null> };
  documents: { loa: string | null; invoice: string | null };
  foc_datetime_requested: string | null;
  misc: Record<string, unknown> | null;
  phone_number_configuration: Record<string, unknown>;
  webhook_url: string | null;
  status: PortStatus;
  confirmed_at: number | null;
  /** The status last announced by webhook. */
  announced: PortStatus;
}

const AREAS = [
  { npa: "212", country: "US", state: "NY", rate_center: "NWYRCYZN01", city: "New York" },
  { npa: "312", country: "US", state: "IL", rate_center: "CHICAGO", city: "Chicago" },
  { npa: "415", country: "US", state: "CA", rate_center: "SNFC CNTRL", city: "San Francisco" },
  { npa: "512", country: "US", state: "TX", rate_center: "AUSTIN", city: "Austin" },
  { npa: "617", country: "US", state: "MA", rate_center: "BOSTON", city: "Boston" },
  { npa: "503", country: "US", state: "OR", rate_center: "PORTLAND", city: "Portland" },
  { npa: "416", country: "CA", state: "ON", rate_center: "TORONTO", city: "Toronto" },
  { npa: "604", country: "CA", state: "BC", rate_center: "VANCOUVER", city: "Vancouver" },
] as const;
const TOLL_FREE = ["800", "833", "844", "855", "866", "877", "888"];

export const SIM_HOLDERS = {
  even: { name: "Sandbox Telco", spid: "991A", ocn: "991A", type: "fixed line" },
  odd: { name: "Demo Cable Voice", spid: "993C", ocn: "993C", type: "voip" },
  mobile: { name: "Example Wireless", spid: "992B", ocn: "992B", type: "mobile" },
  tollFree: { name: "Sandbox Toll-Free", spid: "994D", ocn: "994D", type: "toll free" },
} as const;

function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

function prng(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const error = (status: number, code: string, title: string, detail?: string) =>
  json(status, { errors: [{ code, title, ...(detail ? { detail } : {}) }] });

const isTollFree = (e164: string) => TOLL_FREE.some((npa) => e164.startsWith(`+1${npa}`));
const isMobile = (e164: string) => !isTollFree(e164) && /^[34]/.test(e164.slice(5));
const holderOf = (e164: string) =>
  isTollFree(e164)
    ? SIM_HOLDERS.tollFree
    : isMobile(e164)
      ? SIM_HOLDERS.mobile
      : Number(e164.slice(-1)) % 2 === 0
        ? SIM_HOLDERS.even
        : SIM_HOLDERS.odd;

const base64 = (bytes: Uint8Array) => {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

export class TelnyxSimulator {
  readonly reservations = new Map<string, ReservationRecord>();
  readonly orders = new Map<string, OrderRecord>();
  readonly owned = new Map<string, OwnedNumber>();
  readonly ports = new Map<string, PortRecord>();
  readonly documents = new Map<string, { filename: string; size: number }>();
  readonly addresses = new Map<string, Record<string, unknown>>();
  /** Every request, as "METHOD /path" (tests read it). */
  readonly requests: string[] = [];
  private keys: CryptoKeyPair | null = null;
  /** Events due but not yet handed out by advance(). */
  private readonly outbox: unknown[] = [];
  private sequence = 0;

  private readonly options: SimOptions;

  constructor(options: SimOptions) {
    this.options = options;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private id(prefix: string): string {
    this.sequence += 1;
    const random = crypto.randomUUID().slice(9);
    return `${prefix}-${String(this.sequence).padStart(4, "0")}-${random}`;
  }

  /** The webhook key pair, made on first use; the public key (raw, base64) is TELNYX_PUBLIC_KEY. */
  async publicKey(): Promise<string> {
    const keys = await this.keyPair();
    return base64(new Uint8Array((await crypto.subtle.exportKey("raw", keys.publicKey)) as ArrayBuffer));
  }

  private async keyPair(): Promise<CryptoKeyPair> {
    this.keys ??= (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
    return this.keys;
  }

  /** Signs a body as Telnyx does: Ed25519 over `${timestamp}|${body}`, both headers base64 / seconds. */
  async sign(body: string, timestamp = Math.floor(this.now().getTime() / 1000)): Promise<SignedWebhook> {
    const keys = await this.keyPair();
    const signature = await crypto.subtle.sign({ name: "Ed25519" }, keys.privateKey, new TextEncoder().encode(`${timestamp}|${body}`));
    return {
      body,
      headers: {
        "content-type": "application/json",
        "telnyx-signature-ed25519": base64(new Uint8Array(signature)),
        "telnyx-timestamp": String(timestamp),
      },
    };
  }

  /** A Telnyx event envelope. */
  private event(eventType: string, payload: unknown) {
    return {
      data: { event_type: eventType, id: crypto.randomUUID(), occurred_at: this.now().toISOString(), payload, record_type: "event" },
      meta: { attempt: 1, delivered_to: "" },
    };
  }

  /**
   * Moves every order and port whose time has come and answers the webhooks Telnyx would send for it
   * (`number_order.complete`, `porting_order.status_changed`), signed. The server calls this every second.
   */
  async advance(): Promise<SignedWebhook[]> {
    this.settle();
    const events = this.outbox.splice(0);
    return Promise.all(events.map((event) => this.sign(JSON.stringify(event))));
  }

  /** Moves what is due; the events wait in the outbox until advance() hands them out. */
  private settle(): void {
    const now = this.now().getTime();
    const events = this.outbox;
    for (const order of this.orders.values()) {
      if (order.settled || now < order.due_at) continue;
      order.settled = true;
      for (const phone_number of order.numbers) {
        if (phone_number.endsWith("0000")) continue;
        this.owned.set(phone_number, {
          id: this.id("pn"),
          phone_number,
          connection_id: order.connection_id,
          messaging_profile_id: order.messaging_profile_id,
          emergency_enabled: false,
          emergency_address_id: null,
          emergency_status: "disabled",
        });
      }
      events.push(this.event("number_order.complete", this.orderView(order)));
    }
    const step = (this.options.portStepSeconds ?? 60) * 1000;
    for (const port of this.ports.values()) {
      if (port.confirmed_at === null || port.status === "cancelled" || port.status === "ported") continue;
      const steps = Math.floor((now - port.confirmed_at) / step);
      if (steps >= 1 && port.status === "submitted") {
        port.status = (port.end_user.admin.account_number ?? "").endsWith("000") ? "exception" : "foc-date-confirmed";
      }
      if (steps >= 2 && port.status === "foc-date-confirmed") {
        port.status = "ported";
        for (const phone_number of port.phone_numbers) {
          this.owned.set(phone_number, {
            id: this.id("pn"),
            phone_number,
            connection_id: (port.phone_number_configuration.connection_id as string) ?? null,
            messaging_profile_id: (port.phone_number_configuration.messaging_profile_id as string) ?? null,
            emergency_enabled: false,
            emergency_address_id: null,
            emergency_status: "disabled",
          });
        }
      }
      if (port.status !== port.announced) {
        port.announced = port.status;
        events.push(this.event("porting_order.status_changed", { ...this.portView(port), webhook_url: port.webhook_url }));
      }
    }
  }

  /** Answers one API request (base path /v2). */
  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/v2/, "");
    this.requests.push(`${request.method} ${path}`);
    if (request.headers.get("authorization") !== `Bearer ${this.options.apiKey}`) {
      return error(401, "10009", "Authentication failed", "The API key is missing or wrong.");
    }
    this.settle();
    const body =
      request.method === "GET" || request.method === "DELETE" ? {} : ((await request.json().catch(() => ({}))) as Record<string, unknown>);
    const segments = path.split("/").filter(Boolean).map(decodeURIComponent);
    const route = `${request.method} /${segments.map((segment, index) => (index === 1 && segment !== "actions" ? ":id" : segment)).join("/")}`;
    const id = segments[1] ?? "";
    switch (route) {
      case "GET /available_phone_numbers":
        return this.search(url.searchParams);
      case "POST /number_reservations":
        return this.reserve(body);
      case "GET /number_reservations/:id":
        return this.reservationOf(id);
      case "POST /number_orders":
        return this.order(body);
      case "GET /number_orders/:id": {
        const order = this.orders.get(id);
        return order ? json(200, { data: this.orderView(order) }) : error(404, "10005", "Resource not found");
      }
      case "GET /phone_numbers":
        return this.listNumbers(url.searchParams);
      case "DELETE /phone_numbers/:id":
        return this.deleteNumber(id);
      case "GET /phone_numbers/:id/voice":
        return this.voice(id);
      case "POST /phone_numbers/:id/actions/enable_emergency":
        return this.enableEmergency(id, body);
      case "POST /portability_checks":
        return this.portability(body);
      case "POST /porting_orders":
        return this.createPorts(body);
      case "GET /porting_orders/:id":
      case "PATCH /porting_orders/:id":
      case "DELETE /porting_orders/:id":
        return this.port(request.method, id, body);
      case "POST /porting_orders/:id/actions/confirm":
        return this.confirmPort(id);
      case "POST /porting_orders/:id/actions/cancel":
        return this.cancelPort(id);
      case "POST /documents":
        return this.upload(body);
      case "POST /addresses/actions/validate":
        return this.validate(body);
      case "POST /addresses":
        return this.createAddress(body);
      default:
        if (request.method === "GET" && segments[0] === "number_lookup" && segments[1])
          return this.lookup(segments[1], url.searchParams.get("type"));
        return error(404, "10005", "Resource not found", `${request.method} ${path} is not simulated`);
    }
  }

  private held(e164: string): boolean {
    if (this.owned.has(e164)) return true;
    for (const order of this.orders.values()) if (!order.settled && order.numbers.includes(e164)) return true;
    const now = this.now().getTime();
    for (const reservation of this.reservations.values()) {
      if (reservation.numbers.some((entry) => entry.phone_number === e164 && Date.parse(entry.expired_at) > now)) return true;
    }
    return false;
  }

  private search(query: URLSearchParams): Response {
    const filter = (name: string) => query.get(`filter[${name}]`) ?? undefined;
    const country = filter("country_code") ?? "US";
    const type = filter("phone_number_type") ?? "local";
    const ndc = filter("national_destination_code");
    const state = filter("administrative_area");
    const locality = filter("locality")?.toLowerCase();
    const features = (filter("features") ?? "").split(",").filter(Boolean);
    const limit = Math.min(Number(filter("limit") ?? "10") || 10, 100);
    const startsWith = filter("phone_number][starts_with");
    const contains = filter("phone_number][contains");
    const endsWith = filter("phone_number][ends_with");
    const areas =
      type === "toll_free"
        ? TOLL_FREE.filter((npa) => !ndc || npa === ndc).map((npa) => ({ npa, country: "US", state: "", rate_center: "", city: "" }))
        : AREAS.filter(
            (area) =>
              area.country === country &&
              (!ndc || area.npa === ndc) &&
              (!state || area.state === state) &&
              (!locality || area.city.toLowerCase() === locality || area.rate_center.toLowerCase() === locality),
          );
    const random = prng(hash(query.toString()));
    const found = new Map<string, unknown>();
    for (let attempt = 0; attempt < 4000 && found.size < limit && areas.length > 0; attempt++) {
      const area = areas[Math.floor(random() * areas.length)] as (typeof areas)[number];
      const digits = Array.from({ length: 7 }, () => String(Math.floor(random() * 10)));
      digits[0] = String(type === "mobile" ? 3 + Math.floor(random() * 2) : 5 + Math.floor(random() * 5));
      const place = (pattern: string, at: number) => digits.splice(at, pattern.length, ...pattern.split(""));
      // The filters apply to the local number when an NDC is given, else to the national number.
      const offset = ndc ? 0 : 3;
      if (startsWith && startsWith.length > offset) place(startsWith.slice(offset), 0);
      if (endsWith) place(endsWith.slice(-7), 7 - Math.min(endsWith.length, 7));
      if (contains && contains.length <= 7) place(contains, 3 + Math.floor(random() * Math.max(1, 5 - contains.length)));
      const local = digits.join("");
      const national = `${area.npa}${local}`;
      const subject = ndc ? local : national;
      if (startsWith && !subject.startsWith(startsWith)) continue;
      if (endsWith && !subject.endsWith(endsWith)) continue;
      if (contains && !subject.includes(contains)) continue;
      if (local.slice(1, 3) === "11" || local.startsWith("555") || (!contains && !endsWith && local.endsWith("0000"))) continue;
      const e164 = `+1${national}`;
      if (found.has(e164) || this.held(e164)) continue;
      const numberFeatures =
        type === "toll_free"
          ? ["voice", "sms"]
          : hash(e164) % 3 === 0
            ? ["voice", "sms", "mms", "emergency"]
            : ["voice", "sms", "mms", "fax", "emergency"];
      if (!features.every((feature) => numberFeatures.includes(feature))) continue;
      found.set(e164, {
        record_type: "available_phone_number",
        phone_number: e164,
        vanity_format: "",
        best_effort: false,
        quickship: true,
        reservable: true,
        region_information: [
          { region_type: "country_code", region_name: area.country },
          ...(area.rate_center ? [{ region_type: "rate_center", region_name: area.rate_center }] : []),
          ...(area.state ? [{ region_type: "state", region_name: area.state }] : []),
          ...(area.city ? [{ region_type: "location", region_name: area.city }] : []),
        ],
        cost_information: { currency: "USD", monthly_cost: type === "toll_free" ? "2.00" : "1.00", upfront_cost: "1.00" },
        features: numberFeatures.map((name) => ({ name })),
      });
    }
    return json(200, { data: [...found.values()], meta: { total_results: found.size, best_effort_results: 0 } });
  }

  private reserve(body: Record<string, unknown>): Response {
    const numbers = ((body.phone_numbers as { phone_number?: string }[] | undefined) ?? []).map((entry) => entry.phone_number ?? "");
    if (numbers.length === 0) return error(422, "10015", "Invalid phone numbers", "phone_numbers is required");
    const taken = numbers.filter((e164) => !/^\+1[2-9]\d{9}$/.test(e164) || this.held(e164));
    if (taken.length > 0) return error(422, "85001", "Number not available", `Not available: ${taken.join(", ")}`);
    const now = this.now();
    const expired_at = new Date(now.getTime() + 30 * 60_000).toISOString();
    const reservation: ReservationRecord = {
      id: this.id("res"),
      created_at: now.toISOString(),
      numbers: numbers.map((phone_number) => ({ phone_number, expired_at })),
    };
    this.reservations.set(reservation.id, reservation);
    return json(200, { data: this.reservationView(reservation) });
  }

  private reservationView(reservation: ReservationRecord) {
    return {
      id: reservation.id,
      record_type: "number_reservation",
      status: "success",
      created_at: reservation.created_at,
      updated_at: reservation.created_at,
      phone_numbers: reservation.numbers.map((entry) => ({
        id: `${reservation.id}-${entry.phone_number.slice(1)}`,
        record_type: "reserved_phone_number",
        phone_number: entry.phone_number,
        status: "success",
        expired_at: entry.expired_at,
        created_at: reservation.created_at,
        updated_at: reservation.created_at,
      })),
    };
  }

  private reservationOf(id: string): Response {
    const reservation = this.reservations.get(id);
    return reservation ? json(200, { data: this.reservationView(reservation) }) : error(404, "10005", "Resource not found");
  }

  private order(body: Record<string, unknown>): Response {
    const numbers = ((body.phone_numbers as { phone_number?: string }[] | undefined) ?? []).map((entry) => entry.phone_number ?? "");
    if (numbers.length === 0) return error(422, "10015", "Invalid phone numbers", "phone_numbers is required");
    const now = this.now();
    const mine = (e164: string) =>
      [...this.reservations.values()].some((reservation) =>
        reservation.numbers.some((entry) => entry.phone_number === e164 && Date.parse(entry.expired_at) > now.getTime()),
      );
    const unavailable = numbers.filter((e164) => !mine(e164) && this.held(e164));
    if (unavailable.length > 0) return error(422, "85001", "Number not available", `Not available: ${unavailable.join(", ")}`);
    const order: OrderRecord = {
      id: this.id("ord"),
      created_at: now.toISOString(),
      due_at: now.getTime() + (this.options.orderDelaySeconds ?? 5) * 1000,
      connection_id: (body.connection_id as string) ?? null,
      messaging_profile_id: (body.messaging_profile_id as string) ?? null,
      customer_reference: (body.customer_reference as string) ?? null,
      numbers,
      settled: false,
    };
    this.orders.set(order.id, order);
    // The numbers leave their reservation once ordered.
    for (const reservation of this.reservations.values()) {
      reservation.numbers = reservation.numbers.filter((entry) => !numbers.includes(entry.phone_number));
    }
    return json(200, { data: this.orderView(order) });
  }

  private orderView(order: OrderRecord) {
    const statusOf = (e164: string) => (!order.settled ? "pending" : e164.endsWith("0000") ? "failure" : "success");
    const statuses = order.numbers.map(statusOf);
    return {
      id: order.id,
      record_type: "number_order",
      status: statuses.includes("pending") ? "pending" : statuses.every((status) => status === "failure") ? "failure" : "success",
      connection_id: order.connection_id,
      messaging_profile_id: order.messaging_profile_id,
      customer_reference: order.customer_reference,
      phone_numbers_count: order.numbers.length,
      requirements_met: true,
      created_at: order.created_at,
      updated_at: order.created_at,
      phone_numbers: order.numbers.map((phone_number) => ({
        id: `${order.id}-${phone_number.slice(1)}`,
        record_type: "number_order_phone_number",
        phone_number,
        phone_number_type: isTollFree(phone_number) ? "toll_free" : "local",
        country_code: "US",
        requirements_met: true,
        status: statusOf(phone_number),
      })),
    };
  }

  private numberView(number: OwnedNumber) {
    return {
      id: number.id,
      record_type: "phone_number",
      phone_number: number.phone_number,
      status: "active",
      connection_id: number.connection_id,
      messaging_profile_id: number.messaging_profile_id,
      emergency_enabled: number.emergency_enabled,
      emergency_address_id: number.emergency_address_id,
    };
  }

  private listNumbers(query: URLSearchParams): Response {
    const wanted = query.get("filter[phone_number]");
    const numbers = [...this.owned.values()].filter((number) => !wanted || number.phone_number === wanted);
    return json(200, {
      data: numbers.map((number) => this.numberView(number)),
      meta: { page_number: 1, page_size: 20, total_pages: 1, total_results: numbers.length },
    });
  }

  private byId(id: string): OwnedNumber | undefined {
    return [...this.owned.values()].find((number) => number.id === id);
  }

  private deleteNumber(id: string): Response {
    const number = this.byId(id);
    if (!number) return error(404, "10005", "Resource not found");
    this.owned.delete(number.phone_number);
    return json(200, { data: { ...this.numberView(number), status: "deleted" } });
  }

  private voiceView(number: OwnedNumber) {
    return {
      id: number.id,
      record_type: "voice_settings",
      phone_number: number.phone_number,
      connection_id: number.connection_id,
      emergency: {
        emergency_enabled: number.emergency_enabled,
        emergency_address_id: number.emergency_address_id,
        emergency_status: number.emergency_status,
      },
    };
  }

  private voice(id: string): Response {
    const number = this.byId(id);
    return number ? json(200, { data: this.voiceView(number) }) : error(404, "10005", "Resource not found");
  }

  private enableEmergency(id: string, body: Record<string, unknown>): Response {
    const number = this.byId(id);
    if (!number) return error(404, "10005", "Resource not found");
    const addressId = body.emergency_address_id as string | undefined;
    if (!addressId || !this.addresses.has(addressId))
      return error(422, "10015", "Invalid emergency address", "emergency_address_id is unknown");
    if (body.emergency_enabled === false) {
      Object.assign(number, { emergency_enabled: false, emergency_status: "disabled" });
    } else if (number.phone_number.endsWith("0911")) {
      return error(422, "10015", "Emergency services could not be enabled", "The emergency provider refused the number.");
    } else {
      Object.assign(number, { emergency_enabled: true, emergency_address_id: addressId, emergency_status: "active" });
    }
    return json(200, { data: this.voiceView(number) });
  }

  private portability(body: Record<string, unknown>): Response {
    const numbers = (body.phone_numbers as string[] | undefined) ?? [];
    return json(200, {
      data: numbers.map((phone_number) => {
        const tollFree = isTollFree(phone_number);
        const portable = !tollFree && !phone_number.endsWith("9999");
        return {
          record_type: "portability_check_result",
          phone_number,
          portable,
          fast_portable: portable && AREAS.some((area) => phone_number.startsWith(`+1${area.npa}`)),
          not_portable_reason: tollFree
            ? "Toll-free numbers cannot be ported here"
            : portable
              ? ""
              : "The losing carrier does not allow ports",
        };
      }),
    });
  }

  private createPorts(body: Record<string, unknown>): Response {
    const numbers = (body.phone_numbers as string[] | undefined) ?? [];
    if (numbers.length === 0) return error(422, "10015", "Invalid phone numbers", "phone_numbers is required");
    const refused = numbers.filter((e164) => isTollFree(e164) || e164.endsWith("9999"));
    if (refused.length > 0) return error(422, "10015", "Phone number not portable", `Not portable: ${refused.join(", ")}`);
    const groups = new Map<string, string[]>();
    for (const e164 of numbers) groups.set(holderOf(e164).name, [...(groups.get(holderOf(e164).name) ?? []), e164]);
    const now = this.now().toISOString();
    const created = [...groups.entries()].map(([holder, phone_numbers]) => {
      const port: PortRecord = {
        id: this.id("port"),
        created_at: now,
        phone_numbers,
        old_service_provider: holder,
        end_user: { admin: {}, location: {} },
        documents: { loa: null, invoice: null },
        foc_datetime_requested: null,
        misc: null,
        phone_number_configuration: {},
        webhook_url: null,
        status: "draft",
        confirmed_at: null,
        announced: "draft",
      };
      this.ports.set(port.id, port);
      return this.portView(port);
    });
    return json(201, { data: created });
  }

  private portView(port: PortRecord) {
    return {
      id: port.id,
      record_type: "porting_order",
      created_at: port.created_at,
      updated_at: port.created_at,
      phone_numbers: port.phone_numbers.map((phone_number) => ({ phone_number, record_type: "porting_phone_number" })),
      porting_phone_numbers_count: port.phone_numbers.length,
      old_service_provider_ocn: holderOf(port.phone_numbers[0] as string).ocn,
      end_user: port.end_user,
      documents: port.documents,
      misc: port.misc,
      phone_number_configuration: port.phone_number_configuration,
      webhook_url: port.webhook_url,
      activation_settings: {
        foc_datetime_requested: port.foc_datetime_requested,
        foc_datetime_actual: port.status === "foc-date-confirmed" || port.status === "ported" ? port.foc_datetime_requested : null,
        fast_port_eligible: false,
      },
      status: {
        value: port.status,
        details:
          port.status === "exception"
            ? [{ code: "ACCOUNT_NUMBER_MISMATCH", description: "The account number does not match the losing carrier's records." }]
            : [],
      },
    };
  }

  private port(method: string, id: string, body: Record<string, unknown>): Response {
    const port = this.ports.get(id);
    if (!port) return error(404, "10005", "Resource not found");
    if (method === "GET") return json(200, { data: this.portView(port) });
    if (port.status !== "draft" && port.status !== "exception")
      return error(422, "10015", "Porting order not editable", `It is ${port.status}.`);
    if (method === "DELETE") {
      this.ports.delete(id);
      return new Response(null, { status: 204 });
    }
    const endUser = body.end_user as PortRecord["end_user"] | undefined;
    if (endUser)
      port.end_user = { admin: { ...port.end_user.admin, ...endUser.admin }, location: { ...port.end_user.location, ...endUser.location } };
    const documents = body.documents as PortRecord["documents"] | undefined;
    if (documents) {
      const unknown = [documents.loa, documents.invoice].filter((document) => document && !this.documents.has(document));
      if (unknown.length > 0) return error(422, "10015", "Unknown document", `No document ${unknown.join(", ")}`);
      port.documents = { ...port.documents, ...documents };
    }
    const activation = body.activation_settings as { foc_datetime_requested?: string } | undefined;
    if (activation?.foc_datetime_requested) port.foc_datetime_requested = activation.foc_datetime_requested;
    if (body.misc) port.misc = body.misc as Record<string, unknown>;
    if (body.phone_number_configuration) port.phone_number_configuration = body.phone_number_configuration as Record<string, unknown>;
    if (typeof body.webhook_url === "string") port.webhook_url = body.webhook_url;
    return json(200, { data: this.portView(port) });
  }

  private confirmPort(id: string): Response {
    const port = this.ports.get(id);
    if (!port) return error(404, "10005", "Resource not found");
    if (port.status !== "draft" && port.status !== "exception")
      return error(422, "10015", "Porting order cannot be confirmed", `It is ${port.status}.`);
    const admin = port.end_user.admin;
    const missing = ["entity_name", "auth_person_name", "billing_phone_number", "account_number"].filter((field) => !admin[field]);
    if (!port.documents.loa) missing.push("documents.loa");
    if (!port.documents.invoice) missing.push("documents.invoice");
    if (!port.end_user.location.street_address) missing.push("end_user.location");
    if (missing.length > 0) return error(422, "10015", "Porting order incomplete", `Missing: ${missing.join(", ")}`);
    port.status = "submitted";
    port.announced = "submitted";
    port.confirmed_at = this.now().getTime();
    return json(200, { data: this.portView(port) });
  }

  private cancelPort(id: string): Response {
    const port = this.ports.get(id);
    if (!port) return error(404, "10005", "Resource not found");
    if (port.status === "ported") return error(422, "10015", "Porting order cannot be cancelled", "It is ported.");
    port.status = "cancelled";
    return json(200, { data: this.portView(port) });
  }

  private upload(body: Record<string, unknown>): Response {
    const file = typeof body.file === "string" ? body.file : "";
    let size = 0;
    try {
      size = atob(file).length;
    } catch {
      size = 0;
    }
    if (size === 0) return error(422, "10015", "Invalid document", "file must be base64 content");
    const id = this.id("doc");
    this.documents.set(id, { filename: String(body.filename ?? "document"), size });
    return json(200, {
      data: { id, record_type: "document", filename: body.filename, status: "pending", size: { amount: size, unit: "bytes" } },
    });
  }

  /** The address this simulator would correct `body` to, and whether it cannot be found at all. */
  private corrected(body: Record<string, unknown>): { invalid: boolean; suggested: Record<string, string> } {
    const street = String(body.street_address ?? "");
    const invalid = /nowhere/i.test(street) || !street.trim();
    const hasSuffix = /\s(st|street|ave|avenue|rd|road|blvd|dr|drive|ln|lane|ct|way|pl|pkwy|hwy)\.?(\s+(n|s|e|w|ne|nw|se|sw))?$/i.test(
      street,
    );
    const country = String(body.country_code ?? "US");
    const postal = String(body.postal_code ?? "");
    const suggested: Record<string, string> = {
      street_address: hasSuffix ? street : `${street} St`,
      locality: String(body.locality ?? "").toUpperCase(),
      administrative_area: String(body.administrative_area ?? "").toUpperCase(),
      postal_code: country !== "CA" && /^\d{5}$/.test(postal) ? `${postal}-0001` : postal,
      country_code: country,
    };
    if (body.extended_address) suggested.extended_address = String(body.extended_address);
    return { invalid, suggested };
  }

  private validate(body: Record<string, unknown>): Response {
    const { invalid, suggested } = this.corrected(body);
    if (invalid) {
      return json(200, {
        data: {
          record_type: "address_validation",
          result: "invalid",
          suggested: {},
          errors: [{ code: "10002", title: "Address not found" }],
        },
      });
    }
    return json(200, { data: { record_type: "address_validation", result: "valid", suggested } });
  }

  private createAddress(body: Record<string, unknown>): Response {
    const required = ["first_name", "last_name", "business_name", "street_address", "locality", "country_code"].filter(
      (field) => !body[field],
    );
    if (required.length > 0) return error(422, "10015", "Missing fields", required.join(", "));
    if (body.validate_address !== false && this.corrected(body).invalid)
      return error(422, "10015", "Address not found", "The address could not be validated.");
    const id = this.id("addr");
    const address = { ...body, id, record_type: "address", created_at: this.now().toISOString() };
    this.addresses.set(id, address);
    return json(200, { data: address });
  }

  /**
   * Number lookup; `type=caller-name` adds the caller name: for a local landline, its city and state (as CNAM
   * databases answer for an unlisted line, the city alone past 15 characters), none for mobile and toll-free.
   */
  private lookup(e164: string, type: string | null): Response {
    if (!/^\+1[2-9]\d{9}$/.test(e164)) return error(404, "10005", "Resource not found", "Not a North American number");
    const holder = holderOf(e164);
    const tollFree = isTollFree(e164);
    const ported = !tollFree && Number(e164.slice(-1)) % 2 === 1;
    const area = AREAS.find((entry) => e164.startsWith(`+1${entry.npa}`));
    return json(200, {
      data: {
        record_type: "number_lookup",
        phone_number: e164,
        country_code: "US",
        national_format: `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`,
        fraud: null,
        carrier: { name: holder.name, normalized_carrier: holder.name, type: holder.type, error_code: null },
        caller_name: { caller_name: type === "caller-name" ? callerNameOf(e164, holder.type, area) : "", error_code: null },
        portability: {
          spid: holder.spid,
          spid_carrier_name: holder.name,
          spid_carrier_type: holder.type,
          ocn: holder.ocn,
          lrn: tollFree ? "" : ported ? `${e164.slice(2, 5)}990${e164.slice(-4)}` : `${e164.slice(2, 5)}5550000`,
          ported_status: tollFree ? "" : ported ? "Y" : "N",
          ported_date: ported ? "2021-06-15" : "",
          city: area?.city ?? "",
          state: area?.state ?? "",
          line_type: holder.type,
        },
      },
    });
  }
}

function callerNameOf(e164: string, lineType: string, area: { city: string; state: string } | undefined): string {
  if (isTollFree(e164) || lineType === "mobile" || !area) return "";
  const both = `${area.city} ${area.state}`.toUpperCase();
  return (both.length <= 15 ? both : area.city.toUpperCase()).slice(0, 15);
}
