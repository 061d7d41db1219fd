/**
 * Telnyx's webhooks: the Ed25519 signature check (WebCrypto, no SDK needed) and the translation of the events
 * AMP cares about into carrier-neutral events (types.ts, CarrierEvent). Telnyx signs `${timestamp}|${rawBody}`
 * with its account key; the public half is the TELNYX_PUBLIC_KEY secret (base64, from Mission Control). A
 * request older or newer than five minutes is refused, so a captured webhook cannot be replayed later.
 */
import type { CarrierEvent, OrderedNumber, PortOrderStatus } from "./types";

export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type WebhookVerdict = "valid" | "missing_signature" | "stale" | "bad_signature" | "no_key";

function fromBase64(value: string): Uint8Array<ArrayBuffer> | null {
  try {
    const binary = atob(value.trim());
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return null;
  }
}

/** Imported keys by their base64 text: one import per isolate and key. */
const keys = new Map<string, Promise<CryptoKey>>();

function importKey(publicKey: string): Promise<CryptoKey> | null {
  const raw = fromBase64(publicKey);
  if (raw?.length !== 32) return null;
  let key = keys.get(publicKey);
  if (!key) {
    key = crypto.subtle.importKey("raw", raw, { name: "Ed25519" }, false, ["verify"]);
    keys.set(publicKey, key);
  }
  return key;
}

/**
 * Whether `rawBody` with these headers was signed by the holder of `publicKey` within the tolerance.
 * `rawBody` must be the body exactly as received (before any JSON parsing).
 */
export async function verifyTelnyxWebhook(
  rawBody: string,
  headers: Headers,
  publicKey: string | undefined,
  now: Date,
): Promise<WebhookVerdict> {
  if (!publicKey) return "no_key";
  const signature = headers.get("telnyx-signature-ed25519");
  const timestamp = headers.get("telnyx-timestamp");
  if (!signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) return "missing_signature";
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return "stale";
  const bytes = fromBase64(signature);
  const key = importKey(publicKey);
  if (bytes?.length !== 64 || !key) return "bad_signature";
  const valid = await crypto.subtle.verify({ name: "Ed25519" }, await key, bytes, new TextEncoder().encode(`${timestamp}|${rawBody}`));
  return valid ? "valid" : "bad_signature";
}

const PORT_STATUS: Record<string, PortOrderStatus> = {
  draft: "submitted",
  "in-process": "submitted",
  submitted: "submitted",
  exception: "exception",
  "foc-date-confirmed": "foc_confirmed",
  ported: "completed",
  cancelled: "cancelled",
  "cancel-pending": "cancelled",
};

/** Telnyx's porting exception codes AMP has a message for (the carrier's words otherwise). */
export const PORT_EXCEPTIONS: Record<string, string> = {
  ACCOUNT_NUMBER_MISMATCH: "carrier.port_account_mismatch",
  PASSCODE_PIN_INVALID: "carrier.port_account_mismatch",
  PHONE_NUMBER_NOT_PORTABLE: "carrier.not_portable",
  RATE_CENTER_NOT_PORTABLE: "carrier.not_portable",
};

/** The exception of a Telnyx porting order in AMP's words: a message key when AMP has one. */
export function portException(details: { code?: string; description?: string }[] | undefined): string {
  const list = details ?? [];
  const known = list.map((detail) => PORT_EXCEPTIONS[detail.code ?? ""]).find(Boolean);
  return (
    known ??
    (list
      .map((detail) => detail.description || detail.code)
      .filter(Boolean)
      .join("; ") ||
      "carrier.order_rejected")
  );
}

export function portStatus(value: string | undefined): PortOrderStatus {
  return PORT_STATUS[value ?? ""] ?? "submitted";
}

/** Telnyx's per-number state of an order: success is complete, failure is the carrier's rejection. */
export function orderedNumbers(numbers: { phone_number?: string; status?: string }[] | undefined): Map<string, OrderedNumber> {
  const byNumber = new Map<string, OrderedNumber>();
  for (const entry of numbers ?? []) {
    if (!entry.phone_number) continue;
    const e164 = entry.phone_number;
    if (entry.status === "success") byNumber.set(e164, { e164, status: "complete", reason: null });
    else if (entry.status === "failure") byNumber.set(e164, { e164, status: "failed", reason: "carrier.order_rejected" });
    else byNumber.set(e164, { e164, status: "pending", reason: null });
  }
  return byNumber;
}

interface TelnyxEnvelope {
  data?: { id?: string; event_type?: string; occurred_at?: string; payload?: Record<string, unknown> };
}

/**
 * A verified Telnyx webhook as a carrier-neutral event, or null for a body that is not a Telnyx event.
 * Number orders (`number_order.*`) and porting orders (`porting_order.*`) name their order as the subject (AMP
 * then asks Telnyx for its state); any other event type has no subject (recorded, nothing to do).
 */
export function parseTelnyxEvent(rawBody: string): CarrierEvent | null {
  let envelope: TelnyxEnvelope;
  try {
    envelope = JSON.parse(rawBody) as TelnyxEnvelope;
  } catch {
    return null;
  }
  const data = envelope?.data;
  if (!data?.id || !data.event_type || !data.occurred_at || Number.isNaN(Date.parse(data.occurred_at))) return null;
  const base = { event_id: data.id, event_type: data.event_type, occurred_at: new Date(data.occurred_at).toISOString() };
  const id = data.payload?.id;
  if (data.event_type.startsWith("number_order.") && typeof id === "string")
    return { ...base, subject: { kind: "number_order", carrier_order_id: id } };
  if (data.event_type.startsWith("porting_order.") && typeof id === "string")
    return { ...base, subject: { kind: "porting_order", carrier_port_id: id } };
  return { ...base, subject: null };
}
