// The port-in order's forms: their own module, loaded by the pages when a form is first focused (`useSchemaForm`,
// decision 063) and imported by the actions and loaders on the server.
import { tooLong } from "~/components/admin/schema";
import { validationMessage } from "~/lib/validation-message";
import { z } from "~/lib/zod";
import { E911_COUNTRIES, postalCodeError, regionsOf } from "../../../common/e911";

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

/** A comment on an order (its detail page). */
export const commentSchema = z.object({
  intent: z.literal("comment"),
  message: z
    .string("validation.required")
    .check(z.trim(), z.minLength(1, "validation.required"), z.maxLength(1000, 'validation.too_long|{"max":1000}')),
});
