import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { MAIL_STATUSES, mailLog } from "../db/schema";
import { logActivity } from "../lib/activity";
import { currentUser, requireAuth, requirePermission } from "../lib/auth";
import type { AppEnv } from "../lib/context";
import { ApiError, notFound } from "../lib/errors";
import { csvExportResponse, exportResponse } from "../lib/export";
import { dayRange, dayRangeQuery, listPage, searchCondition } from "../lib/list";
import { type MailEnv, requeueMail } from "../lib/mailer";
import { errorResponses, jsonContent } from "../lib/openapi";
import { listQuerySchema, paginatorSchema } from "../lib/pagination";
import { tenantScope } from "../lib/tenant";
import { validationHook } from "../lib/validation";

/** Every e-mail the backend sent or failed to send. Organization members see their organization's only. */
export const mailLogRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const MailRowSchema = z
  .object({
    id: z.number().int(),
    organization_id: z.number().int().nullable(),
    to: z.string(),
    subject: z.string(),
    template: z.string(),
    status: z.enum(MAIL_STATUSES),
    error: z.string().nullable().openapi({ description: "Why it was not sent or failed: no_relay, auth_failed, timeout, ..." }),
    relay: z.string().nullable().openapi({ description: '"platform" or "organization:<id>"' }),
    smtp_reply: z.string().nullable().openapi({ example: "250 2.0.0 Ok: queued as 4C7B1" }),
    attempts: z.number().int(),
    created_at: z.string(),
    sent_at: z.string().nullable(),
    retryable: z.boolean().openapi({
      description: "Failed or not sent, and the message is kept: `POST /api/mail-log/{id}/retry` queues it again",
    }),
  })
  .openapi("MailLogRow");

const MailDetailSchema = MailRowSchema.extend({ html: z.string().nullable(), text: z.string().nullable() }).openapi("MailLogEntry");

const rowColumns = {
  id: mailLog.id,
  organization_id: mailLog.organizationId,
  to: mailLog.to,
  subject: mailLog.subject,
  template: mailLog.template,
  status: mailLog.status,
  error: mailLog.error,
  relay: mailLog.relay,
  smtp_reply: mailLog.smtpReply,
  attempts: mailLog.attempts,
  created_at: mailLog.createdAt,
  sent_at: mailLog.sentAt,
  retryable: sql<boolean>`(${mailLog.status} IN ('failed', 'not_sent') AND ${mailLog.messageEncrypted} IS NOT NULL)`.mapWith(Boolean),
};

const SORTS = { created_at: mailLog.createdAt, to: mailLog.to, subject: mailLog.subject, status: mailLog.status } as const;

const mailListQuery = listQuerySchema.extend({
  sort: z.enum(["created_at", "to", "subject", "status"]).default("created_at"),
  status: z.enum(MAIL_STATUSES).optional(),
  template: z.string().max(100).optional(),
  ...dayRangeQuery,
});

/** The log's filters, shared by the list and its export. */
function mailFilters(query: z.infer<typeof mailListQuery>): (SQL | undefined)[] {
  return [
    query.status ? eq(mailLog.status, query.status) : undefined,
    query.template ? eq(mailLog.template, query.template) : undefined,
    ...dayRange(mailLog.createdAt, query),
  ];
}

mailLogRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/mail-log",
    tags: ["Mail log"],
    summary: "Sent and failed e-mails, newest first (without bodies)",
    middleware: [requireAuth, requirePermission("admin.maillog.read")] as const,
    request: {
      query: mailListQuery,
    },
    responses: { 200: jsonContent(paginatorSchema(MailRowSchema), "One page of e-mails"), ...errorResponses(401, 403, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const query = c.req.valid("query");
    const db = c.get("db");
    const page = await listPage(db, {
      table: mailLog,
      id: mailLog.id,
      counted: "mail_log",
      tenant: { actor: me, column: mailLog.organizationId },
      query,
      search: query.search ? searchCondition("mail_log_fts", mailLog.id, query.search) : undefined,
      filters: mailFilters(query),
      sort: SORTS[query.sort],
      rows: (where, rowOrder) =>
        db
          .select(rowColumns)
          .from(mailLog)
          .where(where)
          .orderBy(...rowOrder),
    });
    return c.json(page, 200);
  },
);

mailLogRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/mail-log/export",
    tags: ["Mail log"],
    summary: "The mail log as CSV (the same filters and search, without bodies), newest first, streamed",
    middleware: [requireAuth, requirePermission("admin.maillog.read")] as const,
    request: { query: mailListQuery },
    responses: { ...csvExportResponse, ...errorResponses(401, 403, 422) },
  }),
  (c) => {
    const me = currentUser(c);
    const query = c.req.valid("query");
    const db = c.get("db");
    return exportResponse(c, {
      table: mailLog,
      id: mailLog.id,
      tenant: { actor: me, column: mailLog.organizationId, requested: query.organization_id },
      filters: mailFilters(query),
      search: query.search ? searchCondition("mail_log_fts", mailLog.id, query.search) : undefined,
      rows: (where, order) =>
        db
          .select(rowColumns)
          .from(mailLog)
          .where(where)
          .orderBy(...order),
      rowId: (row) => row.id,
      header: ["id", "created_at", "to", "subject", "template", "status", "error", "relay", "smtp_reply", "attempts", "sent_at"],
      line: (row) => [
        row.id,
        row.created_at,
        row.to,
        row.subject,
        row.template,
        row.status,
        row.error,
        row.relay,
        row.smtp_reply,
        row.attempts,
        row.sent_at,
      ],
      filename: "mail-log.csv",
    });
  },
);

mailLogRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/mail-log/{id}",
    tags: ["Mail log"],
    summary: "One e-mail with its HTML and text bodies",
    middleware: [requireAuth, requirePermission("admin.maillog.read")] as const,
    request: { params: z.object({ id: z.coerce.number().int().positive() }) },
    responses: { 200: jsonContent(MailDetailSchema, "The e-mail"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const me = currentUser(c);
    const { id } = c.req.valid("param");
    const [row] = await c
      .get("db")
      .select({ ...rowColumns, html: mailLog.html, text: mailLog.text })
      .from(mailLog)
      .where(and(eq(mailLog.id, id), tenantScope(me, mailLog.organizationId)));
    if (!row) throw notFound();
    return c.json(row, 200);
  },
);

mailLogRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/mail-log/{id}/retry",
    tags: ["Mail log"],
    summary: "Send a failed (or not sent) e-mail again: back to `queued`, on the mail queue",
    description:
      "Needs the mail log and the SMTP settings permission (whoever fixes the relay sends again). 409 `smtp.not_retryable` " +
      "unless the e-mail is failed or not sent and its message is kept; two clicks queue it once.",
    middleware: [requireAuth, requirePermission("admin.maillog.read"), requirePermission("organization_settings-update_smtp")] as const,
    request: { params: z.object({ id: z.coerce.number().int().positive() }) },
    responses: { 202: jsonContent(MailRowSchema, "The e-mail, queued"), ...errorResponses(401, 403, 404, 409, 419) },
  }),
  async (c) => {
    const me = currentUser(c);
    const { id } = c.req.valid("param");
    const db = c.get("db");
    const visible = and(eq(mailLog.id, id), tenantScope(me, mailLog.organizationId));
    const [row] = await db.select(rowColumns).from(mailLog).where(visible);
    if (!row) throw notFound();
    if (!(await requeueMail(db, c.env as MailEnv, id))) throw new ApiError(409, { message: "smtp.not_retryable" });
    await logActivity(c, {
      action: "mail_log.retried",
      subject_type: "mail",
      subject_id: id,
      subject_label: `${row.to}: ${row.subject}`,
      organization_id: row.organization_id,
      before: { status: row.status, error: row.error },
      after: { status: "queued" },
    });
    const [queued] = await db.select(rowColumns).from(mailLog).where(visible);
    return c.json(queued ?? row, 202);
  },
);
