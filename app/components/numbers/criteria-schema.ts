import { requiredOr } from "~/components/admin/schema";
import { validationMessage } from "~/lib/validation-message";
import { z } from "~/lib/zod";
import {
  CNAM_MAX_LENGTH,
  CNAM_PATTERN,
  MAX_ORDER_QUANTITY,
  MAX_PATTERN_LENGTH,
  NUMBER_TYPES,
  PATTERN_MODES,
  SEARCH_COUNTRIES,
  SEARCH_FEATURES,
  TOLL_FREE_PREFIXES,
} from "../../../common/phone-numbers";

const choose = validationMessage("in");

/** Optional text fields: Conform sends empty ones as undefined; anything typed is trimmed. */
const optional = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === "string" ? value.trim() || undefined : value)),
    z.optional(schema),
  );

/** `preprocess` of the classic build: `prepare` the raw value, then validate with `schema`. */
const prepared = <T extends z.ZodMiniType>(prepare: (value: unknown) => unknown, schema: T) => z.pipe(z.transform(prepare), schema);

/**
 * Step 1 of the ordering wizard (the same rules as the backend's NumberSearchCriteria): area code and
 * NPA-NXX in any formatting, state upper-cased, pattern of digits or keypad letters, features as checkboxes.
 */
export const criteriaSchema = z
  .object({
    country: z.enum(SEARCH_COUNTRIES, requiredOr(choose)),
    type: z.enum(NUMBER_TYPES, requiredOr(choose)),
    area_code: optional(z.string().check(z.regex(/^[2-9]\d\d$/, validationMessage("area_code")))),
    npa_nxx: optional(
      prepared(
        (value) => (typeof value === "string" ? value.replace(/\D/g, "") : value),
        z.string().check(z.regex(/^[2-9]\d\d[2-9]\d\d$/, validationMessage("npa_nxx"))),
      ),
    ),
    state: optional(
      prepared(
        (value) => (typeof value === "string" ? value.toUpperCase() : value),
        z.string().check(z.regex(/^[A-Z]{2}$/, validationMessage("state"))),
      ),
    ),
    locality: optional(z.string().check(z.maxLength(60, validationMessage("too_long", { max: 60 })))),
    pattern: optional(
      z
        .string()
        .check(z.maxLength(MAX_PATTERN_LENGTH, validationMessage("pattern")), z.regex(/^[0-9A-Za-z]+$/, validationMessage("pattern"))),
    ),
    pattern_mode: z.enum(PATTERN_MODES, requiredOr(choose)),
    features: z._default(z.array(z.enum(SEARCH_FEATURES, choose)), []),
    quantity: z.coerce
      .number(requiredOr(validationMessage("integer")))
      .check(
        z.int(validationMessage("integer")),
        z.minimum(1, validationMessage("min", { min: 1 })),
        z.maximum(MAX_ORDER_QUANTITY, validationMessage("max", { max: MAX_ORDER_QUANTITY })),
      ),
  })
  .check(
    z.superRefine((value, context) => {
      const field = value.npa_nxx ? "npa_nxx" : "area_code";
      const prefix = value.npa_nxx?.slice(0, 3) ?? value.area_code;
      if (prefix === undefined) return;
      const tollFree = (TOLL_FREE_PREFIXES as readonly string[]).includes(prefix);
      if (value.type === "toll_free" && !tollFree)
        context.addIssue({ code: "custom", path: [field], message: validationMessage("toll_free_prefix") });
      if (value.type !== "toll_free" && tollFree)
        context.addIssue({ code: "custom", path: [field], message: validationMessage("geographic_prefix") });
    }),
  );

export type CriteriaInput = z.infer<typeof criteriaSchema>;

/** Review (step 3): the organization is posted only by provider staff. */
export const reviewSchema = z.object({
  organization_id: z.optional(z.coerce.number(requiredOr(choose)).check(z.int(choose), z.positive(choose))),
  label: optional(z.string().check(z.maxLength(100, validationMessage("too_long", { max: 100 })))),
  e911_note: optional(z.string().check(z.maxLength(500, validationMessage("too_long", { max: 500 })))),
});

/**
 * Step 3 for provider staff: the owning organization is a choice they make (issue 25), never a silent default
 * to the provider's own account.
 */
export const staffReviewSchema = z.extend(reviewSchema, {
  organization_id: z.number(requiredOr(choose)).check(z.int(choose), z.positive(choose)),
});

/** Label and CNAM of one number. */
export const numberDetailsSchema = z.object({
  label: optional(z.string().check(z.maxLength(100, validationMessage("too_long", { max: 100 })))),
  cnam: optional(
    z
      .string()
      .check(
        z.maxLength(CNAM_MAX_LENGTH, validationMessage("too_long", { max: CNAM_MAX_LENGTH })),
        z.regex(CNAM_PATTERN, validationMessage("cnam")),
      ),
  ),
});
