import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, asc, count, desc, eq, or, type SQL, sql } from "drizzle-orm";
import { csvText, unneutralizeCsvCell } from "../../../common/csv";
import { normalizeMac } from "../../../common/devices";
import type { Db } from "../db/client";
import { deviceOverrides, devices, OVERRIDE_TYPES, organizations } from "../db/schema";
import { logActivity } from "../lib/activity";
import { currentUser, requireAuth, requirePermission } from "../lib/auth";
import type { AppEnv, CurrentUser } from "../lib/context";
import { notFound, validationError } from "../lib/errors";
import { errorResponses, jsonBody, jsonContent } from "../lib/openapi";
import { likePattern, listQuerySchema, paginate, paginatorSchema } from "../lib/pagination";
import { tenantScope, writableOrganizationId } from "../lib/tenant";
import { ErrorBag, validationHook } from "../lib/validation";

/** Desk phones and ATAs with their provisioning overrides (key/value rows, unique per device). */
export const devicesRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const PERMISSION = "tools.device.overrides" as const;
/** Most override rows one device may hold. */
export const MAX_OVERRIDES = 200;

const idParam = z.object({ id: z.coerce.number().int().positive() });

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

/** The stored form of a value of `type`, or null when it is not one. Booleans are stored as "true"/"false". */
export function normalizeOverrideValue(type: (typeof OVERRIDE_TYPES)[number], value: string): string | null {
  if (type === "integer") return /^[+-]?\d{1,15}$/.test(value.trim()) ? String(Number.parseInt(value.trim(), 10)) : null;
  if (type === "boolean") {
    const lower = value.trim().toLowerCase();
    if (["true", "1", "yes", "on"].includes(lower)) return "true";
    if (["false", "0", "no", "off"].includes(lower)) return "false";
    return null;
  }
  return value;
}

const overridesCount = () =>
  sql<number>`(SELECT COUNT(*) FROM ${deviceOverrides} WHERE ${deviceOverrides.deviceId} = "devices"."id")`.mapWith(Number);

function deviceColumns() {
  return {
    id: devices.id,
    organizationId: devices.organizationId,
    organizationName: organizations.name,
    mac: devices.mac,
    vendor: devices.vendor,
    model: devices.model,
    overridesCount: overridesCount(),
    createdAt: devices.createdAt,
    updatedAt: devices.updatedAt,
  };
}

const OverrideSchema = z
  .object({
    key: z.string(),
    value: z.string(),
    type: z.enum(OVERRIDE_TYPES),
    enabled: z.boolean(),
    description: z.string().nullable(),
  })
  .openapi("DeviceOverride");

const DeviceSchema = z
  .object({
    id: z.number().int(),
    organization: z.object({ id: z.number().int(), name: z.string() }),
    mac: z.string().openapi({ description: "12 lowercase hex digits", example: "001a2b3c4d5e" }),
    vendor: z.string(),
    model: z.string().nullable(),
    overrides_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Device");

const DeviceDetailSchema = DeviceSchema.extend({ overrides: z.array(OverrideSchema) }).openapi("DeviceWithOverrides");

type DeviceRow = Awaited<ReturnType<typeof findDevice>>;

function serialize(row: DeviceRow): z.infer<typeof DeviceSchema> {
  return {
    id: row.id,
    organization: { id: row.organizationId, name: row.organizationName ?? "" },
    mac: row.mac,
    vendor: row.vendor,
    model: row.model,
    overrides_count: row.overridesCount,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

function selectDevices(db: Db) {
  return db.select(deviceColumns()).from(devices).leftJoin(organizations, eq(organizations.id, devices.organizationId));
}

async function findDevice(db: Db, me: CurrentUser, id: number) {
  const [row] = await selectDevices(db).where(and(eq(devices.id, id), tenantScope(me, devices.organizationId)));
  if (!row) throw notFound();
  return row;
}

async function overridesOf(db: Db, deviceId: number): Promise<z.infer<typeof OverrideSchema>[]> {
  const rows = await db
    .select()
    .from(deviceOverrides)
    .where(eq(deviceOverrides.deviceId, deviceId))
    .orderBy(asc(deviceOverrides.position), asc(deviceOverrides.id));
  return rows.map((row) => ({ key: row.key, value: row.value, type: row.type, enabled: row.enabled, description: row.description }));
}

const SORTS = {
  mac: devices.mac,
  vendor: devices.vendor,
  model: devices.model,
  organization: organizations.name,
  overrides_count: overridesCount(),
  created_at: devices.createdAt,
} as const;

devicesRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/devices",
    tags: ["Devices"],
    summary: "Devices; `search` matches a MAC typed in any format, the vendor or the model",
    middleware: [requireAuth, requirePermission(PERMISSION)] as const,
    request: {
      query: listQuerySchema.extend({
        sort: z.enum(["mac", "vendor", "model", "organization", "overrides_count", "created_at"]).default("created_at"),
        vendor: z.string().max(100).optional(),
      }),
    },
    responses: { 200: jsonContent(paginatorSchema(DeviceSchema), "One page of devices"), ...errorResponses(401, 403, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const query = c.req.valid("query");
    const db = c.get("db");
    const search = query.search?.trim();
    const macFragment = search ? search.replace(/[\s:.-]/g, "").toLowerCase() : "";
    const pattern = search ? likePattern(search) : undefined;
    const where = and(
      ...([
        tenantScope(me, devices.organizationId, query.organization_id),
        pattern
          ? or(
              /^[0-9a-f]+$/.test(macFragment) ? sql`${devices.mac} LIKE ${likePattern(macFragment)} ESCAPE '\\'` : undefined,
              sql`${devices.vendor} LIKE ${pattern} ESCAPE '\\'`,
              sql`${devices.model} LIKE ${pattern} ESCAPE '\\'`,
            )
          : undefined,
        query.vendor ? eq(devices.vendor, query.vendor) : undefined,
      ] satisfies (SQL | undefined)[]),
    );
    const order = query.direction === "asc" ? asc : desc;
    const [rows, totals] = await Promise.all([
      selectDevices(db)
        .where(where)
        .orderBy(order(SORTS[query.sort]), order(devices.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page),
      db.select({ total: count() }).from(devices).leftJoin(organizations, eq(organizations.id, devices.organizationId)).where(where),
    ]);
    return c.json(paginate(rows.map(serialize), totals[0]?.total ?? 0, query.page, query.per_page), 200);
  },
);

devicesRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/devices/vendors",
    tags: ["Devices"],
    summary: "The vendors of the devices the caller can see, for the vendor filter",
    middleware: [requireAuth, requirePermission(PERMISSION)] as const,
    request: { query: z.object({ organization_id: z.coerce.number().int().positive().optional() }) },
    responses: { 200: jsonContent(z.array(z.string()), "Vendors by name"), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const rows = await c
      .get("db")
      .selectDistinct({ vendor: devices.vendor })
      .from(devices)
      .where(tenantScope(currentUser(c), devices.organizationId, c.req.valid("query").organization_id))
      .orderBy(asc(devices.vendor));
    return c.json(
      rows.map((row) => row.vendor),
      200,
    );
  },
);

devicesRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/devices/{id}",
    tags: ["Devices"],
    summary: "One device with its override rows",
    middleware: [requireAuth, requirePermission(PERMISSION)] as const,
    request: { params: idParam },
    responses: { 200: jsonContent(DeviceDetailSchema, "The device"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const db = c.get("db");
    const device = await findDevice(db, currentUser(c), c.req.valid("param").id);
    return c.json({ ...serialize(device), overrides: await overridesOf(db, device.id) }, 200);
  },
);

const DeviceBody = z.object({
  mac: z.string().trim().min(1).max(40),
  vendor: z.string().trim().min(1).max(100),
  model: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((value) => (value ? value : null)),
  organization_id: z.number().int().positive().nullish(),
});

devicesRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/devices",
    tags: ["Devices"],
    summary: "Register a device; a MAC registered elsewhere is refused without naming the organization",
    middleware: [requireAuth, requirePermission(PERMISSION)] as const,
    request: { body: jsonBody(DeviceBody) },
    responses: { 201: jsonContent(DeviceDetailSchema, "The new device"), ...errorResponses(401, 403, 419, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const body = c.req.valid("json");
    const organizationId = writableOrganizationId(me, body.organization_id);
    const bag = new ErrorBag();
    const mac = normalizeMac(body.mac);
    if (!mac) bag.add("mac", "devices.mac_invalid");
    else {
      // Looked up across every organization on purpose: a MAC is one physical device.
      const taken = await db.query.devices.findFirst({ where: eq(devices.mac, mac), columns: { organizationId: true } });
      if (taken) bag.add("mac", taken.organizationId === organizationId ? "devices.mac_taken" : "devices.mac_taken_elsewhere");
    }
    if (me.isProvider && body.organization_id) {
      const exists = await db.query.organizations.findFirst({ where: eq(organizations.id, body.organization_id), columns: { id: true } });
      if (!exists) bag.add("organization_id", "validation.in");
    }
    bag.throwIfAny();
    if (!mac) throw new Error("unreachable: MAC checked above");
    const now = new Date().toISOString();
    const values = { mac, vendor: body.vendor, model: body.model };
    const [created] = await db
      .insert(devices)
      .values({ ...values, organizationId, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: devices.id });
    // Registered by a concurrent request between the check and the insert.
    if (!created) throw validationError({ mac: ["devices.mac_taken_elsewhere"] });
    await logActivity(c, {
      action: "devices.created",
      subject_type: "device",
      subject_id: created.id,
      subject_label: mac,
      organization_id: organizationId,
      after: values,
    });
    return c.json({ ...serialize(await findDevice(db, me, created.id)), overrides: [] }, 201);
  },
);

devicesRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/api/devices/{id}",
    tags: ["Devices"],
    summary: "Delete a device and its overrides",
    middleware: [requireAuth, requirePermission(PERMISSION)] as const,
    request: { params: idParam },
    responses: { 204: { description: "Deleted" }, ...errorResponses(401, 403, 404, 419) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const device = await findDevice(db, me, c.req.valid("param").id);
    await db.batch([
      db.delete(deviceOverrides).where(eq(deviceOverrides.deviceId, device.id)),
      db.delete(devices).where(and(eq(devices.id, device.id), tenantScope(me, devices.organizationId))),
    ]);
    await logActivity(c, {
      action: "devices.deleted",
      subject_type: "device",
      subject_id: device.id,
      subject_label: device.mac,
      organization_id: device.organizationId,
      before: { mac: device.mac, vendor: device.vendor, model: device.model, overrides: device.overridesCount },
    });
    return c.body(null, 204);
  },
);

const OverrideInput = z.object({
  key: z.string().trim().min(1).max(128),
  value: z.string().max(2000).default(""),
  type: z.enum(OVERRIDE_TYPES).default("string"),
  enabled: z.boolean().default(true),
  description: z
    .string()
    .trim()
    .max(255)
    .nullish()
    .transform((value) => (value ? value : null)),
});

type OverrideRow = z.infer<typeof OverrideSchema>;

/** Field errors under `<prefix>.<index>.<field>`: key format, duplicate keys, values of the wrong type. */
function checkOverrides(rows: z.infer<typeof OverrideInput>[], bag: ErrorBag, prefix: string): OverrideRow[] {
  const seen = new Map<string, number>();
  const result: OverrideRow[] = [];
  rows.forEach((row, index) => {
    if (!KEY_PATTERN.test(row.key)) bag.add(`${prefix}.${index}.key`, "devices.key_format");
    const lower = row.key.toLowerCase();
    if (seen.has(lower)) bag.add(`${prefix}.${index}.key`, "devices.duplicate_key");
    else seen.set(lower, index);
    const value = normalizeOverrideValue(row.type, row.value);
    if (value === null) bag.add(`${prefix}.${index}.value`, `devices.value_${row.type}`);
    result.push({ key: row.key, value: value ?? row.value, type: row.type, enabled: row.enabled, description: row.description });
  });
  return result;
}

/** Replaces a device's rows in one batch and logs the change. */
async function saveOverrides(c: Parameters<typeof logActivity>[0], device: DeviceRow, rows: OverrideRow[]) {
  const db = c.get("db");
  const before = await overridesOf(db, device.id);
  await db.batch([
    db.delete(deviceOverrides).where(eq(deviceOverrides.deviceId, device.id)),
    ...rows.map((row, position) => db.insert(deviceOverrides).values({ ...row, deviceId: device.id, position })),
    db.update(devices).set({ updatedAt: new Date().toISOString() }).where(eq(devices.id, device.id)),
  ]);
  const summary = (list: OverrideRow[]) =>
    Object.fromEntries(list.map((row) => [row.key, `${row.value} (${row.type}${row.enabled ? "" : ", disabled"})`]));
  await logActivity(c, {
    action: "devices.overrides_updated",
    subject_type: "device",
    subject_id: device.id,
    subject_label: device.mac,
    organization_id: device.organizationId,
    before: summary(before),
    after: summary(rows),
  });
}

devicesRoutes.openapi(
  createRoute({
    method: "put",
    path: "/api/devices/{id}/overrides",
    tags: ["Devices"],
    summary: "Replace a device's override rows (errors at `overrides.<row>.<field>`)",
    middleware: [requireAuth, requirePermission(PERMISSION)] as const,
    request: { params: idParam, body: jsonBody(z.object({ overrides: z.array(OverrideInput).max(MAX_OVERRIDES) })) },
    responses: { 200: jsonContent(DeviceDetailSchema, "The device with its rows"), ...errorResponses(401, 403, 404, 419, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const device = await findDevice(db, me, c.req.valid("param").id);
    const bag = new ErrorBag();
    const rows = checkOverrides(c.req.valid("json").overrides, bag, "overrides");
    bag.throwIfAny();
    await saveOverrides(c, device, rows);
    return c.json({ ...serialize(await findDevice(db, me, device.id)), overrides: await overridesOf(db, device.id) }, 200);
  },
);

const CSV_COLUMNS = ["key", "value", "type", "enabled", "description"] as const;

devicesRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/devices/{id}/overrides/export",
    tags: ["Devices"],
    summary: "A device's overrides as a CSV or JSON download",
    middleware: [requireAuth, requirePermission(PERMISSION)] as const,
    request: { params: idParam, query: z.object({ format: z.enum(["csv", "json"]).default("json") }) },
    responses: {
      200: {
        description: "The file",
        content: {
          "text/csv": { schema: z.string() },
          "application/json": { schema: z.object({ mac: z.string(), overrides: z.array(OverrideSchema) }) },
        },
      },
      ...errorResponses(401, 403, 404),
    },
  }),
  async (c) => {
    const db = c.get("db");
    const device = await findDevice(db, currentUser(c), c.req.valid("param").id);
    const rows = await overridesOf(db, device.id);
    const format = c.req.valid("query").format;
    const filename = `overrides-${device.mac}.${format}`;
    const headers = { "Content-Disposition": `attachment; filename="${filename}"`, "Cache-Control": "no-store" };
    if (format === "json") {
      const body = JSON.stringify({ mac: device.mac, vendor: device.vendor, model: device.model, overrides: rows }, null, 2);
      return c.body(body, 200, { ...headers, "Content-Type": "application/json; charset=utf-8" });
    }
    const body = csvText([CSV_COLUMNS, ...rows.map((row) => [row.key, row.value, row.type, row.enabled, row.description])]);
    return c.body(body, 200, { ...headers, "Content-Type": "text/csv; charset=utf-8" });
  },
);

/** RFC 4180 CSV → rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === "") quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[index + 1] === "\n") index += 1;
      row.push(cell);
      if (row.some((value) => value !== "")) rows.push(row);
      row = [];
      cell = "";
    } else cell += char;
  }
  row.push(cell);
  if (row.some((value) => value !== "")) rows.push(row);
  return rows;
}

/** The rows of an exported file (or one written by hand in the same shape); null when unreadable. */
function readImport(format: "csv" | "json", content: string): unknown[] | null {
  if (format === "json") {
    try {
      const parsed: unknown = JSON.parse(content);
      const list = Array.isArray(parsed) ? parsed : (parsed as { overrides?: unknown })?.overrides;
      return Array.isArray(list) ? list : null;
    } catch {
      return null;
    }
  }
  const [header, ...lines] = parseCsv(content.replace(/^\uFEFF/, ""));
  const columns = header?.map((name) => name.trim().toLowerCase()) ?? [];
  if (!columns.includes("key") || !columns.includes("value")) return null;
  return lines.map((cells) => {
    // Without the quote the export puts before a formula start (common/csv.ts).
    const cell = (name: string) => {
      const index = columns.indexOf(name);
      return index >= 0 && cells[index] !== undefined ? unneutralizeCsvCell(cells[index]) : undefined;
    };
    const enabled = cell("enabled");
    const value = cell("value") ?? "";
    return {
      key: cell("key") ?? "",
      value,
      type: cell("type") || "string",
      enabled: enabled === undefined || enabled === "" ? true : normalizeOverrideValue("boolean", enabled) === "true",
      description: cell("description") ?? null,
    };
  });
}

devicesRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/devices/{id}/overrides/import",
    tags: ["Devices"],
    summary: "Import rows from an exported CSV or JSON file: keys in the file replace the device's, other rows stay",
    middleware: [requireAuth, requirePermission(PERMISSION)] as const,
    request: {
      params: idParam,
      body: jsonBody(z.object({ format: z.enum(["csv", "json"]), content: z.string().min(1).max(200_000) })),
    },
    responses: { 200: jsonContent(DeviceDetailSchema, "The device with its rows"), ...errorResponses(401, 403, 404, 419, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const device = await findDevice(db, me, c.req.valid("param").id);
    const { format, content } = c.req.valid("json");
    const raw = readImport(format, content);
    if (!raw) throw validationError({ content: [`devices.import_unreadable|${JSON.stringify({ format: format.toUpperCase() })}`] });
    const parsed = z.array(OverrideInput).max(MAX_OVERRIDES).safeParse(raw);
    if (!parsed.success) {
      const row = Number(parsed.error.issues[0]?.path[0] ?? 0) + 1;
      throw validationError({ content: [`devices.import_row_invalid|${JSON.stringify({ row })}`] });
    }
    const bag = new ErrorBag();
    const imported = checkOverrides(parsed.data, bag, "rows");
    bag.throwIfAny();
    const importedKeys = new Set(imported.map((row) => row.key.toLowerCase()));
    const kept = (await overridesOf(db, device.id)).filter((row) => !importedKeys.has(row.key.toLowerCase()));
    const rows = [...kept, ...imported];
    if (rows.length > MAX_OVERRIDES) throw validationError({ content: [`validation.max_items|${JSON.stringify({ max: MAX_OVERRIDES })}`] });
    await saveOverrides(c, device, rows);
    return c.json({ ...serialize(await findDevice(db, me, device.id)), overrides: await overridesOf(db, device.id) }, 200);
  },
);
