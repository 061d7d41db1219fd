/**
 * The carrier adapter: every telephony tool talks to "the carrier" through this one interface, and each
 * carrier (the documented sandbox today, Telnyx next) is one module implementing it. Calls are slow and
 * fail: callers go through `withTimeout` (index.ts) and get a `CarrierError` with a message key the portal
 * translates (`carrier.*` in the `numbers` namespace).
 *
 * Numbers are E.164 strings everywhere ("+12125550100"); money is integer cents in `currency`.
 */

export const NUMBER_TYPES = ["local", "toll_free", "mobile"] as const;
export type NumberType = (typeof NUMBER_TYPES)[number];

/** What a number can do; `emergency` means it can carry E911. */
export const CAPABILITIES = ["voice", "sms", "mms", "fax", "emergency"] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** Features a search may require (a subset of the capabilities). */
export const SEARCH_FEATURES = ["voice", "sms", "mms", "fax"] as const;
export type SearchFeature = (typeof SEARCH_FEATURES)[number];

export const SEARCH_COUNTRIES = ["US", "CA"] as const;
export type SearchCountry = (typeof SEARCH_COUNTRIES)[number];

export const PATTERN_MODES = ["starts_with", "contains", "ends_with"] as const;
export type PatternMode = (typeof PATTERN_MODES)[number];

/** Step 1 of the ordering wizard, already validated (lib/number-criteria.ts). */
export interface SearchCriteria {
  country: SearchCountry;
  type: NumberType;
  /** Three digits (NPA). */
  area_code?: string;
  /** Six digits (NPA + NXX); wins over area_code. */
  npa_nxx?: string;
  /** Two-letter state or province. */
  state?: string;
  /** City or rate center, matched case-insensitively on either. */
  locality?: string;
  /** Digits only (letters were already turned into keypad digits); applies to the 7-digit local number. */
  pattern?: string;
  pattern_mode?: PatternMode;
  /** Every listed feature is required. */
  features: SearchFeature[];
  /** 1–100. */
  quantity: number;
}

export interface AvailableNumber {
  e164: string;
  type: NumberType;
  country: SearchCountry;
  state: string;
  rate_center: string;
  city: string;
  /** Null outside the US (Canada has no LATAs). */
  lata: string | null;
  capabilities: Capability[];
  monthly_cents: number;
  one_time_cents: number;
  currency: "USD";
}

export interface Reservation {
  reservation_id: string;
  /** ISO-8601; the carrier releases the numbers by itself after this. */
  expires_at: string;
  reserved: string[];
  /** Numbers someone else holds (reserved or ordered) by now: reported, never silently dropped. */
  unavailable: string[];
}

export type OrderedNumberStatus = "pending" | "complete" | "failed";

export interface OrderedNumber {
  e164: string;
  status: OrderedNumberStatus;
  /** Message key (`carrier.*`) when failed. */
  reason: string | null;
}

export interface CarrierOrder {
  carrier_order_id: string;
  numbers: OrderedNumber[];
}

// --- Later issues (import, E911, porting, DID lookup): declared now so they extend, not reshape. ---

export interface PortabilityResult {
  e164: string;
  portable: boolean;
  fast_portable: boolean;
  /** Message key when not portable. */
  reason: string | null;
  losing_carrier: string | null;
  spid: string | null;
  ocn: string | null;
  rate_center: string | null;
  lata: string | null;
  state: string | null;
  type: NumberType | null;
}

export interface PortOrderRequest {
  numbers: string[];
  entity_name: string;
  authorized_person: string;
  billing_telephone_number: string;
  account_number: string;
  /** Plain text only on the way to the carrier; stored encrypted. */
  pin: string | null;
  service_address: E911AddressInput;
  requested_foc_date: string | null;
  partial: boolean;
  /**
   * Idempotency key of this submission (porting_orders.carrier_request_key): the same key again answers the
   * port request filed the first time, never a second one.
   */
  request_key?: string;
  /** The order's newest signed LOA and latest bill, for carriers that take them with the request (Telnyx). */
  documents?: PortDocument[];
}

/** A document sent with a port request. */
export interface PortDocument {
  kind: "loa" | "bill";
  filename: string;
  content_type: string;
  bytes: Uint8Array;
}

export type PortOrderStatus = "submitted" | "foc_confirmed" | "completed" | "exception" | "cancelled";

export interface PortOrder {
  /** The carrier's id; several ids joined by commas when the carrier split the request (Telnyx: one per losing carrier). */
  carrier_port_id: string;
  status: PortOrderStatus;
  foc_date: string | null;
  /** Message key or carrier text for an exception. */
  exception: string | null;
}

export interface NumberLookup {
  e164: string;
  holding_vendor: string | null;
  carrier: string | null;
  spid: string | null;
  ocn: string | null;
  lrn: string | null;
  rate_center: string | null;
  lata: string | null;
  state: string | null;
  city: string | null;
  type: NumberType | null;
  line_type: "landline" | "wireless" | "voip" | "toll_free" | null;
  ported: boolean;
  ported_at: string | null;
  /** The caller name (CNAM) the carrier's database gives for the number, up to 15 characters; null when none. */
  cnam: string | null;
}

/** The E911 fields of product.md (the `e911_addresses` table has the same columns). */
export interface E911AddressInput {
  caller_name: string;
  house_number: string;
  house_number_suffix: string | null;
  pre_directional: string | null;
  street_name: string;
  street_suffix: string | null;
  post_directional: string | null;
  unit: string | null;
  city: string;
  state: string;
  postal_code: string;
  postal_code_plus4: string | null;
  country: "US" | "CA" | "PR";
  latitude: number | null;
  longitude: number | null;
}

export interface E911Validation {
  status: "valid" | "invalid" | "suggested";
  /** When `suggested`: the carrier's corrected address, which the user may accept. */
  suggestion: E911AddressInput | null;
  /** Message key when invalid. */
  reason: string | null;
}

export interface E911Provisioning {
  status: "pending" | "provisioned" | "failed" | "removed";
  reason: string | null;
}

/** One carrier. `now` is passed in so time-dependent behaviour (expiry, order progress) is testable. */
export interface Carrier {
  /** Stored in `phone_numbers.carrier` and `number_orders.carrier`. */
  readonly name: string;

  /** Up to `criteria.quantity` numbers nobody holds, deterministic for a query. */
  searchAvailable(criteria: SearchCriteria, now: Date): Promise<AvailableNumber[]>;
  /** Holds the numbers for 30 minutes; replaces nothing (release the old reservation first). */
  reserve(e164s: string[], now: Date): Promise<Reservation>;
  /** Idempotent: an unknown or expired reservation is simply gone. */
  releaseReservation(reservationId: string): Promise<void>;
  /**
   * Orders reserved numbers; throws `carrier.reservation_expired` when the reservation is gone. `requestKey`
   * (`amp-number-order-<order id>-<reservation id>`) is the carrier's idempotency key / client reference: the
   * same key again answers the order placed the first time, so a retry never places a second order.
   */
  order(reservationId: string, e164s: string[], now: Date, requestKey?: string): Promise<CarrierOrder>;
  /** The per-number progress of an order placed earlier. */
  getOrder(carrierOrderId: string, e164s: string[], now: Date): Promise<CarrierOrder>;
  /** Gives a number in service back to the carrier. */
  releaseNumber(e164: string): Promise<void>;

  // Later issues; a carrier that cannot do one throws CarrierError("carrier.unsupported").
  checkPortability(e164s: string[]): Promise<PortabilityResult[]>;
  createPortOrder(request: PortOrderRequest, now: Date): Promise<PortOrder>;
  getPortOrder(carrierPortId: string, now: Date): Promise<PortOrder>;
  lookupNumber(e164: string): Promise<NumberLookup>;
  validateE911Address(address: E911AddressInput): Promise<E911Validation>;
  provisionE911(e164: string, address: E911AddressInput): Promise<E911Provisioning>;
  removeE911(e164: string): Promise<E911Provisioning>;

  // Added by the E911 and porting tools.
  /** Business days between a port request and the earliest FOC date this carrier accepts. */
  readonly minimumFocBusinessDays: number;
  /** Withdraws a port request that has not completed; throws `carrier.order_rejected` once completed. */
  cancelPortOrder(carrierPortId: string, now: Date): Promise<PortOrder>;

  // Added by carrier work that advances by itself (issue 24, docs/backend.md "Carrier work").
  /**
   * Verifies a webhook the carrier posted (its signature, scheme of its own, and a timestamp tolerance) and
   * reads its events; throws CarrierError("carrier.webhook_invalid") for anything not provably from the carrier.
   * A carrier without webhooks leaves it out (POST /api/webhooks/{carrier} then answers 404).
   */
  parseWebhook?(request: WebhookRequest, now: Date): Promise<CarrierEvent[]>;
  /**
   * Seconds after which an open number order / port is worth asking about again (the queue consumer chains
   * checks this far apart; the reconciler's cron covers the rest). Default: 300.
   */
  readonly pollSeconds?: { number_order: number; porting_order: number };
}

/** A webhook as it reached the backend: the raw body (signatures cover its exact bytes) and the headers. */
export interface WebhookRequest {
  body: string;
  headers: Headers;
}

/** What an event is about: AMP then asks the carrier for that order's state (lib/carrier-sync.ts). */
export type CarrierEventSubject = { kind: "number_order"; carrier_order_id: string } | { kind: "porting_order"; carrier_port_id: string };

export interface CarrierEvent {
  /** The carrier's id of the event: recorded once (carrier_events), a redelivery is acknowledged and ignored. */
  event_id: string;
  event_type: string;
  /** ISO-8601, the carrier's time of the event. */
  occurred_at: string;
  /** Null for events AMP has nothing to do with (recorded, not processed). */
  subject: CarrierEventSubject | null;
}

/** Why a carrier call failed; `code` is the message key the API answers with (`{message: code}`). */
export type CarrierErrorCode =
  | "carrier.timeout"
  | "carrier.unavailable"
  | "carrier.reservation_expired"
  | "carrier.number_unavailable"
  | "carrier.not_found"
  | "carrier.order_rejected"
  | "carrier.not_portable"
  | "carrier.unsupported"
  // Added by the E911 and porting tools.
  | "carrier.port_toll_free"
  | "carrier.port_account_mismatch"
  | "carrier.e911_address_not_found"
  | "carrier.e911_provisioning_failed"
  // Added by the Telnyx carrier: it takes a port only with the signed LOA and a recent bill.
  | "carrier.port_documents_required"
  // Added by carrier work that advances by itself: a wireless port needs the account's port-out PIN.
  | "carrier.port_pin_mismatch"
  | "carrier.webhook_invalid";

export class CarrierError extends Error {
  constructor(
    readonly code: CarrierErrorCode,
    detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = "CarrierError";
  }
}
