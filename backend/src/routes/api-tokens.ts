import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, desc, eq } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { PERMISSIONS } from "../../../common/permissions";
import { personalAccessTokens } from "../db/schema";
import { logActivity } from "../lib/activity";
import { newPlainTextToken, parseAbilities } from "../lib/api-tokens";
import { currentUser, requireAuth } from "../lib/auth";
import type { AppEnv } from "../lib/context";
import { ApiError, forbidden, notFound } from "../lib/errors";
import { errorResponses, jsonBody, jsonContent } from "../lib/openapi";
import { ErrorBag, safeText, validationHook } from "../lib/validation";

/**
 * The signed-in user's personal access tokens (Sanctum's): named, limited to some of the user's own permission
 * keys, optionally expiring; the plain-text token is answered once, at creation. Never from a masquerade, and
 * never with a token (lib/api-tokens.ts refuses /api/user/* to tokens).
 */
export const apiTokensRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

export const MAX_TOKENS_PER_USER = 50;

const TokenSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    abilities: z.array(z.string()),
    last_used_at: z.string().nullable(),
    expires_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("PersonalAccessToken");

const notMasquerading: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get("session").masqueraderId !== null) throw forbidden();
  await next();
};

function present(row: typeof personalAccessTokens.$inferSelect): z.infer<typeof TokenSchema> {
  return {
    id: row.id,
    name: row.name,
    abilities: parseAbilities(row.abilities),
    last_used_at: row.lastUsedAt,
    expires_at: row.expiresAt,
    created_at: row.createdAt,
  };
}

apiTokensRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/user/tokens",
    tags: ["API tokens"],
    summary: "The signed-in user's personal access tokens (never their secrets)",
    middleware: [requireAuth, notMasquerading] as const,
    responses: { 200: jsonContent(z.object({ data: z.array(TokenSchema) }), "Tokens, newest first"), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const rows = await c
      .get("db")
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.userId, currentUser(c).id))
      .orderBy(desc(personalAccessTokens.id));
    return c.json({ data: rows.map(present) }, 200);
  },
);

apiTokensRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/user/tokens",
    tags: ["API tokens"],
    summary: "Create a token limited to some of your permission keys; `plain_text_token` is shown this once",
    description:
      "Use it as `Authorization: Bearer <plain_text_token>` on `/api/*` through the portal. The call is made as you, in your " +
      "organization, with only the token's abilities that you still hold.",
    middleware: [requireAuth, notMasquerading] as const,
    request: {
      body: jsonBody(
        z.object({
          name: safeText({ max: 100 }),
          abilities: z.array(z.string().max(100)).max(PERMISSIONS.length),
          expires_at: z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "validation.date" })
            .nullable()
            .optional()
            .openapi({ description: "YYYY-MM-DD (the token stops working at the start of that day, UTC); null: never" }),
        }),
      ),
    },
    responses: {
      201: jsonContent(z.object({ token: TokenSchema, plain_text_token: z.string() }), "Created"),
      ...errorResponses(401, 403, 409, 419, 422),
    },
  }),
  async (c) => {
    const me = currentUser(c);
    const body = c.req.valid("json");
    const db = c.get("db");
    const bag = new ErrorBag();
    const held = new Set<string>(me.permissions);
    const abilities = [...new Set(body.abilities)];
    if (abilities.length === 0) bag.add("abilities", `validation.min_items|${JSON.stringify({ min: 1 })}`);
    else if (abilities.some((key) => !held.has(key))) bag.add("abilities", "validation.permission_not_held");
    let expiresAt: string | null = null;
    if (body.expires_at) {
      const date = new Date(`${body.expires_at}T00:00:00.000Z`);
      if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== body.expires_at) bag.add("expires_at", "validation.date");
      else if (date.getTime() <= Date.now()) bag.add("expires_at", "validation.after_today");
      else expiresAt = date.toISOString();
    }
    bag.throwIfAny();
    const count = await db.$count(personalAccessTokens, eq(personalAccessTokens.userId, me.id));
    if (count >= MAX_TOKENS_PER_USER) throw new ApiError(409, { message: "profile.tokens.tooMany" });

    const { secret, digest } = await newPlainTextToken();
    const ordered = PERMISSIONS.filter((key) => abilities.includes(key));
    const [row] = await db
      .insert(personalAccessTokens)
      .values({ userId: me.id, name: body.name, token: digest, abilities: JSON.stringify(ordered), expiresAt })
      .returning();
    if (!row) throw new ApiError(500, { message: "Server Error." });
    await logActivity(c, {
      action: "profile.token_created",
      subject_type: "personal_access_token",
      subject_id: row.id,
      subject_label: row.name,
      organization_id: me.organizationId,
      after: { name: row.name, abilities: ordered, expires_at: expiresAt },
    });
    return c.json({ token: present(row), plain_text_token: `${row.id}|${secret}` }, 201);
  },
);

apiTokensRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/api/user/tokens/{id}",
    tags: ["API tokens"],
    summary: "Revoke a token: its next call is refused (401)",
    middleware: [requireAuth, notMasquerading] as const,
    request: { params: z.object({ id: z.coerce.number().int().positive() }) },
    responses: { 204: { description: "Revoked" }, ...errorResponses(401, 403, 404, 419) },
  }),
  async (c) => {
    const me = currentUser(c);
    const { id } = c.req.valid("param");
    const db = c.get("db");
    const [row] = await db
      .delete(personalAccessTokens)
      .where(and(eq(personalAccessTokens.id, id), eq(personalAccessTokens.userId, me.id)))
      .returning();
    if (!row) throw notFound();
    await logActivity(c, {
      action: "profile.token_revoked",
      subject_type: "personal_access_token",
      subject_id: row.id,
      subject_label: row.name,
      organization_id: me.organizationId,
      before: { name: row.name, abilities: parseAbilities(row.abilities) },
    });
    return c.body(null, 204);
  },
);
