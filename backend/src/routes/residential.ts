import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, asc, count, desc, eq, isNull, ne, or, sql } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { parseNanpNumber } from "../../../common/number-list";
import { createCarrier } from "../carriers";
import type { E911AddressInput } from "../carriers/types";
import { LOCALES, numberOrders, organizations, phoneNumbers, residentialDrafts, users } from "../db/schema";
import { logActivity } from "../lib/activity";
import { currentUser, requireAuth, requirePermission } from "../lib/auth";
import type { AppEnv, CurrentUser } from "../lib/context";
import { E911AddressBody } from "../lib/e911-address";
import { ApiError, forbidden, notFound, validationError } from "../lib/errors";
import { heldInInventory } from "../lib/inventory";
import { errorResponses, jsonBody, jsonContent, MessageSchema } from "../lib/openapi";
import { listQuerySchema, paginate, paginatorSchema } from "../lib/pagination";
import { carrierCall, loadOrder, PhoneNumberSchema, phoneNumberColumns, serializePhoneNumber } from "../lib/phone-numbers";
import {
  type AddressState,
  type DraftRow,
  expiresFrom,
  findDraft,
  type NumberChoice,
  ResidentialDraftSchema,
  type Subscriber,
  serializeDraft,
  submitDraft,
} from "../lib/residential";
import { tenantScope, writableOrganizationId } from "../lib/tenant";
import { currentTime } from "../lib/time";
import { safeText, validationHook } from "../lib/validation";

/**
 * The residential user wizard (`/residential/add`): a draft per sign-up, one call per step, and a submission
 * that creates the subscriber, their number and their E911 record together (lib/residential.ts). Drafts belong
 * to the subscriber's (residential) organization: another organization's draft is not found.
 */
export const residentialRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const KEY = "wizards.residential_users.create" as const;
const idParam = z.object({ id: z.coerce.number().int().positive() });
type Ctx = Parameters<Parameters<typeof residentialRoutes.openapi>[1]>[0];

const draftScope = (me: CurrentUser, requested?: number | null) => tenantScope(me, residentialDrafts.organizationId, requested);

async function draftOf(c: Ctx, id: number): Promise<DraftRow> {
  const row = await findDraft(c.get("db"), draftScope(currentUser(c)), id);
  if (!row) throw notFound();
  return row;
}

/** Steps change only a draft; a submitted one is read-only. */
function editable(row: DraftRow): void {
  if (row.status !== "draft") throw new ApiError(409, { message: "residential.not_editable" });
}

/** The draft as the API answers it (read again after a change). */
async function current(c: Ctx, id: number) {
  const row = await findDraft(c.get("db"), undefined, id);
  if (!row) throw notFound();
  return serializeDraft(c.get("db"), row);
}

/** Saves step fields; every change keeps the draft alive for another 7 days. */
async function saveStep(c: Ctx, row: DraftRow, fields: Partial<typeof residentialDrafts.$inferInsert>, logged: Record<string, unknown>) {
  const now = currentTime();
  await c
    .get("db")
    .update(residentialDrafts)
    .set({ ...fields, failure: null, expiresAt: expiresFrom(now), updatedAt: now.toISOString() })
    .where(and(eq(residentialDrafts.id, row.id), eq(residentialDrafts.status, "draft")));
  return logged;
}

const carrierFailure = { description: "The carrier failed or timed out", content: { "application/json": { schema: MessageSchema } } };

// --- Organizations the wizard may sign subscribers up in ------------------------------------------------------

residentialRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/residential/organizations",
    tags: ["Residential wizard"],
    summary: "The residential organizations the caller may sign subscribers up in (members: their own, if residential)",
    middleware: [requireAuth, requirePermission(KEY)] as const,
    responses: {
      200: jsonContent(z.array(z.object({ id: z.number().int(), name: z.string() })), "Residential organizations by name"),
      ...errorResponses(401, 403),
    },
  }),
  async (c) => {
    const rows = await c
      .get("db")
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(and(tenantScope(currentUser(c), organizations.id), eq(organizations.type, "residential"), eq(organizations.status, "active")))
      .orderBy(asc(organizations.name), asc(organizations.id));
    return c.json(rows, 200);
  },
);

// --- Drafts ---------------------------------------------------------------------------------------------------

residentialRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/residential/drafts",
    tags: ["Residential wizard"],
    summary: "Unfinished sign-ups (drafts and submissions waiting for the carrier), most recently changed first",
    middleware: [requireAuth, requirePermission(KEY)] as const,
    request: { query: listQuerySchema.pick({ page: true, per_page: true, organization_id: true }) },
    responses: { 200: jsonContent(paginatorSchema(ResidentialDraftSchema), "One page of drafts"), ...errorResponses(401, 403, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const query = c.req.valid("query");
    const where = and(
      draftScope(me, query.organization_id),
      ne(residentialDrafts.status, "completed"),
      sql`${residentialDrafts.expiresAt} > ${new Date().toISOString()}`,
    );
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(residentialDrafts)
        .where(where)
        .orderBy(desc(residentialDrafts.updatedAt), desc(residentialDrafts.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page),
      db.select({ total: count() }).from(residentialDrafts).where(where),
    ]);
    const data = await Promise.all(rows.map((row) => serializeDraft(db, row)));
    return c.json(paginate(data, totals[0]?.total ?? 0, query.page, query.per_page), 200);
  },
);

const SubscriberBody = z
  .object({
    organization_id: z.number().int().positive().nullish(),
    name: safeText({ max: 255 }),
    email: z
      .email()
      .max(255)
      .transform((value) => value.toLowerCase()),
    phone: z.string().trim().min(1).max(40),
    locale: z.enum(LOCALES),
  })
  .openapi("ResidentialSubscriberInput");

/** Step 1's checks: a residential organization the caller may write to, a free e-mail, a real phone number. */
async function checkSubscriber(c: Ctx, body: z.infer<typeof SubscriberBody>, current?: DraftRow) {
  const me = currentUser(c);
  const db = c.get("db");
  const organizationId = writableOrganizationId(me, body.organization_id ?? current?.organizationId);
  const errors: Record<string, string[]> = {};
  const [organization, taken] = await Promise.all([
    db.query.organizations.findFirst({ where: eq(organizations.id, organizationId), columns: { id: true, type: true } }),
    db.query.users.findFirst({ where: eq(users.email, body.email), columns: { id: true } }),
  ]);
  if (!organization) errors.organization_id = ["validation.in"];
  else if (organization.type !== "residential") errors.organization_id = ["residential.not_residential"];
  if (taken) errors.email = ["validation.unique"];
  const phone = parsePhoneNumberFromString(body.phone, "US");
  if (!phone?.isValid()) errors.phone = ["validation.phone"];
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const subscriber: Subscriber = { name: body.name, email: body.email, phone: phone?.number as string, locale: body.locale };
  return { organizationId, subscriber };
}

residentialRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/residential/drafts",
    tags: ["Residential wizard"],
    summary: "Step 1: start a sign-up with the subscriber (staff choose the residential organization)",
    middleware: [requireAuth, requirePermission(KEY)] as const,
    request: { body: jsonBody(SubscriberBody) },
    responses: { 201: jsonContent(ResidentialDraftSchema, "The new draft"), ...errorResponses(401, 403, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const { organizationId, subscriber } = await checkSubscriber(c, c.req.valid("json"));
    const now = currentTime();
    const [created] = await c
      .get("db")
      .insert(residentialDrafts)
      .values({
        organizationId,
        createdBy: me.id,
        subscriber: JSON.stringify(subscriber),
        idempotencyKey: crypto.randomUUID(),
        expiresAt: expiresFrom(now),
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      })
      .returning({ id: residentialDrafts.id });
    if (!created) throw new Error("residential draft insert returned nothing");
    await logActivity(c, {
      action: "residential.draft_created",
      subject_type: "residential_draft",
      subject_id: created.id,
      subject_label: subscriber.email,
      organization_id: organizationId,
      after: { residential_draft: created.id, ...subscriber },
    });
    return c.json(await current(c, created.id), 201);
  },
);

residentialRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/residential/drafts/{id}",
    tags: ["Residential wizard"],
    summary: "A draft; reading it changes nothing (a submission waiting for the carrier is moved on by the carrier queue)",
    middleware: [requireAuth, requirePermission(KEY)] as const,
    request: { params: idParam },
    responses: { 200: jsonContent(ResidentialDraftSchema, "The draft"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const row = await draftOf(c, c.req.valid("param").id);
    return c.json(await current(c, row.id), 200);
  },
);

residentialRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/api/residential/drafts/{id}",
    tags: ["Residential wizard"],
    summary: "Discard a draft (not a submitted one)",
    middleware: [requireAuth, requirePermission(KEY)] as const,
    request: { params: idParam },
    responses: { 204: { description: "Discarded" }, ...errorResponses(401, 403, 404, 409) },
  }),
  async (c) => {
    const row = await draftOf(c, c.req.valid("param").id);
    editable(row);
    await c
      .get("db")
      .delete(residentialDrafts)
      .where(and(eq(residentialDrafts.id, row.id), eq(residentialDrafts.status, "draft")));
    return c.body(null, 204);
  },
);

residentialRoutes.openapi(
  createRoute({
    method: "put",
    path: "/api/residential/drafts/{id}/subscriber",
    tags: ["Residential wizard"],
    summary: "Step 1 again: change the subscriber (a new organization forgets the chosen number)",
    middleware: [requireAuth, requirePermission(KEY)] as const,
    request: { params: idParam, body: jsonBody(SubscriberBody) },
    responses: { 200: jsonContent(ResidentialDraftSchema, "The draft"), ...errorResponses(401, 403, 404, 409, 422) },
  }),
  async (c) => {
    const row = await draftOf(c, c.req.valid("param").id);
    editable(row);
    const { organizationId, subscriber } = await checkSubscriber(c, c.req.valid("json"), row);
    const moved = organizationId !== row.organizationId;
    await saveStep(
      c,
      row,
      {
        organizationId,
        subscriber: JSON.stringify(subscriber),
        ...(moved ? { number: null } : {}),
      },
      {},
    );
    return c.json(await current(c, row.id), 200);
  },
);

/** Asks the carrier about an address: valid, suggested (with the corrected address) or invalid (with why). */
async function validated(c: Ctx, address: E911AddressInput): Promise<AddressState> {
  const carrier = createCarrier(c.env, c.get("db"));
  const result = await carrierCall(() => carrier.validateE911Address(address));
  return { address, validation_status: result.status, suggestion: result.suggestion, reason: result.reason };
}

residentialRoutes.openapi(
  createRoute({
    method: "put",
    path: "/api/residential/drafts/{id}/service-address",
    tags: ["Residential wizard"],
    summary: "Step 2: the service address, validated by the carrier (suggested → send the suggestion to accept it)",
    middleware: [requireAuth, requirePermission(KEY)] as const,
    request: { params: idParam, body: jsonBody(E911AddressBody) },
    responses: {
      200: jsonContent(ResidentialDraftSchema, "The draft; `service_address.validation_status` says whether to go on"),
      ...errorResponses(401, 403, 404, 409, 422),
      502: carrierFailure,
    },
  }),
  async (c) => {
    const row = await draftOf(c, c.req.valid("param").id);
    editable(row);
    const state = await validated(c, c.req.valid("json"));
    await saveStep(c, row, { serviceAddress: JSON.stringify(state) }, {});
    return c.json(await current(c, row.id), 200);
  },
);

residentialRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/residential/drafts/{id}/inventory",
    tags: ["Residential wizard"],
    summary: "Step 3: available numbers for the subscriber: the organization's and the provider's unassigned stock",
    middleware: [requireAuth, requirePermission(KEY)] as const,
    request: { params: idParam },
    responses: { 200: jsonContent(z.object({ data: z.array(PhoneNumberSchema) }), "Up to 100 numbers"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const row = await draftOf(c, c.req.valid("param").id);
    const rows = await c
      .get("db")
      .select(phoneNumberColumns())
      .from(phoneNumbers)
      .leftJoin(organizations, eq(organizations.id, phoneNumbers.organizationId))
      .where(
        and(
          eq(phoneNumbers.status, "available"),
          or(isNull(phoneNumbers.organizationId), eq(phoneNumbers.organizationId, row.organizationId)),
        ),
      )
      .orderBy(asc(phoneNumbers.e164))
      .limit(100);
    return c.json({ data: rows.map(serializePhoneNumber) }, 200);
  },
);

const NumberBody = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("inventory"), phone_number_id: z.number().int().positive() }),
    z.object({ kind: z.literal("new"), number_order_id: z.number().int().positive() }),
    z.object({ kind: z.literal("port"), number: z.string().trim().min(1).max(40) }),
  ])
  .openapi("ResidentialNumberInput");

residentialRoutes.openapi(
  createRoute({
    method: "put",
    path: "/api/residential/drafts/{id}/number",
    tags: ["Residential wizard"],
    summary:
      "Step 3: an available number (inventory), a number reserved through a number order (new), or a number to port (checked for portability)",
    middleware: [requireAuth, requirePermission(KEY)] as const,
    request: { params: idParam, body: jsonBody(NumberBody) },
    responses: {
      200: jsonContent(ResidentialDraftSchema, "The draft"),
      ...errorResponses(401, 403, 404, 409, 422),
      502: carrierFailure,
    },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const row = await draftOf(c, c.req.valid("param").id);
    editable(row);
    const body = c.req.valid("json");
    let choice: NumberChoice;
    if (body.kind === "inventory") {
      const [number] = await db
        .select({ id: phoneNumbers.id, e164: phoneNumbers.e164, organizationId: phoneNumbers.organizationId })
        .from(phoneNumbers)
        .where(
          and(
            eq(phoneNumbers.id, body.phone_number_id),
            eq(phoneNumbers.status, "available"),
            or(isNull(phoneNumbers.organizationId), eq(phoneNumbers.organizationId, row.organizationId)),
          ),
        );
      if (!number) throw validationError({ phone_number_id: ["residential.number_taken"] });
      choice = { kind: "inventory", phone_number_id: number.id, e164: number.e164, from_stock: number.organizationId === null };
    } else if (body.kind === "new") {
      if (!me.permissions.includes("tools.phone_numbers.order")) throw forbidden();
      const order = await loadOrder(db, body.number_order_id, tenantScope(me, numberOrders.organizationId));
      if (!order) throw notFound();
      const reserved = order.expired ? [] : order.items.filter((item) => item.status === "reserved");
      if (order.status !== "draft" || order.organization_id !== row.organizationId || reserved.length !== 1) {
        throw validationError({ number_order_id: ["residential.one_reserved_number"] });
      }
      choice = { kind: "new", number_order_id: order.id, e164: (reserved[0] as (typeof reserved)[number]).e164 };
    } else {
      if (!me.permissions.includes("tools.phone_numbers.port")) throw forbidden();
      const parsed = parseNanpNumber(body.number);
      if ("reason" in parsed) throw validationError({ number: [`porting.unparseable.${parsed.reason}`] });
      // The one rule of lib/inventory.ts: a number already in the inventory, anyone's, is never ported in.
      if ((await heldInInventory(db, [parsed.e164], row.organizationId)).size > 0)
        throw validationError({ number: ["residential.number_in_inventory"] });
      const carrier = createCarrier(c.env, db);
      const [fact] = await carrierCall(() => carrier.checkPortability([parsed.e164]));
      if (!fact?.portable) throw validationError({ number: [`porting:${fact?.reason ?? "carrier.not_portable"}`] });
      choice = {
        kind: "port",
        e164: parsed.e164,
        type: fact.type,
        rate_center: fact.rate_center,
        state: fact.state,
        lata: fact.lata,
        losing_carrier: fact.losing_carrier,
      };
    }
    await saveStep(c, row, { number: JSON.stringify(choice) }, {});
    return c.json(await current(c, row.id), 200);
  },
);

const E911Body = z
  .object({ same_as_service: z.boolean(), address: E911AddressBody.nullish() })
  .superRefine((value, context) => {
    if (!value.same_as_service && !value.address) context.addIssue({ code: "custom", path: ["address"], message: "validation.required" });
  })
  .openapi("ResidentialE911Input");

residentialRoutes.openapi(
  createRoute({
    method: "put",
    path: "/api/residential/drafts/{id}/e911",
    tags: ["Residential wizard"],
    summary: "Step 4: the E911 address: the service address, or another one validated by the carrier",
    middleware: [requireAuth, requirePermission(KEY)] as const,
    request: { params: idParam, body: jsonBody(E911Body) },
    responses: {
      200: jsonContent(ResidentialDraftSchema, "The draft; `e911.address.validation_status` says whether to go on"),
      ...errorResponses(401, 403, 404, 409, 422),
      502: carrierFailure,
    },
  }),
  async (c) => {
    const row = await draftOf(c, c.req.valid("param").id);
    editable(row);
    const body = c.req.valid("json");
    if (body.same_as_service || !body.address) {
      await saveStep(c, row, { e911Same: true }, {});
    } else {
      const state = await validated(c, body.address);
      await saveStep(c, row, { e911Same: false, e911Address: JSON.stringify(state) }, {});
    }
    return c.json(await current(c, row.id), 200);
  },
);

residentialRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/residential/drafts/{id}/submit",
    tags: ["Residential wizard"],
    summary:
      "Step 5: create the subscriber, their number and their E911 record, all or nothing. The same idempotency key again replays the outcome",
    middleware: [requireAuth, requirePermission(KEY)] as const,
    request: { params: idParam, body: jsonBody(z.object({ idempotency_key: z.string().min(1).max(100) })) },
    responses: {
      200: jsonContent(ResidentialDraftSchema, "Completed (`status: completed`), or waiting for the carrier (`submitting`: read it again)"),
      409: {
        description:
          "`residential.submit_failed` with `failure: {part, reason}` (everything undone; the draft has a new key), `residential.already_submitted`, `residential.stale_submission`",
        content: {
          "application/json": {
            schema: z.object({ message: z.string(), failure: z.object({ part: z.string(), reason: z.string() }).optional() }),
          },
        },
      },
      ...errorResponses(401, 403, 404, 422),
    },
  }),
  async (c) => {
    const row = await draftOf(c, c.req.valid("param").id);
    await submitDraft(c, currentUser(c), row, c.req.valid("json").idempotency_key);
    return c.json(await current(c, row.id), 200);
  },
);
