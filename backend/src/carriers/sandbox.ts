/**
 * The sandbox carrier: a documented, deterministic carrier for training, demos and tests (rules in
 * docs/backend.md, "The sandbox carrier"). It keeps what it holds (reservations, ordered numbers) in its own
 * table, `carrier_sandbox_numbers`, as a real carrier would on its side.
 *
 * - Search is deterministic: the same criteria give the same numbers (a PRNG seeded from the criteria), minus
 *   those someone holds. Mobile numbers come from exchanges 300–499, local ones from the others; NXX 555 and
 *   N11 are never offered, nor numbers ending in 0000 unless the pattern asks for them.
 * - Reservations last 30 minutes. Ordered numbers are `pending` for `orderDelaySeconds`, then `complete` —
 *   except numbers ending in 0000, which then fail with `carrier.order_rejected` and go back to the pool.
 */
import { and, eq, gt, inArray, or, sql } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { Db } from "../db/client";
import { carrierSandboxNumbers, carrierSandboxPorts, carrierSandboxRequests } from "../db/schema";
import { AREA_CODES, type AreaCode, PRICES, TOLL_FREE_NPAS } from "./sandbox-data";
import {
  type AvailableNumber,
  type Capability,
  type Carrier,
  CarrierError,
  type CarrierEvent,
  type CarrierOrder,
  type E911AddressInput,
  type E911Provisioning,
  type E911Validation,
  type NumberLookup,
  type NumberType,
  type OrderedNumber,
  type PortabilityResult,
  type PortOrder,
  type PortOrderRequest,
  type Reservation,
  type SearchCriteria,
  type WebhookRequest,
} from "./types";

export const RESERVATION_MINUTES = 30;
/** D1 allows 100 bound parameters per statement. */
const CHUNK = 90;
export const FAILING_SUFFIX = "0000";

/** FNV-1a: a 32-bit hash of the query, the PRNG's seed. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** mulberry32: small, fast, good enough to look random and exactly reproducible. */
function prng(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The sandbox's split of exchanges between mobile (300–499) and everything else. */
function exchangeType(nxx: string): "mobile" | "local" {
  return nxx[0] === "3" || nxx[0] === "4" ? "mobile" : "local";
}

function isOfferableExchange(nxx: string): boolean {
  return /^[2-9]\d\d$/.test(nxx) && nxx.slice(1) !== "11" && nxx !== "555";
}

/** Capabilities derived from the number itself, so a number always has the same ones. */
export function sandboxCapabilities(e164: string, type: NumberType): Capability[] {
  const h = hash(e164);
  if (type === "toll_free") return h % 4 === 0 ? ["voice", "sms"] : ["voice", "sms", "fax"];
  if (type === "mobile") return ["voice", "sms", "mms", "emergency"];
  const capabilities: Capability[] = ["voice", "sms"];
  if (h % 5 !== 0) capabilities.push("mms");
  if (h % 3 !== 0) capabilities.push("fax");
  capabilities.push("emergency");
  return capabilities;
}

function areasFor(criteria: SearchCriteria): { npa: string; area: AreaCode | null }[] {
  if (criteria.type === "toll_free") {
    const wanted = criteria.npa_nxx?.slice(0, 3) ?? criteria.area_code;
    return TOLL_FREE_NPAS.filter((npa) => !wanted || npa === wanted).map((npa) => ({ npa, area: null }));
  }
  const wanted = criteria.npa_nxx?.slice(0, 3) ?? criteria.area_code;
  const locality = criteria.locality?.toLowerCase();
  return AREA_CODES.filter(
    (area) =>
      area.country === criteria.country &&
      (!wanted || area.npa === wanted) &&
      (!criteria.state || area.state === criteria.state) &&
      (!locality || area.city.toLowerCase() === locality || area.rate_center.toLowerCase() === locality),
  ).map((area) => ({ npa: area.npa, area }));
}

function matchesPattern(local: string, criteria: SearchCriteria): boolean {
  const pattern = criteria.pattern;
  if (!pattern) return !local.endsWith(FAILING_SUFFIX);
  if (criteria.pattern_mode === "starts_with") return local.startsWith(pattern);
  if (criteria.pattern_mode === "ends_with") return local.endsWith(pattern);
  return local.includes(pattern);
}

/** One candidate 7-digit local number (NXX + line) shaped by the criteria, or null when it cannot fit. */
function candidateLocal(random: () => number, criteria: SearchCriteria): string | null {
  const digits = Array.from({ length: 7 }, () => String(Math.floor(random() * 10)));
  digits[0] = String(2 + Math.floor(random() * 8));
  if (criteria.type === "mobile") digits[0] = String(3 + Math.floor(random() * 2));
  if (criteria.type === "local" && (digits[0] === "3" || digits[0] === "4")) digits[0] = String(5 + Math.floor(random() * 5));
  if (criteria.npa_nxx) digits.splice(0, 3, ...criteria.npa_nxx.slice(3).split(""));
  const pattern = criteria.pattern;
  if (pattern) {
    const room = 7 - pattern.length;
    let start = 0;
    if (criteria.pattern_mode === "ends_with") start = room;
    // "contains" lands in the line number when it fits there, so the exchange stays plausible.
    else if (criteria.pattern_mode !== "starts_with")
      start = pattern.length <= 4 ? 3 + Math.floor(random() * (room - 2)) : Math.floor(random() * (room + 1));
    digits.splice(start, pattern.length, ...pattern.split(""));
  }
  const local = digits.join("");
  const nxx = local.slice(0, 3);
  if (!isOfferableExchange(nxx)) return null;
  if (criteria.npa_nxx && nxx !== criteria.npa_nxx.slice(3)) return null;
  if (criteria.type !== "toll_free" && exchangeType(nxx) !== criteria.type) return null;
  return matchesPattern(local, criteria) ? local : null;
}

export interface SandboxOptions {
  orderDelaySeconds: number;
  /** Seconds between two steps of a port order (SANDBOX_PORT_STEP_SECONDS); default 60. */
  portStepSeconds?: number;
  /** Shared secret of the sandbox's webhooks (SANDBOX_WEBHOOK_SECRET); unset: every webhook is refused. */
  webhookSecret?: string;
}

/** A webhook older or newer than this (by its timestamp header) is refused: a replayed request is not news. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** `hex(HMAC-SHA256(secret, "<timestamp>.<raw body>"))`, the sandbox's webhook signature. */
export async function sandboxWebhookSignature(secret: string, timestamp: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${timestamp}.${body}`)));
  return [...mac].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Constant-time comparison of two hex strings. */
function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

export class SandboxCarrier implements Carrier {
  readonly name = "sandbox";
  /** Sandbox rule: the earliest FOC date is 3 business days after the request. */
  readonly minimumFocBusinessDays = 3;

  constructor(
    private readonly db: Db,
    private readonly options: SandboxOptions,
  ) {}

  private get portStepSeconds(): number {
    return this.options.portStepSeconds ?? 60;
  }

  get pollSeconds(): { number_order: number; porting_order: number } {
    return { number_order: Math.max(1, this.options.orderDelaySeconds), porting_order: Math.max(1, this.portStepSeconds) };
  }

  /**
   * Sandbox rule: one answer per request key, as a real carrier's idempotency keys. The first request claims the
   * key; a retry with it gets the stored answer, or `carrier.unavailable` while the first is still being served;
   * a refusal is not kept (the same key may try again).
   */
  private async once<T>(key: string, now: Date, serve: () => Promise<T>): Promise<T> {
    const [claimed] = await this.db
      .insert(carrierSandboxRequests)
      .values({ requestKey: key, result: null, createdAt: now.toISOString() })
      .onConflictDoNothing()
      .returning({ key: carrierSandboxRequests.requestKey });
    if (!claimed) {
      const [row] = await this.db.select().from(carrierSandboxRequests).where(eq(carrierSandboxRequests.requestKey, key));
      if (row?.result) return JSON.parse(row.result) as T;
      throw new CarrierError("carrier.unavailable", `request ${key} is still being served`);
    }
    try {
      const result = await serve();
      await this.db
        .update(carrierSandboxRequests)
        .set({ result: JSON.stringify(result) })
        .where(eq(carrierSandboxRequests.requestKey, key));
      return result;
    } catch (error) {
      await this.db.delete(carrierSandboxRequests).where(eq(carrierSandboxRequests.requestKey, key));
      throw error;
    }
  }

  /** The criteria's candidates in a fixed order: same criteria, same list (quantity aside). */
  generate(criteria: SearchCriteria, wanted: number): AvailableNumber[] {
    const areas = areasFor(criteria);
    if (areas.length === 0) return [];
    const { quantity: _quantity, ...query } = criteria;
    const random = prng(hash(JSON.stringify(query, Object.keys(query).sort())));
    const found = new Map<string, AvailableNumber>();
    const attempts = wanted * 40 + 400;
    for (let attempt = 0; attempt < attempts && found.size < wanted; attempt++) {
      const { npa, area } = areas[Math.floor(random() * areas.length)] as (typeof areas)[number];
      const local = candidateLocal(random, criteria);
      if (!local) continue;
      const e164 = `+1${npa}${local}`;
      if (found.has(e164)) continue;
      const country = area?.country ?? criteria.country;
      const parsed = parsePhoneNumberFromString(e164, country);
      if (!parsed?.isValid()) continue;
      const capabilities = sandboxCapabilities(e164, criteria.type);
      if (!criteria.features.every((feature) => capabilities.includes(feature))) continue;
      const price = PRICES[criteria.type];
      found.set(e164, {
        e164,
        type: criteria.type,
        country,
        state: area?.state ?? "",
        rate_center: area?.rate_center ?? "TOLL FREE",
        city: area?.city ?? "",
        lata: area?.lata ?? null,
        capabilities,
        monthly_cents: price.monthly,
        one_time_cents: price.oneTime,
        currency: "USD",
      });
    }
    return [...found.values()];
  }

  /** The numbers among `e164s` that someone holds now (ordered, or reserved and not expired). */
  private async held(e164s: string[], now: Date): Promise<Set<string>> {
    const held = new Set<string>();
    for (let start = 0; start < e164s.length; start += CHUNK) {
      const rows = await this.db
        .select({ e164: carrierSandboxNumbers.e164 })
        .from(carrierSandboxNumbers)
        .where(
          and(
            inArray(carrierSandboxNumbers.e164, e164s.slice(start, start + CHUNK)),
            or(eq(carrierSandboxNumbers.status, "ordered"), gt(carrierSandboxNumbers.expiresAt, now.toISOString())),
          ),
        );
      for (const row of rows) held.add(row.e164);
    }
    return held;
  }

  async searchAvailable(criteria: SearchCriteria, now: Date): Promise<AvailableNumber[]> {
    const candidates = this.generate(criteria, criteria.quantity + 25);
    const held = await this.held(
      candidates.map((candidate) => candidate.e164),
      now,
    );
    return candidates.filter((candidate) => !held.has(candidate.e164)).slice(0, criteria.quantity);
  }

  async reserve(e164s: string[], now: Date): Promise<Reservation> {
    const reservationId = `SBX-RES-${crypto.randomUUID()}`;
    const expiresAt = new Date(now.getTime() + RESERVATION_MINUTES * 60_000).toISOString();
    const valid = [...new Set(e164s)].filter((e164) => parsePhoneNumberFromString(e164)?.isValid());
    // Take each number only if nobody holds it: a conflicting row is overwritten only once its reservation expired.
    const claims = valid.map((e164) =>
      this.db
        .insert(carrierSandboxNumbers)
        .values({ e164, status: "reserved", reservationId, expiresAt, orderId: null, orderedAt: null })
        .onConflictDoUpdate({
          target: carrierSandboxNumbers.e164,
          set: { status: "reserved", reservationId, expiresAt, orderId: null, orderedAt: null },
          setWhere: and(eq(carrierSandboxNumbers.status, "reserved"), sql`${carrierSandboxNumbers.expiresAt} <= ${now.toISOString()}`),
        }),
    );
    const [first, ...rest] = claims;
    if (first) await this.db.batch([first, ...rest]);
    const mine = new Set(
      (
        await this.db
          .select({ e164: carrierSandboxNumbers.e164 })
          .from(carrierSandboxNumbers)
          .where(eq(carrierSandboxNumbers.reservationId, reservationId))
      ).map((row) => row.e164),
    );
    return {
      reservation_id: reservationId,
      expires_at: expiresAt,
      reserved: e164s.filter((e164) => mine.has(e164)),
      unavailable: e164s.filter((e164) => !mine.has(e164)),
    };
  }

  async releaseReservation(reservationId: string): Promise<void> {
    await this.db
      .delete(carrierSandboxNumbers)
      .where(and(eq(carrierSandboxNumbers.reservationId, reservationId), eq(carrierSandboxNumbers.status, "reserved")));
  }

  async order(reservationId: string, e164s: string[], now: Date, requestKey = crypto.randomUUID()): Promise<CarrierOrder> {
    return this.once(`order:${requestKey}`, now, () => this.placeOrder(reservationId, e164s, now));
  }

  private async placeOrder(reservationId: string, e164s: string[], now: Date): Promise<CarrierOrder> {
    const live = await this.db
      .select({ e164: carrierSandboxNumbers.e164 })
      .from(carrierSandboxNumbers)
      .where(
        and(
          eq(carrierSandboxNumbers.reservationId, reservationId),
          eq(carrierSandboxNumbers.status, "reserved"),
          gt(carrierSandboxNumbers.expiresAt, now.toISOString()),
        ),
      );
    const reserved = new Set(live.map((row) => row.e164));
    const orderable = e164s.filter((e164) => reserved.has(e164));
    if (orderable.length === 0) throw new CarrierError("carrier.reservation_expired");
    const orderId = `SBX-ORD-${crypto.randomUUID()}`;
    const orderedAt = now.toISOString();
    for (let start = 0; start < orderable.length; start += CHUNK) {
      await this.db
        .update(carrierSandboxNumbers)
        .set({ status: "ordered", orderId, orderedAt, expiresAt: null })
        .where(
          and(
            eq(carrierSandboxNumbers.reservationId, reservationId),
            inArray(carrierSandboxNumbers.e164, orderable.slice(start, start + CHUNK)),
          ),
        );
    }
    return {
      carrier_order_id: orderId,
      numbers: e164s.map(
        (e164): OrderedNumber =>
          reserved.has(e164) ? { e164, status: "pending", reason: null } : { e164, status: "failed", reason: "carrier.number_unavailable" },
      ),
    };
  }

  async getOrder(carrierOrderId: string, e164s: string[], now: Date): Promise<CarrierOrder> {
    const rows = await this.db
      .select({ e164: carrierSandboxNumbers.e164, orderedAt: carrierSandboxNumbers.orderedAt })
      .from(carrierSandboxNumbers)
      .where(eq(carrierSandboxNumbers.orderId, carrierOrderId));
    const orderedAt = new Map(rows.map((row) => [row.e164, row.orderedAt]));
    const due = (at: string | null | undefined) => at != null && now.getTime() >= Date.parse(at) + this.options.orderDelaySeconds * 1000;
    const rejected: string[] = [];
    const numbers = e164s.map((e164): OrderedNumber => {
      const at = orderedAt.get(e164);
      if (at === undefined) return { e164, status: "failed", reason: "carrier.order_rejected" };
      if (!due(at)) return { e164, status: "pending", reason: null };
      if (e164.endsWith(FAILING_SUFFIX)) {
        rejected.push(e164);
        return { e164, status: "failed", reason: "carrier.order_rejected" };
      }
      return { e164, status: "complete", reason: null };
    });
    // A rejected number goes back to the pool (asking again still answers "failed": the row is gone).
    if (rejected.length > 0) {
      await this.db
        .delete(carrierSandboxNumbers)
        .where(and(eq(carrierSandboxNumbers.orderId, carrierOrderId), inArray(carrierSandboxNumbers.e164, rejected)));
    }
    return { carrier_order_id: carrierOrderId, numbers };
  }

  async releaseNumber(e164: string): Promise<void> {
    await this.db.delete(carrierSandboxNumbers).where(eq(carrierSandboxNumbers.e164, e164));
  }

  /**
   * Sandbox rules (docs/backend.md): toll-free numbers are not portable (`carrier.port_toll_free`), nor numbers
   * ending in 9999 (`carrier.not_portable`: the losing carrier refuses); everything else is portable, and
   * fast-portable when its area code is in the sandbox table. The losing carrier follows from the number
   * (losingCarrierFor).
   */
  async checkPortability(e164s: string[]): Promise<PortabilityResult[]> {
    return e164s.map((e164) => {
      const area = areaOf(e164);
      const tollFree = isTollFree(e164);
      const portable = !tollFree && !e164.endsWith(NOT_PORTABLE_SUFFIX);
      const holder = losingCarrierFor(e164);
      return {
        e164,
        portable,
        fast_portable: portable && area !== undefined,
        reason: tollFree ? "carrier.port_toll_free" : portable ? null : "carrier.not_portable",
        losing_carrier: holder.name,
        spid: holder.spid,
        ocn: holder.ocn,
        rate_center: area?.rate_center ?? null,
        lata: area?.lata ?? null,
        state: area?.state ?? null,
        type: numberTypeOf(e164),
      };
    });
  }

  /**
   * Sandbox rule: the order is accepted (`submitted`) and then advances one status per `portStepSeconds`
   * from its submission time: `foc_confirmed` after one step, `completed` after two. An account number ending
   * in 000 stops at `exception` after one step (`carrier.port_account_mismatch`); a new submission with a
   * corrected account number is a new carrier order. Nothing is stored but the submission time and whether the
   * order is cancelled: the status is computed from the clock, as a real carrier's would be polled.
   */
  async createPortOrder(request: PortOrderRequest, now: Date): Promise<PortOrder> {
    return this.once(`port:${request.request_key ?? crypto.randomUUID()}`, now, () => this.filePortOrder(request, now));
  }

  /**
   * Sandbox rule (also): a wireless number (exchanges 300–499) is released only with the account's port-out
   * PIN, which in the sandbox is the last four digits of the account number (`carrier.port_pin_mismatch`).
   */
  private async filePortOrder(request: PortOrderRequest, now: Date): Promise<PortOrder> {
    const wireless = request.numbers.some((e164) => numberTypeOf(e164) === "mobile");
    if (wireless && (!request.pin || request.pin !== sandboxPortPin(request.account_number))) {
      throw new CarrierError("carrier.port_pin_mismatch");
    }
    const refused = request.numbers.filter((e164) => isTollFree(e164) || e164.endsWith(NOT_PORTABLE_SUFFIX));
    if (refused.length > 0) throw new CarrierError("carrier.not_portable", refused.join(","));
    const carrierPortId = `SBX-PORT-${crypto.randomUUID()}`;
    const exception = request.account_number.endsWith(EXCEPTION_ACCOUNT_SUFFIX) ? "carrier.port_account_mismatch" : null;
    await this.db.insert(carrierSandboxPorts).values({
      carrierPortId,
      submittedAt: now.toISOString(),
      focDate: request.requested_foc_date ?? addBusinessDays(now, this.minimumFocBusinessDays),
      exception,
      cancelledAt: null,
    });
    return { carrier_port_id: carrierPortId, status: "submitted", foc_date: null, exception: null };
  }

  async getPortOrder(carrierPortId: string, now: Date): Promise<PortOrder> {
    const [row] = await this.db.select().from(carrierSandboxPorts).where(eq(carrierSandboxPorts.carrierPortId, carrierPortId));
    if (!row) throw new CarrierError("carrier.not_found", carrierPortId);
    if (row.cancelledAt) return { carrier_port_id: carrierPortId, status: "cancelled", foc_date: null, exception: null };
    const steps = Math.floor((now.getTime() - Date.parse(row.submittedAt)) / (this.portStepSeconds * 1000));
    if (steps < 1) return { carrier_port_id: carrierPortId, status: "submitted", foc_date: null, exception: null };
    if (row.exception) return { carrier_port_id: carrierPortId, status: "exception", foc_date: null, exception: row.exception };
    return { carrier_port_id: carrierPortId, status: steps < 2 ? "foc_confirmed" : "completed", foc_date: row.focDate, exception: null };
  }

  /** Sandbox rule: a port can be cancelled until it completed; cancelling twice is harmless. */
  async cancelPortOrder(carrierPortId: string, now: Date): Promise<PortOrder> {
    const current = await this.getPortOrder(carrierPortId, now);
    if (current.status === "completed") throw new CarrierError("carrier.order_rejected", "port already completed");
    await this.db
      .update(carrierSandboxPorts)
      .set({ cancelledAt: now.toISOString() })
      .where(eq(carrierSandboxPorts.carrierPortId, carrierPortId));
    return { carrier_port_id: carrierPortId, status: "cancelled", foc_date: null, exception: null };
  }

  /**
   * Sandbox rule: the number's current holder follows losingCarrierFor; a number whose last digit is odd was
   * ported there (on a date derived from the number), its LRN then in exchange 990 of the area code, else the
   * holder's own exchange 555-0000 block. Toll-free numbers have no LRN.
   */
  async lookupNumber(e164: string): Promise<NumberLookup> {
    const area = areaOf(e164);
    const type = numberTypeOf(e164);
    const holder = losingCarrierFor(e164);
    const ported = type !== "toll_free" && Number(e164.slice(-1)) % 2 === 1;
    const npa = e164.slice(2, 5);
    return {
      e164,
      holding_vendor: holder.vendor,
      carrier: holder.name,
      spid: holder.spid,
      ocn: holder.ocn,
      lrn: type === "toll_free" ? null : ported ? `+1${npa}990${e164.slice(-4)}` : `+1${npa}5550000`,
      rate_center: area?.rate_center ?? (type === "toll_free" ? "TOLL FREE" : null),
      lata: area?.lata ?? null,
      state: area?.state ?? null,
      city: area?.city ?? null,
      type,
      line_type: type === "toll_free" ? "toll_free" : type === "mobile" ? "wireless" : holder.lineType,
      ported,
      ported_at: ported ? portedDate(e164) : null,
      // As CNAM databases answer for an unlisted line: its city and state. Wireless and toll-free numbers have none.
      cnam: type === "local" && area ? sandboxCnam(area) : null,
    };
  }

  /**
   * Sandbox rules: a street name containing "Nowhere" is `invalid` (`carrier.e911_address_not_found`); a
   * street given without its suffix, a lower-case city or a postal code without its +4 in the US is
   * `suggested` with the completed address (suffix "St", city in capitals, +4 "0001"); anything else is valid.
   */
  async validateE911Address(address: E911AddressInput): Promise<E911Validation> {
    if (/nowhere/i.test(address.street_name)) return { status: "invalid", suggestion: null, reason: "carrier.e911_address_not_found" };
    const suggestion: E911AddressInput = {
      ...address,
      street_suffix: address.street_suffix || "St",
      city: address.city.toUpperCase(),
      postal_code_plus4: address.country === "CA" ? null : address.postal_code_plus4 || "0001",
      latitude: address.latitude ?? coordinate(address, 0),
      longitude: address.longitude ?? coordinate(address, 1),
    };
    const changed =
      suggestion.street_suffix !== address.street_suffix ||
      suggestion.city !== address.city ||
      suggestion.postal_code_plus4 !== address.postal_code_plus4;
    if (changed) return { status: "suggested", suggestion, reason: null };
    return { status: "valid", suggestion: null, reason: null };
  }

  /** Sandbox rule: provisioning succeeds except for numbers ending in 0911 (`carrier.e911_provisioning_failed`). */
  async provisionE911(e164: string, address: E911AddressInput): Promise<E911Provisioning> {
    if (!address.caller_name.trim()) return { status: "failed", reason: "carrier.e911_provisioning_failed" };
    if (e164.endsWith(E911_FAILING_SUFFIX)) return { status: "failed", reason: "carrier.e911_provisioning_failed" };
    return { status: "provisioned", reason: null };
  }

  async removeE911(): Promise<E911Provisioning> {
    return { status: "removed", reason: null };
  }

  /**
   * Sandbox webhooks: headers `amp-sandbox-timestamp` (Unix seconds, within WEBHOOK_TOLERANCE_SECONDS) and
   * `amp-sandbox-signature` (sandboxWebhookSignature with SANDBOX_WEBHOOK_SECRET); the body is
   * `{id, type, occurred_at, data: {carrier_order_id | carrier_port_id}}`. Anything else: `carrier.webhook_invalid`.
   */
  async parseWebhook(request: WebhookRequest, now: Date): Promise<CarrierEvent[]> {
    const secret = this.options.webhookSecret;
    const timestamp = request.headers.get("amp-sandbox-timestamp") ?? "";
    const signature = (request.headers.get("amp-sandbox-signature") ?? "").toLowerCase();
    if (!secret || !/^\d{1,12}$/.test(timestamp)) throw new CarrierError("carrier.webhook_invalid", "unsigned");
    if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS)
      throw new CarrierError("carrier.webhook_invalid", "stale");
    if (!sameHex(await sandboxWebhookSignature(secret, timestamp, request.body), signature)) {
      throw new CarrierError("carrier.webhook_invalid", "signature");
    }
    let event: { id?: unknown; type?: unknown; occurred_at?: unknown; data?: { carrier_order_id?: unknown; carrier_port_id?: unknown } };
    try {
      event = JSON.parse(request.body);
    } catch {
      throw new CarrierError("carrier.webhook_invalid", "body");
    }
    const occurredAt = typeof event.occurred_at === "string" ? Date.parse(event.occurred_at) : Number.NaN;
    if (typeof event.id !== "string" || !event.id || typeof event.type !== "string" || Number.isNaN(occurredAt)) {
      throw new CarrierError("carrier.webhook_invalid", "fields");
    }
    const orderId = event.data?.carrier_order_id;
    const portId = event.data?.carrier_port_id;
    return [
      {
        event_id: event.id.slice(0, 200),
        event_type: event.type.slice(0, 100),
        occurred_at: new Date(occurredAt).toISOString(),
        subject:
          typeof orderId === "string" && orderId
            ? { kind: "number_order", carrier_order_id: orderId }
            : typeof portId === "string" && portId
              ? { kind: "porting_order", carrier_port_id: portId }
              : null,
      },
    ];
  }
}

/** The sandbox's port-out PIN of an account: the last four digits of its number ("ACC-12345" → "2345"). */
export function sandboxPortPin(accountNumber: string): string {
  return accountNumber.replace(/\D/g, "").slice(-4);
}

/** The sandbox's pretend carriers (SPIDs and OCNs in the 99xx test range, owned by no real carrier). */
export const SANDBOX_HOLDERS = {
  telco: { name: "Sandbox Telco", vendor: "Sandbox Telco Wholesale", spid: "991A", ocn: "991A", lineType: "landline" },
  wireless: { name: "Example Wireless", vendor: "Example Wireless", spid: "992B", ocn: "992B", lineType: "wireless" },
  cable: { name: "Demo Cable Voice", vendor: "Sandbox Telco Wholesale", spid: "993C", ocn: "993C", lineType: "voip" },
  tollFree: { name: "Sandbox Toll-Free", vendor: "Sandbox Toll-Free", spid: "994D", ocn: "994D", lineType: "voip" },
} as const;
type Holder = (typeof SANDBOX_HOLDERS)[keyof typeof SANDBOX_HOLDERS];

/** Port requests for numbers with these endings are refused / stop at an exception; E911 fails. */
export const NOT_PORTABLE_SUFFIX = "9999";
export const EXCEPTION_ACCOUNT_SUFFIX = "000";
export const E911_FAILING_SUFFIX = "0911";

/** "BOSTON MA"; the city alone when both do not fit CNAM's 15 characters ("SAN FRANCISCO"). */
function sandboxCnam(area: AreaCode): string {
  const both = `${area.city} ${area.state}`.toUpperCase();
  return (both.length <= 15 ? both : area.city.toUpperCase()).slice(0, 15);
}

function areaOf(e164: string): AreaCode | undefined {
  return AREA_CODES.find((entry) => e164.startsWith(`+1${entry.npa}`));
}

function isTollFree(e164: string): boolean {
  return TOLL_FREE_NPAS.some((npa) => e164.startsWith(`+1${npa}`));
}

function numberTypeOf(e164: string): NumberType {
  return isTollFree(e164) ? "toll_free" : exchangeType(e164.slice(5, 8));
}

/** Toll-free → Sandbox Toll-Free; mobile exchanges → Example Wireless; else Sandbox Telco (even last digit) or Demo Cable Voice (odd). */
export function losingCarrierFor(e164: string): Holder {
  const type = numberTypeOf(e164);
  if (type === "toll_free") return SANDBOX_HOLDERS.tollFree;
  if (type === "mobile") return SANDBOX_HOLDERS.wireless;
  return Number(e164.slice(-1)) % 2 === 0 ? SANDBOX_HOLDERS.telco : SANDBOX_HOLDERS.cable;
}

/** A stable date in 2015–2024 derived from the number. */
function portedDate(e164: string): string {
  const h = hash(e164);
  const year = 2015 + (h % 10);
  const month = 1 + ((h >>> 4) % 12);
  const day = 1 + ((h >>> 8) % 28);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Plausible coordinates near the area code's city (or the centre of the US), stable for an address. */
function coordinate(address: E911AddressInput, axis: 0 | 1): number {
  const h = hash(`${address.house_number} ${address.street_name} ${address.city} ${axis}`);
  const base = axis === 0 ? 39.8 : -98.6;
  return Math.round((base + ((h % 2000) - 1000) / 10_000) * 1_000_000) / 1_000_000;
}

/** `from` plus `days` business days (Monday–Friday), as YYYY-MM-DD. */
export function addBusinessDays(from: Date, days: number): string {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}
