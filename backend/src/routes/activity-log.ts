import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, desc, eq, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../db/client";
import { activityLog, users } from "../db/schema";
import { activityTitles } from "../lib/activity-titles";
import { currentUser, requireAuth, requirePermission } from "../lib/auth";
import type { AppEnv } from "../lib/context";
import { notFound } from "../lib/errors";
import { csvExportResponse, exportResponse } from "../lib/export";
import { dayRange, dayRangeQuery, listPage, searchCondition } from "../lib/list";
import { errorResponses, jsonContent } from "../lib/openapi";
import { listQuerySchema, paginatorSchema } from "../lib/pagination";
import { tenantScope } from "../lib/tenant";
import { validationHook } from "../lib/validation";

export const activity = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

export const ActivityEntrySchema = z
  .object({
    id: z.number().int(),
    action: z.string(),
    actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    masquerader: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    token: z
      .object({ id: z.number().int(), name: z.string() })
      .nullable()
      .openapi({ description: "The personal access token the action was made with (null: a signed-in session)" }),
    subject_type: z.string().nullable(),
    subject_id: z.number().int().nullable(),
    subject_label: z.string().nullable(),
    organization_id: z.number().int().nullable(),
    changes: z.record(z.string(), z.object({ old: z.unknown(), new: z.unknown() })).nullable(),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("ActivityEntry");

activity.openapi(
  createRoute({
    method: "get",
    path: "/api/activity-log/titles",
    tags: ["Activity log"],
    summary: "Title of every action key the backend writes, in one language (public: no secrets, cacheable)",
    request: { query: z.object({ locale: z.enum(["en", "fr", "ar"]).default("en") }) },
    responses: {
      200: jsonContent(z.record(z.string(), z.string()), "{actionKey: title}"),
      ...errorResponses(422),
    },
  }),
  (c) => c.json(activityTitles(c.req.valid("query").locale), 200),
);

const actors = alias(users, "actors");
const masqueraders = alias(users, "masqueraders");

function selectEntries() {
  return {
    id: activityLog.id,
    action: activityLog.action,
    actorId: activityLog.actorId,
    actorName: actors.name,
    masqueraderId: activityLog.masqueraderId,
    masqueraderName: masqueraders.name,
    tokenId: activityLog.tokenId,
    tokenName: activityLog.tokenName,
    subjectType: activityLog.subjectType,
    subjectId: activityLog.subjectId,
    subjectLabel: activityLog.subjectLabel,
    organizationId: activityLog.organizationId,
    changes: activityLog.changes,
    ip: activityLog.ip,
    userAgent: activityLog.userAgent,
    createdAt: activityLog.createdAt,
  };
}

type EntryRow = {
  id: number;
  action: string;
  actorId: number | null;
  actorName: string | null;
  masqueraderId: number | null;
  masqueraderName: string | null;
  tokenId: number | null;
  tokenName: string | null;
  subjectType: string | null;
  subjectId: number | null;
  subjectLabel: string | null;
  organizationId: number | null;
  changes: string | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
};

function serializeEntry(row: EntryRow): z.infer<typeof ActivityEntrySchema> {
  return {
    id: row.id,
    action: row.action,
    actor: row.actorId === null ? null : { id: row.actorId, name: row.actorName ?? "" },
    masquerader: row.masqueraderId === null ? null : { id: row.masqueraderId, name: row.masqueraderName ?? "" },
    token: row.tokenId === null ? null : { id: row.tokenId, name: row.tokenName ?? "" },
    subject_type: row.subjectType,
    subject_id: row.subjectId,
    subject_label: row.subjectLabel,
    organization_id: row.organizationId,
    changes: row.changes ? (JSON.parse(row.changes) as Record<string, { old: unknown; new: unknown }>) : null,
    ip: row.ip,
    user_agent: row.userAgent,
    created_at: row.createdAt,
  };
}

/** The entries matching `where`, in `order`, with actor and masquerader names; shared with the dashboard. */
export async function readEntries(db: Db, where: SQL | undefined, order: SQL[], limit?: number) {
  const query = db
    .select(selectEntries())
    .from(activityLog)
    .leftJoin(actors, eq(actors.id, activityLog.actorId))
    .leftJoin(masqueraders, eq(masqueraders.id, activityLog.masqueraderId))
    .where(where)
    .orderBy(...order);
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map(serializeEntry);
}

/** Newest first (ties by id), the order of the dashboard and of the list by default. */
export const NEWEST_FIRST = [desc(activityLog.createdAt), desc(activityLog.id)];

const SORTS = { created_at: activityLog.createdAt, action: activityLog.action } as const;

const activityQuery = listQuerySchema.extend({
  sort: z.enum(["created_at", "action"]).default("created_at"),
  actor_id: z.coerce.number().int().positive().optional(),
  action: z.string().max(100).optional(),
  subject_type: z.string().max(100).optional(),
  ...dayRangeQuery,
});

/** The log's filters, shared by the list and its export. */
function activityFilters(query: z.infer<typeof activityQuery>): (SQL | undefined)[] {
  return [
    query.actor_id ? eq(activityLog.actorId, query.actor_id) : undefined,
    query.action ? eq(activityLog.action, query.action) : undefined,
    query.subject_type ? eq(activityLog.subjectType, query.subject_type) : undefined,
    ...dayRange(activityLog.createdAt, query),
  ];
}

activity.openapi(
  createRoute({
    method: "get",
    path: "/api/activity-log",
    tags: ["Activity log"],
    summary: "The activity log, newest first (organization members see their organization only)",
    middleware: [requireAuth, requirePermission("admin.activity.read")] as const,
    request: {
      query: activityQuery,
    },
    responses: {
      200: jsonContent(paginatorSchema(ActivityEntrySchema), "One page of entries"),
      ...errorResponses(401, 403, 422),
    },
  }),
  async (c) => {
    const me = currentUser(c);
    const query = c.req.valid("query");
    const db = c.get("db");
    const page = await listPage(db, {
      table: activityLog,
      id: activityLog.id,
      counted: "activity_log",
      tenant: { actor: me, column: activityLog.organizationId },
      query,
      search: query.search ? searchCondition("activity_log_fts", activityLog.id, query.search) : undefined,
      filters: activityFilters(query),
      sort: SORTS[query.sort],
      rows: (where, rowOrder) => readEntries(db, where, rowOrder),
    });
    return c.json(page, 200);
  },
);

activity.openapi(
  createRoute({
    method: "get",
    path: "/api/activity-log/export",
    tags: ["Activity log"],
    summary: "The log's entries as CSV (the same filters and search), newest first, streamed",
    middleware: [requireAuth, requirePermission("admin.activity.read")] as const,
    request: { query: activityQuery },
    responses: { ...csvExportResponse, ...errorResponses(401, 403, 422) },
  }),
  (c) => {
    const me = currentUser(c);
    const query = c.req.valid("query");
    const db = c.get("db");
    const titles: Record<string, string> = activityTitles("en");
    return exportResponse(c, {
      table: activityLog,
      id: activityLog.id,
      tenant: { actor: me, column: activityLog.organizationId, requested: query.organization_id },
      filters: activityFilters(query),
      search: query.search ? searchCondition("activity_log_fts", activityLog.id, query.search) : undefined,
      rows: (where, order) => readEntries(db, where, order),
      rowId: (entry) => entry.id,
      header: [
        "id",
        "created_at",
        "action",
        "title",
        "actor",
        "masquerader",
        "subject_type",
        "subject_id",
        "subject",
        "organization_id",
        "ip",
      ],
      line: (entry) => [
        entry.id,
        entry.created_at,
        entry.action,
        titles[entry.action] ?? entry.action,
        entry.actor?.name,
        entry.masquerader?.name,
        entry.subject_type,
        entry.subject_id,
        entry.subject_label,
        entry.organization_id,
        entry.ip,
      ],
      filename: "activity-log.csv",
    });
  },
);

activity.openapi(
  createRoute({
    method: "get",
    path: "/api/activity-log/{id}",
    tags: ["Activity log"],
    summary: "One entry with its changes {field: {old, new}}",
    middleware: [requireAuth, requirePermission("admin.activity.read")] as const,
    request: { params: z.object({ id: z.coerce.number().int().positive() }) },
    responses: { 200: jsonContent(ActivityEntrySchema, "The entry"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const me = currentUser(c);
    const { id } = c.req.valid("param");
    const [row] = await c
      .get("db")
      .select(selectEntries())
      .from(activityLog)
      .leftJoin(actors, eq(actors.id, activityLog.actorId))
      .leftJoin(masqueraders, eq(masqueraders.id, activityLog.masqueraderId))
      .where(and(eq(activityLog.id, id), tenantScope(me, activityLog.organizationId)));
    if (!row) throw notFound();
    return c.json(serializeEntry(row), 200);
  },
);
