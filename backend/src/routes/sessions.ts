import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { logActivity } from "../lib/activity";
import { currentUser, requireAuth } from "../lib/auth";
import type { AppEnv } from "../lib/context";
import { sha256Hex } from "../lib/crypto";
import { ApiError, forbidden, notFound } from "../lib/errors";
import { errorResponses, jsonContent } from "../lib/openapi";
import { REMEMBER_MINUTES } from "../lib/session";
import { getSettings } from "../lib/settings";
import { validationHook } from "../lib/validation";

/**
 * The signed-in user's sessions (issue 29): where and on what they are signed in, and ending any or all of the
 * others. A session is named by a digest of its id (the id itself is the cookie's secret). Masquerades the
 * user runs are theirs too; a masquerading session cannot list or end the target's.
 */
export const sessionsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const SessionSchema = z
  .object({
    id: z.string().openapi({ description: "An opaque handle (a digest of the session id)" }),
    user_agent: z.string().nullable(),
    ip: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable().openapi({ description: "ISO 3166-1 alpha-2, from Cloudflare's request data" }),
    last_active: z.string(),
    created_at: z.string(),
    current: z.boolean(),
    masquerading: z.boolean().openapi({ description: "A masquerade this user runs as someone else" }),
  })
  .openapi("Session");

const notMasquerading: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get("session").masqueraderId !== null) throw forbidden();
  await next();
};

interface Row {
  id: string;
  user_id: number;
  masquerader_id: number | null;
  ip: string | null;
  user_agent: string | null;
  city: string | null;
  country: string | null;
  last_activity: string;
  created_at: string;
  payload: string;
}

/** Handle of a session id: 32 hex characters of its SHA-256. */
async function handleOf(sessionId: string): Promise<string> {
  return (await sha256Hex(`session:${sessionId}`)).slice(0, 32);
}

/** The user's live sessions (past their idle limit they are as good as gone), newest activity first. */
async function sessionsOf(c: Parameters<typeof currentUser>[0], userId: number) {
  const rows = await c.env.DB.prepare(
    `SELECT id, user_id, masquerader_id, ip, user_agent, city, country, last_activity, created_at, payload FROM sessions
      WHERE (user_id = ?1 AND masquerader_id IS NULL) OR masquerader_id = ?1 ORDER BY last_activity DESC LIMIT 200`,
  )
    .bind(userId)
    .all<Row>();
  const idle = (await getSettings(c.get("db"))).session_idle_minutes;
  const currentId = c.get("session").current?.id;
  const live = rows.results.filter((row) => {
    const remember = row.payload.includes('"remember":true');
    return Date.now() - Date.parse(row.last_activity) <= (remember ? REMEMBER_MINUTES : idle) * 60_000;
  });
  return Promise.all(
    live.map(async (row) => ({
      row,
      view: {
        id: await handleOf(row.id),
        user_agent: row.user_agent,
        ip: row.ip,
        city: row.city,
        country: row.country,
        last_active: row.last_activity,
        created_at: row.created_at,
        current: row.id === currentId,
        masquerading: row.masquerader_id === userId,
      },
    })),
  );
}

sessionsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/user/sessions",
    tags: ["Profile"],
    summary: "The signed-in user's active sessions (device, approximate place, last activity)",
    middleware: [requireAuth, notMasquerading] as const,
    responses: { 200: jsonContent(z.object({ data: z.array(SessionSchema) }), "Sessions"), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const sessions = await sessionsOf(c, currentUser(c).id);
    return c.json({ data: sessions.map((session) => session.view) }, 200);
  },
);

sessionsRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/api/user/sessions/{id}",
    tags: ["Profile"],
    summary: "End one of the user's other sessions (its browser is signed out at its next request)",
    middleware: [requireAuth, notMasquerading] as const,
    request: { params: z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) }) },
    responses: { 204: { description: "Ended" }, ...errorResponses(401, 403, 404, 409, 419) },
  }),
  async (c) => {
    const me = currentUser(c);
    const { id } = c.req.valid("param");
    const target = (await sessionsOf(c, me.id)).find((session) => session.view.id === id);
    if (!target) throw notFound();
    if (target.view.current) throw new ApiError(409, { message: "profile.sessions.current" });
    await c.env.DB.prepare("DELETE FROM sessions WHERE id = ?").bind(target.row.id).run();
    await logActivity(c, {
      action: "profile.session_ended",
      subject_type: "user",
      subject_id: me.id,
      subject_label: me.name,
      organization_id: me.organizationId,
      before: { session: [target.view.user_agent, target.view.ip].filter(Boolean).join(" · ") || id },
    });
    return c.body(null, 204);
  },
);

sessionsRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/api/user/sessions",
    tags: ["Profile"],
    summary: "End every session of the user but this one (masquerades they run included)",
    middleware: [requireAuth, notMasquerading] as const,
    responses: { 200: jsonContent(z.object({ ended: z.number().int() }), "How many ended"), ...errorResponses(401, 403, 419) },
  }),
  async (c) => {
    const me = currentUser(c);
    const result = await c.env.DB.prepare("DELETE FROM sessions WHERE (user_id = ?1 OR masquerader_id = ?1) AND id <> ?2")
      .bind(me.id, c.get("session").current?.id ?? "")
      .run();
    const ended = result.meta.changes ?? 0;
    if (ended > 0) {
      await logActivity(c, {
        action: "profile.sessions_ended",
        subject_type: "user",
        subject_id: me.id,
        subject_label: me.name,
        organization_id: me.organizationId,
        after: { ended },
      });
    }
    return c.json({ ended }, 200);
  },
);
