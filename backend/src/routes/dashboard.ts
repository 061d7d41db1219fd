import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, count, eq, gte, notInArray } from "drizzle-orm";
import { activityDailyCounts, activityLog, organizations, portingOrders } from "../db/schema";
import { currentUser, requireAuth, requirePermission } from "../lib/auth";
import type { AppEnv } from "../lib/context";
import { countQuery } from "../lib/list";
import { errorResponses, jsonContent } from "../lib/openapi";
import { tenantOrganizationId, tenantScope } from "../lib/tenant";
import { validationHook } from "../lib/validation";
import { ActivityEntrySchema, NEWEST_FIRST, readEntries } from "./activity-log";

/** The home screen's numbers, all limited to what the caller can see, read in two parallel D1 round trips. */
export const dashboardRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const DAYS = 30;

const DashboardSchema = z
  .object({
    counts: z.object({
      organizations: z.number().int(),
      users: z.number().int(),
      active_numbers: z.number().int(),
      open_porting_orders: z.number().int(),
      numbers_without_e911: z.number().int(),
    }),
    recent_activity: z.array(ActivityEntrySchema),
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
    const organizationId = tenantOrganizationId(me, requested);
    // Counts of organizations, users, activity (migration 0004) and numbers (0012) come from trigger-kept tables.
    const [[orgCount, userCount, activeNumbers, openOrders, withoutE911, perDay], recent] = await Promise.all([
      db.batch([
        organizationId === undefined
          ? countQuery(db, "organizations", undefined)
          : db.select({ total: count() }).from(organizations).where(eq(organizations.id, organizationId)),
        countQuery(db, "users", organizationId),
        countQuery(db, "phone_numbers_in_service", organizationId),
        db
          .select({ total: count() })
          .from(portingOrders)
          .where(
            and(tenantScope(me, portingOrders.organizationId, requested), notInArray(portingOrders.status, ["completed", "cancelled"])),
          ),
        countQuery(db, "phone_numbers_without_e911", organizationId),
        db
          .select({ date: activityDailyCounts.day, count: activityDailyCounts.total })
          .from(activityDailyCounts)
          .where(and(eq(activityDailyCounts.organizationId, organizationId ?? 0), gte(activityDailyCounts.day, days[0] ?? ""))),
      ]),
      readEntries(db, tenantScope(me, activityLog.organizationId, requested), NEWEST_FIRST, 10),
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
        recent_activity: recent,
        activity_per_day: days.map((date) => ({ date, count: counted.get(date) ?? 0 })),
      },
      200,
    );
  },
);
