import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { users } from "../db/schema";
import { logActivity } from "../lib/activity";
import { currentUser, requireAuth } from "../lib/auth";
import type { AppEnv } from "../lib/context";
import { ApiError, forbidden, notFound, tooManyAttempts, validationError } from "../lib/errors";
import { errorResponses, jsonBody, jsonContent, SuccessSchema } from "../lib/openapi";
import { verifyPassword } from "../lib/password";
import { qrSvg } from "../lib/qr";
import { clientIp } from "../lib/request";
import { getSettings } from "../lib/settings";
import * as throttle from "../lib/throttle";
import { newTotpSecret, otpauthUri } from "../lib/totp";
import {
  acceptTotp,
  assertPasswordConfirmed,
  consumeRecoveryCode,
  decryptTotpSecret,
  encryptTotpSecret,
  newRecoveryCodes,
  PENDING_LOGIN_MINUTES,
  passwordConfirmed,
  TWO_FACTOR_DECAY_SECONDS,
  TWO_FACTOR_MAX_ATTEMPTS,
} from "../lib/two-factor";
import { validationHook } from "../lib/validation";

/**
 * Fortify's two-factor routes (docs/api.md, "Two-factor sign-in"): password confirmation, enrolment with a QR
 * code, confirmation by a code, recovery codes, and the second sign-in step. Changing the factor needs a
 * password confirmed within 15 minutes and is never allowed to a masquerading session.
 */
export const twoFactor = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const RecoveryCodesSchema = z
  .object({ recovery_codes: z.array(z.string()).openapi({ description: "Ten single-use codes, shown this once" }) })
  .openapi("RecoveryCodes");

/** A masquerader acts as the user but never changes how the user signs in. */
const notMasquerading: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get("session").masqueraderId !== null) throw forbidden();
  await next();
};

/** Counts an attempt at a code (5 a minute per user and client IP, as the password step). */
async function countCodeAttempt(c: Parameters<typeof clientIp>[0], userId: number, field: string): Promise<string> {
  const key = `two-factor|${userId}|${clientIp(c)}`;
  const { attempts, retryAfter } = await throttle.attempt(c.get("db"), key, TWO_FACTOR_DECAY_SECONDS);
  if (attempts > TWO_FACTOR_MAX_ATTEMPTS) throw tooManyAttempts(retryAfter, field);
  return key;
}

twoFactor.openapi(
  createRoute({
    method: "post",
    path: "/user/confirm-password",
    tags: ["Two-factor sign-in"],
    summary: "Confirm the password; changes to the second factor are then allowed for 15 minutes",
    middleware: [requireAuth, notMasquerading] as const,
    request: { body: jsonBody(z.object({ password: z.string().min(1).max(1000) })) },
    responses: { 201: jsonContent(SuccessSchema, "Confirmed"), ...errorResponses(401, 403, 419, 422, 429) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const key = `confirm-password|${me.id}|${clientIp(c)}`;
    const { attempts, retryAfter } = await throttle.attempt(db, key, TWO_FACTOR_DECAY_SECONDS);
    if (attempts > TWO_FACTOR_MAX_ATTEMPTS) throw tooManyAttempts(retryAfter, "password");
    const stored = await db.query.users.findFirst({ where: eq(users.id, me.id), columns: { passwordHash: true } });
    if (!(await verifyPassword(c.req.valid("json").password, stored?.passwordHash ?? null))) {
      throw validationError({ password: ["validation.current_password"] });
    }
    await throttle.clear(db, key);
    await c.get("session").updatePayload({ password_confirmed_at: Date.now() });
    return c.json({ success: true as const }, 201);
  },
);

twoFactor.openapi(
  createRoute({
    method: "get",
    path: "/user/confirmed-password-status",
    tags: ["Two-factor sign-in"],
    summary: "Whether the password was confirmed recently enough",
    middleware: [requireAuth] as const,
    responses: { 200: jsonContent(z.object({ confirmed: z.boolean() }), "Status"), ...errorResponses(401) },
  }),
  async (c) => c.json({ confirmed: passwordConfirmed(c) }, 200),
);

twoFactor.openapi(
  createRoute({
    method: "post",
    path: "/user/two-factor-authentication",
    tags: ["Two-factor sign-in"],
    summary: "Start enrolling: a new secret, not guarding the sign-in until confirmed (replaces an unconfirmed one)",
    middleware: [requireAuth, notMasquerading] as const,
    responses: { 200: jsonContent(SuccessSchema, "Enrolment started"), ...errorResponses(401, 403, 409, 419, 423) },
  }),
  async (c) => {
    const me = currentUser(c);
    assertPasswordConfirmed(c);
    if (me.twoFactorEnabled) throw new ApiError(409, { message: "profile.twoFactor.alreadyEnabled" });
    await c
      .get("db")
      .update(users)
      .set({ twoFactorSecret: await encryptTotpSecret(c, newTotpSecret()), twoFactorRecoveryCodes: null, twoFactorConfirmedAt: null })
      .where(eq(users.id, me.id));
    return c.json({ success: true as const }, 200);
  },
);

twoFactor.openapi(
  createRoute({
    method: "delete",
    path: "/user/two-factor-authentication",
    tags: ["Two-factor sign-in"],
    summary: "Turn the second factor off (or abandon an enrolment); refused while the two_factor_required setting covers you",
    middleware: [requireAuth, notMasquerading] as const,
    responses: { 200: jsonContent(SuccessSchema, "Turned off"), ...errorResponses(401, 403, 409, 419, 423) },
  }),
  async (c) => {
    const me = currentUser(c);
    assertPasswordConfirmed(c);
    if (me.twoFactorEnabled && me.twoFactorRequired) throw new ApiError(409, { message: "profile.twoFactor.requiredByPolicy" });
    await c
      .get("db")
      .update(users)
      .set({ twoFactorSecret: null, twoFactorRecoveryCodes: null, twoFactorConfirmedAt: null })
      .where(eq(users.id, me.id));
    if (me.twoFactorEnabled) {
      await logActivity(c, {
        action: "profile.two_factor_disabled",
        subject_type: "user",
        subject_id: me.id,
        subject_label: me.name,
        organization_id: me.organizationId,
        before: { two_factor: "on" },
        after: { two_factor: "off" },
      });
    }
    return c.json({ success: true as const }, 200);
  },
);

/** The secret of an enrolment in progress; a confirmed secret is never shown again. */
async function pendingSecret(c: Parameters<typeof currentUser>[0]): Promise<string | null> {
  const me = currentUser(c);
  if (me.twoFactorEnabled) return null;
  const row = await c.get("db").query.users.findFirst({ where: eq(users.id, me.id), columns: { twoFactorSecret: true } });
  return row?.twoFactorSecret ? decryptTotpSecret(c, row.twoFactorSecret) : null;
}

twoFactor.openapi(
  createRoute({
    method: "get",
    path: "/user/two-factor-qr-code",
    tags: ["Two-factor sign-in"],
    summary: "The QR code of an enrolment in progress (`[]` when none, as Fortify; never once confirmed)",
    middleware: [requireAuth, notMasquerading] as const,
    responses: {
      200: jsonContent(
        z.union([z.object({ svg: z.string(), url: z.string() }), z.array(z.string()).max(0)]),
        "`{svg, url}`: the SVG image and the otpauth:// URI",
      ),
      ...errorResponses(401, 403),
    },
  }),
  async (c) => {
    const secret = await pendingSecret(c);
    if (!secret) return c.json([], 200);
    const settings = await getSettings(c.get("db"));
    const url = otpauthUri(settings.portal_name, currentUser(c).email, secret);
    return c.json({ svg: qrSvg(url), url }, 200);
  },
);

twoFactor.openapi(
  createRoute({
    method: "get",
    path: "/user/two-factor-secret-key",
    tags: ["Two-factor sign-in"],
    summary: "The secret of an enrolment in progress, for typing into an app that cannot scan",
    middleware: [requireAuth, notMasquerading] as const,
    responses: { 200: jsonContent(z.object({ secretKey: z.string() }), "The base32 secret"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const secret = await pendingSecret(c);
    if (!secret) throw notFound();
    return c.json({ secretKey: secret }, 200);
  },
);

twoFactor.openapi(
  createRoute({
    method: "post",
    path: "/user/confirmed-two-factor-authentication",
    tags: ["Two-factor sign-in"],
    summary: "Finish enrolling with a code from the app; answers the ten recovery codes, shown this once",
    middleware: [requireAuth, notMasquerading] as const,
    request: { body: jsonBody(z.object({ code: z.string().max(20) })) },
    responses: { 200: jsonContent(RecoveryCodesSchema, "Enrolled"), ...errorResponses(401, 403, 409, 419, 422, 423, 429) },
  }),
  async (c) => {
    const me = currentUser(c);
    assertPasswordConfirmed(c);
    if (me.twoFactorEnabled) throw new ApiError(409, { message: "profile.twoFactor.alreadyEnabled" });
    const db = c.get("db");
    const row = await db.query.users.findFirst({ where: eq(users.id, me.id), columns: { twoFactorSecret: true } });
    if (!row?.twoFactorSecret) throw new ApiError(409, { message: "profile.twoFactor.notStarted" });
    const key = await countCodeAttempt(c, me.id, "code");
    if (!(await acceptTotp(c, me.id, row.twoFactorSecret, c.req.valid("json").code))) {
      throw validationError({ code: ["auth.two_factor_code"] });
    }
    await throttle.clear(db, key);
    const { codes, stored } = await newRecoveryCodes();
    await db
      .update(users)
      .set({ twoFactorConfirmedAt: new Date().toISOString(), twoFactorRecoveryCodes: stored })
      .where(eq(users.id, me.id));
    await logActivity(c, {
      action: "profile.two_factor_enabled",
      subject_type: "user",
      subject_id: me.id,
      subject_label: me.name,
      organization_id: me.organizationId,
      before: { two_factor: "off" },
      after: { two_factor: "on" },
    });
    return c.json({ recovery_codes: codes }, 200);
  },
);

twoFactor.openapi(
  createRoute({
    method: "post",
    path: "/user/two-factor-recovery-codes",
    tags: ["Two-factor sign-in"],
    summary: "Replace the recovery codes (the old ones stop working); answers the new ones, shown this once",
    middleware: [requireAuth, notMasquerading] as const,
    responses: { 200: jsonContent(RecoveryCodesSchema, "New codes"), ...errorResponses(401, 403, 409, 419, 423) },
  }),
  async (c) => {
    const me = currentUser(c);
    assertPasswordConfirmed(c);
    if (!me.twoFactorEnabled) throw new ApiError(409, { message: "profile.twoFactor.notEnabled" });
    const { codes, stored } = await newRecoveryCodes();
    await c.get("db").update(users).set({ twoFactorRecoveryCodes: stored }).where(eq(users.id, me.id));
    await logActivity(c, {
      action: "profile.recovery_codes_regenerated",
      subject_type: "user",
      subject_id: me.id,
      subject_label: me.name,
      organization_id: me.organizationId,
    });
    return c.json({ recovery_codes: codes }, 200);
  },
);

twoFactor.openapi(
  createRoute({
    method: "post",
    path: "/two-factor-challenge",
    tags: ["Authentication"],
    summary: "The second sign-in step after `POST /login` answered `{two_factor: true}`: a code, or a recovery code (used up)",
    request: {
      body: jsonBody(
        z.object({
          code: z.string().max(20).optional(),
          recovery_code: z.string().max(50).optional(),
        }),
      ),
    },
    responses: { 204: { description: "Signed in; the session id rotated" }, ...errorResponses(419, 422, 429) },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const session = c.get("session");
    const db = c.get("db");
    const field = body.recovery_code ? "recovery_code" : "code";
    const pending = session.current?.payload.login;
    if (!pending || Date.now() - pending.at > PENDING_LOGIN_MINUTES * 60_000)
      throw validationError({ [field]: ["auth.two_factor_expired"] });
    const key = await countCodeAttempt(c, pending.id, field);
    const user = await db.query.users.findFirst({ where: eq(users.id, pending.id) });
    if (user?.status !== "active" || !user.twoFactorSecret || !user.twoFactorConfirmedAt) {
      throw validationError({ [field]: ["auth.two_factor_expired"] });
    }

    let accepted = false;
    if (body.recovery_code) {
      const remaining = await consumeRecoveryCode(user.twoFactorRecoveryCodes, body.recovery_code);
      if (remaining !== null) {
        // Compare-and-set: of two sign-ins racing with the same code, one updates the row.
        const result = await db.$client
          .prepare("UPDATE users SET two_factor_recovery_codes = ? WHERE id = ? AND two_factor_recovery_codes = ?")
          .bind(remaining, user.id, user.twoFactorRecoveryCodes)
          .run();
        accepted = result.meta.changes === 1;
      }
    } else if (body.code) {
      accepted = await acceptTotp(c, user.id, user.twoFactorSecret, body.code);
    } else {
      throw validationError({ code: ["validation.required"] });
    }
    if (!accepted) {
      await logActivity(c, {
        action: "auth.two_factor_failed",
        actor_id: user.id,
        subject_type: "user",
        subject_id: user.id,
        subject_label: user.name,
        organization_id: user.organizationId,
        after: { second_factor: field },
      });
      throw validationError({ [field]: [field === "code" ? "auth.two_factor_code" : "auth.recovery_code"] });
    }

    await throttle.clear(db, key);
    await db.update(users).set({ lastLoginAt: new Date().toISOString() }).where(eq(users.id, user.id));
    await session.rotate({ userId: user.id, masqueraderId: null, remember: pending.remember });
    await logActivity(c, {
      action: "auth.login",
      subject_type: "user",
      subject_id: user.id,
      subject_label: user.name,
      organization_id: user.organizationId,
      after: { second_factor: field },
    });
    return c.body(null, 204);
  },
);
