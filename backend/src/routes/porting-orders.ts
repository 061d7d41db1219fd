import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, asc, count, desc, eq, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { normalizePostalCode, postalCodeError, regionsOf } from "../../../common/e911";
import { MAX_CHECK_NUMBERS, parseNanpNumber } from "../../../common/number-list";
import { searchDigits } from "../../../common/phone-numbers";
import { type Carrier, createCarrier } from "../carriers";
import { addBusinessDays } from "../carriers/sandbox";
import { CarrierError, type PortOrder } from "../carriers/types";
import type { Db } from "../db/client";
import {
  E911_COUNTRIES,
  LOCALES,
  organizations,
  PORTING_DOCUMENT_KINDS,
  PORTING_DOCUMENT_SOURCES,
  PORTING_ORDER_STATUSES,
  portingOrderDocuments,
  portingOrderEvents,
  portingOrders,
  users,
} from "../db/schema";
import { logActivity } from "../lib/activity";
import { currentUser, requireAuth, requirePermission } from "../lib/auth";
import { enqueueCarrierCheck } from "../lib/carrier-sync";
import type { AppEnv, CurrentUser } from "../lib/context";
import { decryptSecret, encryptSecret } from "../lib/crypto";
import { storeGeneratedPdf } from "../lib/documents";
import { ApiError, notFound, validationError } from "../lib/errors";
import { csvExportResponse, exportResponse } from "../lib/export";
import { heldNumberErrors } from "../lib/inventory";
import { type LosingCarrier, loaPdf } from "../lib/loa-letter";
import { errorResponses, jsonBody, jsonContent } from "../lib/openapi";
import { likePattern, listQuerySchema, paginate, paginatorSchema } from "../lib/pagination";
import { carrierCall } from "../lib/phone-numbers";
import { portRequestSecrets } from "../lib/port-documents";
import { canMove, claimSubmission, type PortingStatus, releaseSubmission, transitionAction } from "../lib/porting";
import { tenantScope, writableOrganizationId } from "../lib/tenant";
import { currentTime } from "../lib/time";
import { validationHook } from "../lib/validation";

/**
 * Port-in orders. The state machine (docs/backend.md, "Porting orders"): the user moves `draft → submitted`,
 * `exception → submitted` (after correcting) and anything open → `cancelled`; the carrier moves
 * `submitted → foc_confirmed → completed` or `submitted → exception`. The carrier's progress is read when an
 * order is read. Every transition is an event and an activity-log entry; any other move answers 409.
 */
export const portingOrdersRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

type Status = PortingStatus;
/** Statuses whose details can still be corrected. */
const EDITABLE: Status[] = ["draft", "exception"];

const idParam = z.object({ id: z.coerce.number().int().positive() });
const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

const ServiceAddress = z.object({
  house_number: z.string().trim().min(1).max(10),
  street_name: z.string().trim().min(1).max(60),
  street_suffix: z.string().trim().max(10).nullish(),
  unit: z.string().trim().max(20).nullish(),
  city: z.string().trim().min(1).max(50),
  state: z.string().trim().min(2).max(2),
  postal_code: z.string().trim().min(1).max(7),
  country: z.enum(E911_COUNTRIES),
});

const OrderBody = z
  .object({
    organization_id: z.number().int().positive().optional(),
    numbers: z.array(z.string().max(40)).min(1).max(MAX_CHECK_NUMBERS),
    entity_name: z.string().trim().max(100).default(""),
    authorized_person: z.string().trim().max(100).default(""),
    billing_telephone_number: z.string().trim().max(40).default(""),
    account_number: z.string().trim().max(50).default(""),
    pin: z.string().trim().max(20).optional().openapi({ description: "Write-only: stored encrypted, never returned. Omit to keep." }),
    service_address: ServiceAddress.nullish(),
    partial: z.boolean().default(false),
    requested_foc_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .nullish(),
  })
  .openapi("PortingOrderInput");
type OrderInput = z.infer<typeof OrderBody>;

const EventSchema = z.object({
  id: z.number().int(),
  type: z.enum(["status", "comment"]),
  from_status: z.enum(PORTING_ORDER_STATUSES).nullable(),
  to_status: z.enum(PORTING_ORDER_STATUSES).nullable(),
  message: z.string().nullable(),
  actor_id: z.number().int().nullable(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable().openapi({ description: "Null: the carrier" }),
  masquerader: z
    .object({ id: z.number().int(), name: z.string() })
    .nullable()
    .openapi({ description: "Who was masquerading as the actor, if anyone" }),
  created_at: z.string(),
});

const OrderSchema = z
  .object({
    id: z.number().int(),
    organization_id: z.number().int(),
    organization_name: z.string().nullable(),
    status: z.enum(PORTING_ORDER_STATUSES),
    numbers: z.array(z.string()),
    entity_name: z.string(),
    authorized_person: z.string(),
    billing_telephone_number: z.string(),
    account_number: z.string(),
    pin_set: z.boolean().openapi({ description: "Whether a PIN is stored; the PIN itself is never returned" }),
    service_address: ServiceAddress.nullable(),
    partial: z.boolean(),
    requested_foc_date: z.string().nullable(),
    foc_date: z.string().nullable(),
    exception_reason: z.string().nullable(),
    submitted_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    events: z.array(EventSchema).optional(),
    documents: z
      .array(
        z.object({
          id: z.number().int(),
          kind: z.enum(PORTING_DOCUMENT_KINDS),
          filename: z.string(),
          content_type: z.string(),
          size: z.number().int(),
          source: z.enum(PORTING_DOCUMENT_SOURCES).openapi({ description: "`generated`: the LOA made by POST …/loa, unsigned" }),
          created_at: z.string(),
        }),
      )
      .optional(),
  })
  .openapi("PortingOrder");

type OrderRow = typeof portingOrders.$inferSelect & { organizationName: string | null };

function serialize(row: OrderRow) {
  return {
    id: row.id,
    organization_id: row.organizationId,
    organization_name: row.organizationName,
    status: row.status,
    numbers: JSON.parse(row.numbers) as string[],
    entity_name: row.entityName,
    authorized_person: row.authorizedPerson,
    billing_telephone_number: row.billingTelephoneNumber,
    account_number: row.accountNumber,
    pin_set: row.pinEncrypted !== null,
    service_address: row.serviceAddress ? (JSON.parse(row.serviceAddress) as z.infer<typeof ServiceAddress>) : null,
    partial: row.partial,
    requested_foc_date: row.requestedFocDate,
    foc_date: row.focDate,
    exception_reason: row.exceptionReason,
    submitted_at: row.submittedAt,
    completed_at: row.completedAt,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

async function findOrder(db: Db, me: CurrentUser, id: number): Promise<OrderRow> {
  const [row] = await db
    .select({ order: portingOrders, organizationName: organizations.name })
    .from(portingOrders)
    .leftJoin(organizations, eq(organizations.id, portingOrders.organizationId))
    .where(and(eq(portingOrders.id, id), tenantScope(me, portingOrders.organizationId)));
  if (!row) throw notFound();
  return { ...row.order, organizationName: row.organizationName };
}

/** Numbers typed in any formatting → E.164; each unreadable one is an error on `numbers.<index>`. */
function normalizeNumbers(input: string[]): string[] {
  const errors: Record<string, string[]> = {};
  const numbers: string[] = [];
  input.forEach((text, index) => {
    const parsed = parseNanpNumber(text);
    if ("reason" in parsed) errors[`numbers.${index}`] = [`porting.unparseable.${parsed.reason}`];
    else if (!numbers.includes(parsed.e164)) numbers.push(parsed.e164);
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return numbers;
}

function checkAddress(address: OrderInput["service_address"], errors: Record<string, string[]>) {
  if (!address) return;
  if (!regionsOf(address.country).includes(address.state)) errors["service_address.state"] = ["validation.in"];
  if (postalCodeError(address.country, address.postal_code)) errors["service_address.postal_code"] = ["validation.format"];
}

/** The key porting PINs are encrypted with (APP_KEY). */
function appKey(env: { APP_KEY?: string }): string {
  if (!env.APP_KEY) throw new Error("APP_KEY is not set: porting PINs cannot be stored or sent");
  return env.APP_KEY;
}

/** The fields of an order the submission checks read. */
type SubmittedFields = Pick<
  OrderRow,
  "entityName" | "authorizedPerson" | "billingTelephoneNumber" | "accountNumber" | "serviceAddress" | "requestedFocDate"
>;

/** The account holder's details a submission and a letter of authorization need: every party field and the service address. */
function partyErrors(row: SubmittedFields): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [field, value] of [
    ["entity_name", row.entityName],
    ["authorized_person", row.authorizedPerson],
    ["billing_telephone_number", row.billingTelephoneNumber],
    ["account_number", row.accountNumber],
  ] as const) {
    if (!value.trim()) errors[field] = ["validation.required"];
  }
  if (!row.serviceAddress) errors.service_address = ["validation.required"];
  return errors;
}

/** What a submission needs beyond a draft: the party details and a valid FOC date. */
function checkSubmittable(row: SubmittedFields, carrier: Carrier, now: Date) {
  const errors = submittableErrors(row, carrier, now);
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/** `checkSubmittable`'s errors, every one of them. */
function submittableErrors(row: SubmittedFields, carrier: Carrier, now: Date): Record<string, string[]> {
  const errors = partyErrors(row);
  if (row.requestedFocDate) {
    const minimum = addBusinessDays(now, carrier.minimumFocBusinessDays);
    const weekday = new Date(`${row.requestedFocDate}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) errors.requested_foc_date = ["porting.order.foc_business_day"];
    else if (row.requestedFocDate < minimum)
      errors.requested_foc_date = [`porting.order.foc_too_early|${JSON.stringify({ date: minimum })}`];
  }
  return errors;
}

/** Records a user's move: its event and activity entry (carrier moves: lib/porting.ts). */
async function recordTransition(
  c: Parameters<Parameters<typeof portingOrdersRoutes.openapi>[1]>[0],
  row: OrderRow,
  from: Status,
  to: Status,
) {
  const db = c.get("db");
  await db.insert(portingOrderEvents).values({
    orderId: row.id,
    type: "status",
    fromStatus: from,
    toStatus: to,
    message: null,
    actorId: currentUser(c).id,
    masqueraderId: c.get("session").masqueraderId,
    createdAt: new Date().toISOString(),
  });
  await logActivity(c, {
    action: transitionAction(to),
    subject_type: "porting_order",
    subject_id: row.id,
    subject_label: `#${row.id}`,
    organization_id: row.organizationId,
    before: { status: from },
    after: { status: to },
  });
}

const SORTS = {
  created_at: portingOrders.createdAt,
  status: portingOrders.status,
  requested_foc_date: portingOrders.requestedFocDate,
} as const;

const portingListQuery = listQuerySchema.extend({
  sort: z.enum(["created_at", "status", "requested_foc_date"]).default("created_at"),
  status: z.enum(PORTING_ORDER_STATUSES).optional(),
});

/** The list's status filter and search, shared by the list and its export. */
function portingFilters(query: Pick<z.infer<typeof portingListQuery>, "status" | "search">): (SQL | undefined)[] {
  const search = query.search?.trim();
  const digits = search ? searchDigits(search) : "";
  return [
    query.status ? eq(portingOrders.status, query.status) : undefined,
    search
      ? or(
          // `numbers` is a JSON list of E.164 numbers: the typed digits match whatever formatting they came in.
          digits ? sql`${portingOrders.numbers} LIKE ${likePattern(digits)} ESCAPE '\\'` : undefined,
          sql`${portingOrders.entityName} LIKE ${likePattern(search)} ESCAPE '\\'`,
        )
      : undefined,
  ];
}

portingOrdersRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/porting/orders",
    tags: ["Porting"],
    summary: "Port-in orders; `search` matches the digits of a number in any formatting, and the entity name",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.port")] as const,
    request: { query: portingListQuery },
    responses: { 200: jsonContent(paginatorSchema(OrderSchema), "One page"), ...errorResponses(401, 403, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const query = c.req.valid("query");
    const where = and(tenantScope(me, portingOrders.organizationId, query.organization_id), ...portingFilters(query)) as SQL | undefined;
    const order = query.direction === "asc" ? asc : desc;
    const [rows, totals] = await Promise.all([
      db
        .select({ order: portingOrders, organizationName: organizations.name })
        .from(portingOrders)
        .leftJoin(organizations, eq(organizations.id, portingOrders.organizationId))
        .where(where)
        .orderBy(order(SORTS[query.sort]), order(portingOrders.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page),
      db.select({ total: count() }).from(portingOrders).where(where),
    ]);
    const data = rows.map((row) => serialize({ ...row.order, organizationName: row.organizationName }));
    return c.json(paginate(data, totals[0]?.total ?? 0, query.page, query.per_page), 200);
  },
);

portingOrdersRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/porting/orders/export",
    tags: ["Porting"],
    summary: "The porting orders list as CSV (the same filters and search), newest first, streamed (decision 045)",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.port")] as const,
    request: { query: portingListQuery },
    responses: { ...csvExportResponse, ...errorResponses(401, 403, 422) },
  }),
  (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const query = c.req.valid("query");
    return exportResponse(c, {
      table: portingOrders,
      id: portingOrders.id,
      tenant: { actor: me, column: portingOrders.organizationId, requested: query.organization_id },
      filters: portingFilters(query),
      rows: (where, order) =>
        db
          .select({ order: portingOrders, organizationName: organizations.name })
          .from(portingOrders)
          .leftJoin(organizations, eq(organizations.id, portingOrders.organizationId))
          .where(where)
          .orderBy(...order),
      rowId: (row) => row.order.id,
      // Never the PIN or the account number: an export is read by more people than the order form.
      header: [
        "id",
        "organization",
        "status",
        "numbers",
        "entity_name",
        "requested_foc_date",
        "foc_date",
        "exception_reason",
        "submitted_at",
        "completed_at",
        "created_at",
      ],
      line: ({ order, organizationName }) => {
        const row = serialize({ ...order, organizationName });
        return [
          row.id,
          row.organization_name,
          row.status,
          row.numbers.join(" "),
          row.entity_name,
          row.requested_foc_date,
          row.foc_date,
          row.exception_reason,
          row.submitted_at,
          row.completed_at,
          row.created_at,
        ];
      },
      filename: "porting-orders.csv",
    });
  },
);

/** The users table twice, for an event's actor and masquerader. */
const actors = alias(users, "actors");
const masqueraders = alias(users, "masqueraders");

async function detail(c: Parameters<Parameters<typeof portingOrdersRoutes.openapi>[1]>[0], id: number) {
  const db = c.get("db");
  const row = await findOrder(db, currentUser(c), id);
  const [events, documents] = await Promise.all([
    db
      .select({ event: portingOrderEvents, actorName: actors.name, masqueraderName: masqueraders.name })
      .from(portingOrderEvents)
      .leftJoin(actors, eq(actors.id, portingOrderEvents.actorId))
      .leftJoin(masqueraders, eq(masqueraders.id, portingOrderEvents.masqueraderId))
      .where(eq(portingOrderEvents.orderId, id))
      .orderBy(asc(portingOrderEvents.id)),
    db.select().from(portingOrderDocuments).where(eq(portingOrderDocuments.orderId, id)).orderBy(asc(portingOrderDocuments.id)),
  ]);
  return {
    ...serialize(row),
    events: events.map(({ event, actorName, masqueraderName }) => ({
      id: event.id,
      type: event.type,
      from_status: event.fromStatus,
      to_status: event.toStatus,
      message: event.message,
      actor_id: event.actorId,
      actor: event.actorId === null ? null : { id: event.actorId, name: actorName ?? "" },
      masquerader: event.masqueraderId === null ? null : { id: event.masqueraderId, name: masqueraderName ?? "" },
      created_at: event.createdAt,
    })),
    documents: documents.map((document) => ({
      id: document.id,
      kind: document.kind,
      filename: document.filename,
      content_type: document.contentType,
      size: document.size,
      source: document.source,
      created_at: document.createdAt,
    })),
  };
}

portingOrdersRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/porting/orders/{id}",
    tags: ["Porting"],
    summary:
      "One port-in order with its events and documents (reading changes nothing: the carrier's progress arrives by webhook and the reconciler)",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.port")] as const,
    request: { params: idParam },
    responses: { 200: jsonContent(OrderSchema, "The order"), ...errorResponses(401, 403, 404, 502) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await detail(c, id), 200);
  },
);

async function storedFields(c: Parameters<Parameters<typeof portingOrdersRoutes.openapi>[1]>[0], body: OrderInput, organizationId: number) {
  const numbers = normalizeNumbers(body.numbers);
  const errors: Record<string, string[]> = { ...(await heldNumberErrors(c.get("db"), numbers, organizationId)) };
  checkAddress(body.service_address, errors);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const address = body.service_address
    ? { ...body.service_address, postal_code: normalizePostalCode(body.service_address.country, body.service_address.postal_code) }
    : null;
  const fields = {
    numbers: JSON.stringify(numbers),
    entityName: body.entity_name,
    authorizedPerson: body.authorized_person,
    billingTelephoneNumber: body.billing_telephone_number,
    accountNumber: body.account_number,
    serviceAddress: address ? JSON.stringify(address) : null,
    partial: body.partial,
    requestedFocDate: body.requested_foc_date ?? null,
  };
  if (!body.pin) return fields;
  return { ...fields, pinEncrypted: await encryptSecret(appKey(c.env), body.pin) };
}

/** The activity log's view of the fields: the PIN only as "changed" (isSecretField redacts `pin`). */
function logged(body: Omit<OrderInput, "organization_id"> & { organization_id?: number }) {
  return {
    numbers: body.numbers,
    entity_name: body.entity_name,
    authorized_person: body.authorized_person,
    billing_telephone_number: body.billing_telephone_number,
    account_number: body.account_number,
    service_address: body.service_address ?? null,
    partial: body.partial,
    requested_foc_date: body.requested_foc_date ?? null,
    pin: body.pin ? "set" : undefined,
  };
}

portingOrdersRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/porting/orders/validation",
    tags: ["Porting"],
    summary: "Check an order as it would be submitted, saving nothing: every field's errors at once",
    description:
      "The portal calls it before saving an order it is asked to submit, so that a refused submission never leaves a draft behind. 422 with every error at once: unreadable numbers, numbers already in the inventory, numbers the carrier cannot port (`porting.order.number_toll_free`, `porting.order.number_not_portable`, on `numbers.<index>`), the account holder's details, the service address and the FOC date. `order_id`: the order being edited (its organization). 204 when it would be accepted (the carrier may still refuse, e.g. a PIN mismatch).",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.port")] as const,
    request: { body: jsonBody(OrderBody.extend({ order_id: z.number().int().positive().optional() })) },
    responses: { 204: { description: "The order would be accepted" }, ...errorResponses(401, 403, 404, 422, 502) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const body = c.req.valid("json");
    const organizationId = await checkedOrganizationId(db, me, body);
    const carrier = createCarrier(c.env, db);
    const errors = await numberProblems(db, carrier, body.numbers, organizationId);
    checkAddress(body.service_address, errors);
    const submitted = {
      entityName: body.entity_name,
      authorizedPerson: body.authorized_person,
      billingTelephoneNumber: body.billing_telephone_number,
      accountNumber: body.account_number,
      serviceAddress: body.service_address ? JSON.stringify(body.service_address) : null,
      requestedFocDate: body.requested_foc_date ?? null,
    };
    Object.assign(errors, submittableErrors(submitted, carrier, currentTime()));
    if (Object.keys(errors).length > 0) throw validationError(errors);
    return c.body(null, 204);
  },
);

/** The organization a check is for: the edited order's (`order_id`), else the one a new order would get. */
async function checkedOrganizationId(db: Db, me: CurrentUser, body: { order_id?: number; organization_id?: number }) {
  return body.order_id ? (await findOrder(db, me, body.order_id)).organizationId : writableOrganizationId(me, body.organization_id);
}

/**
 * What submitting these numbers would refuse, on `numbers.<index>` (the index in the list as typed): pieces that
 * are not numbers, numbers already in the inventory (lib/inventory.ts), and what the portability check says the
 * carrier cannot port — toll-free (`porting.order.number_toll_free`) or not portable
 * (`porting.order.number_not_portable`). The carrier's own reasons stay in its adapter; these keys are neutral.
 */
async function numberProblems(db: Db, carrier: Carrier, typed: readonly string[], organizationId: number) {
  const errors: Record<string, string[]> = {};
  const numbers: string[] = [];
  const indexOf = new Map<string, number>();
  typed.forEach((text, index) => {
    const parsed = parseNanpNumber(text);
    if ("reason" in parsed) errors[`numbers.${index}`] = [`porting.unparseable.${parsed.reason}`];
    else if (!indexOf.has(parsed.e164)) {
      indexOf.set(parsed.e164, index);
      numbers.push(parsed.e164);
    }
  });
  const held = await heldNumberErrors(db, numbers, organizationId);
  for (const [field, messages] of Object.entries(held ?? {})) {
    errors[`numbers.${indexOf.get(numbers[Number(field.slice("numbers.".length))]) ?? 0}`] = messages;
  }
  // What the portability check would have said: a toll-free or unportable number is refused now, not by the carrier later.
  const facts = numbers.length > 0 ? await carrierCall(() => carrier.checkPortability(numbers)) : [];
  for (const fact of facts) {
    if (fact.portable) continue;
    const key = fact.reason === "carrier.port_toll_free" ? "porting.order.number_toll_free" : "porting.order.number_not_portable";
    const field = `numbers.${indexOf.get(fact.e164) ?? 0}`;
    errors[field] = [...(errors[field] ?? []), `${key}|${JSON.stringify({ number: fact.e164 })}`];
  }
  return errors;
}

portingOrdersRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/porting/orders/number-check",
    tags: ["Porting"],
    summary: "What submitting these numbers would refuse, before anything is submitted (the order form's warning)",
    description:
      "Saves nothing. `problems`: on `numbers.<index>` (the index in `numbers` as sent), the same keys the submission " +
      "check refuses with — `porting.unparseable.*`, `porting.inventory.held`, `porting.order.number_toll_free`, " +
      "`porting.order.number_not_portable` — each with `{number}`. Empty when every number can be ported. `order_id`: the order " +
      "being edited (its organization); otherwise `organization_id` as for a new order.",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.port")] as const,
    request: {
      body: jsonBody(
        z.object({
          numbers: OrderBody.shape.numbers,
          organization_id: z.number().int().positive().optional(),
          order_id: z.number().int().positive().optional(),
        }),
      ),
    },
    responses: {
      200: jsonContent(z.object({ problems: z.record(z.string(), z.array(z.string())) }), "The problems, by number"),
      ...errorResponses(401, 403, 404, 422, 502),
    },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const body = c.req.valid("json");
    const organizationId = await checkedOrganizationId(db, me, body);
    return c.json({ problems: await numberProblems(db, createCarrier(c.env, db), body.numbers, organizationId) }, 200);
  },
);

portingOrdersRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/porting/orders",
    tags: ["Porting"],
    summary: "Create a draft port-in order",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.port")] as const,
    request: { body: jsonBody(OrderBody) },
    responses: { 201: jsonContent(OrderSchema, "The draft"), ...errorResponses(401, 403, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const body = c.req.valid("json");
    const organizationId = writableOrganizationId(me, body.organization_id);
    const fields = await storedFields(c, body, organizationId);
    const now = new Date().toISOString();
    const [created] = await db
      .insert(portingOrders)
      .values({
        ...fields,
        organizationId,
        createdBy: me.id,
        status: "draft",
        carrier: c.env.CARRIER || "sandbox",
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: portingOrders.id });
    if (!created) throw new Error("porting order insert returned nothing");
    await logActivity(c, {
      action: "porting_orders.created",
      subject_type: "porting_order",
      subject_id: created.id,
      subject_label: `#${created.id}`,
      organization_id: organizationId,
      after: logged(body),
    });
    return c.json(await detail(c, created.id), 201);
  },
);

portingOrdersRoutes.openapi(
  createRoute({
    method: "put",
    path: "/api/porting/orders/{id}",
    tags: ["Porting"],
    summary: "Change a draft, or correct an order in exception",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.port")] as const,
    request: { params: idParam, body: jsonBody(OrderBody) },
    responses: { 200: jsonContent(OrderSchema, "The order"), ...errorResponses(401, 403, 404, 409, 422) },
  }),
  async (c) => {
    const db = c.get("db");
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const row = await findOrder(db, currentUser(c), id);
    if (!EDITABLE.includes(row.status)) throw new ApiError(409, { message: "porting.order.not_editable" });
    const fields = await storedFields(c, body, row.organizationId);
    await db
      .update(portingOrders)
      .set({ ...fields, updatedAt: new Date().toISOString() })
      .where(eq(portingOrders.id, id));
    await logActivity(c, {
      action: "porting_orders.updated",
      subject_type: "porting_order",
      subject_id: id,
      subject_label: `#${id}`,
      organization_id: row.organizationId,
      before: logged({ ...serialize(row), requested_foc_date: row.requestedFocDate, pin: undefined }),
      after: logged(body),
    });
    return c.json(await detail(c, id), 200);
  },
);

portingOrdersRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/porting/orders/{id}/transitions",
    tags: ["Porting"],
    summary: "Submit (draft or exception → submitted) or cancel an order; any other move is 409",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.port")] as const,
    request: { params: idParam, body: jsonBody(z.object({ to: z.enum(["submitted", "cancelled"]) })) },
    responses: { 200: jsonContent(OrderSchema, "The order"), ...errorResponses(401, 403, 404, 409, 422, 502) },
  }),
  async (c) => {
    const db = c.get("db");
    const { id } = c.req.valid("param");
    const { to } = c.req.valid("json");
    const row = await findOrder(db, currentUser(c), id);
    if (!canMove(row.status, to, "user")) throw new ApiError(409, { message: "porting.order.illegal_transition" });
    const carrier = createCarrier(c.env, db);
    const now = currentTime();
    if (to === "submitted") {
      checkSubmittable(row, carrier, now);
      // Checked again at submission: a number may have entered the inventory since the draft was saved.
      const held = await heldNumberErrors(db, JSON.parse(row.numbers) as string[], row.organizationId);
      if (held) throw validationError(held);
      // Claimed first, so parallel submits file one carrier request (docs/security.md, "Carrier work happens once").
      const claimed = await claimSubmission(db, row, now);
      if (!claimed?.carrierRequestKey) throw new ApiError(409, { message: "porting.order.illegal_transition" });
      const requestKey = claimed.carrierRequestKey;
      const address = row.serviceAddress ? JSON.parse(row.serviceAddress) : null;
      let port: PortOrder;
      try {
        // The PIN leaves its encryption only on its way to the carrier.
        const pin = row.pinEncrypted ? await decryptSecret(appKey(c.env), row.pinEncrypted) : null;
        const { documents } = await portRequestSecrets(c.env, db, { id: row.id, pinEncrypted: null });
        port = await carrierCall(() =>
          carrier.createPortOrder(
            {
              numbers: JSON.parse(row.numbers) as string[],
              entity_name: row.entityName,
              authorized_person: row.authorizedPerson,
              billing_telephone_number: row.billingTelephoneNumber,
              account_number: row.accountNumber,
              pin,
              service_address: {
                caller_name: row.entityName,
                house_number_suffix: null,
                pre_directional: null,
                post_directional: null,
                street_suffix: null,
                unit: null,
                postal_code_plus4: null,
                latitude: null,
                longitude: null,
                ...address,
              },
              requested_foc_date: row.requestedFocDate,
              partial: row.partial,
              request_key: requestKey,
              documents,
            },
            now,
          ),
        );
      } catch (error) {
        // When the carrier refuses or times out, the order is as it was (a retry reuses the request key).
        await releaseSubmission(db, row);
        if (error instanceof ApiError && error.body.message === "numbers.carrier.port_pin_mismatch") {
          throw validationError({ pin: ["porting.carrier.port_pin_mismatch"] });
        }
        throw error;
      }
      await db
        .update(portingOrders)
        .set({ carrierPortId: port.carrier_port_id, carrierCheckedAt: now.toISOString(), updatedAt: now.toISOString() })
        .where(and(eq(portingOrders.id, id), eq(portingOrders.status, "submitted"), eq(portingOrders.carrierRequestKey, requestKey)));
      await enqueueCarrierCheck(c.env, { kind: "porting_order", id }, carrier);
    } else {
      // Cancelling twice is harmless at the carrier; the move itself is claimed once.
      if (row.carrierPortId && row.status !== "draft") await carrierCall(() => carrier.cancelPortOrder(row.carrierPortId as string, now));
      const [cancelled] = await db
        .update(portingOrders)
        .set({ status: "cancelled", updatedAt: now.toISOString() })
        .where(and(eq(portingOrders.id, id), eq(portingOrders.status, row.status)))
        .returning({ id: portingOrders.id });
      if (!cancelled) throw new ApiError(409, { message: "porting.order.illegal_transition" });
    }
    await recordTransition(c, row, row.status, to);
    return c.json(await detail(c, id), 200);
  },
);

portingOrdersRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/porting/orders/{id}/comments",
    tags: ["Porting"],
    summary: "Add a comment to an order's history",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.port")] as const,
    request: { params: idParam, body: jsonBody(z.object({ message: z.string().trim().min(1).max(2000) })) },
    responses: { 201: jsonContent(OrderSchema, "The order"), ...errorResponses(401, 403, 404, 422) },
  }),
  async (c) => {
    const db = c.get("db");
    const { id } = c.req.valid("param");
    const { message } = c.req.valid("json");
    const row = await findOrder(db, currentUser(c), id);
    await db.insert(portingOrderEvents).values({
      orderId: id,
      type: "comment",
      message,
      actorId: currentUser(c).id,
      masqueraderId: c.get("session").masqueraderId,
      createdAt: new Date().toISOString(),
    });
    await logActivity(c, {
      action: "porting_orders.commented",
      subject_type: "porting_order",
      subject_id: id,
      subject_label: `#${id}`,
      organization_id: row.organizationId,
      after: { comment: message },
    });
    return c.json(await detail(c, id), 201);
  },
);

/** PDF, PNG or JPEG by their first bytes, whatever the name or declared type says. */
function sniffDocument(bytes: Uint8Array): { type: string } | null {
  const starts = (signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return { type: "application/pdf" };
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { type: "image/png" };
  if (starts([0xff, 0xd8, 0xff])) return { type: "image/jpeg" };
  return null;
}

portingOrdersRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/porting/orders/{id}/documents",
    tags: ["Porting"],
    summary: "Upload the LOA or the latest bill: multipart `kind` (loa, bill) and `file` (PDF, PNG or JPEG by content, at most 5 MiB)",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.port")] as const,
    request: {
      params: idParam,
      body: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: z.object({ kind: z.enum(PORTING_DOCUMENT_KINDS), file: z.any().openapi({ type: "string", format: "binary" }) }),
          },
        },
      },
    },
    responses: { 201: jsonContent(OrderSchema, "The order"), ...errorResponses(401, 403, 404, 409, 422) },
  }),
  async (c) => {
    const db = c.get("db");
    const { id } = c.req.valid("param");
    const { kind, file } = c.req.valid("form");
    const row = await findOrder(db, currentUser(c), id);
    if (!EDITABLE.includes(row.status)) throw new ApiError(409, { message: "porting.order.not_editable" });
    if (!(file instanceof File) || file.size === 0) throw validationError({ file: ["validation.file"] });
    if (file.size > MAX_DOCUMENT_BYTES) throw validationError({ file: [`validation.file_too_large|${JSON.stringify({ max: 5 })}`] });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const sniffed = sniffDocument(bytes);
    if (!sniffed) throw validationError({ file: ["validation.file_type"] });
    const key = `porting/${id}/${crypto.randomUUID()}`;
    await c.env.FILES.put(key, bytes, { httpMetadata: { contentType: sniffed.type } });
    const filename = file.name.replace(/[^\w.\- ]/g, "_").slice(0, 100) || kind;
    await db.insert(portingOrderDocuments).values({
      orderId: id,
      kind,
      r2Key: key,
      filename,
      contentType: sniffed.type,
      size: bytes.length,
      uploadedBy: currentUser(c).id,
      createdAt: new Date().toISOString(),
    });
    await logActivity(c, {
      action: "porting_orders.updated",
      subject_type: "porting_order",
      subject_id: id,
      subject_label: `#${id}`,
      organization_id: row.organizationId,
      after: { [`document_${kind}`]: filename, size: bytes.length },
    });
    return c.json(await detail(c, id), 201);
  },
);

portingOrdersRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/porting/orders/{id}/documents/{document}",
    tags: ["Porting"],
    summary: "Download a document of an order (its organization and provider staff only)",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.port")] as const,
    request: { params: idParam.extend({ document: z.coerce.number().int().positive() }) },
    responses: { 200: { description: "The file" }, ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const db = c.get("db");
    const { id, document } = c.req.valid("param");
    await findOrder(db, currentUser(c), id);
    const [row] = await db
      .select()
      .from(portingOrderDocuments)
      .where(and(eq(portingOrderDocuments.id, document), eq(portingOrderDocuments.orderId, id)));
    const object = row ? await c.env.FILES.get(row.r2Key) : null;
    if (!row || !object) throw notFound();
    return new Response(object.body, {
      headers: {
        "Content-Type": row.contentType,
        "Content-Disposition": `attachment; filename="${row.filename}"`,
        "Cache-Control": "private, no-store",
      },
    });
  },
);

/** The current providers of an order's numbers, by the carrier's portability check; null when it cannot say. */
async function losingCarriers(carrier: Carrier, numbers: string[]): Promise<LosingCarrier[] | null> {
  try {
    const facts = await carrier.checkPortability(numbers);
    const byCarrier = new Map<string, LosingCarrier>();
    for (const fact of facts) {
      if (!fact.losing_carrier) continue;
      const key = `${fact.losing_carrier}|${fact.spid ?? ""}`;
      const known = byCarrier.get(key) ?? { name: fact.losing_carrier, spid: fact.spid, numbers: 0 };
      known.numbers += 1;
      byCarrier.set(key, known);
    }
    return [...byCarrier.values()].sort((a, b) => b.numbers - a.numbers || a.name.localeCompare(b.name));
  } catch (error) {
    // The letter is still useful without them: the providers are printed as "not known".
    if (error instanceof CarrierError) return null;
    throw error;
  }
}

portingOrdersRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/porting/orders/{id}/loa",
    tags: ["Porting"],
    summary: "Generate the order's letter of authorization (PDF) into its documents and the organization's branded documents",
    description:
      "Only while the order can be edited (draft, exception: 409 `porting.order.not_editable` otherwise) and when the account holder's details are complete (422 `validation.required` on `entity_name`, `authorized_person`, `billing_telephone_number`, `account_number`, `service_address`). The PDF carries the organization's logo, the details, every number, the requested FOC date, the current providers when the carrier knows them and signature lines; never the PIN. It becomes the order's newest `loa` document with `source: generated` (to be printed, signed and uploaded back) and a branded document of the organization.",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.port")] as const,
    request: {
      params: idParam,
      body: jsonBody(
        z.object({ locale: z.enum(LOCALES).optional().openapi({ description: "The letter's language; default: the organization's" }) }),
      ),
    },
    responses: {
      201: jsonContent(
        z.object({ order: OrderSchema, branded_document: z.object({ id: z.number().int(), name: z.string(), size: z.number().int() }) }),
        "The order with its new document, and the branded document",
      ),
      ...errorResponses(401, 403, 404, 409, 419, 422),
    },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const { id } = c.req.valid("param");
    const row = await findOrder(db, me, id);
    if (!EDITABLE.includes(row.status)) throw new ApiError(409, { message: "porting.order.not_editable" });
    const missing = partyErrors(row);
    if (Object.keys(missing).length > 0) throw validationError(missing);
    const [organization] = await db
      .select({ defaultLocale: organizations.defaultLocale })
      .from(organizations)
      .where(eq(organizations.id, row.organizationId));
    const locale = c.req.valid("json").locale ?? organization?.defaultLocale ?? "en";
    const numbers = JSON.parse(row.numbers) as string[];
    const carriers = await losingCarriers(createCarrier(c.env, db), numbers);
    const bytes = await loaPdf(
      c.env,
      db,
      {
        id: row.id,
        organizationId: row.organizationId,
        numbers,
        entityName: row.entityName,
        authorizedPerson: row.authorizedPerson,
        billingTelephoneNumber: row.billingTelephoneNumber,
        accountNumber: row.accountNumber,
        serviceAddress: row.serviceAddress ? (JSON.parse(row.serviceAddress) as z.infer<typeof ServiceAddress>) : null,
        partial: row.partial,
        requestedFocDate: row.requestedFocDate,
      },
      carriers,
      locale,
    );
    const branded = await storeGeneratedPdf(c.env, db, me, row.organizationId, `LOA - order ${id} - ${row.entityName}`, bytes);
    // The order keeps its own copy: deleting or replacing the branded document leaves the order's LOA intact.
    const key = `porting/${id}/${crypto.randomUUID()}`;
    await c.env.FILES.put(key, bytes, { httpMetadata: { contentType: "application/pdf" } });
    await db.insert(portingOrderDocuments).values({
      orderId: id,
      kind: "loa",
      r2Key: key,
      filename: `LOA-order-${id}.pdf`,
      contentType: "application/pdf",
      size: bytes.length,
      uploadedBy: me.id,
      source: "generated",
      createdAt: new Date().toISOString(),
    });
    await logActivity(c, {
      action: "porting_orders.loa_generated",
      subject_type: "porting_order",
      subject_id: id,
      subject_label: `#${id}`,
      organization_id: row.organizationId,
      after: { document: branded.name, branded_document_id: branded.id, locale, numbers: numbers.length, size: bytes.length },
    });
    return c.json({ order: await detail(c, id), branded_document: { ...branded, size: bytes.length } }, 201);
  },
);
