import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import type { SeededRole } from "../../../common/permissions";
import type { Db } from "../db/client";
import { organizations, passwordResetTokens, roles, userRoles, users } from "../db/schema";
import { logActivity } from "../lib/activity";
import type { AppEnv } from "../lib/context";
import { sha256Hex, timingSafeEqual } from "../lib/crypto";
import { ApiError, forbidden, tooManyAttempts, validationError } from "../lib/errors";
import { passwordResetMail } from "../lib/mail-templates";
import { mailerFor } from "../lib/mailer";
import { errorResponses, jsonBody, jsonContent, MessageSchema, SuccessSchema } from "../lib/openapi";
import { hashPassword, needsRehash, verifyPassword } from "../lib/password";
import { issuePasswordSetupLink } from "../lib/password-tokens";
import { clientIp } from "../lib/request";
import { getSettings } from "../lib/settings";
import * as throttle from "../lib/throttle";
import { checkNewPassword, ErrorBag, safeText, validationHook } from "../lib/validation";

export const LOGIN_MAX_ATTEMPTS = 5;
export const LOGIN_DECAY_SECONDS = 60;
export const RESET_TOKEN_MINUTES = 60;
/** Password-reset requests: per address (whether or not it exists) and per client IP, in 15 minutes. */
export const RESET_REQUEST_LIMITS = { perAddress: 3, perIp: 20, decaySeconds: 15 * 60 } as const;
/** Self-registrations per client IP in an hour. */
export const REGISTER_LIMITS = { perIp: 10, decaySeconds: 60 * 60 } as const;
/** An invited user (no password yet) gets a week to accept the invitation. */
export const INVITATION_TOKEN_MINUTES = 7 * 24 * 60;
/** Self-registered customers administer their own new organization. */
const REGISTRANT_ROLE: SeededRole = "Organization Admin";

const email = z
  .email()
  .max(255)
  .transform((value) => value.toLowerCase());

export const auth = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

auth.openapi(
  createRoute({
    method: "get",
    path: "/sanctum/csrf-cookie",
    tags: ["Authentication"],
    summary: "Start a session: sets XSRF-TOKEN (readable) and the HttpOnly session cookie",
    responses: { 204: { description: "Cookies set" } },
  }),
  async (c) => {
    await c.get("session").ensure();
    return c.body(null, 204);
  },
);

auth.openapi(
  createRoute({
    method: "post",
    path: "/login",
    tags: ["Authentication"],
    summary: "Sign in (5 attempts per minute per e-mail and IP); `{two_factor: true}` when a second step must follow",
    request: {
      body: jsonBody(
        z.object({
          email,
          password: z.string().min(1).max(1000),
          remember: z.boolean().optional(),
        }),
      ),
    },
    responses: {
      200: jsonContent(
        z.union([SuccessSchema, z.object({ two_factor: z.literal(true) })]),
        "Signed in (the session id rotated), or the password was right and `POST /two-factor-challenge` must follow",
      ),
      ...errorResponses(419, 422, 429),
    },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const db = c.get("db");
    const throttleKey = `login|${body.email}|${clientIp(c)}`;
    // Counted before the password is checked, in one statement: concurrent guesses cannot all slip in.
    const { attempts, retryAfter } = await throttle.attempt(db, throttleKey, LOGIN_DECAY_SECONDS);
    if (attempts > LOGIN_MAX_ATTEMPTS) throw tooManyAttempts(retryAfter, "email");

    const user = await db.query.users.findFirst({ where: eq(users.email, body.email) });
    if (!user || !(await verifyPassword(body.password, user.passwordHash))) {
      throw validationError({ email: ["auth.failed"] });
    }
    if (user.status !== "active") throw validationError({ email: ["auth.disabled"] });
    await throttle.clear(db, throttleKey);

    if (user.twoFactorConfirmedAt && user.twoFactorSecret) {
      // Fortify: the password step is remembered in the session (not signed in) until the second step.
      await c.get("session").updatePayload({ login: { id: user.id, remember: body.remember === true, at: Date.now() } });
      return c.json({ two_factor: true as const }, 200);
    }

    const now = new Date().toISOString();
    const passwordHash = user.passwordHash && needsRehash(user.passwordHash) ? await hashPassword(body.password) : undefined;
    await db
      .update(users)
      .set({ lastLoginAt: now, ...(passwordHash ? { passwordHash } : {}) })
      .where(eq(users.id, user.id));
    await c.get("session").rotate({ userId: user.id, masqueraderId: null, remember: body.remember === true });
    await logActivity(c, {
      action: "auth.login",
      subject_type: "user",
      subject_id: user.id,
      subject_label: user.name,
      organization_id: user.organizationId,
    });
    return c.json({ success: true as const }, 200);
  },
);

auth.openapi(
  createRoute({
    method: "post",
    path: "/logout",
    tags: ["Authentication"],
    summary: "Sign out; the session is replaced by a fresh guest session",
    responses: { 204: { description: "Signed out" }, ...errorResponses(419) },
  }),
  async (c) => {
    const session = c.get("session");
    const userId = session.userId;
    if (userId !== null) {
      const user = await c.get("db").query.users.findFirst({ where: eq(users.id, userId) });
      await logActivity(c, {
        action: "auth.logout",
        subject_type: "user",
        subject_id: userId,
        subject_label: user?.name ?? null,
        organization_id: user?.organizationId ?? null,
      });
    }
    await session.invalidate();
    return c.body(null, 204);
  },
);

/** A unique residential account number: R- and eight digits. */
async function newResidentialAccountNumber(db: Db): Promise<string> {
  for (;;) {
    const digits = crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
    const candidate = `R-${String(digits % 100_000_000).padStart(8, "0")}`;
    const taken = await db.query.organizations.findFirst({ where: eq(organizations.accountNumber, candidate) });
    if (!taken) return candidate;
  }
}

auth.openapi(
  createRoute({
    method: "post",
    path: "/register",
    tags: ["Authentication"],
    summary: "Self-registration (when enabled, 10 per IP an hour): a residential organization and its admin, signed in",
    request: {
      body: jsonBody(
        z.object({
          name: safeText({ max: 255 }),
          email,
          organization_name: safeText({ max: 255 }),
          password: z.string().max(1000),
          password_confirmation: z.string().max(1000).optional(),
        }),
      ),
    },
    responses: {
      201: jsonContent(SuccessSchema, "Registered and signed in"),
      ...errorResponses(403, 419, 422, 429),
    },
  }),
  async (c) => {
    const db = c.get("db");
    const settings = await getSettings(db);
    if (!settings.registration_enabled) throw forbidden();
    const body = c.req.valid("json");
    await throttle.enforce(
      db,
      [{ key: `register|${clientIp(c)}`, maxAttempts: REGISTER_LIMITS.perIp, decaySeconds: REGISTER_LIMITS.decaySeconds }],
      "auth.register_throttle",
      "email",
    );

    const bag = new ErrorBag();
    checkNewPassword(bag, body.password, body.password_confirmation, settings.password_min_length);
    if (await db.query.users.findFirst({ where: eq(users.email, body.email) })) bag.add("email", "validation.unique");
    bag.throwIfAny();

    const role = await db.query.roles.findFirst({ where: eq(roles.name, REGISTRANT_ROLE) });
    if (!role) throw new ApiError(500, { message: "Server Error." });

    const [organization] = await db
      .insert(organizations)
      .values({
        name: body.organization_name,
        accountNumber: await newResidentialAccountNumber(db),
        type: "residential",
        status: "active",
        contactName: body.name,
        contactEmail: body.email,
        defaultLocale: settings.default_locale,
      })
      .returning();
    if (!organization) throw new ApiError(500, { message: "Server Error." });
    const [user] = await db
      .insert(users)
      .values({
        organizationId: organization.id,
        name: body.name,
        email: body.email,
        passwordHash: await hashPassword(body.password),
        locale: settings.default_locale,
        lastLoginAt: new Date().toISOString(),
      })
      .returning();
    if (!user) throw new ApiError(500, { message: "Server Error." });
    await db.insert(userRoles).values({ userId: user.id, roleId: role.id });

    await c.get("session").rotate({ userId: user.id, masqueraderId: null, remember: false });
    await logActivity(c, {
      action: "auth.register",
      subject_type: "user",
      subject_id: user.id,
      subject_label: user.name,
      organization_id: organization.id,
      after: { name: user.name, email: user.email, organization: organization.name, password: "set" },
    });
    return c.json({ success: true as const }, 201);
  },
);

auth.openapi(
  createRoute({
    method: "post",
    path: "/forgot-password",
    tags: ["Authentication"],
    summary: "E-mail a password reset link (3 per address and 20 per IP in 15 minutes); never reveals whether the address exists",
    request: { body: jsonBody(z.object({ email })) },
    responses: { 200: jsonContent(MessageSchema, "passwords.sent"), ...errorResponses(419, 422, 429) },
  }),
  async (c) => {
    const { email: address } = c.req.valid("json");
    const db = c.get("db");
    // Before the lookup, so a throttled answer says nothing about whether the address exists.
    const { perAddress, perIp, decaySeconds } = RESET_REQUEST_LIMITS;
    await throttle.enforce(
      db,
      [
        { key: `forgot|${address}`, maxAttempts: perAddress, decaySeconds },
        { key: `forgot-ip|${clientIp(c)}`, maxAttempts: perIp, decaySeconds },
      ],
      "passwords.throttled",
      "email",
    );
    const user = await db.query.users.findFirst({ where: eq(users.email, address) });
    if (user) {
      const link = await issuePasswordSetupLink(db, c.env.APP_URL, address);
      const settings = await getSettings(db);
      const mail = passwordResetMail({ portalName: settings.portal_name, name: user.name, url: link.url, locale: user.locale });
      await mailerFor(c).send({
        to: address,
        template: "password_reset",
        organization_id: user.organizationId,
        secrets: [link.token],
        ...mail,
      });
      await logActivity(c, {
        action: "auth.password_reset_requested",
        actor_id: null,
        subject_type: "user",
        subject_id: user.id,
        subject_label: user.name,
        organization_id: user.organizationId,
      });
    }
    return c.json({ message: "passwords.sent" }, 200);
  },
);

auth.openapi(
  createRoute({
    method: "post",
    path: "/reset-password",
    tags: ["Authentication"],
    summary: "Set a password with an e-mailed token (reset, or first password of an invited user)",
    request: {
      body: jsonBody(
        z.object({
          token: z.string().min(1).max(200),
          email,
          password: z.string().max(1000),
          password_confirmation: z.string().max(1000).optional(),
        }),
      ),
    },
    responses: { 200: jsonContent(MessageSchema, "passwords.reset"), ...errorResponses(419, 422) },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const db = c.get("db");
    const settings = await getSettings(db);
    const bag = new ErrorBag();
    checkNewPassword(bag, body.password, body.password_confirmation, settings.password_min_length);
    bag.throwIfAny();

    const stored = await db.query.passwordResetTokens.findFirst({ where: eq(passwordResetTokens.email, body.email) });
    const user = await db.query.users.findFirst({ where: eq(users.email, body.email) });
    const lifetime = user && !user.passwordHash ? INVITATION_TOKEN_MINUTES : RESET_TOKEN_MINUTES;
    const fresh = stored && Date.now() - Date.parse(stored.createdAt) <= lifetime * 60_000;
    if (!stored || !user || !fresh || !timingSafeEqual(await sha256Hex(body.token), stored.tokenHash)) {
      throw validationError({ email: ["passwords.token"] });
    }

    await db.batch([
      db
        .update(users)
        .set({ passwordHash: await hashPassword(body.password), updatedAt: new Date().toISOString() })
        .where(eq(users.id, user.id)),
      db.delete(passwordResetTokens).where(eq(passwordResetTokens.email, body.email)),
    ]);
    await c.get("session").endOtherSessionsOf(user.id);
    await logActivity(c, {
      action: "auth.password_reset",
      actor_id: user.id,
      subject_type: "user",
      subject_id: user.id,
      subject_label: user.name,
      organization_id: user.organizationId,
      before: { password: user.passwordHash ? "set" : null },
      after: { password: "set" },
    });
    return c.json({ message: "passwords.reset" }, 200);
  },
);
