/** The languages a subscriber's voicemail and e-mails can be in. */
export const LANGUAGES = ["en", "fr", "ar"] as const;

/** `ResidentialDraft` of the API (docs/api.md, "Residential user wizard"). */
export type DraftStep = "address" | "number" | "e911" | "review";

export interface AddressState {
  address: Record<string, string | number | null>;
  validation_status: "valid" | "suggested" | "invalid";
  suggestion: Record<string, string | number | null> | null;
  reason: string | null;
}

export interface NumberChoice {
  kind: "inventory" | "new" | "port";
  e164: string;
  phone_number_id?: number;
  number_order_id?: number;
  losing_carrier?: string | null;
}

export interface ResidentialDraft {
  id: number;
  organization_id: number;
  organization_name: string;
  status: "draft" | "submitting" | "completed";
  subscriber: { name: string; email: string; phone: string; locale: "en" | "fr" | "ar" };
  service_address: AddressState | null;
  number: NumberChoice | null;
  e911: { same_as_service: boolean; address: AddressState | null };
  next_step: DraftStep;
  idempotency_key: string;
  failure: { part: "subscriber" | "number" | "e911"; reason: string } | null;
  result: {
    user_id: number | null;
    phone_number_id: number | null;
    porting_order_id: number | null;
    e911_address_id: number | null;
    e911_status: string | null;
    number_status: string | null;
  } | null;
  submitted_at: string | null;
  completed_at: string | null;
  expires_at: string;
  created_at: string;
  updated_at: string;
}
