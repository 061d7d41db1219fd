import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
  activityLog,
  E911_VALIDATION_STATUSES,
  e911Addresses,
  NUMBER_ORDER_ITEM_STATUSES,
  NUMBER_ORDER_STATUSES,
  numberImports,
  numberOrderItems,
  numberOrders,
  organizations,
  PORTING_ORDER_STATUSES,
  phoneNumbers,
  portingOrders,
  users,
} from "../db/schema";
import { currentUser, requireAuth, requirePermission } from "../lib/auth";
import type { AppEnv } from "../lib/context";
import { notFound } from "../lib/errors";
import { errorResponses, jsonContent } from "../lib/openapi";
import { PhoneNumberSchema, phoneNumberColumns, serializePhoneNumber } from "../lib/phone-numbers";
import { tenantScope } from "../lib/tenant";
import { validationHook } from "../lib/validation";
import { ActivityEntrySchema, readEntries } from "./activity-log";

/**
 * A number's page (issue 25): the number, where it came from (ordered, imported, ported: when and by whom), its
 * E911 address, the number orders and porting orders it was in, and what was done to it since. One number of
 * another organization is not found; so are the orders of another organization (every query is tenant-scoped).
 */
export const phoneNumberRecordRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const Person = z.object({ id: z.number().int(), name: z.string() }).nullable();

const OriginSchema = z.object({
  kind: z.enum(["ordered", "imported", "ported"]),
  at: z.string(),
  by: Person,
  /** The number order, import or porting order it came from. */
  source_id: z.number().int(),
});

export const PhoneNumberRecordSchema = z
  .object({
    number: PhoneNumberSchema,
    e911_address: z
      .object({
        id: z.number().int(),
        caller_name: z.string(),
        street: z.string(),
        city: z.string(),
        state: z.string(),
        postal_code: z.string(),
        country: z.string(),
        validation_status: z.enum(E911_VALIDATION_STATUSES),
      })
      .nullable(),
    origins: z.array(OriginSchema).openapi({ description: "How the number entered the inventory (oldest first)" }),
    orders: z.array(
      z.object({
        id: z.number().int(),
        status: z.enum(NUMBER_ORDER_STATUSES),
        item_status: z.enum(NUMBER_ORDER_ITEM_STATUSES),
        created_by: Person,
        submitted_at: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
    porting_orders: z.array(
      z.object({
        id: z.number().int(),
        status: z.enum(PORTING_ORDER_STATUSES),
        created_by: Person,
        submitted_at: z.string().nullable(),
        completed_at: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
    events: z.array(ActivityEntrySchema).openapi({ description: "The number's own activity entries, oldest first" }),
  })
  .openapi("PhoneNumberRecord");

const importers = alias(users, "importers");

function person(id: number | null, name: string | null) {
  return id === null ? null : { id, name: name ?? "" };
}

phoneNumberRecordRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/phone-numbers/{id}/record",
    tags: ["Phone numbers"],
    summary: "A number's page: the number, its origin, E911 address, the orders and porting orders it was in, its history",
    middleware: [requireAuth, requirePermission("tools.phone_numbers.read")] as const,
    request: { params: z.object({ id: z.coerce.number().int().positive() }) },
    responses: { 200: jsonContent(PhoneNumberRecordSchema, "The number's record"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const { id } = c.req.valid("param");
    const [row] = await db
      .select({ ...phoneNumberColumns(), importId: phoneNumbers.importId })
      .from(phoneNumbers)
      .leftJoin(organizations, eq(organizations.id, phoneNumbers.organizationId))
      .where(and(eq(phoneNumbers.id, id), tenantScope(me, phoneNumbers.organizationId)));
    if (!row) throw notFound();
    const e164 = row.e164;

    const [address, orders, ports, imported, events] = await Promise.all([
      row.e911AddressId === null
        ? Promise.resolve([])
        : db
            .select()
            .from(e911Addresses)
            .where(and(eq(e911Addresses.id, row.e911AddressId), tenantScope(me, e911Addresses.organizationId))),
      db
        .select({
          id: numberOrders.id,
          status: numberOrders.status,
          itemStatus: numberOrderItems.status,
          createdBy: numberOrders.createdBy,
          creatorName: users.name,
          submittedAt: numberOrders.submittedAt,
          createdAt: numberOrders.createdAt,
        })
        .from(numberOrderItems)
        .innerJoin(numberOrders, eq(numberOrders.id, numberOrderItems.orderId))
        .leftJoin(users, eq(users.id, numberOrders.createdBy))
        .where(and(eq(numberOrderItems.e164, e164), tenantScope(me, numberOrders.organizationId)))
        .orderBy(asc(numberOrders.createdAt), asc(numberOrders.id)),
      db
        .select({
          id: portingOrders.id,
          status: portingOrders.status,
          createdBy: portingOrders.createdBy,
          creatorName: users.name,
          submittedAt: portingOrders.submittedAt,
          completedAt: portingOrders.completedAt,
          createdAt: portingOrders.createdAt,
        })
        .from(portingOrders)
        .leftJoin(users, eq(users.id, portingOrders.createdBy))
        // `numbers` is a JSON array of E.164 strings: the quoted number matches one element exactly.
        .where(and(sql`${portingOrders.numbers} LIKE ${`%"${e164}"%`}`, tenantScope(me, portingOrders.organizationId)))
        .orderBy(asc(portingOrders.createdAt), asc(portingOrders.id)),
      row.importId === null
        ? Promise.resolve([])
        : db
            .select({
              id: numberImports.id,
              committedBy: numberImports.committedBy,
              committerName: importers.name,
              committedAt: numberImports.committedAt,
              createdAt: numberImports.createdAt,
            })
            .from(numberImports)
            .leftJoin(importers, eq(importers.id, numberImports.committedBy))
            .where(and(eq(numberImports.id, row.importId), tenantScope(me, numberImports.organizationId))),
      readEntries(
        db,
        and(eq(activityLog.subjectType, "phone_number"), eq(activityLog.subjectId, id), tenantScope(me, activityLog.organizationId)),
        [asc(activityLog.createdAt), asc(activityLog.id)],
        200,
      ),
    ]);

    const origins: z.infer<typeof OriginSchema>[] = [];
    for (const order of orders) {
      if (order.itemStatus === "complete" && order.submittedAt) {
        origins.push({ kind: "ordered", at: order.submittedAt, by: person(order.createdBy, order.creatorName), source_id: order.id });
      }
    }
    for (const port of ports) {
      if (port.status === "completed" && port.completedAt) {
        origins.push({ kind: "ported", at: port.completedAt, by: person(port.createdBy, port.creatorName), source_id: port.id });
      }
    }
    for (const job of imported) {
      origins.push({
        kind: "imported",
        at: job.committedAt ?? job.createdAt,
        by: person(job.committedBy, job.committerName),
        source_id: job.id,
      });
    }
    origins.sort((a, b) => a.at.localeCompare(b.at));

    const [e911] = address;
    return c.json(
      {
        number: serializePhoneNumber(row),
        e911_address: e911
          ? {
              id: e911.id,
              caller_name: e911.callerName,
              street: [
                e911.houseNumber,
                e911.houseNumberSuffix,
                e911.preDirectional,
                e911.streetName,
                e911.streetSuffix,
                e911.postDirectional,
                e911.unit,
              ]
                .filter((part) => part)
                .join(" "),
              city: e911.city,
              state: e911.state,
              postal_code: e911.postalCode,
              country: e911.country,
              validation_status: e911.validationStatus,
            }
          : null,
        origins,
        orders: orders.map((order) => ({
          id: order.id,
          status: order.status,
          item_status: order.itemStatus,
          created_by: person(order.createdBy, order.creatorName),
          submitted_at: order.submittedAt,
          created_at: order.createdAt,
        })),
        porting_orders: ports.map((port) => ({
          id: port.id,
          status: port.status,
          created_by: person(port.createdBy, port.creatorName),
          submitted_at: port.submittedAt,
          completed_at: port.completedAt,
          created_at: port.createdAt,
        })),
        events,
      },
      200,
    );
  },
);
