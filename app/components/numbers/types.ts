/** Phone numbers and number orders as the API answers them (docs/api.md, "Phone numbers"). */

export const PHONE_NUMBER_STATUSES = ["available", "reserved", "in_service", "porting_in", "disconnected"] as const;
export type PhoneNumberStatus = (typeof PHONE_NUMBER_STATUSES)[number];
export const CAPABILITIES = ["voice", "sms", "mms", "fax", "emergency"] as const;
export type Capability = (typeof CAPABILITIES)[number];
export type NumberType = "local" | "toll_free" | "mobile";

export interface PhoneNumber {
  id: number;
  e164: string;
  organization_id: number | null;
  organization_name: string | null;
  status: PhoneNumberStatus;
  type: NumberType;
  carrier: string;
  country: string;
  rate_center: string | null;
  state: string | null;
  lata: string | null;
  capabilities: string[];
  label: string | null;
  cnam: string | null;
  e911_address_id: number | null;
  e911_status: "pending" | "provisioned" | "failed" | "removed" | null;
  order_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface AvailableNumber {
  e164: string;
  type: NumberType;
  country: "US" | "CA";
  state: string;
  rate_center: string;
  city: string;
  lata: string | null;
  capabilities: string[];
  monthly_cents: number;
  one_time_cents: number;
  currency: string;
}

export type NumberOrderStatus = "draft" | "submitted" | "completed" | "partially_failed" | "failed";
export type NumberOrderItemStatus = "reserved" | "pending" | "complete" | "failed";

export interface SearchCriteria {
  country: "US" | "CA";
  type: NumberType;
  area_code?: string;
  npa_nxx?: string;
  state?: string;
  locality?: string;
  pattern?: string;
  pattern_mode: "starts_with" | "contains" | "ends_with";
  features: ("voice" | "sms" | "mms" | "fax")[];
  quantity: number;
}

export interface NumberOrderItem {
  id: number;
  e164: string;
  type: NumberType;
  country: string;
  state: string | null;
  rate_center: string | null;
  city: string | null;
  lata: string | null;
  capabilities: string[];
  monthly_cents: number;
  one_time_cents: number;
  status: NumberOrderItemStatus;
  failure_reason: string | null;
  phone_number_id: number | null;
}

export interface NumberOrder {
  id: number;
  organization_id: number;
  organization_name: string;
  status: NumberOrderStatus;
  expired: boolean;
  carrier: string;
  criteria: SearchCriteria;
  reservation_expires_at: string | null;
  label: string | null;
  e911_note: string | null;
  carrier_order_id: string | null;
  monthly_total_cents: number;
  one_time_total_cents: number;
  currency: string;
  submitted_at: string | null;
  created_at: string;
  updated_at: string;
  items: NumberOrderItem[];
}

export const NUMBER_ORDER_STATUSES = ["draft", "submitted", "completed", "partially_failed", "failed"] as const;

/** A row of the order history (`GET /api/number-orders`). */
export interface NumberOrderSummary {
  id: number;
  organization_id: number;
  organization_name: string;
  status: NumberOrderStatus;
  label: string | null;
  created_by: { id: number; name: string } | null;
  numbers_count: number;
  complete_count: number;
  failed_count: number;
  /** The first three numbers; `phone_number_id` once the number is in the inventory. */
  numbers: { e164: string; phone_number_id: number | null }[];
  monthly_total_cents: number;
  one_time_total_cents: number;
  currency: string;
  carrier_order_id: string | null;
  submitted_at: string | null;
  created_at: string;
}

type Person = { id: number; name: string } | null;

/** A number's page (`GET /api/phone-numbers/{id}/record`). */
export interface PhoneNumberRecord {
  number: PhoneNumber;
  e911_address: {
    id: number;
    caller_name: string;
    street: string;
    city: string;
    state: string;
    postal_code: string;
    country: string;
    validation_status: "unvalidated" | "valid" | "invalid" | "suggested";
  } | null;
  origins: { kind: "ordered" | "imported" | "ported"; at: string; by: Person; source_id: number }[];
  orders: {
    id: number;
    status: NumberOrderStatus;
    item_status: NumberOrderItemStatus;
    created_by: Person;
    submitted_at: string | null;
    created_at: string;
  }[];
  porting_orders: {
    id: number;
    status: "draft" | "submitted" | "foc_confirmed" | "completed" | "exception" | "cancelled";
    created_by: Person;
    submitted_at: string | null;
    completed_at: string | null;
    created_at: string;
  }[];
  events: import("~/components/logs/types").ActivityEntry[];
}
