import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, count, desc, eq, gte, isNull, notInArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { activityLog, organizations, phoneNumbers, portingOrders, users } from "../db/schema";
import { currentUser, requireAuth, requirePermission } from "../lib/auth";
import type { AppEnv } from "../lib/context";
import { errorResponses, jsonContent } from "../lib/openapi";
import { tenantScope } from "../lib/tenant";
import { validationHook } from "../lib/validation";

/** The home screen's numbers, all limited to what the caller can see, read in one D1 round trip. */
export const dashboardRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const DAYS = 30;
const actors = alias(users, "actors");
const masqueraders = alias(users, "masqueraders");

const EntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  masquerader: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  subject_type: z.string().nullable(),
  subject_id: z.number().int().nullable(),
  subject_label: z.string().nullable(),
  organization_id: z.number().int().nullable(),
  changes: z.record(z.string(), z.object({ old: z.unknown(), new: z.unknown() })).nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
});

const DashboardSchema = z
  .object({
    counts: z.object({
      organizations: z.number().int(),
      users: z.number().int(),
      active_numbers: z.number().int(),
      open_porting_orders: z.number().int(),
      numbers_without_e911: z.number().int(),
    }),
    recent_activity: z.array(EntrySchema),
    activity_per_day: z.array(z.object({ date: z.string(), count: z.number().int() })),
  })
  .openapi("Dashboard");

/** The last `days` UTC dates, oldest first, as YYYY-MM-DD. */
function lastDays(days: number, now = new Date()): string[] {
  return Array.from({ length: days }, (_, index) => new Date(now.getTime() - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10));
}

dashboardRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/dashboard",
    tags: ["Dashboard"],
    summary: "Counts, the 10 latest activity entries and activity per day for 30 days",
    middleware: [requireAuth, requirePermission("dashboard.read")] as const,
    request: { query: z.object({ organization_id: z.coerce.number().int().positive().optional() }) },
    responses: { 200: jsonContent(DashboardSchema, "The dashboard"), ...errorResponses(401, 403, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const requested = c.req.valid("query").organization_id;
    const db = c.get("db");
    const days = lastDays(DAYS);
    const numbersScope = tenantScope(me, phoneNumbers.organizationId, requested);
    const activityScope = tenantScope(me, activityLog.organizationId, requested);
    const day = sql<string>`substr(${activityLog.createdAt}, 1, 10)`;

    const [orgCount, userCount, activeNumbers, openOrders, withoutE911, recent, perDay] = await db.batch([
      db
        .select({ total: count() })
        .from(organizations)
        .where(tenantScope(me, organizations.id, requested)),
      db
        .select({ total: count() })
        .from(users)
        .where(tenantScope(me, users.organizationId, requested)),
      db
        .select({ total: count() })
        .from(phoneNumbers)
        .where(and(numbersScope, eq(phoneNumbers.status, "in_service"))),
      db
        .select({ total: count() })
        .from(portingOrders)
        .where(and(tenantScope(me, portingOrders.organizationId, requested), notInArray(portingOrders.status, ["completed", "cancelled"]))),
      db
        .select({ total: count() })
        .from(phoneNumbers)
        .where(and(numbersScope, eq(phoneNumbers.status, "in_service"), isNull(phoneNumbers.e911AddressId))),
      // Joined names get their own aliases: a batch maps columns by name, and both joins have a `name`.
      db
        .select({
          id: activityLog.id,
          action: activityLog.action,
          actorId: activityLog.actorId,
          actorName: sql<string | null>`${actors.name}`.as("actor_name"),
          masqueraderId: activityLog.masqueraderId,
          masqueraderName: sql<string | null>`${masqueraders.name}`.as("masquerader_name"),
          subjectType: activityLog.subjectType,
          subjectId: activityLog.subjectId,
          subjectLabel: activityLog.subjectLabel,
          organizationId: activityLog.organizationId,
          changes: activityLog.changes,
          ip: activityLog.ip,
          userAgent: activityLog.userAgent,
          createdAt: activityLog.createdAt,
        })
        .from(activityLog)
        .leftJoin(actors, eq(actors.id, activityLog.actorId))
        .leftJoin(masqueraders, eq(masqueraders.id, activityLog.masqueraderId))
        .where(activityScope)
        .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
        .limit(10),
      db
        .select({ date: day, count: count() })
        .from(activityLog)
        .where(and(activityScope, gte(activityLog.createdAt, days[0] ?? "")))
        .groupBy(day),
    ]);

    const counted = new Map(perDay.map((row) => [row.date, row.count]));
    return c.json(
      {
        counts: {
          organizations: orgCount[0]?.total ?? 0,
          users: userCount[0]?.total ?? 0,
          active_numbers: activeNumbers[0]?.total ?? 0,
          open_porting_orders: openOrders[0]?.total ?? 0,
          numbers_without_e911: withoutE911[0]?.total ?? 0,
        },
        recent_activity: recent.map((row) => ({
          id: row.id,
          action: row.action,
          actor: row.actorId === null ? null : { id: row.actorId, name: row.actorName ?? "" },
          masquerader: row.masqueraderId === null ? null : { id: row.masqueraderId, name: row.masqueraderName ?? "" },
          subject_type: row.subjectType,
          subject_id: row.subjectId,
          subject_label: row.subjectLabel,
          organization_id: row.organizationId,
          changes: row.changes ? (JSON.parse(row.changes) as Record<string, { old: unknown; new: unknown }>) : null,
          ip: row.ip,
          user_agent: row.userAgent,
          created_at: row.createdAt,
        })),
        activity_per_day: days.map((date) => ({ date, count: counted.get(date) ?? 0 })),
      },
      200,
    );
  },
);
