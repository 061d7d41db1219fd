/**
 * Phone numbers and number orders: the shapes the API answers with, the wizard's criteria schema, carrier
 * error mapping, and `settleOrder`, which moves a submitted order's numbers into the inventory.
 */
import { z } from "@hono/zod-openapi";
import { and, asc, eq, sql } from "drizzle-orm";
import {
  CNAM_MAX_LENGTH,
  CNAM_PATTERN,
  keypadDigits,
  MAX_ORDER_QUANTITY,
  MAX_PATTERN_LENGTH,
  NUMBER_TYPES,
  PATTERN_MODES,
  SEARCH_COUNTRIES,
  SEARCH_FEATURES,
} from "../../../common/phone-numbers";
import type { Carrier } from "../carriers";
import { TOLL_FREE_NPAS } from "../carriers/sandbox-data";
import type { SearchCriteria } from "../carriers/types";
import { CarrierError } from "../carriers/types";
import type { Db } from "../db/client";
import {
  E911_PROVISIONING_STATUSES,
  NUMBER_ORDER_ITEM_STATUSES,
  NUMBER_ORDER_STATUSES,
  numberOrderItems,
  numberOrders,
  organizations,
  PHONE_NUMBER_STATUSES,
  PHONE_NUMBER_TYPES,
  phoneNumbers,
} from "../db/schema";
import { ApiError } from "./errors";
import { currentTime } from "./time";

const CAPABILITY_LIST = z.array(z.string());

export const PhoneNumberSchema = z
  .object({
    id: z.number().int(),
    e164: z.string().openapi({ example: "+12125550100" }),
    organization_id: z.number().int().nullable(),
    organization_name: z.string().nullable(),
    status: z.enum(PHONE_NUMBER_STATUSES),
    type: z.enum(PHONE_NUMBER_TYPES),
    carrier: z.string(),
    country: z.string(),
    rate_center: z.string().nullable(),
    state: z.string().nullable(),
    lata: z.string().nullable(),
    capabilities: CAPABILITY_LIST.openapi({ example: ["voice", "sms", "emergency"] }),
    label: z.string().nullable(),
    cnam: z.string().nullable(),
    e911_address_id: z.number().int().nullable(),
    e911_status: z.enum(E911_PROVISIONING_STATUSES).nullable(),
    order_id: z.number().int().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("PhoneNumber");

export function phoneNumberColumns() {
  return {
    id: phoneNumbers.id,
    e164: phoneNumbers.e164,
    organizationId: phoneNumbers.organizationId,
    organizationName: organizations.name,
    status: phoneNumbers.status,
    type: phoneNumbers.type,
    carrier: phoneNumbers.carrier,
    country: phoneNumbers.country,
    rateCenter: phoneNumbers.rateCenter,
    state: phoneNumbers.state,
    lata: phoneNumbers.lata,
    capabilities: phoneNumbers.capabilities,
    label: phoneNumbers.label,
    cnam: phoneNumbers.cnam,
    e911AddressId: phoneNumbers.e911AddressId,
    e911Status: phoneNumbers.e911Status,
    orderId: phoneNumbers.orderId,
    createdAt: phoneNumbers.createdAt,
    updatedAt: phoneNumbers.updatedAt,
  };
}

type PhoneNumberRow = {
  [K in keyof ReturnType<typeof phoneNumberColumns>]: ReturnType<typeof phoneNumberColumns>[K]["_"]["data"] | null;
};

function parseList(json: string | null): string[] {
  try {
    const value = JSON.parse(json ?? "[]");
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

export function serializePhoneNumber(row: PhoneNumberRow): z.infer<typeof PhoneNumberSchema> {
  return {
    id: row.id as number,
    e164: row.e164 as string,
    organization_id: row.organizationId,
    organization_name: row.organizationName,
    status: row.status as z.infer<typeof PhoneNumberSchema>["status"],
    type: row.type as z.infer<typeof PhoneNumberSchema>["type"],
    carrier: row.carrier as string,
    country: row.country as string,
    rate_center: row.rateCenter,
    state: row.state,
    lata: row.lata,
    capabilities: parseList(row.capabilities),
    label: row.label,
    cnam: row.cnam,
    e911_address_id: row.e911AddressId,
    e911_status: row.e911Status,
    order_id: row.orderId,
    created_at: row.createdAt as string,
    updated_at: row.updatedAt as string,
  };
}

/** "" and whitespace → undefined, so optional form fields may be sent empty. */
const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : typeof value === "string" ? value.trim() : value),
    schema.optional(),
  );

/** Step 1 of the wizard. Area code and NPA-NXX accept any formatting ("212-555"); patterns accept keypad letters. */
export const CriteriaObject = z.object({
  country: z.enum(SEARCH_COUNTRIES).default("US"),
  type: z.enum(NUMBER_TYPES).default("local"),
  area_code: optionalText(z.string().refine((value) => /^[2-9]\d\d$/.test(value), "validation.area_code")),
  npa_nxx: optionalText(
    z.preprocess(
      (value) => (typeof value === "string" ? value.replace(/\D/g, "") : value),
      z.string().refine((value) => /^[2-9]\d\d[2-9]\d\d$/.test(value), "validation.npa_nxx"),
    ),
  ),
  state: optionalText(
    z.preprocess(
      (value) => (typeof value === "string" ? value.toUpperCase() : value),
      z.string().refine((value) => /^[A-Z]{2}$/.test(value), "validation.state"),
    ),
  ),
  locality: optionalText(z.string().max(60)),
  pattern: optionalText(
    z
      .string()
      .max(MAX_PATTERN_LENGTH)
      .refine((value) => /^[0-9A-Za-z]+$/.test(value), "validation.pattern"),
  ),
  pattern_mode: z.enum(PATTERN_MODES).default("contains"),
  features: z.array(z.enum(SEARCH_FEATURES)).max(SEARCH_FEATURES.length).default([]),
  quantity: z.coerce.number().int().min(1).max(MAX_ORDER_QUANTITY).default(10),
});

/** Toll-free searches need a toll-free prefix, other searches a geographic one. */
export function refineCriteria(value: z.infer<typeof CriteriaObject>, context: z.RefinementCtx): void {
  const prefix = value.npa_nxx?.slice(0, 3) ?? value.area_code;
  const tollFree = prefix !== undefined && (TOLL_FREE_NPAS as readonly string[]).includes(prefix);
  if (value.type === "toll_free" && prefix !== undefined && !tollFree) {
    context.addIssue({ code: "custom", path: [value.npa_nxx ? "npa_nxx" : "area_code"], message: "validation.toll_free_prefix" });
  }
  if (value.type !== "toll_free" && tollFree) {
    context.addIssue({ code: "custom", path: [value.npa_nxx ? "npa_nxx" : "area_code"], message: "validation.geographic_prefix" });
  }
}

export const CriteriaSchema = CriteriaObject.superRefine(refineCriteria).openapi("NumberSearchCriteria");

export type Criteria = z.infer<typeof CriteriaSchema>;

/** The carrier's view of validated criteria: letters of the pattern become keypad digits. */
export function carrierCriteria(criteria: Criteria): SearchCriteria {
  return { ...criteria, pattern: criteria.pattern ? keypadDigits(criteria.pattern) : undefined };
}

export function storedCriteria(json: string): Criteria {
  const parsed = CriteriaSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : CriteriaSchema.parse({});
}

export const CnamSchema = z
  .string()
  .trim()
  .max(CNAM_MAX_LENGTH)
  .refine((value) => CNAM_PATTERN.test(value), "validation.cnam")
  .nullable()
  .openapi({ description: `Caller ID name, at most ${CNAM_MAX_LENGTH} characters` });

export const AvailableNumberSchema = z
  .object({
    e164: z.string(),
    type: z.enum(NUMBER_TYPES),
    country: z.enum(SEARCH_COUNTRIES),
    state: z.string(),
    rate_center: z.string(),
    city: z.string(),
    lata: z.string().nullable(),
    capabilities: CAPABILITY_LIST,
    monthly_cents: z.number().int(),
    one_time_cents: z.number().int(),
    currency: z.literal("USD"),
  })
  .openapi("AvailableNumber");

export const NumberOrderItemSchema = z.object({
  id: z.number().int(),
  e164: z.string(),
  type: z.enum(PHONE_NUMBER_TYPES),
  country: z.string(),
  state: z.string().nullable(),
  rate_center: z.string().nullable(),
  city: z.string().nullable(),
  lata: z.string().nullable(),
  capabilities: CAPABILITY_LIST,
  monthly_cents: z.number().int(),
  one_time_cents: z.number().int(),
  status: z.enum(NUMBER_ORDER_ITEM_STATUSES),
  failure_reason: z.string().nullable(),
  phone_number_id: z.number().int().nullable(),
});

export const NumberOrderSchema = z
  .object({
    id: z.number().int(),
    organization_id: z.number().int(),
    organization_name: z.string(),
    status: z.enum(NUMBER_ORDER_STATUSES),
    /** A draft whose reservation ran out: search again with `criteria`. */
    expired: z.boolean(),
    carrier: z.string(),
    criteria: CriteriaSchema,
    reservation_expires_at: z.string().nullable(),
    label: z.string().nullable(),
    e911_note: z.string().nullable(),
    carrier_order_id: z.string().nullable(),
    monthly_total_cents: z.number().int(),
    one_time_total_cents: z.number().int(),
    currency: z.string(),
    submitted_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    items: z.array(NumberOrderItemSchema),
  })
  .openapi("NumberOrder");

export type NumberOrder = z.infer<typeof NumberOrderSchema>;

export function isExpired(order: { status: string; reservationExpiresAt: string | null }, now: Date): boolean {
  return order.status === "draft" && order.reservationExpiresAt !== null && order.reservationExpiresAt <= now.toISOString();
}

/** The order with its items, or null when it does not exist in the caller's scope (`scope`: tenantScope). */
export async function loadOrder(
  db: Db,
  id: number,
  scope: ReturnType<typeof eq> | undefined,
  now = currentTime(),
): Promise<NumberOrder | null> {
  const [order] = await db
    .select({ order: numberOrders, organizationName: organizations.name })
    .from(numberOrders)
    .innerJoin(organizations, eq(organizations.id, numberOrders.organizationId))
    .where(and(eq(numberOrders.id, id), scope));
  if (!order) return null;
  const items = await db.select().from(numberOrderItems).where(eq(numberOrderItems.orderId, id)).orderBy(asc(numberOrderItems.e164));
  const row = order.order;
  return {
    id: row.id,
    organization_id: row.organizationId,
    organization_name: order.organizationName,
    status: row.status,
    expired: isExpired(row, now),
    carrier: row.carrier,
    criteria: storedCriteria(row.criteria),
    reservation_expires_at: row.reservationExpiresAt,
    label: row.label,
    e911_note: row.e911Note,
    carrier_order_id: row.carrierOrderId,
    monthly_total_cents: row.monthlyTotalCents,
    one_time_total_cents: row.oneTimeTotalCents,
    currency: row.currency,
    submitted_at: row.submittedAt,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    items: items.map((item) => ({
      id: item.id,
      e164: item.e164,
      type: item.type,
      country: item.country,
      state: item.state,
      rate_center: item.rateCenter,
      city: item.city,
      lata: item.lata,
      capabilities: parseList(item.capabilities),
      monthly_cents: item.monthlyCents,
      one_time_cents: item.oneTimeCents,
      status: item.status,
      failure_reason: item.failureReason,
      phone_number_id: item.phoneNumberId,
    })),
  };
}

/** A carrier failure as the API's answer: 502 for a carrier down or slow, 409 for a state conflict. */
export async function carrierCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof CarrierError)) throw error;
    const status = error.code === "carrier.timeout" || error.code === "carrier.unavailable" ? 502 : 409;
    throw new ApiError(status, { message: `numbers.${error.code}` });
  }
}

/**
 * Asks the carrier about a submitted order's pending numbers and records the answers. A complete number
 * enters the inventory (in service, in the order's organization) in the same D1 batch that marks its item
 * complete, so an item is never complete without its number nor a number assigned by a failed item.
 * Returns the order's final status when this call settled it, else null.
 */
export async function settleOrder(db: Db, carrier: Carrier, order: NumberOrder, now: Date): Promise<NumberOrder["status"] | null> {
  if (order.status !== "submitted" || !order.carrier_order_id) return null;
  const pending = order.items.filter((item) => item.status === "pending");
  if (pending.length > 0) {
    const progress = await carrier.getOrder(
      order.carrier_order_id,
      pending.map((item) => item.e164),
      now,
    );
    const stamp = now.toISOString();
    const writes = [];
    for (const result of progress.numbers) {
      const item = pending.find((candidate) => candidate.e164 === result.e164);
      if (!item || result.status === "pending") continue;
      if (result.status === "failed") {
        writes.push(
          db
            .update(numberOrderItems)
            .set({ status: "failed", failureReason: result.reason ?? "carrier.order_rejected", updatedAt: stamp })
            .where(and(eq(numberOrderItems.id, item.id), eq(numberOrderItems.status, "pending"))),
        );
        continue;
      }
      // A disconnected row of the same number is reused; a number in service elsewhere is never taken over.
      writes.push(
        db
          .insert(phoneNumbers)
          .values({
            e164: item.e164,
            organizationId: order.organization_id,
            status: "in_service",
            type: item.type,
            carrier: order.carrier,
            country: item.country,
            rateCenter: item.rate_center,
            city: item.city,
            state: item.state,
            lata: item.lata,
            capabilities: JSON.stringify(item.capabilities),
            label: order.label,
            orderId: order.id,
            createdAt: stamp,
            updatedAt: stamp,
          })
          .onConflictDoUpdate({
            target: phoneNumbers.e164,
            set: {
              organizationId: order.organization_id,
              status: "in_service",
              type: item.type,
              carrier: order.carrier,
              rateCenter: item.rate_center,
              city: item.city,
              state: item.state,
              lata: item.lata,
              capabilities: JSON.stringify(item.capabilities),
              label: order.label,
              cnam: null,
              e911AddressId: null,
              e911Status: null,
              orderId: order.id,
              updatedAt: stamp,
            },
            setWhere: eq(phoneNumbers.status, "disconnected"),
          }),
        db
          .update(numberOrderItems)
          .set({
            status: sql`CASE WHEN EXISTS (SELECT 1 FROM phone_numbers WHERE e164 = ${item.e164} AND order_id = ${order.id}) THEN 'complete' ELSE 'failed' END`,
            failureReason: sql`CASE WHEN EXISTS (SELECT 1 FROM phone_numbers WHERE e164 = ${item.e164} AND order_id = ${order.id}) THEN NULL ELSE 'carrier.number_unavailable' END`,
            phoneNumberId: sql`(SELECT id FROM phone_numbers WHERE e164 = ${item.e164} AND order_id = ${order.id})`,
            updatedAt: stamp,
          })
          .where(and(eq(numberOrderItems.id, item.id), eq(numberOrderItems.status, "pending"))),
      );
    }
    const [first, ...rest] = writes;
    if (first) await db.batch([first, ...rest]);
  }
  const statuses = await db
    .select({ status: numberOrderItems.status })
    .from(numberOrderItems)
    .where(eq(numberOrderItems.orderId, order.id));
  if (statuses.some((item) => item.status === "pending")) return null;
  const complete = statuses.filter((item) => item.status === "complete").length;
  const final = complete === statuses.length ? "completed" : complete === 0 ? "failed" : "partially_failed";
  const settled = await db
    .update(numberOrders)
    .set({ status: final, updatedAt: now.toISOString() })
    .where(and(eq(numberOrders.id, order.id), eq(numberOrders.status, "submitted")))
    .returning({ id: numberOrders.id });
  return settled.length > 0 ? final : null;
}
