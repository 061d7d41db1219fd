import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { isSmtpHost, smtpDestinationProblem, smtpHostKey, smtpPortWarning } from "../../../common/smtp";
import type { Db } from "../db/client";
import { organizations, SMTP_ENCRYPTION_VALUES, smtpRelays } from "../db/schema";
import { logActivity } from "../lib/activity";
import { currentUser, requireAuth, requirePermission } from "../lib/auth";
import type { AppEnv, CurrentUser } from "../lib/context";
import { decryptSecret, encryptSecret } from "../lib/crypto";
import { notFound, validationError } from "../lib/errors";
import { mailerFor } from "../lib/mailer";
import { errorResponses, jsonBody, jsonContent } from "../lib/openapi";
import { SMTP_OUTCOMES, type SmtpRelay } from "../lib/smtp";
import { dohLookup, smtpNameProblem } from "../lib/smtp-dns";
import { tenantOrganizationId } from "../lib/tenant";
import { ErrorBag, validationHook } from "../lib/validation";

/**
 * An organization's own SMTP relay (`organization_settings-update_smtp`). Members always get their own
 * organization's; provider staff name one with `organization_id`. The password is write-only: stored
 * encrypted with APP_KEY, answered only as `password_set`.
 */
export const smtpRelayRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const PERMISSION = "organization_settings-update_smtp";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));
const optionalEmail = z
  .email()
  .max(254)
  .nullable()
  .optional()
  .or(z.literal("").transform(() => null))
  .transform((value) => value ?? null);

const SettingsFields = z.object({
  organization_id: z.number().int().positive().optional(),
  enabled: z.boolean(),
  host: z.string().trim().min(1).max(253),
  port: z.number().int().min(1).max(65535),
  encryption: z.enum(SMTP_ENCRYPTION_VALUES),
  auth: z.boolean(),
  username: optionalText(255),
  /** A new password; absent (or empty) keeps the stored one. */
  password: z.string().max(255).optional(),
  /** Removes the stored password. */
  clear_password: z.boolean().default(false),
  from_address: z.email().max(254),
  from_name: optionalText(100),
  reply_to: optionalEmail,
  /**
   * Workers' TCP sockets always verify the server's certificate and cannot be told otherwise, so only
   * `true` is accepted (smtp.validation.verify_certificate): the setting never pretends.
   */
  verify_certificate: z.boolean().default(true),
});

const RelaySchema = z
  .object({
    organization_id: z.number().int(),
    organization_name: z.string(),
    configured: z.boolean(),
    enabled: z.boolean(),
    host: z.string(),
    port: z.number().int(),
    encryption: z.enum(SMTP_ENCRYPTION_VALUES),
    auth: z.boolean(),
    username: z.string().nullable(),
    password_set: z.boolean(),
    from_address: z.string(),
    from_name: z.string().nullable(),
    reply_to: z.string().nullable(),
    verify_certificate: z.boolean(),
    updated_at: z.string().nullable(),
    warnings: z.array(z.string()).openapi({ description: "Translation keys of the portal's smtp namespace" }),
  })
  .openapi("SmtpRelay");

const TestResultSchema = z
  .object({
    outcome: z.enum(SMTP_OUTCOMES),
    reply: z.string(),
    mail_log_id: z.number().int(),
  })
  .openapi("SmtpTestResult");

type Fields = z.infer<typeof SettingsFields>;

/** The organization the request is about: the member's own, or the one staff named (required for them). */
async function targetOrganization(db: Db, me: CurrentUser, requested: number | undefined) {
  const organizationId = tenantOrganizationId(me, requested);
  if (organizationId === undefined) throw validationError({ organization_id: ["validation.required"] });
  const [organization] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!organization) throw notFound();
  return organization;
}

async function storedRelay(db: Db, organizationId: number) {
  const [row] = await db.select().from(smtpRelays).where(eq(smtpRelays.organizationId, organizationId));
  return row;
}

/**
 * Checks beyond the schema; `password_set` is whether a password will exist after this request,
 * `password_unbound` that one is stored for another host, port or encryption and was not typed again.
 */
function checkFields(body: Fields, state: { passwordSet: boolean; passwordUnbound: boolean; allowLocal: boolean }) {
  const bag = new ErrorBag();
  if (!isSmtpHost(body.host)) bag.add("host", "smtp.validation.host");
  else {
    const problem = smtpDestinationProblem(body.host, body.port, { allowLocal: state.allowLocal });
    if (problem === "validation.port_not_smtp") bag.add("port", `smtp.${problem}`);
    if (problem === "validation.host_internal") bag.add("host", `smtp.${problem}`);
  }
  if (body.auth && !body.username) bag.add("username", "validation.required");
  if (body.auth && state.passwordUnbound) bag.add("password", "smtp.validation.password_retype");
  else if (body.auth && body.enabled && !state.passwordSet) bag.add("password", "validation.required");
  if (!body.verify_certificate) bag.add("verify_certificate", "smtp.validation.verify_certificate");
  bag.throwIfAny();
}

/**
 * The stored password belongs to the host and port it was saved with (issue 23, item 5): sent anywhere
 * else — another host the user typed, or the same host in clear text when it was saved for an encrypted
 * connection — it would hand the organization's credentials to whoever answers. Changing them needs the
 * password typed again.
 */
function passwordFollows(stored: { host: string; port: number; encryption: string } | undefined, body: Fields): boolean {
  if (!stored) return false;
  const downgraded = stored.encryption !== "none" && body.encryption === "none";
  return smtpHostKey(stored.host) === smtpHostKey(body.host) && stored.port === body.port && !downgraded;
}

const allowLocal = (env: { SMTP_ALLOW_LOCAL?: string }) => env.SMTP_ALLOW_LOCAL === "1";

/** A relay host name that resolves to an internal address is refused like the address itself (lib/smtp-dns.ts). */
async function refuseInternalName(env: { SMTP_ALLOW_LOCAL?: string; SMTP_DOH_URL?: string }, host: string): Promise<void> {
  const problem = await smtpNameProblem(host, dohLookup(fetch, env.SMTP_DOH_URL || undefined), { allowLocal: allowLocal(env) });
  if (problem) throw validationError({ host: [`smtp.${problem}`] });
}

const warningsFor = (port: number, encryption: Fields["encryption"]) => {
  const warning = smtpPortWarning(port, encryption);
  return warning ? [warning] : [];
};

smtpRelayRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/smtp-relay",
    tags: ["SMTP relay"],
    summary: "The organization's SMTP relay (never the password); defaults when none is saved",
    middleware: [requireAuth, requirePermission(PERMISSION)] as const,
    request: { query: z.object({ organization_id: z.coerce.number().int().positive().optional() }) },
    responses: { 200: jsonContent(RelaySchema, "The relay"), ...errorResponses(401, 403, 404, 422) },
  }),
  async (c) => {
    const db = c.get("db");
    const organization = await targetOrganization(db, currentUser(c), c.req.valid("query").organization_id);
    const row = await storedRelay(db, organization.id);
    const port = row?.port ?? 587;
    const encryption = row?.encryption ?? "starttls";
    return c.json(
      {
        organization_id: organization.id,
        organization_name: organization.name,
        configured: Boolean(row),
        enabled: row?.enabled ?? false,
        host: row?.host ?? "",
        port,
        encryption,
        auth: row?.auth ?? true,
        username: row?.username ?? null,
        password_set: Boolean(row?.passwordEncrypted),
        from_address: row?.fromAddress ?? "",
        from_name: row?.fromName ?? null,
        reply_to: row?.replyTo ?? null,
        verify_certificate: row?.verifyCertificate ?? true,
        updated_at: row?.updatedAt ?? null,
        warnings: row ? warningsFor(port, encryption) : [],
      },
      200,
    );
  },
);

smtpRelayRoutes.openapi(
  createRoute({
    method: "put",
    path: "/api/smtp-relay",
    tags: ["SMTP relay"],
    summary: "Save the organization's SMTP relay; `password` replaces, `clear_password` removes, neither keeps",
    description:
      "A stored password is kept only while host and port stay and encryption is not turned off: " +
      "changing them with `auth` needs `password` again (422 `smtp.validation.password_retype`); without `auth` it is dropped. " +
      "Only SMTP ports (25, 465, 587, 2525) and public addresses.",
    middleware: [requireAuth, requirePermission(PERMISSION)] as const,
    request: { body: jsonBody(SettingsFields) },
    responses: { 200: jsonContent(RelaySchema, "The saved relay"), ...errorResponses(401, 403, 404, 419, 422) },
  }),
  async (c) => {
    const db = c.get("db");
    const me = currentUser(c);
    const body = c.req.valid("json");
    const organization = await targetOrganization(db, me, body.organization_id);
    const before = await storedRelay(db, organization.id);
    const newPassword = body.password ? body.password : null;
    // A stored password stays only with the relay it was typed for (`passwordFollows`).
    const keepsStored = newPassword === null && !body.clear_password && Boolean(before?.passwordEncrypted);
    const follows = passwordFollows(before, body);
    checkFields(body, {
      passwordSet: newPassword !== null || (keepsStored && follows),
      passwordUnbound: keepsStored && !follows,
      allowLocal: allowLocal(c.env),
    });
    await refuseInternalName(c.env, body.host);
    if (newPassword && !c.env.APP_KEY) throw new Error("APP_KEY is not set: SMTP passwords cannot be stored.");
    // Without authentication a password stored for another relay is dropped rather than moved along.
    const passwordEncrypted = newPassword
      ? await encryptSecret(c.env.APP_KEY ?? "", newPassword)
      : keepsStored && follows
        ? (before?.passwordEncrypted ?? null)
        : null;
    const values = {
      enabled: body.enabled,
      host: body.host,
      port: body.port,
      encryption: body.encryption,
      auth: body.auth,
      username: body.username,
      passwordEncrypted,
      fromAddress: body.from_address,
      fromName: body.from_name,
      replyTo: body.reply_to,
      verifyCertificate: true,
      updatedAt: new Date().toISOString(),
    };
    await db
      .insert(smtpRelays)
      .values({ organizationId: organization.id, ...values })
      .onConflictDoUpdate({ target: smtpRelays.organizationId, set: values });
    const snapshot = (row: typeof values | undefined) =>
      row && {
        enabled: row.enabled,
        host: row.host,
        port: row.port,
        encryption: row.encryption,
        auth: row.auth,
        username: row.username,
        // The activity log shows that the password changed, never its value (redacted by logActivity too).
        password: row.passwordEncrypted ? `set:${row.passwordEncrypted.slice(-8)}` : null,
        from_address: row.fromAddress,
        from_name: row.fromName,
        reply_to: row.replyTo,
      };
    await logActivity(c, {
      action: "smtp_relays.updated",
      subject_type: "organization",
      subject_id: organization.id,
      subject_label: organization.name,
      organization_id: organization.id,
      before: snapshot(before),
      after: snapshot(values),
    });
    return c.json(
      {
        organization_id: organization.id,
        organization_name: organization.name,
        configured: true,
        enabled: values.enabled,
        host: values.host,
        port: values.port,
        encryption: values.encryption,
        auth: values.auth,
        username: values.username,
        password_set: Boolean(passwordEncrypted),
        from_address: values.fromAddress,
        from_name: values.fromName,
        reply_to: values.replyTo,
        verify_certificate: true,
        updated_at: values.updatedAt,
        warnings: warningsFor(values.port, values.encryption),
      },
      200,
    );
  },
);

const TEST_MAIL = {
  en: {
    subject: (organization: string) => `SMTP test for ${organization}`,
    body: (organization: string, relay: string) =>
      `This is a test e-mail sent through the SMTP relay ${relay} of ${organization}. If you can read it, the relay works.`,
  },
  fr: {
    subject: (organization: string) => `Test SMTP pour ${organization}`,
    body: (organization: string, relay: string) =>
      `Ceci est un e-mail de test envoyé par le relais SMTP ${relay} de ${organization}. Si vous le lisez, le relais fonctionne.`,
  },
  ar: {
    subject: (organization: string) => `اختبار SMTP لـ ${organization}`,
    body: (organization: string, relay: string) =>
      `هذه رسالة اختبار أُرسلت عبر مُرحِّل SMTP ‏${relay} الخاص بـ ${organization}. إذا كنت تقرؤها فالمُرحِّل يعمل.`,
  },
} as const;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

smtpRelayRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/smtp-relay/test",
    tags: ["SMTP relay"],
    summary: "Send a test e-mail with the given (typed, possibly unsaved) settings and report the server's reply",
    description:
      "Runs the real SMTP dialogue now (timeout 10 s per step). Without `password` the stored one is used unless `clear_password`, " +
      "and only with the stored host and port, encrypted if it was (else 422 `password`: `smtp.validation.password_retype`). Only SMTP ports " +
      "(25, 465, 587, 2525) and public addresses (422 `port` / `host`). A closed port and a timeout both answer `unreachable`. " +
      "The attempt is recorded in the mail log (template `smtp_test`).",
    middleware: [requireAuth, requirePermission(PERMISSION)] as const,
    request: { body: jsonBody(SettingsFields.extend({ to: z.email().max(254) })) },
    responses: { 200: jsonContent(TestResultSchema, "What the server answered"), ...errorResponses(401, 403, 404, 419, 422) },
  }),
  async (c) => {
    const db = c.get("db");
    const me = currentUser(c);
    const body = c.req.valid("json");
    const organization = await targetOrganization(db, me, body.organization_id);
    const stored = await storedRelay(db, organization.id);
    const typed = body.password ? body.password : null;
    const keepsStored = typed === null && !body.clear_password && Boolean(stored?.passwordEncrypted);
    const follows = passwordFollows(stored, body);
    // A test may run before anything is saved or enabled: only the fields themselves must be right. The
    // stored password goes only to the stored host and port (never to one just typed).
    checkFields(
      { ...body, enabled: false },
      { passwordSet: typed !== null || keepsStored, passwordUnbound: keepsStored && !follows, allowLocal: allowLocal(c.env) },
    );
    await refuseInternalName(c.env, body.host);
    let password = typed;
    if (keepsStored && follows && stored?.passwordEncrypted && c.env.APP_KEY) {
      password = await decryptSecret(c.env.APP_KEY, stored.passwordEncrypted);
    }
    const relay: SmtpRelay = {
      host: body.host,
      port: body.port,
      encryption: body.encryption,
      username: body.auth ? body.username : null,
      password: body.auth ? password : null,
      fromAddress: body.from_address,
      fromName: body.from_name,
      replyTo: body.reply_to,
      label: `organization:${organization.id}`,
    };
    const copy = TEST_MAIL[me.locale];
    const relayName = `${body.host}:${body.port}`;
    const text = copy.body(organization.name, relayName);
    const sent = await mailerFor(c).sendNow(
      {
        to: body.to,
        subject: copy.subject(organization.name),
        template: "smtp_test",
        text,
        html: `<!doctype html><html lang="${me.locale}" dir="${me.locale === "ar" ? "rtl" : "ltr"}"><body style="font-family:sans-serif"><p>${escapeHtml(text)}</p></body></html>`,
        organization_id: organization.id,
      },
      relay,
    );
    await logActivity(c, {
      action: "smtp_relays.tested",
      subject_type: "organization",
      subject_id: organization.id,
      subject_label: organization.name,
      organization_id: organization.id,
      after: { to: body.to, relay: relayName, outcome: sent.result.outcome },
    });
    return c.json({ outcome: sent.result.outcome, reply: sent.result.reply, mail_log_id: sent.id }, 200);
  },
);
