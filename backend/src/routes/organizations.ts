import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, asc, count, eq, ne, type SQL, sql } from "drizzle-orm";
import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { Db } from "../db/client";
import {
  devices,
  LOCALES,
  ORGANIZATION_STATUSES,
  ORGANIZATION_TYPES,
  organizations,
  phoneNumbers,
  portingOrders,
  ttsPrompts,
  users,
} from "../db/schema";
import { logActivity } from "../lib/activity";
import { currentUser, requireAuth, requirePermission } from "../lib/auth";
import type { AppEnv, CurrentUser } from "../lib/context";
import { ApiError, notFound } from "../lib/errors";
import { csvExportResponse, exportResponse } from "../lib/export";
import { listPage, searchCondition } from "../lib/list";
import { errorResponses, jsonBody, jsonContent } from "../lib/openapi";
import { listQuerySchema, paginatorSchema } from "../lib/pagination";
import { tenantScope } from "../lib/tenant";
import { ErrorBag, optionalSafeText, safeText, validationHook } from "../lib/validation";

/** Organizations (tenants). Organization members only ever reach their own. */
export const organizationsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const idParam = z.object({ id: z.coerce.number().int().positive() });

let timeZones: Set<string> | undefined;
/** IANA zones the runtime knows (plus UTC, which some runtimes list only as an alias). */
function isTimeZone(value: string): boolean {
  timeZones ??= new Set([...Intl.supportedValuesOf("timeZone"), "UTC"]);
  return timeZones.has(value);
}

// The outer column is spelled out: Drizzle leaves columns unqualified in a single-table select.
const usersCount = () => sql<number>`(SELECT COUNT(*) FROM ${users} WHERE ${users.organizationId} = "organizations"."id")`.mapWith(Number);
const numbersCount = () =>
  sql<number>`(SELECT COUNT(*) FROM ${phoneNumbers} WHERE ${phoneNumbers.organizationId} = "organizations"."id")`.mapWith(Number);

function organizationColumns() {
  return {
    id: organizations.id,
    name: organizations.name,
    accountNumber: organizations.accountNumber,
    status: organizations.status,
    type: organizations.type,
    contactName: organizations.contactName,
    contactEmail: organizations.contactEmail,
    contactPhone: organizations.contactPhone,
    addressLine1: organizations.addressLine1,
    addressLine2: organizations.addressLine2,
    city: organizations.city,
    state: organizations.state,
    postalCode: organizations.postalCode,
    country: organizations.country,
    timezone: organizations.timezone,
    defaultLocale: organizations.defaultLocale,
    usersCount: usersCount(),
    numbersCount: numbersCount(),
    createdAt: organizations.createdAt,
    updatedAt: organizations.updatedAt,
  };
}

const OrganizationSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    account_number: z.string(),
    status: z.enum(ORGANIZATION_STATUSES),
    type: z.enum(ORGANIZATION_TYPES),
    contact_name: z.string().nullable(),
    contact_email: z.string().nullable(),
    contact_phone: z.string().nullable().openapi({ description: "E.164", example: "+16125550100" }),
    address_line1: z.string().nullable(),
    address_line2: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postal_code: z.string().nullable(),
    country: z.string(),
    timezone: z.string(),
    default_locale: z.enum(LOCALES),
    users_count: z.number().int(),
    numbers_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Organization");

type OrganizationRow = Awaited<ReturnType<typeof findOrganization>>;

function serialize(row: OrganizationRow): z.infer<typeof OrganizationSchema> {
  return {
    id: row.id,
    name: row.name,
    account_number: row.accountNumber,
    status: row.status,
    type: row.type,
    contact_name: row.contactName,
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    city: row.city,
    state: row.state,
    postal_code: row.postalCode,
    country: row.country,
    timezone: row.timezone,
    default_locale: row.defaultLocale,
    users_count: row.usersCount,
    numbers_count: row.numbersCount,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

async function findOrganization(db: Db, me: CurrentUser, id: number) {
  const [row] = await db
    .select(organizationColumns())
    .from(organizations)
    .where(and(eq(organizations.id, id), tenantScope(me, organizations.id)));
  if (!row) throw notFound();
  return row;
}

const SORTS = {
  name: organizations.name,
  account_number: organizations.accountNumber,
  created_at: organizations.createdAt,
  users_count: usersCount(),
} as const;

organizationsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/organizations/options",
    tags: ["Organizations"],
    summary: "The organizations the caller can see, as {id, name} for selects and the organization filter",
    middleware: [requireAuth] as const,
    responses: {
      200: jsonContent(z.array(z.object({ id: z.number().int(), name: z.string() })), "Organizations by name"),
      ...errorResponses(401),
    },
  }),
  async (c) => {
    const me = currentUser(c);
    const rows = await c
      .get("db")
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(tenantScope(me, organizations.id))
      .orderBy(asc(organizations.name), asc(organizations.id));
    return c.json(rows, 200);
  },
);

const organizationListQuery = listQuerySchema.extend({
  sort: z.enum(["name", "account_number", "created_at", "users_count"]).default("name"),
  status: z.enum(ORGANIZATION_STATUSES).optional(),
  type: z.enum(ORGANIZATION_TYPES).optional(),
});

/** The list's filters, shared by the list and its export. */
function organizationFilters(query: z.infer<typeof organizationListQuery>): (SQL | undefined)[] {
  return [query.status ? eq(organizations.status, query.status) : undefined, query.type ? eq(organizations.type, query.type) : undefined];
}

organizationsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/organizations",
    tags: ["Organizations"],
    summary: "Organizations with their user and phone number counts",
    middleware: [requireAuth, requirePermission("admin.organizations.read")] as const,
    request: {
      query: organizationListQuery,
    },
    responses: {
      200: jsonContent(paginatorSchema(OrganizationSchema), "One page of organizations"),
      ...errorResponses(401, 403, 422),
    },
  }),
  async (c) => {
    const me = currentUser(c);
    const query = c.req.valid("query");
    const db = c.get("db");
    const page = await listPage(db, {
      table: organizations,
      id: organizations.id,
      counted: "organizations",
      tenant: { actor: me, column: organizations.id },
      query,
      search: query.search ? searchCondition("organizations_fts", organizations.id, query.search) : undefined,
      filters: organizationFilters(query),
      sort: SORTS[query.sort],
      rows: (where, rowOrder) =>
        db
          .select(organizationColumns())
          .from(organizations)
          .where(where)
          .orderBy(...rowOrder),
    });
    return c.json({ ...page, data: page.data.map(serialize) }, 200);
  },
);

organizationsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/organizations/export",
    tags: ["Organizations"],
    summary: "The organizations list as CSV (the same filters and search, with user and number counts), streamed",
    middleware: [requireAuth, requirePermission("admin.organizations.read")] as const,
    request: { query: organizationListQuery },
    responses: { ...csvExportResponse, ...errorResponses(401, 403, 422) },
  }),
  (c) => {
    const me = currentUser(c);
    const query = c.req.valid("query");
    const db = c.get("db");
    return exportResponse(c, {
      table: organizations,
      id: organizations.id,
      tenant: { actor: me, column: organizations.id, requested: query.organization_id },
      filters: organizationFilters(query),
      search: query.search ? searchCondition("organizations_fts", organizations.id, query.search) : undefined,
      rows: (where, order) =>
        db
          .select(organizationColumns())
          .from(organizations)
          .where(where)
          .orderBy(...order),
      rowId: (row) => row.id,
      header: [
        "id",
        "name",
        "account_number",
        "type",
        "status",
        "contact_name",
        "contact_email",
        "contact_phone",
        "address_line1",
        "address_line2",
        "city",
        "state",
        "postal_code",
        "country",
        "users",
        "numbers",
        "created_at",
      ],
      line: (row) => {
        const organization = serialize(row);
        return [
          organization.id,
          organization.name,
          organization.account_number,
          organization.type,
          organization.status,
          organization.contact_name,
          organization.contact_email,
          organization.contact_phone,
          organization.address_line1,
          organization.address_line2,
          organization.city,
          organization.state,
          organization.postal_code,
          organization.country,
          organization.users_count,
          organization.numbers_count,
          organization.created_at,
        ];
      },
      filename: "organizations.csv",
    });
  },
);

organizationsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/organizations/{id}",
    tags: ["Organizations"],
    summary: "One organization (organization members: their own only)",
    middleware: [requireAuth, requirePermission("admin.organizations.read")] as const,
    request: { params: idParam },
    responses: { 200: jsonContent(OrganizationSchema, "The organization"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => c.json(serialize(await findOrganization(c.get("db"), currentUser(c), c.req.valid("param").id)), 200),
);

/** Optional text: trimmed, checked like every name, and "" (an empty form field) stored as null. */
const optionalText = optionalSafeText;

const OrganizationBody = z.object({
  name: safeText({ max: 255 }),
  account_number: safeText({ max: 50 }),
  status: z.enum(ORGANIZATION_STATUSES).default("active"),
  type: z.enum(ORGANIZATION_TYPES).default("business"),
  contact_name: optionalText(255),
  contact_email: optionalText(255),
  contact_phone: optionalText(50),
  address_line1: optionalText(255),
  address_line2: optionalText(255),
  city: optionalText(100),
  state: optionalText(100),
  postal_code: optionalText(20),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .transform((value) => value.toUpperCase())
    .default("US"),
  timezone: safeText({ max: 64 }).default("America/New_York"),
  default_locale: z.enum(LOCALES).default("en"),
});

type OrganizationInput = z.infer<typeof OrganizationBody>;

/**
 * Rules beyond the schema. The phone is parsed with the organization's country as the default region (US
 * when unsupported) and stored as E.164. "provider" is the one provider organization's type: no second one,
 * and it cannot change. Organization members cannot change their own type, status or account number.
 */
async function normalize(db: Db, me: CurrentUser, body: OrganizationInput, existing?: OrganizationRow) {
  const bag = new ErrorBag();
  const region: CountryCode = isSupportedCountry(body.country) ? body.country : "US";
  let contactPhone: string | null = null;
  if (body.contact_phone) {
    const parsed = parsePhoneNumberFromString(body.contact_phone, region);
    if (parsed?.isValid()) contactPhone = parsed.number;
    else bag.add("contact_phone", "validation.phone");
  }
  if (body.contact_email && !z.email().safeParse(body.contact_email).success) bag.add("contact_email", "validation.email");
  if (!isSupportedCountry(body.country)) bag.add("country", "validation.in");
  if (!isTimeZone(body.timezone)) bag.add("timezone", "validation.timezone");
  if ((body.type === "provider") !== (existing?.type === "provider")) bag.add("type", "validation.provider_type");
  if (existing && !me.isProvider) {
    if (body.status !== existing.status) bag.add("status", "validation.prohibited");
    if (body.account_number !== existing.accountNumber) bag.add("account_number", "validation.prohibited");
  }
  const taken = await db.query.organizations.findFirst({
    where: and(
      sql`lower(${organizations.accountNumber}) = lower(${body.account_number})`,
      existing ? ne(organizations.id, existing.id) : undefined,
    ),
    columns: { id: true },
  });
  if (taken) bag.add("account_number", "validation.unique");
  bag.throwIfAny();
  return {
    name: body.name,
    accountNumber: body.account_number,
    status: body.status,
    type: body.type,
    contactName: body.contact_name,
    contactEmail: body.contact_email?.toLowerCase() ?? null,
    contactPhone,
    addressLine1: body.address_line1,
    addressLine2: body.address_line2,
    city: body.city,
    state: body.state,
    postalCode: body.postal_code,
    country: body.country,
    timezone: body.timezone,
    defaultLocale: body.default_locale,
  };
}

type Values = Awaited<ReturnType<typeof normalize>>;

function auditFields(values: Values | OrganizationRow) {
  return {
    name: values.name,
    account_number: values.accountNumber,
    status: values.status,
    type: values.type,
    contact_name: values.contactName,
    contact_email: values.contactEmail,
    contact_phone: values.contactPhone,
    address_line1: values.addressLine1,
    address_line2: values.addressLine2,
    city: values.city,
    state: values.state,
    postal_code: values.postalCode,
    country: values.country,
    timezone: values.timezone,
    default_locale: values.defaultLocale,
  };
}

organizationsRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/organizations",
    tags: ["Organizations"],
    summary: "Create an organization",
    middleware: [requireAuth, requirePermission("admin.organizations.create")] as const,
    request: { body: jsonBody(OrganizationBody) },
    responses: { 201: jsonContent(OrganizationSchema, "The new organization"), ...errorResponses(401, 403, 419, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const values = await normalize(db, me, c.req.valid("json"));
    const now = new Date().toISOString();
    const [created] = await db
      .insert(organizations)
      .values({ ...values, createdAt: now, updatedAt: now })
      .returning({ id: organizations.id });
    if (!created) throw new Error("Organization insert returned no row.");
    await logActivity(c, {
      action: "organizations.created",
      subject_type: "organization",
      subject_id: created.id,
      subject_label: values.name,
      organization_id: created.id,
      after: auditFields(values),
    });
    return c.json(serialize(await findOrganization(db, me, created.id)), 201);
  },
);

organizationsRoutes.openapi(
  createRoute({
    method: "put",
    path: "/api/organizations/{id}",
    tags: ["Organizations"],
    summary: "Update an organization (organization members: their own, without status or account number)",
    middleware: [requireAuth, requirePermission("admin.organizations.update")] as const,
    request: { params: idParam, body: jsonBody(OrganizationBody) },
    responses: { 200: jsonContent(OrganizationSchema, "The updated organization"), ...errorResponses(401, 403, 404, 419, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const { id } = c.req.valid("param");
    const db = c.get("db");
    const existing = await findOrganization(db, me, id);
    const values = await normalize(db, me, c.req.valid("json"), existing);
    await db
      .update(organizations)
      .set({ ...values, updatedAt: new Date().toISOString() })
      .where(and(eq(organizations.id, id), tenantScope(me, organizations.id)));
    await logActivity(c, {
      action: "organizations.updated",
      subject_type: "organization",
      subject_id: id,
      subject_label: values.name,
      organization_id: id,
      before: auditFields(existing),
      after: auditFields(values),
    });
    return c.json(serialize(await findOrganization(db, me, id)), 200);
  },
);

organizationsRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/api/organizations/{id}",
    tags: ["Organizations"],
    summary: "Delete an organization (409 organizations.has_dependents while it has users, numbers, porting orders, devices or prompts)",
    middleware: [requireAuth, requirePermission("admin.organizations.delete")] as const,
    request: { params: idParam },
    responses: { 204: { description: "Deleted" }, ...errorResponses(401, 403, 404, 409, 419) },
  }),
  async (c) => {
    const me = currentUser(c);
    const { id } = c.req.valid("param");
    const db = c.get("db");
    const existing = await findOrganization(db, me, id);
    const [[orders], [deviceRows], [prompts]] = await Promise.all([
      db.select({ total: count() }).from(portingOrders).where(eq(portingOrders.organizationId, id)),
      db.select({ total: count() }).from(devices).where(eq(devices.organizationId, id)),
      db.select({ total: count() }).from(ttsPrompts).where(eq(ttsPrompts.organizationId, id)),
    ]);
    const toolRows = (orders?.total ?? 0) + (deviceRows?.total ?? 0) + (prompts?.total ?? 0);
    if (existing.usersCount > 0 || existing.numbersCount > 0 || toolRows > 0) {
      throw new ApiError(409, { message: "organizations.has_dependents" });
    }
    await db.delete(organizations).where(and(eq(organizations.id, id), tenantScope(me, organizations.id)));
    await logActivity(c, {
      action: "organizations.deleted",
      subject_type: "organization",
      subject_id: id,
      subject_label: existing.name,
      organization_id: id,
      before: auditFields(existing),
    });
    return c.body(null, 204);
  },
);
