import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, eq, ne } from "drizzle-orm";
import { LOCALES, THEMES, users } from "../db/schema";
import { logActivity } from "../lib/activity";
import { currentUser, loadUser, masqueradeStatus, requireAuth, serializeUser } from "../lib/auth";
import type { AppEnv } from "../lib/context";
import { notFound } from "../lib/errors";
import { errorResponses, jsonBody, jsonContent, MessageSchema, UserSchema } from "../lib/openapi";
import { hashPassword, verifyPassword } from "../lib/password";
import { getSettings } from "../lib/settings";
import { checkNewPassword, ErrorBag, safeText, validationHook } from "../lib/validation";
import { MasqueraderSchema } from "./masquerade";

/** The signed-in user (the masqueraded one while masquerading) and their own profile. */
export const user = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

async function freshUser(c: Parameters<typeof currentUser>[0], id: number) {
  const loaded = await loadUser(c.get("db"), id);
  if (!loaded) throw notFound();
  return serializeUser(loaded);
}

user.openapi(
  createRoute({
    method: "get",
    path: "/api/user",
    tags: ["Profile"],
    summary: "The signed-in user, with roles and permission keys",
    description:
      "With `include=masquerade` the answer also carries the masquerade status (as `GET /api/users/masquerader`), " +
      "so the portal needs one call per page instead of two. A Laravel backend may ignore the parameter.",
    middleware: [requireAuth] as const,
    request: { query: z.object({ include: z.enum(["masquerade"]).optional() }) },
    responses: {
      200: jsonContent(UserSchema.extend({ masquerade: MasqueraderSchema.optional() }), "The user"),
      ...errorResponses(401),
    },
  }),
  async (c) => {
    const body = serializeUser(currentUser(c));
    if (c.req.valid("query").include !== "masquerade") return c.json(body, 200);
    return c.json({ ...body, masquerade: await masqueradeStatus(c) }, 200);
  },
);

user.openapi(
  createRoute({
    method: "put",
    path: "/api/user/profile",
    tags: ["Profile"],
    summary: "Update name, e-mail and language",
    middleware: [requireAuth] as const,
    request: {
      body: jsonBody(
        z.object({
          name: safeText({ max: 255 }),
          email: z
            .email()
            .max(255)
            .transform((value) => value.toLowerCase()),
          locale: z.enum(LOCALES),
        }),
      ),
    },
    responses: { 200: jsonContent(UserSchema, "The updated user"), ...errorResponses(401, 419, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const body = c.req.valid("json");
    const db = c.get("db");
    const bag = new ErrorBag();
    const taken = await db.query.users.findFirst({ where: and(eq(users.email, body.email), ne(users.id, me.id)) });
    if (taken) bag.add("email", "validation.unique");
    bag.throwIfAny();

    await db
      .update(users)
      .set({ name: body.name, email: body.email, locale: body.locale, updatedAt: new Date().toISOString() })
      .where(eq(users.id, me.id));
    await logActivity(c, {
      action: "profile.updated",
      subject_type: "user",
      subject_id: me.id,
      subject_label: body.name,
      organization_id: me.organizationId,
      before: { name: me.name, email: me.email, locale: me.locale },
      after: { name: body.name, email: body.email, locale: body.locale },
    });
    return c.json(await freshUser(c, me.id), 200);
  },
);

user.openapi(
  createRoute({
    method: "put",
    path: "/api/user/password",
    tags: ["Profile"],
    summary: "Change the password (needs the current one)",
    middleware: [requireAuth] as const,
    request: {
      body: jsonBody(
        z.object({
          current_password: z.string().min(1).max(1000),
          password: z.string().max(1000),
          password_confirmation: z.string().max(1000).optional(),
        }),
      ),
    },
    responses: { 200: jsonContent(MessageSchema, "passwords.updated"), ...errorResponses(401, 419, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const body = c.req.valid("json");
    const db = c.get("db");
    const settings = await getSettings(db);
    const stored = await db.query.users.findFirst({ where: eq(users.id, me.id), columns: { passwordHash: true } });
    const bag = new ErrorBag();
    if (!(await verifyPassword(body.current_password, stored?.passwordHash ?? null))) {
      bag.add("current_password", "validation.current_password");
    }
    checkNewPassword(bag, body.password, body.password_confirmation, settings.password_min_length);
    bag.throwIfAny();

    await db
      .update(users)
      .set({ passwordHash: await hashPassword(body.password), updatedAt: new Date().toISOString() })
      .where(eq(users.id, me.id));
    // A stolen session must not outlive the password change that was meant to lock its holder out.
    await c.get("session").endOtherSessionsOf(me.id);
    await logActivity(c, {
      action: "profile.password_changed",
      subject_type: "user",
      subject_id: me.id,
      subject_label: me.name,
      organization_id: me.organizationId,
      before: { password: "set" },
      after: { password: "changed" },
    });
    return c.json({ message: "passwords.updated" }, 200);
  },
);

user.openapi(
  createRoute({
    method: "put",
    path: "/api/user/preferences",
    tags: ["Profile"],
    summary: "Update theme, primary colour and semi-dark menu",
    middleware: [requireAuth] as const,
    request: {
      body: jsonBody(
        z.object({
          theme: z.enum(THEMES),
          theme_primary_color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
          theme_semi_dark_menu: z.boolean(),
        }),
      ),
    },
    responses: { 200: jsonContent(UserSchema, "The updated user"), ...errorResponses(401, 419, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const body = c.req.valid("json");
    await c
      .get("db")
      .update(users)
      .set({
        theme: body.theme,
        themePrimaryColor: body.theme_primary_color,
        themeSemiDarkMenu: body.theme_semi_dark_menu,
        updatedAt: new Date().toISOString(),
      })
      .where(eq(users.id, me.id));
    await logActivity(c, {
      action: "profile.preferences_updated",
      subject_type: "user",
      subject_id: me.id,
      subject_label: me.name,
      organization_id: me.organizationId,
      before: { theme: me.theme, theme_primary_color: me.themePrimaryColor, theme_semi_dark_menu: me.themeSemiDarkMenu },
      after: body,
    });
    return c.json(await freshUser(c, me.id), 200);
  },
);
