import type { input } from "zod/v4/core";
import type { E911_COUNTRIES } from "../../../common/e911";
import type { PortingOrderValues, portingOrderSchema } from "./porting-order-schema";

export const PORTING_ORDER_STATUSES = ["draft", "submitted", "foc_confirmed", "exception", "completed", "cancelled"] as const;
export type PortingOrderStatus = (typeof PORTING_ORDER_STATUSES)[number];

/** Statuses whose details can still be corrected (the backend answers 409 otherwise). */
export const EDITABLE_STATUSES: readonly PortingOrderStatus[] = ["draft", "exception"];
/** Statuses the carrier is working on: the detail page watches them. */
export const IN_PROGRESS_STATUSES: readonly PortingOrderStatus[] = ["submitted", "foc_confirmed"];

export interface ServiceAddress {
  house_number: string;
  street_name: string;
  street_suffix: string | null;
  unit: string | null;
  city: string;
  state: string;
  postal_code: string;
  country: (typeof E911_COUNTRIES)[number];
}

export interface PortingOrderEvent {
  id: number;
  type: "status" | "comment";
  from_status: PortingOrderStatus | null;
  to_status: PortingOrderStatus | null;
  message: string | null;
  actor_id: number | null;
  /** Who did it (null: the carrier); absent from a backend that does not name people. */
  actor?: { id: number; name: string } | null;
  /** Who was masquerading as the actor, if anyone. */
  masquerader?: { id: number; name: string } | null;
  created_at: string;
}

export interface PortingOrderDocument {
  id: number;
  kind: "loa" | "bill";
  filename: string;
  content_type: string;
  size: number;
  /** `generated`: the letter of authorization made by "Generate LOA", to be signed. */
  source: "upload" | "generated";
  created_at: string;
}

export interface PortingOrder {
  id: number;
  organization_id: number;
  organization_name: string | null;
  status: PortingOrderStatus;
  numbers: string[];
  entity_name: string;
  authorized_person: string;
  billing_telephone_number: string;
  account_number: string;
  pin_set: boolean;
  service_address: ServiceAddress | null;
  partial: boolean;
  requested_foc_date: string | null;
  foc_date: string | null;
  exception_reason: string | null;
  submitted_at: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
  events?: PortingOrderEvent[];
  documents?: PortingOrderDocument[];
}

/** The two documents a port needs, as file inputs of the order form. */
export const DOCUMENT_KINDS = ["loa", "bill"] as const;
export const DOCUMENT_TYPES = ["application/pdf", "image/png", "image/jpeg"];
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

export type PortingOrderDefaults = Partial<Omit<input<typeof portingOrderSchema>, "service_address">> & {
  service_address: Partial<input<typeof portingOrderSchema>["service_address"]>;
};

/**
 * What checking the typed numbers found (issue 25): the refusal a submission would meet, per number
 * (`porting.order.number_toll_free|{number}`, `porting.order.number_not_portable|…`, `porting.inventory.held|…`,
 * `porting.unparseable.*`), for the text `numbers` as it was checked; `failed` when the check itself failed.
 */
export interface NumberCheck {
  numbers: string;
  problems: string[];
  failed: string | null;
  /** What a check posted without JavaScript could not give back (the PIN, chosen files): to be given again. */
  notKept: string[];
}

/** The typed list of numbers, one entry per line / comma / semicolon / tab; the backend reads each one. */
export function splitNumbers(text: string): string[] {
  return text
    .split(/[\n\r,;\t]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** Form values → the API body. An empty PIN is left out: the stored one is kept. */
export function orderBody(values: PortingOrderValues) {
  const address = values.service_address;
  const hasAddress = Boolean(address.house_number && address.street_name && address.city && address.state && address.postal_code);
  return {
    ...(values.organization_id ? { organization_id: values.organization_id } : {}),
    numbers: splitNumbers(values.numbers),
    entity_name: values.entity_name ?? "",
    authorized_person: values.authorized_person ?? "",
    billing_telephone_number: values.billing_telephone_number ?? "",
    account_number: values.account_number ?? "",
    ...(values.pin ? { pin: values.pin } : {}),
    service_address: hasAddress
      ? {
          house_number: address.house_number,
          street_name: address.street_name,
          street_suffix: address.street_suffix ?? null,
          unit: address.unit ?? null,
          city: address.city,
          state: address.state,
          postal_code: address.postal_code,
          country: address.country,
        }
      : null,
    partial: values.partial,
    requested_foc_date: values.requested_foc_date ?? null,
  };
}

/** A stored order → the form's defaults (never the PIN). */
export function orderDefaults(order: PortingOrder | null, numbers = "", organizationId?: number): PortingOrderDefaults {
  if (!order) return { numbers, organization_id: organizationId, service_address: { country: "US" } };
  const address = order.service_address;
  return {
    numbers: order.numbers.join("\n"),
    entity_name: order.entity_name,
    authorized_person: order.authorized_person,
    billing_telephone_number: order.billing_telephone_number,
    account_number: order.account_number,
    service_address: address ? { ...address, street_suffix: address.street_suffix ?? "", unit: address.unit ?? "" } : { country: "US" },
    partial: order.partial,
    requested_foc_date: order.requested_foc_date ?? "",
  };
}

export function statusVariant(status: PortingOrderStatus): "secondary" | "info" | "success" | "warning" | "destructive" | "outline" {
  switch (status) {
    case "draft":
      return "secondary";
    case "submitted":
    case "foc_confirmed":
      return "info";
    case "completed":
      return "success";
    case "exception":
      return "warning";
    case "cancelled":
      return "outline";
  }
}
