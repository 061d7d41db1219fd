import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, eq } from "drizzle-orm";
import { users } from "../db/schema";
import { logActivity } from "../lib/activity";
import { currentUser, masqueradeStatus, permissionsOf, requireAuth, requirePermission } from "../lib/auth";
import type { AppEnv } from "../lib/context";
import { ApiError, forbidden, notFound } from "../lib/errors";
import { errorResponses, jsonContent, SuccessSchema } from "../lib/openapi";
import { tenantScope } from "../lib/tenant";
import { validationHook } from "../lib/validation";

/**
 * Acting as another user. The session's user_id becomes the target and masquerader_id keeps the real user;
 * everything (GET /api/user, permissions, tenant scope) then follows the target until the end call.
 */
export const masquerade = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

export const MasqueraderSchema = z
  .object({
    isMasqueraded: z.boolean(),
    masquerader: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  })
  .openapi("MasqueradeStatus");

masquerade.openapi(
  createRoute({
    method: "get",
    path: "/api/users/masquerader",
    tags: ["Masquerade"],
    summary: "Whether the session is masquerading, and as whom originally",
    middleware: [requireAuth] as const,
    responses: { 200: jsonContent(MasqueraderSchema, "Masquerade status"), ...errorResponses(401) },
  }),
  async (c) => c.json(await masqueradeStatus(c), 200),
);

masquerade.openapi(
  createRoute({
    method: "post",
    path: "/api/users/masquerade/{id}",
    tags: ["Masquerade"],
    summary: "Start acting as another user (never oneself, never someone with a permission you lack)",
    middleware: [requireAuth, requirePermission("admin.users.masquerade")] as const,
    request: { params: z.object({ id: z.coerce.number().int().positive() }) },
    responses: {
      200: jsonContent(SuccessSchema, "Masquerading; the session id rotated"),
      ...errorResponses(401, 403, 404, 419),
    },
  }),
  async (c) => {
    const me = currentUser(c);
    const session = c.get("session");
    const { id } = c.req.valid("param");
    const db = c.get("db");
    // One level only: end the current masquerade before starting another.
    if (session.masqueraderId !== null) throw forbidden();
    if (id === me.id) throw forbidden();

    // Organization members may only reach users of their own organization; others are not found.
    const target = await db.query.users.findFirst({ where: and(eq(users.id, id), tenantScope(me, users.organizationId)) });
    if (!target) throw notFound();
    if (target.status !== "active") throw forbidden();

    const targetPermissions = (await permissionsOf(db, [target.id])).get(target.id) ?? new Set<string>();
    const mine = new Set<string>(me.permissions);
    if ([...targetPermissions].some((key) => !mine.has(key))) throw forbidden();

    await session.rotate({ userId: target.id, masqueraderId: me.id });
    await logActivity(c, {
      action: "users.masquerade.start",
      subject_type: "user",
      subject_id: target.id,
      subject_label: target.name,
      organization_id: target.organizationId,
      // A masquerade does not ask for the target's second factor: the log says so when they have one.
      ...(target.twoFactorConfirmedAt ? { after: { second_factor: "skipped" } } : {}),
    });
    return c.json({ success: true as const }, 200);
  },
);

masquerade.openapi(
  createRoute({
    method: "get",
    path: "/api/users/masquerade/end",
    tags: ["Masquerade"],
    summary: "Stop masquerading and return to the real user",
    middleware: [requireAuth] as const,
    responses: {
      200: jsonContent(SuccessSchema, "Back to the real user; the session id rotated"),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => {
    const me = currentUser(c);
    const session = c.get("session");
    const masqueraderId = session.masqueraderId;
    if (masqueraderId === null) throw new ApiError(400, { message: "masquerade.not_active" });
    // Logged while still masquerading, so the row carries both identities like the start row.
    await logActivity(c, {
      action: "users.masquerade.end",
      subject_type: "user",
      subject_id: me.id,
      subject_label: me.name,
      organization_id: me.organizationId,
    });
    await session.rotate({ userId: masqueraderId, masqueraderId: null });
    return c.json({ success: true as const }, 200);
  },
);
