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
import { carrierSandboxNumbers } from "../db/schema";
import { AREA_CODES, type AreaCode, PRICES, TOLL_FREE_NPAS } from "./sandbox-data";
import {
  type AvailableNumber,
  type Capability,
  type Carrier,
  CarrierError,
  type CarrierOrder,
  type NumberLookup,
  type NumberType,
  type OrderedNumber,
  type PortabilityResult,
  type Reservation,
  type SearchCriteria,
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
}

export class SandboxCarrier implements Carrier {
  readonly name = "sandbox";

  constructor(
    private readonly db: Db,
    private readonly options: SandboxOptions,
  ) {}

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

  async order(reservationId: string, e164s: string[], now: Date): Promise<CarrierOrder> {
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

  /** Sandbox rule: toll-free numbers and numbers ending in 9999 are not portable; the rest are, fast within the table's area codes. */
  async checkPortability(e164s: string[]): Promise<PortabilityResult[]> {
    return e164s.map((e164) => {
      const area = AREA_CODES.find((entry) => e164.startsWith(`+1${entry.npa}`));
      const tollFree = TOLL_FREE_NPAS.some((npa) => e164.startsWith(`+1${npa}`));
      const portable = !tollFree && !e164.endsWith("9999");
      return {
        e164,
        portable,
        fast_portable: portable && area !== undefined,
        reason: portable ? null : "carrier.not_portable",
        losing_carrier: portable ? "Sandbox Telco" : null,
        spid: portable ? "999S" : null,
        ocn: portable ? "999S" : null,
        rate_center: area?.rate_center ?? null,
        lata: area?.lata ?? null,
        state: area?.state ?? null,
        type: tollFree ? "toll_free" : e164.length === 12 ? exchangeType(e164.slice(5, 8)) : null,
      };
    });
  }

  async createPortOrder(): Promise<never> {
    throw new CarrierError("carrier.unsupported", "port orders arrive with the porting tool");
  }

  async getPortOrder(): Promise<never> {
    throw new CarrierError("carrier.unsupported", "port orders arrive with the porting tool");
  }

  /** Sandbox rule: every number is held by "Sandbox Telco"; location from the area code table. */
  async lookupNumber(e164: string): Promise<NumberLookup> {
    const area = AREA_CODES.find((entry) => e164.startsWith(`+1${entry.npa}`));
    const tollFree = TOLL_FREE_NPAS.some((npa) => e164.startsWith(`+1${npa}`));
    const type = tollFree ? "toll_free" : exchangeType(e164.slice(5, 8));
    return {
      e164,
      holding_vendor: "Sandbox Telco",
      carrier: "Sandbox Telco",
      spid: "999S",
      ocn: "999S",
      lrn: area ? `+1${area.npa}5550000` : null,
      rate_center: area?.rate_center ?? null,
      lata: area?.lata ?? null,
      state: area?.state ?? null,
      city: area?.city ?? null,
      type,
      line_type: tollFree ? "toll_free" : type === "mobile" ? "wireless" : "voip",
      ported: false,
      ported_at: null,
    };
  }

  async validateE911Address(): Promise<never> {
    throw new CarrierError("carrier.unsupported", "E911 arrives with the E911 tool");
  }

  async provisionE911(): Promise<never> {
    throw new CarrierError("carrier.unsupported", "E911 arrives with the E911 tool");
  }

  async removeE911(): Promise<never> {
    throw new CarrierError("carrier.unsupported", "E911 arrives with the E911 tool");
  }
}
