import { tooLong } from "~/components/admin/schema";
import { validationMessage } from "~/lib/validation-message";
import { z } from "~/lib/zod";
import { E911_COUNTRIES, postalCodeError, regionsOf } from "../../../common/e911";

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

const REQUIRED = validationMessage("required");
const optional = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max, tooLong(max))));
const ADDRESS_REQUIRED = ["house_number", "street_name", "city", "state", "postal_code"] as const;

/**
 * The order form (new and edit). A draft may be incomplete; "Submit" needs every party field and the
 * service address, as the backend's submission check does (the FOC date's earliest day is the backend's).
 * The service address is all-or-nothing: any line typed makes the others required.
 */
export const portingOrderSchema = z
  .object({
    /** `check`: only the numbers are checked, nothing is saved (the form's "Check numbers"). */
    intent: z._default(z.enum(["draft", "submit", "check"]), "draft"),
    /** Provider staff porting for a customer organization (new orders only; members port for their own). */
    organization_id: z.optional(z.number().check(z.int(), z.positive())),
    numbers: z.string(REQUIRED).check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(40_000, tooLong(40_000))),
    entity_name: optional(100),
    authorized_person: optional(100),
    billing_telephone_number: optional(40),
    account_number: optional(50),
    pin: optional(20),
    service_address: z._default(
      z.object({
        house_number: optional(10),
        street_name: optional(60),
        street_suffix: optional(10),
        unit: optional(20),
        city: optional(50),
        state: optional(2),
        postal_code: optional(7),
        country: z._default(z.enum(E911_COUNTRIES), "US"),
      }),
      { country: "US" },
    ),
    partial: z._default(z.boolean(), false),
    requested_foc_date: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, validationMessage("date")))),
  })
  .check(
    z.superRefine((value, context) => {
      const address = value.service_address;
      const typed = ADDRESS_REQUIRED.some((field) => address[field]) || address.street_suffix || address.unit;
      if (typed || value.intent === "submit") {
        for (const field of ADDRESS_REQUIRED) {
          if (!address[field]) context.addIssue({ code: "custom", path: ["service_address", field], message: REQUIRED });
        }
        if (address.state && !regionsOf(address.country).includes(address.state)) {
          context.addIssue({ code: "custom", path: ["service_address", "state"], message: validationMessage("in") });
        }
        const postal = address.postal_code ? postalCodeError(address.country, address.postal_code) : null;
        if (postal) context.addIssue({ code: "custom", path: ["service_address", "postal_code"], message: postal });
      }
      if (value.requested_foc_date) {
        const weekday = new Date(`${value.requested_foc_date}T00:00:00Z`).getUTCDay();
        if (weekday === 0 || weekday === 6) {
          context.addIssue({ code: "custom", path: ["requested_foc_date"], message: "porting.order.foc_business_day" });
        }
      }
      if (value.intent === "submit") {
        for (const field of ["entity_name", "authorized_person", "billing_telephone_number", "account_number"] as const) {
          if (!value[field]) context.addIssue({ code: "custom", path: [field], message: REQUIRED });
        }
      }
    }),
  );

export type PortingOrderValues = z.infer<typeof portingOrderSchema>;
export type PortingOrderDefaults = Partial<Omit<z.input<typeof portingOrderSchema>, "service_address">> & {
  service_address: Partial<z.input<typeof portingOrderSchema>["service_address"]>;
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
