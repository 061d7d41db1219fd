/**
 * The Telnyx carrier: every operation of the carrier interface on Telnyx API v2, through Telnyx's official
 * TypeScript SDK (it runs in workerd: decision 036). Configuration, the mapping of each operation and its limits
 * are in docs/telnyx.md. Nothing Telnyx-specific leaves this module: answers are the interface's types, and
 * every failure is a CarrierError with one of the message keys the screens already translate.
 */

import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import Telnyx from "telnyx";
import { addBusinessDays } from "./sandbox";
import { addressesDiffer, fromTelnyxAddress, splitCallerName, type TelnyxPostalAddress, toTelnyxAddress } from "./telnyx-address";
import { orderedNumbers, parseTelnyxEvent, portException, portStatus, verifyTelnyxWebhook } from "./telnyx-webhooks";
import {
  type AvailableNumber,
  CAPABILITIES,
  type Capability,
  type Carrier,
  CarrierError,
  type CarrierErrorCode,
  type CarrierEvent,
  type CarrierOrder,
  type E911AddressInput,
  type E911Provisioning,
  type E911Validation,
  type NumberLookup,
  type NumberType,
  type OrderedNumber,
  type PortabilityResult,
  type PortDocument,
  type PortOrder,
  type PortOrderRequest,
  type PortOrderStatus,
  type Reservation,
  type SearchCriteria,
  type WebhookRequest,
} from "./types";

export interface TelnyxOptions {
  apiKey: string;
  /** Default https://api.telnyx.com/v2; the local simulator's URL in development and tests. */
  baseURL?: string;
  /** The SIP connection (or Call Control / TeXML application) new and ported numbers are assigned to. */
  connectionId?: string;
  /** The messaging profile new and ported numbers are assigned to. */
  messagingProfileId?: string;
  /** Where Telnyx posts the progress of porting orders (the portal's /webhooks/telnyx). */
  webhookUrl?: string;
  /** Telnyx's webhook signing key (base64 Ed25519 public key, TELNYX_PUBLIC_KEY). */
  publicKey?: string;
  /** Milliseconds before the SDK gives up on one request (the adapter's callers also time out). */
  timeoutMs?: number;
  /** Tests hand the simulator in here instead of the network. */
  fetch?: typeof fetch;
}

/** Telnyx keeps a reservation this long; it has no call to end one early. */
const RESERVATION_MINUTES = 30;

/** A port split by Telnyx into several orders (one per losing carrier) is one AMP order: ids joined by this. */
const PORT_ID_SEPARATOR = ",";

const SEARCH_FEATURES = new Set<string>(CAPABILITIES);

/** How far each status is along the way, to report a split port by its least advanced part. */
const PORT_PROGRESS: Record<PortOrderStatus, number> = { exception: 0, submitted: 1, foc_confirmed: 2, completed: 3, cancelled: 4 };

/** "1.00" (dollars, as Telnyx writes money) → 100 cents. */
function cents(amount: string | undefined): number {
  const value = Number(amount ?? "0");
  return Number.isFinite(value) ? Math.round(value * 100) : 0;
}

/** The 7-digit local number (NXX + line) of a NANP E.164 number. */
const localPart = (e164: string) => e164.slice(-7);

function matchesPattern(e164: string, criteria: SearchCriteria): boolean {
  if (criteria.npa_nxx && !e164.startsWith(`+1${criteria.npa_nxx}`)) return false;
  if (!criteria.npa_nxx && criteria.area_code && !e164.startsWith(`+1${criteria.area_code}`)) return false;
  const pattern = criteria.pattern;
  if (!pattern) return true;
  const local = localPart(e164);
  if (criteria.pattern_mode === "starts_with") return local.startsWith(pattern);
  if (criteria.pattern_mode === "ends_with") return local.endsWith(pattern);
  return local.includes(pattern);
}

/**
 * Telnyx's phone-number filter. With a national destination code (the area code) it applies to the rest of the
 * number, the 7-digit local number AMP's pattern is about; without one it applies to the whole national number,
 * where "starts with" cannot be said, so "contains" is asked and the answer filtered here (matchesPattern).
 * Null when the criteria cannot match anything (an NPA-NXX and a "starts with" pattern that disagree).
 */
function phoneNumberFilter(criteria: SearchCriteria): { starts_with?: string; contains?: string; ends_with?: string } | null {
  const nxx = criteria.npa_nxx?.slice(3);
  const pattern = criteria.pattern;
  const hasNdc = Boolean(criteria.npa_nxx || criteria.area_code);
  if (nxx) {
    if (!pattern) return { starts_with: nxx };
    if (criteria.pattern_mode === "starts_with") {
      if (pattern.startsWith(nxx)) return { starts_with: pattern };
      if (nxx.startsWith(pattern)) return { starts_with: nxx };
      return null;
    }
    return criteria.pattern_mode === "ends_with" ? { starts_with: nxx, ends_with: pattern } : { starts_with: nxx, contains: pattern };
  }
  if (!pattern) return {};
  if (criteria.pattern_mode === "ends_with") return { ends_with: pattern };
  if (criteria.pattern_mode === "starts_with" && hasNdc) return { starts_with: pattern };
  return { contains: pattern };
}

function numberType(e164: string): NumberType | null {
  const type = parsePhoneNumberFromString(e164)?.getType();
  if (type === "TOLL_FREE") return "toll_free";
  if (type === "MOBILE") return "mobile";
  if (type === "FIXED_LINE") return "local";
  return null;
}

/** A ten-digit or E.164 North American number as E.164. */
function e164Of(value: string | undefined | null): string | null {
  if (!value) return null;
  const digits = value.replace(/\D/g, "");
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  return value.startsWith("+") ? value : null;
}

/**
 * A Telnyx failure as the carrier error the screens show: 404 is `carrier.not_found`; a refusal of the request
 * itself (400, 409, 422) is the operation's own refusal (`refusal`); anything else (an unusable API key, rate
 * limits, Telnyx's own failures, the network) is `carrier.unavailable`, and a request that took too long
 * `carrier.timeout`. Telnyx's explanation goes to the log and into the error's detail, never to a screen.
 */
export function carrierErrorFrom(error: unknown, operation: string, refusal: CarrierErrorCode): CarrierError {
  if (error instanceof CarrierError) return error;
  if (error instanceof Telnyx.APIConnectionTimeoutError) return new CarrierError("carrier.timeout", operation);
  if (error instanceof Telnyx.APIError) {
    const detail = `${operation}: Telnyx ${error.status ?? "network"} ${describe(error.error)}`;
    if (error.status === 404) return new CarrierError("carrier.not_found", detail);
    if (error.status === 400 || error.status === 409 || error.status === 422) return new CarrierError(refusal, detail);
    console.error("carrier telnyx", detail);
    return new CarrierError("carrier.unavailable", detail);
  }
  console.error("carrier telnyx", operation, error);
  return new CarrierError("carrier.unavailable", operation);
}

/** Telnyx's error body ({errors: [{code, title, detail}]}) in one line. */
function describe(body: unknown): string {
  const errors = (body as { errors?: { code?: string; title?: string; detail?: string }[] } | undefined)?.errors;
  if (!Array.isArray(errors)) return "";
  return errors.map((entry) => [entry.code, entry.title, entry.detail].filter(Boolean).join(" ")).join("; ");
}

const base64 = (bytes: Uint8Array) => {
  let binary = "";
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
};

export class TelnyxCarrier implements Carrier {
  readonly name = "telnyx";
  /** A standard (non-simple) US port: Telnyx asks the losing carrier for a FOC at least four business days out. */
  readonly minimumFocBusinessDays = 4;
  private readonly client: Telnyx;

  constructor(private readonly options: TelnyxOptions) {
    this.client = new Telnyx({
      apiKey: options.apiKey,
      publicKey: null,
      baseURL: options.baseURL || undefined,
      // No retries: creating calls are not idempotent at Telnyx, and the caller's timeout bounds the wait.
      maxRetries: 0,
      timeout: options.timeoutMs ?? 9_000,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  /** One Telnyx call, its failure mapped (carrierErrorFrom). */
  private async call<T>(operation: string, refusal: CarrierErrorCode, run: (client: Telnyx) => Promise<T>): Promise<T> {
    try {
      return await run(this.client);
    } catch (error) {
      throw carrierErrorFrom(error, operation, refusal);
    }
  }

  async searchAvailable(criteria: SearchCriteria): Promise<AvailableNumber[]> {
    const phoneNumber = phoneNumberFilter(criteria);
    if (phoneNumber === null) return [];
    const ndc = criteria.npa_nxx?.slice(0, 3) ?? criteria.area_code;
    const answer = await this.call("searchAvailable", "carrier.unavailable", (client) =>
      client.availablePhoneNumbers.list({
        filter: {
          country_code: criteria.country,
          phone_number_type: criteria.type,
          ...(ndc ? { national_destination_code: ndc } : {}),
          ...(criteria.state ? { administrative_area: criteria.state } : {}),
          ...(criteria.locality ? { locality: criteria.locality } : {}),
          ...(criteria.features.length > 0 ? { features: criteria.features } : {}),
          ...(Object.keys(phoneNumber).length > 0 ? { phone_number: phoneNumber } : {}),
          limit: criteria.quantity,
          best_effort: false,
          exclude_held_numbers: true,
          reservable: true,
        },
      }),
    );
    const found: AvailableNumber[] = [];
    for (const entry of answer.data ?? []) {
      const e164 = entry.phone_number;
      if (!e164 || !matchesPattern(e164, criteria)) continue;
      const region = (type: string) => entry.region_information?.find((info) => info.region_type === type)?.region_name ?? "";
      const capabilities = (entry.features ?? [])
        .map((feature) => feature.name ?? "")
        .filter((name): name is Capability => SEARCH_FEATURES.has(name));
      if (!criteria.features.every((feature) => capabilities.includes(feature))) continue;
      const country = region("country_code").toUpperCase();
      found.push({
        e164,
        type: criteria.type,
        country: country === "CA" || country === "US" ? country : criteria.country,
        state: region("state"),
        rate_center: region("rate_center") || (criteria.type === "toll_free" ? "TOLL FREE" : ""),
        city: region("location") || region("rate_center"),
        // Telnyx does not say which LATA a number is in.
        lata: null,
        capabilities,
        monthly_cents: cents(entry.cost_information?.monthly_cost),
        one_time_cents: cents(entry.cost_information?.upfront_cost),
        currency: "USD",
      });
      if (found.length >= criteria.quantity) break;
    }
    return found;
  }

  /**
   * One reservation for all the numbers. Telnyx refuses the whole request when one number is gone: then each
   * number is reserved on its own, so the ones still free are held and the others reported, as the interface
   * asks. Those single reservations share nothing but the numbers: the reservation id AMP keeps is the first's,
   * and ordering never needs it (Telnyx orders any number this account holds).
   */
  async reserve(e164s: string[], now: Date): Promise<Reservation> {
    const unique = [...new Set(e164s)];
    const fallbackExpiry = new Date(now.getTime() + RESERVATION_MINUTES * 60_000).toISOString();
    const reserveSome = (numbers: string[]) =>
      this.call("reserve", "carrier.number_unavailable", (client) =>
        client.numberReservations.create({ phone_numbers: numbers.map((phone_number) => ({ phone_number })) }),
      );
    let answers: { id: string; reserved: { e164: string; expires: string }[] }[];
    try {
      answers = [held(await reserveSome(unique))];
    } catch (error) {
      if (!(error instanceof CarrierError && error.code === "carrier.number_unavailable")) throw error;
      const each = unique.length > 1 ? await Promise.allSettled(unique.map((e164) => reserveSome([e164]))) : [];
      const unexpected = each.find(
        (result): result is PromiseRejectedResult =>
          result.status === "rejected" && !(result.reason instanceof CarrierError && result.reason.code === "carrier.number_unavailable"),
      );
      if (unexpected) throw unexpected.reason;
      answers = each.flatMap((result) => (result.status === "fulfilled" ? [held(result.value)] : []));
    }
    const reserved = new Map(answers.flatMap((answer) => answer.reserved.map((entry) => [entry.e164, entry.expires] as const)));
    const expiries = [...reserved.values()].filter(Boolean).sort();
    return {
      reservation_id: answers[0]?.id ?? `telnyx-none-${crypto.randomUUID()}`,
      expires_at: expiries[0] ?? fallbackExpiry,
      reserved: e164s.filter((e164) => reserved.has(e164)),
      unavailable: e164s.filter((e164) => !reserved.has(e164)),
    };

    function held(answer: Awaited<ReturnType<typeof reserveSome>>) {
      const data = answer.data;
      return {
        id: data?.id ?? "",
        reserved: (data?.phone_numbers ?? [])
          .filter((entry) => entry.phone_number && entry.status !== "failure")
          .map((entry) => ({ e164: entry.phone_number as string, expires: entry.expired_at ?? fallbackExpiry })),
      };
    }
  }

  /** Telnyx has no call to end a reservation: it lapses by itself after 30 minutes (docs/telnyx.md). */
  async releaseReservation(): Promise<void> {}

  /**
   * Orders the numbers still held by the reservation. A reservation Telnyx no longer knows, or whose numbers
   * all lapsed, is `carrier.reservation_expired`; numbers of the request it does not hold fail at once with
   * `carrier.number_unavailable` and are not ordered.
   */
  async order(reservationId: string, e164s: string[], now: Date): Promise<CarrierOrder> {
    if (reservationId.startsWith("telnyx-none-")) throw new CarrierError("carrier.reservation_expired");
    const reservation = await this.call("order", "carrier.reservation_expired", (client) =>
      client.numberReservations.retrieve(reservationId),
    ).catch((error: unknown) => {
      if (error instanceof CarrierError && error.code === "carrier.not_found")
        throw new CarrierError("carrier.reservation_expired", reservationId);
      throw error;
    });
    const live = new Set(
      (reservation.data?.phone_numbers ?? [])
        .filter((entry) => entry.status === "success" && (!entry.expired_at || Date.parse(entry.expired_at) > now.getTime()))
        .map((entry) => entry.phone_number as string),
    );
    const orderable = e164s.filter((e164) => live.has(e164));
    if (orderable.length === 0) throw new CarrierError("carrier.reservation_expired", reservationId);
    const answer = await this.call("order", "carrier.order_rejected", (client) =>
      client.numberOrders.create({
        phone_numbers: orderable.map((phone_number) => ({ phone_number })),
        customer_reference: reservationId,
        ...(this.options.connectionId ? { connection_id: this.options.connectionId } : {}),
        ...(this.options.messagingProfileId ? { messaging_profile_id: this.options.messagingProfileId } : {}),
      }),
    );
    const orderId = answer.data?.id;
    if (!orderId) throw new CarrierError("carrier.unavailable", "order: Telnyx answered without an order id");
    const byNumber = orderedNumbers(answer.data?.phone_numbers);
    return {
      carrier_order_id: orderId,
      numbers: e164s.map((e164): OrderedNumber => {
        if (!live.has(e164)) return { e164, status: "failed", reason: "carrier.number_unavailable" };
        return byNumber.get(e164) ?? { e164, status: "pending", reason: null };
      }),
    };
  }

  async getOrder(carrierOrderId: string, e164s: string[]): Promise<CarrierOrder> {
    const answer = await this.call("getOrder", "carrier.not_found", (client) => client.numberOrders.retrieve(carrierOrderId));
    const byNumber = orderedNumbers(answer.data?.phone_numbers);
    return {
      carrier_order_id: carrierOrderId,
      numbers: e164s.map((e164): OrderedNumber => byNumber.get(e164) ?? { e164, status: "failed", reason: "carrier.order_rejected" }),
    };
  }

  /** The number's Telnyx id, or null when the account does not hold it. */
  private async numberId(e164: string, operation: string): Promise<string | null> {
    const page = await this.call(operation, "carrier.not_found", (client) =>
      client.phoneNumbers.list({ filter: { phone_number: e164 }, "page[size]": 1 }),
    );
    return page.data.find((entry) => entry.phone_number === e164)?.id ?? null;
  }

  /** Idempotent: a number the account no longer holds is already released. */
  async releaseNumber(e164: string): Promise<void> {
    const id = await this.numberId(e164, "releaseNumber");
    if (!id) return;
    await this.call("releaseNumber", "carrier.order_rejected", (client) => client.phoneNumbers.delete(id));
  }

  /**
   * Telnyx's portability check says whether a number is portable and fast-portable, and why not. It does not
   * name the losing carrier: those fields stay empty (the number lookup has them).
   */
  async checkPortability(e164s: string[]): Promise<PortabilityResult[]> {
    const answer = await this.call("checkPortability", "carrier.not_portable", (client) =>
      client.portabilityChecks.run({ phone_numbers: e164s }),
    );
    const byNumber = new Map((answer.data ?? []).map((entry) => [entry.phone_number ?? "", entry]));
    return e164s.map((e164) => {
      const entry = byNumber.get(e164);
      const type = numberType(e164);
      const portable = entry?.portable === true;
      return {
        e164,
        portable,
        fast_portable: portable && entry?.fast_portable === true,
        reason: portable ? null : type === "toll_free" ? "carrier.port_toll_free" : "carrier.not_portable",
        losing_carrier: null,
        spid: null,
        ocn: null,
        rate_center: null,
        lata: null,
        state: null,
        type,
      };
    });
  }

  /**
   * A porting order in four steps: Telnyx creates draft orders for the numbers (one per losing carrier, which is
   * why an AMP order may stand for several: their ids joined by commas), the LOA and the bill are uploaded as
   * documents, each draft gets the account holder, service address, PIN, FOC date and the ids numbers go to,
   * and each is confirmed (submitted). If any step fails, the drafts are deleted and nothing is left behind.
   */
  async createPortOrder(request: PortOrderRequest, now: Date): Promise<PortOrder> {
    const documents = request.documents ?? [];
    const loa = documents.find((document) => document.kind === "loa");
    const bill = documents.find((document) => document.kind === "bill");
    if (!loa || !bill) throw new CarrierError("carrier.port_documents_required", `${loa ? "" : "loa "}${bill ? "" : "bill"}`.trim());
    const drafts = await this.call("createPortOrder", "carrier.not_portable", (client) =>
      client.portingOrders.create({ phone_numbers: request.numbers }),
    );
    const ids = (drafts.data ?? []).map((draft) => draft.id).filter((id): id is string => Boolean(id));
    if (ids.length === 0) throw new CarrierError("carrier.order_rejected", "createPortOrder: Telnyx created no porting order");
    try {
      const [loaId, billId] = await Promise.all([this.uploadDocument(loa), this.uploadDocument(bill)]);
      const location = toTelnyxAddress(request.service_address);
      const foc = request.requested_foc_date ?? addBusinessDays(now, this.minimumFocBusinessDays);
      for (const id of ids) {
        await this.call("createPortOrder", "carrier.order_rejected", (client) =>
          client.portingOrders.update(id, {
            end_user: {
              admin: {
                entity_name: request.entity_name,
                auth_person_name: request.authorized_person,
                billing_phone_number: request.billing_telephone_number,
                account_number: request.account_number,
                pin_passcode: request.pin,
              },
              location: {
                street_address: location.street_address,
                extended_address: location.extended_address ?? null,
                locality: location.locality,
                administrative_area: location.administrative_area,
                postal_code: location.postal_code,
                country_code: location.country_code,
              },
            },
            documents: { loa: loaId, invoice: billId },
            activation_settings: { foc_datetime_requested: `${foc}T16:00:00Z` },
            misc: { type: request.partial ? "partial" : "full" },
            phone_number_configuration: {
              ...(this.options.connectionId ? { connection_id: this.options.connectionId } : {}),
              ...(this.options.messagingProfileId ? { messaging_profile_id: this.options.messagingProfileId } : {}),
            },
            ...(this.options.webhookUrl ? { webhook_url: this.options.webhookUrl } : {}),
          }),
        );
        await this.call("createPortOrder", "carrier.order_rejected", (client) => client.portingOrders.actions.confirm(id));
      }
    } catch (error) {
      await Promise.allSettled(ids.map((id) => this.client.portingOrders.delete(id)));
      throw error;
    }
    return { carrier_port_id: ids.join(PORT_ID_SEPARATOR), status: "submitted", foc_date: null, exception: null };
  }

  private async uploadDocument(document: PortDocument): Promise<string> {
    const answer = await this.call("createPortOrder", "carrier.port_documents_required", (client) =>
      client.documents.uploadJson({ document: { file: base64(document.bytes), filename: document.filename } }),
    );
    const id = answer.data?.id;
    if (!id) throw new CarrierError("carrier.unavailable", "createPortOrder: Telnyx stored no document");
    return id;
  }

  /** The order's state; a split order reports its least advanced part (an exception first). */
  async getPortOrder(carrierPortId: string): Promise<PortOrder> {
    const parts = await Promise.all(
      carrierPortId.split(PORT_ID_SEPARATOR).map(async (id) => {
        const answer = await this.call("getPortOrder", "carrier.not_found", (client) => client.portingOrders.retrieve(id));
        const order = answer.data;
        const status = portStatus(order?.status?.value);
        const activation = order?.activation_settings;
        return {
          status,
          exception: status === "exception" ? portException(order?.status?.details) : null,
          foc_date: (activation?.foc_datetime_actual ?? null)?.slice(0, 10) ?? null,
        };
      }),
    );
    const live = parts.filter((part) => part.status !== "cancelled");
    if (live.length === 0) return { carrier_port_id: carrierPortId, status: "cancelled", foc_date: null, exception: null };
    const least = live.reduce((worst, part) => (PORT_PROGRESS[part.status] < PORT_PROGRESS[worst.status] ? part : worst));
    const focDates = live.map((part) => part.foc_date).filter((date): date is string => Boolean(date));
    return {
      carrier_port_id: carrierPortId,
      status: least.status,
      foc_date: least.status === "foc_confirmed" || least.status === "completed" ? (focDates.sort().at(-1) ?? null) : null,
      exception: least.exception,
    };
  }

  /** Cancels every part not yet cancelled; a port that completed cannot be (`carrier.order_rejected`). */
  async cancelPortOrder(carrierPortId: string): Promise<PortOrder> {
    const current = await this.getPortOrder(carrierPortId);
    if (current.status === "completed") throw new CarrierError("carrier.order_rejected", "port already completed");
    if (current.status === "cancelled") return current;
    for (const id of carrierPortId.split(PORT_ID_SEPARATOR)) {
      const answer = await this.call("cancelPortOrder", "carrier.order_rejected", (client) => client.portingOrders.retrieve(id));
      const status = answer.data?.status?.value;
      if (status === "cancelled" || status === "cancel-pending" || status === "ported") continue;
      await this.call("cancelPortOrder", "carrier.order_rejected", (client) => client.portingOrders.actions.cancel(id));
    }
    return { carrier_port_id: carrierPortId, status: "cancelled", foc_date: null, exception: null };
  }

  /** Checks Telnyx's signature (telnyx-webhooks.ts) and reads the event; anything else is `carrier.webhook_invalid`. */
  async parseWebhook(request: WebhookRequest, now: Date): Promise<CarrierEvent[]> {
    const verdict = await verifyTelnyxWebhook(request.body, request.headers, this.options.publicKey, now);
    if (verdict !== "valid") throw new CarrierError("carrier.webhook_invalid", verdict);
    const event = parseTelnyxEvent(request.body);
    if (!event) throw new CarrierError("carrier.webhook_invalid", "not a Telnyx event");
    return [event];
  }

  /** Telnyx's number lookup (carrier and portability data); the holding vendor is the SPID's carrier. */
  async lookupNumber(e164: string): Promise<NumberLookup> {
    // The caller name is a lookup of its own (`type=caller-name`, billed apart): asked alongside, and a failure
    // there leaves only the name unknown.
    const [answer, callerName] = await Promise.all([
      this.call("lookupNumber", "carrier.not_found", (client) => client.numberLookup.retrieve(e164, { type: "carrier" })),
      this.call("lookupNumber", "carrier.not_found", (client) => client.numberLookup.retrieve(e164, { type: "caller-name" })).catch(
        (error: unknown) => {
          console.warn("telnyx caller-name lookup failed", error instanceof CarrierError ? error.code : error);
          return null;
        },
      ),
    ]);
    const data = answer.data;
    const carrier = data?.carrier;
    const portability = data?.portability;
    const type = numberType(e164);
    const carrierType = carrier?.type;
    const lineType: NumberLookup["line_type"] =
      carrierType === "toll free"
        ? "toll_free"
        : carrierType === "mobile"
          ? "wireless"
          : carrierType === "voip"
            ? "voip"
            : carrierType === "fixed line" || carrierType === "fixed line or mobile"
              ? "landline"
              : null;
    return {
      e164,
      holding_vendor: portability?.spid_carrier_name || null,
      carrier: carrier?.name || portability?.spid_carrier_name || null,
      spid: portability?.spid || null,
      ocn: portability?.ocn || null,
      lrn: e164Of(portability?.lrn),
      rate_center: null,
      lata: null,
      state: portability?.state || null,
      city: portability?.city || null,
      type: lineType === "wireless" ? "mobile" : lineType === "toll_free" ? "toll_free" : (type ?? (lineType ? "local" : null)),
      line_type: lineType,
      ported: portability?.ported_status === "Y",
      ported_at: portability?.ported_date ? portability.ported_date.slice(0, 10) : null,
      cnam: callerName?.data?.caller_name?.caller_name?.trim().slice(0, 15) || null,
    };
  }

  /**
   * Telnyx's address validation: `valid` when it accepts the address as sent, `suggested` when it answers a
   * different (corrected or completed) address, `invalid` when it has nothing better
   * (`carrier.e911_address_not_found`).
   */
  async validateE911Address(address: E911AddressInput): Promise<E911Validation> {
    const sent = toTelnyxAddress(address);
    const answer = await this.call("validateE911Address", "carrier.e911_address_not_found", (client) =>
      client.addresses.actions.validate(sent),
    ).catch((error: unknown) => {
      if (error instanceof CarrierError && error.code === "carrier.e911_address_not_found") return null;
      throw error;
    });
    const data = answer?.data;
    if (!data) return { status: "invalid", suggestion: null, reason: "carrier.e911_address_not_found" };
    const suggested = (data.suggested ?? {}) as Partial<TelnyxPostalAddress>;
    const usable = Boolean(suggested.street_address && suggested.locality);
    if (usable && addressesDiffer(sent, suggested))
      return { status: "suggested", suggestion: fromTelnyxAddress(suggested, address), reason: null };
    if (data.result === "valid") return { status: "valid", suggestion: null, reason: null };
    return { status: "invalid", suggestion: null, reason: "carrier.e911_address_not_found" };
  }

  /** Creates the address at Telnyx and enables emergency calling of the number on it. */
  async provisionE911(e164: string, address: E911AddressInput): Promise<E911Provisioning> {
    const failed = { status: "failed", reason: "carrier.e911_provisioning_failed" } as const;
    if (!address.caller_name.trim()) return failed;
    const id = await this.numberId(e164, "provisionE911");
    if (!id) throw new CarrierError("carrier.not_found", `provisionE911: ${e164} is not on this Telnyx account`);
    const refused = (error: unknown) => {
      if (error instanceof CarrierError && error.code === "carrier.e911_provisioning_failed") return null;
      throw error;
    };
    const created = await this.call("provisionE911", "carrier.e911_provisioning_failed", (client) =>
      client.addresses.create({
        ...toTelnyxAddress(address),
        ...splitCallerName(address.caller_name),
        business_name: address.caller_name,
        address_book: false,
        validate_address: true,
      }),
    ).catch(refused);
    const addressId = created?.data?.id;
    if (!addressId) return failed;
    const enabled = await this.call("provisionE911", "carrier.e911_provisioning_failed", (client) =>
      client.phoneNumbers.actions.enableEmergency(id, { emergency_address_id: addressId, emergency_enabled: true }),
    ).catch(refused);
    const status = enabled?.data?.emergency?.emergency_status;
    if (status === "active") return { status: "provisioned", reason: null };
    if (status === "provisioning") return { status: "pending", reason: null };
    return failed;
  }

  /** Turns emergency calling off for the number (its address stays in the Telnyx account's address book). */
  async removeE911(e164: string): Promise<E911Provisioning> {
    const id = await this.numberId(e164, "removeE911");
    if (!id) return { status: "removed", reason: null };
    const voice = await this.call("removeE911", "carrier.e911_provisioning_failed", (client) => client.phoneNumbers.voice.retrieve(id));
    const emergency = voice.data?.emergency;
    if (!emergency?.emergency_enabled || !emergency.emergency_address_id) return { status: "removed", reason: null };
    const addressId = emergency.emergency_address_id;
    await this.call("removeE911", "carrier.e911_provisioning_failed", (client) =>
      client.phoneNumbers.actions.enableEmergency(id, { emergency_address_id: addressId, emergency_enabled: false }),
    );
    return { status: "removed", reason: null };
  }
}
