import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { activityLog } from "../db/schema";
import { currentUser, requireAuth, requirePermission } from "../lib/auth";
import type { AppEnv } from "../lib/context";
import { errorResponses, jsonContent } from "../lib/openapi";
import { tenantScope } from "../lib/tenant";
import { validationHook } from "../lib/validation";

/**
 * The values of the activity log's filter selects. Registered before the core's /api/activity-log/{id}.
 * DISTINCT over a million rows would read a whole index; a recursive skip scan asks the index for the next
 * larger value instead, so the cost is (number of distinct values) × (one index seek).
 */
export const activityFiltersRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

async function distinctValues(db: Db, column: typeof activityLog.action | typeof activityLog.subjectType, scope: SQL | undefined) {
  const where = scope ?? sql`1 = 1`;
  const rows = await db.all<{ value: string }>(sql`
    WITH RECURSIVE next_value(value) AS (
      SELECT (SELECT MIN(${column}) FROM ${activityLog} WHERE ${where})
      UNION ALL
      SELECT (SELECT MIN(${column}) FROM ${activityLog} WHERE ${and(where, sql`${column} > next_value.value`)})
        FROM next_value WHERE next_value.value IS NOT NULL
    )
    SELECT value FROM next_value WHERE value IS NOT NULL`);
  return rows.map((row) => row.value);
}

activityFiltersRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/activity-log/filters",
    tags: ["Activity log"],
    summary: "The action keys and subject types present in the log the caller can see (for the filter selects)",
    middleware: [requireAuth, requirePermission("admin.activity.read")] as const,
    request: { query: z.object({ organization_id: z.coerce.number().int().positive().optional() }) },
    responses: {
      200: jsonContent(
        z.object({ actions: z.array(z.string()), subject_types: z.array(z.string()) }).openapi("ActivityFilters"),
        "Sorted distinct values",
      ),
      ...errorResponses(401, 403, 422),
    },
  }),
  async (c) => {
    const me = currentUser(c);
    const scope = tenantScope(me, activityLog.organizationId, c.req.valid("query").organization_id);
    const db = c.get("db");
    const [actions, subjectTypes] = await Promise.all([
      distinctValues(db, activityLog.action, scope),
      distinctValues(db, activityLog.subjectType, scope),
    ]);
    return c.json({ actions, subject_types: subjectTypes }, 200);
  },
);
