/**
 * The carrier in use, chosen by the `CARRIER` setting (backend/wrangler.toml; default "sandbox"), wrapped so
 * that every call has a timeout and every failure is a CarrierError with a message key.
 */
import type { Db } from "../db/client";
import { SandboxCarrier } from "./sandbox";
import { TelnyxCarrier } from "./telnyx";
import { type Carrier, CarrierError } from "./types";

export type { Carrier } from "./types";
export { CarrierError } from "./types";

/** Longest wait for one carrier call before `carrier.timeout`. */
export const CARRIER_TIMEOUT_MS = 10_000;

export interface CarrierSettings {
  CARRIER?: string;
  SANDBOX_ORDER_DELAY_SECONDS?: string;
  /** Seconds between two steps of a sandbox port order (submitted → FOC confirmed → completed). */
  SANDBOX_PORT_STEP_SECONDS?: string;
  /** Shared secret signing the sandbox carrier's webhooks (POST /api/webhooks/sandbox); unset refuses them all. */
  SANDBOX_WEBHOOK_SECRET?: string;
  /** Telnyx (docs/telnyx.md): the API key (a secret) and the ids new and ported numbers are assigned to. */
  TELNYX_API_KEY?: string;
  /** Telnyx's webhook signing key (a secret: the base64 public key from Mission Control). */
  TELNYX_PUBLIC_KEY?: string;
  TELNYX_CONNECTION_ID?: string;
  TELNYX_MESSAGING_PROFILE_ID?: string;
  /** Where Telnyx posts porting progress: the portal's public /webhooks/telnyx URL. */
  TELNYX_WEBHOOK_URL?: string;
  /** Only for the local simulator (npm run telnyx:sim); Telnyx's own API otherwise. */
  TELNYX_BASE_URL?: string;
}

export const CARRIERS = ["sandbox", "telnyx"] as const;

/** Rejects with `carrier.timeout` after `ms`; any other failure becomes `carrier.unavailable`. */
export async function callWithTimeout<T>(operation: string, call: () => Promise<T>, ms = CARRIER_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CarrierError("carrier.timeout", operation)), ms);
  });
  try {
    return await Promise.race([call(), timeout]);
  } catch (error) {
    if (error instanceof CarrierError) throw error;
    console.error("carrier", operation, error);
    throw new CarrierError("carrier.unavailable", operation);
  } finally {
    clearTimeout(timer);
  }
}

/** Every method of `carrier` behind callWithTimeout. */
export function withTimeouts(carrier: Carrier, ms = CARRIER_TIMEOUT_MS): Carrier {
  return new Proxy(carrier, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => callWithTimeout(String(property), () => value.apply(target, args), ms);
    },
  });
}

export function createCarrier(settings: CarrierSettings, db: Db): Carrier {
  const name = settings.CARRIER || "sandbox";
  if (name === "telnyx") {
    if (!settings.TELNYX_API_KEY) throw new Error("CARRIER is telnyx but the TELNYX_API_KEY secret is not set (docs/telnyx.md)");
    return withTimeouts(
      new TelnyxCarrier({
        apiKey: settings.TELNYX_API_KEY,
        baseURL: settings.TELNYX_BASE_URL,
        connectionId: settings.TELNYX_CONNECTION_ID,
        messagingProfileId: settings.TELNYX_MESSAGING_PROFILE_ID,
        webhookUrl: settings.TELNYX_WEBHOOK_URL,
        publicKey: settings.TELNYX_PUBLIC_KEY,
      }),
    );
  }
  if (name !== "sandbox") throw new Error(`Unknown CARRIER "${name}" (known: ${CARRIERS.join(", ")})`);
  const delay = Number(settings.SANDBOX_ORDER_DELAY_SECONDS ?? "5");
  const portStep = Number(settings.SANDBOX_PORT_STEP_SECONDS ?? "60");
  return withTimeouts(
    new SandboxCarrier(db, {
      orderDelaySeconds: Number.isFinite(delay) && delay >= 0 ? delay : 5,
      portStepSeconds: Number.isFinite(portStep) && portStep >= 0 ? portStep : 60,
      webhookSecret: settings.SANDBOX_WEBHOOK_SECRET || undefined,
    }),
  );
}
