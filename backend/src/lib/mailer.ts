/**
 * Outgoing mail: every message gets a mail_log row, then is delivered over SMTP off the request.
 *
 *   queued ──▶ sent      the relay accepted it (smtp_reply = "250 …")
 *          └─▶ failed    refused, unreachable, or still temporarily refused (4xx) after the retries
 *   not_sent             no relay to send it through (error = "no_relay"); never silently dropped
 *
 * Which relay: the organization's own relay when it is enabled, else the platform relay (SMTP_* settings).
 * The log keeps a redacted copy (`redactMessage`): a password-setup token reaches the relay and nothing else —
 * not the mail log, not a Workers log line (issue 7).
 */

import { eq } from "drizzle-orm";
import type { Context } from "hono";
import type { Db } from "../db/client";
import { devMailOutbox, type MAIL_STATUSES, mailLog, smtpRelays } from "../db/schema";
import type { AppEnv, OptionalBindings } from "./context";
import { decryptSecret } from "./crypto";
import { deliverSmtp, type SmtpRelay, type SmtpResult } from "./smtp";

export interface MailMessage {
  to: string;
  subject: string;
  /** Which template produced it ("password_reset", "invitation", ...): filterable in the mail log. */
  template: string;
  html: string;
  text: string;
  /**
   * Values the message carries that grant access (password-setup tokens). They reach the relay, and only the
   * relay: the mail log gets `[redacted]` in their place.
   */
  secrets?: readonly string[];
  /** The organization the mail is about (its relay is used when enabled; its members see it in the log). */
  organization_id?: number | null;
}

export type MailStatus = (typeof MAIL_STATUSES)[number];

export interface MailResult {
  id: number;
  status: MailStatus;
  /** Outcome key when not sent/failed ("no_relay", "auth_failed", ...). */
  error: string | null;
  reply: string | null;
}

export interface Mailer {
  /** Records the message as queued and delivers it in the background (waitUntil), with retries for 4xx. */
  send(message: MailMessage): Promise<MailResult>;
  /** Delivers through `relay` now, once, and records the outcome (the relay screen's test e-mail). */
  sendNow(message: MailMessage, relay: SmtpRelay): Promise<MailResult & { result: SmtpResult }>;
}

export interface MailerDeps {
  db: Db;
  env: OptionalBindings;
  /** Keeps background delivery alive after the response (ExecutionContext.waitUntil). */
  waitUntil(promise: Promise<unknown>): void;
  /** Delays between attempts after a temporary (4xx) refusal; its length + 1 = the number of attempts. */
  retryDelaysMs?: number[];
  timeoutMs?: number;
}

export const REDACTED = "[redacted]";

/**
 * The copy of a message that may be stored and shown: every declared secret replaced, and — as a safety net
 * for a template that forgets to declare one — the value of any `token` query parameter in a link.
 */
export function redactMessage(message: MailMessage): MailMessage {
  const redact = (body: string) => {
    let result = body;
    for (const secret of message.secrets ?? []) if (secret !== "") result = result.replaceAll(secret, REDACTED);
    return result.replace(/([?&](?:amp;|#38;)?token=)[^&\s"'<>#]+/gi, `$1${REDACTED}`);
  };
  const { secrets: _secrets, ...rest } = message;
  return { ...rest, subject: redact(message.subject), html: redact(message.html), text: redact(message.text) };
}

export const DEFAULT_RETRY_DELAYS_MS = [2_000, 10_000];
export const PLATFORM_RELAY = "platform";

/** The platform relay from the backend's settings (SMTP_HOST, ...), or null when none is configured. */
export function platformRelay(env: OptionalBindings): SmtpRelay | null {
  if (!env.SMTP_HOST || !env.MAIL_FROM) return null;
  const port = Number(env.SMTP_PORT ?? "587");
  const encryption = env.SMTP_ENCRYPTION === "none" || env.SMTP_ENCRYPTION === "ssl" ? env.SMTP_ENCRYPTION : "starttls";
  return {
    host: env.SMTP_HOST,
    port: Number.isInteger(port) && port > 0 && port < 65536 ? port : 587,
    encryption,
    username: env.SMTP_USER || null,
    password: env.SMTP_PASSWORD || null,
    fromAddress: env.MAIL_FROM,
    fromName: env.MAIL_FROM_NAME || null,
    replyTo: null,
    label: PLATFORM_RELAY,
  };
}

/** The organization's enabled relay with its password decrypted, or null. */
export async function organizationRelay(db: Db, env: OptionalBindings, organizationId: number): Promise<SmtpRelay | null> {
  const [row] = await db.select().from(smtpRelays).where(eq(smtpRelays.organizationId, organizationId));
  if (!row?.enabled) return null;
  const password = row.auth && row.passwordEncrypted && env.APP_KEY ? await decryptSecret(env.APP_KEY, row.passwordEncrypted) : null;
  return {
    host: row.host,
    port: row.port,
    encryption: row.encryption,
    username: row.auth ? row.username : null,
    password,
    fromAddress: row.fromAddress,
    fromName: row.fromName,
    replyTo: row.replyTo,
    label: `organization:${organizationId}`,
  };
}

/**
 * Local development and e2e only (`MAIL_OUTBOX_DEV=1` in backend/.dev.vars, never in wrangler.toml): the real
 * message, links included, in the `dev_mail_outbox` table (`npm run mail:outbox`; the backend tests read
 * links from it). No route reads it; the local mail catcher is the way to read mail in a browser.
 */
async function keepInDevOutbox(db: Db, message: MailMessage): Promise<void> {
  await db.insert(devMailOutbox).values({
    to: message.to,
    subject: message.subject,
    template: message.template,
    html: message.html,
    text: message.text,
    createdAt: new Date().toISOString(),
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createMailer(deps: MailerDeps): Mailer {
  const { db } = deps;
  const retryDelays = deps.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;

  async function record(message: MailMessage, status: MailStatus, relay: string | null, error: string | null) {
    if (deps.env.MAIL_OUTBOX_DEV === "1") await keepInDevOutbox(db, message);
    const stored = redactMessage(message);
    const [row] = await db
      .insert(mailLog)
      .values({
        organizationId: message.organization_id ?? null,
        to: message.to,
        subject: stored.subject,
        template: message.template,
        status,
        error,
        relay,
        html: stored.html,
        text: stored.text,
        createdAt: new Date().toISOString(),
      })
      .returning({ id: mailLog.id });
    return row?.id ?? 0;
  }

  async function settle(id: number, result: SmtpResult, attempts: number) {
    const accepted = result.outcome === "accepted";
    await db
      .update(mailLog)
      .set({
        status: accepted ? "sent" : "failed",
        error: accepted ? null : result.outcome,
        smtpReply: result.reply,
        attempts,
        sentAt: accepted ? new Date().toISOString() : null,
      })
      .where(eq(mailLog.id, id));
  }

  async function deliverWithRetries(id: number, message: MailMessage, relay: SmtpRelay) {
    let result: SmtpResult;
    let attempt = 0;
    for (;;) {
      attempt++;
      result = await deliverSmtp(relay, message, deps.timeoutMs);
      const delay = retryDelays[attempt - 1];
      if (!result.temporary || delay === undefined) break;
      await db.update(mailLog).set({ attempts: attempt, smtpReply: result.reply }).where(eq(mailLog.id, id));
      await sleep(delay);
    }
    await settle(id, result, attempt);
  }

  return {
    async send(message) {
      const relay =
        (message.organization_id != null ? await organizationRelay(db, deps.env, message.organization_id) : null) ??
        platformRelay(deps.env);
      if (!relay) {
        const id = await record(message, "not_sent", null, "no_relay");
        return { id, status: "not_sent", error: "no_relay", reply: null };
      }
      const id = await record(message, "queued", relay.label, null);
      deps.waitUntil(
        deliverWithRetries(id, message, relay).catch(async (cause) => {
          console.error("[mail] delivery crashed", cause);
          await settle(id, { outcome: "failed", reply: String(cause), temporary: false }, 1).catch(() => undefined);
        }),
      );
      return { id, status: "queued", error: null, reply: null };
    },

    async sendNow(message, relay) {
      const id = await record(message, "queued", relay.label, null);
      const result = await deliverSmtp(relay, message, deps.timeoutMs);
      await settle(id, result, 1);
      const accepted = result.outcome === "accepted";
      return { id, status: accepted ? "sent" : "failed", error: accepted ? null : result.outcome, reply: result.reply, result };
    },
  };
}

/** The mailer of a request: its database, its settings, delivery kept alive by the request's waitUntil. */
export function mailerFor(c: Context<AppEnv>): Mailer {
  return createMailer({ db: c.get("db"), env: c.env, waitUntil: (promise) => c.executionCtx.waitUntil(promise) });
}
