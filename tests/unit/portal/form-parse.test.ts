import { parseWithZod as conformParseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { organizationSchema } from "~/components/admin/organization-schema";
import { roleSchema } from "~/components/admin/role-schema";
import { addUserSchema, editUserSchema } from "~/components/admin/user-schema";
import { criteriaSchema, reviewSchema, staffReviewSchema } from "~/components/numbers/criteria-schema";
import { portSchema, subscriberSchema } from "~/components/residential/schema";
import { deviceSchema } from "~/components/tools/device-schema";
import { e911AddressSchema } from "~/components/tools/e911-schema";
import { portingOrderSchema } from "~/components/tools/porting-order-schema";
import { ttsSchema } from "~/components/tools/tts-schema";
import { coerceFormValue, parseWithZod } from "~/lib/form-parse";
import { newPasswordSchema } from "~/lib/new-password";
import { twoFactorSchema } from "~/lib/two-factor";
import { z } from "~/lib/zod";

function form(values: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) for (const item of [value].flat()) data.append(key, item);
  return data;
}

/** What a submission carries to the form and the action: status, value, errors, and the payload as typed. */
function outcome(submission: { status?: string; payload: unknown; reply: () => unknown }) {
  const { status, payload } = submission;
  return { status, payload, value: "value" in submission ? submission.value : undefined, reply: submission.reply() };
}

// Each schema with forms that pass, fail, leave fields empty, or send text where numbers and lists go.
const CASES = [
  ["add user", addUserSchema, [{}, { name: " Ann ", email: "ann@example.test", organization_id: "3", locale: "fr" }]],
  [
    "edit user",
    editUserSchema,
    [
      { name: "", email: "not-an-email", organization_id: "x", role_ids: ["2", "abc"], locale: "de", status: "active" },
      { name: "Ann", email: "ann@example.test", organization_id: "1.5", role_ids: "4", locale: "en", status: "disabled" },
    ],
  ],
  [
    "role",
    roleSchema,
    [
      { name: "Support", scope: "organization", permissions: ["users.view", "nope"] },
      { name: " ", description: "" },
    ],
  ],
  [
    "organization",
    organizationSchema,
    [
      { name: "Harbor", account_number: "A-1", status: "active", type: "business", country: "US", timezone: "Europe/Paris" },
      { name: "Harbor", account_number: "A-1", status: "x", type: "business", country: "ZZZ", timezone: "Mars/Base", contact_phone: "12" },
      { name: "", contact_email: "", contact_name: "  ", default_locale: "ar" },
    ],
  ],
  [
    "number search",
    criteriaSchema,
    [
      { country: "US", type: "local", area_code: " 212 ", pattern_mode: "contains", quantity: "5", features: "sms" },
      { country: "US", type: "toll_free", npa_nxx: "(212) 555", state: "ny", pattern_mode: "starts_with", quantity: "0" },
      { country: "US", type: "local", quantity: "abc", pattern: "!!", pattern_mode: "x", features: ["voice", "fax"] },
    ],
  ],
  [
    "order review",
    reviewSchema,
    [
      { organization_id: "", label: "  " },
      { organization_id: "7", e911_note: "x".repeat(501) },
    ],
  ],
  ["staff order review", staffReviewSchema, [{}, { organization_id: "-2" }, { organization_id: "9", label: "Front desk" }]],
  [
    "residential subscriber",
    subscriberSchema,
    [{ name: "Ann", email: "a@b.test", phone: "+1 (212) 555-0100", locale: "en" }, { phone: "abc" }],
  ],
  ["residential port", portSchema, [{ number: "  " }, { number: "+12125550100" }]],
  [
    "device",
    deviceSchema,
    [
      { mac: "00:1a:2b:3c:4d:5e", vendor: "Yealink", organization_id: "2" },
      { mac: "zz", vendor: "", model: "" },
    ],
  ],
  [
    "E911 address",
    e911AddressSchema,
    [
      {
        caller_name: "Ann",
        house_number: "12",
        street_name: "Main",
        city: "Springfield",
        state: "IL",
        postal_code: "62701",
        country: "US",
      },
      { caller_name: "", house_number: "#", state: "ON", postal_code: "1", country: "US", pre_directional: "" },
    ],
  ],
  [
    "porting order",
    portingOrderSchema,
    [
      { numbers: "+12125550100", intent: "submit", "service_address.city": "Paris" },
      { numbers: "", partial: "on", requested_foc_date: "2026-11-28", organization_id: "3" },
      { numbers: "212 555 0100" },
    ],
  ],
  [
    "text to speech",
    ttsSchema,
    [
      { name: "Welcome", text: "Hello", language: "en-US", voice: "en-us", organization_id: "4" },
      { name: "", text: "", format: "", intent: "draft" },
    ],
  ],
  [
    "new password",
    newPasswordSchema(8, { token: z.string() }),
    [
      { token: "t", password: "short", password_confirmation: "other" },
      { token: "t", password: "long enough", password_confirmation: "long enough" },
    ],
  ],
  ["two-factor confirm", twoFactorSchema("confirm", true), [{ intent: "confirm", code: "123 456", password: "pw" }, { intent: "enable" }]],
] as const;

describe("parseWithZod (zod/mini + own coercion) answers as Conform's", () => {
  for (const [name, schema, forms] of CASES) {
    it(name, () => {
      for (const values of forms) {
        const data = form(values as Record<string, string | string[]>);
        expect(outcome(parseWithZod(data, { schema }))).toEqual(outcome(conformParseWithZod(data, { schema })));
      }
    });
  }
});

describe("coerceFormValue", () => {
  const schema = z.object({
    count: z.number(),
    on: z.optional(z.boolean()),
    tags: z._default(z.array(z.string()), []),
    note: z.optional(z.string()),
  });

  it("reads text as the types the schema wants and empty fields as missing", () => {
    expect(coerceFormValue(schema).parse({ count: "12", on: "on", tags: "a", note: "" })).toEqual({ count: 12, on: true, tags: ["a"] });
    expect(coerceFormValue(schema).parse({ count: "3" })).toEqual({ count: 3, tags: [] });
  });

  it("leaves text that is not a number as text, so the field fails as not a number", () => {
    const result = coerceFormValue(schema).safeParse({ count: "twelve" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["count"]);
  });

  it("is built once per schema", () => {
    expect(coerceFormValue(schema)).toBe(coerceFormValue(schema));
  });
});
