/**
 * Outgoing mail: every message gets a mail_log row, then is delivered over SMTP by the queue's consumer
 * (issue 24, decision 031), never inside the request.
 *
 *   queued ──▶ sent      the relay accepted it (smtp_reply = "250 …")
 *     ▲    └─▶ failed    refused for good, or still failing after the last retry (error = the outcome key)
 *     └── Retry ─┘       (and from not_sent): the stored message is queued again
 *   not_sent             no relay to send it through (error = "no_relay"); never silently dropped
 *
 * The row keeps the message as the relay must receive it, encrypted with APP_KEY (`message_encrypted`); the
 * queue message (`{kind: "mail_send", mail_id}`, MAIL_QUEUE, the deployment's shared queue) carries only the
 * id. Sending is claimed atomically (`UPDATE … WHERE status = 'queued' AND not_before <= now`), so a message
 * delivered twice by the queue is sent once. Which relay: the organization's own relay when it is enabled, else
 * the platform relay (SMTP_* settings), chosen when the message is sent — a stored relay password only ever
 * goes to the host and port it was stored for. The log shows a redacted copy (`redactMessage`): a
 * password-setup token reaches the relay and nothing else — not the shown log, not a Workers log line (issue 7).
 */

import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Context } from "hono";
import { createDb, type Db } from "../db/client";
import { devMailOutbox, type MAIL_STATUSES, mailLog, smtpRelays } from "../db/schema";
import type { AppEnv, OptionalBindings } from "./context";
import { decryptSecret, encryptSecret } from "./crypto";
import { deliverSmtp, type SmtpRelay, type SmtpResult } from "./smtp";
import { currentTime, isoFromNow, nowIso } from "./time";

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
  /** Records the message as queued (with its encrypted copy) and puts its id on the mail queue. */
  send(message: MailMessage): Promise<MailResult>;
  /** Delivers through `relay` now, once, and records the outcome (the relay screen's test e-mail). */
  sendNow(message: MailMessage, relay: SmtpRelay): Promise<MailResult & { result: SmtpResult }>;
}

/** The queue message of one e-mail: only the mail_log id (the message itself stays encrypted in the row). */
export interface MailSendMessage {
  kind: "mail_send";
  mail_id: number;
}

/** What the mailer needs from the Worker's environment. */
export type MailEnv = OptionalBindings & { MAIL_QUEUE?: Queue<MailSendMessage> };

export interface MailerDeps {
  db: Db;
  env: MailEnv;
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

/**
 * Seconds between attempts after a failure worth retrying (a 4xx reply, no answer, a timeout); its length + 1 is
 * the number of attempts. `MAIL_RETRY_DELAYS_SECONDS` ("30,120,600,1200") overrides it (the e2e server: "1,1").
 */
export const DEFAULT_RETRY_DELAYS_SECONDS = [30, 120, 600, 1200];
/** How long a claimed send keeps other deliveries of the same row away (longer than one SMTP dialogue). */
export const MAIL_CLAIM_LEASE_MS = 120_000;
/** A queued row whose next attempt is this overdue was lost by the queue: the hourly cron fails it. */
export const MAIL_STALE_AFTER_MS = 30 * 60 * 1000;

export function mailRetryDelays(env: { MAIL_RETRY_DELAYS_SECONDS?: string }): number[] {
  const configured = (env.MAIL_RETRY_DELAYS_SECONDS ?? "")
    .split(",")
    .map((part) => Number(part.trim()))
    .filter((value) => Number.isFinite(value) && value > 0);
  return configured.length > 0 ? configured : DEFAULT_RETRY_DELAYS_SECONDS;
}

/** Outcomes another attempt may change: a temporary (4xx) refusal, a relay that did not answer or timed out. */
export function worthRetrying(result: SmtpResult): boolean {
  return result.temporary || ["unreachable", "connection_refused", "timeout", "failed"].includes(result.outcome);
}

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

/** The message as the relay must receive it, encrypted for the row (null without APP_KEY). */
async function sealMessage(env: MailEnv, message: MailMessage): Promise<string | null> {
  if (!env.APP_KEY) return null;
  const { to, subject, html, text } = message;
  return encryptSecret(env.APP_KEY, JSON.stringify({ to, subject, html, text }));
}

async function openMessage(env: MailEnv, sealed: string): Promise<Pick<MailMessage, "to" | "subject" | "html" | "text">> {
  if (!env.APP_KEY) throw new Error("APP_KEY is not set: a queued e-mail cannot be read.");
  return JSON.parse(await decryptSecret(env.APP_KEY, sealed));
}

/** The relay a message of `organizationId` goes through now: its organization's enabled relay, else the platform's. */
async function relayFor(db: Db, env: MailEnv, organizationId: number | null): Promise<SmtpRelay | null> {
  return (organizationId != null ? await organizationRelay(db, env, organizationId) : null) ?? platformRelay(env);
}

/** Puts a mail_log row on the mail queue; a queue that refuses leaves the row `failed` (Retry queues it again). */
async function enqueueMail(db: Db, env: MailEnv, id: number, delaySeconds?: number): Promise<boolean> {
  try {
    if (!env.MAIL_QUEUE) throw new Error("MAIL_QUEUE is not bound.");
    await env.MAIL_QUEUE.send({ kind: "mail_send", mail_id: id } satisfies MailSendMessage, { contentType: "json", delaySeconds });
    return true;
  } catch (cause) {
    console.error(`[mail] ${id} could not be queued`, cause);
    await db.update(mailLog).set({ status: "failed", error: "queue_unavailable" }).where(eq(mailLog.id, id));
    return false;
  }
}

export function createMailer(deps: MailerDeps): Mailer {
  const { db, env } = deps;

  async function record(message: MailMessage, status: MailStatus, relay: string | null, error: string | null, sealed: string | null) {
    if (env.MAIL_OUTBOX_DEV === "1") await keepInDevOutbox(db, message);
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
        messageEncrypted: sealed,
        notBefore: status === "queued" ? nowIso() : null,
        createdAt: nowIso(),
      })
      .returning({ id: mailLog.id });
    return row?.id ?? 0;
  }

  return {
    async send(message) {
      const relay = await relayFor(db, env, message.organization_id ?? null);
      const sealed = await sealMessage(env, message);
      if (!relay) {
        const id = await record(message, "not_sent", null, "no_relay", sealed);
        return { id, status: "not_sent", error: "no_relay", reply: null };
      }
      if (!sealed) {
        const id = await record(message, "failed", relay.label, "app_key_missing", null);
        return { id, status: "failed", error: "app_key_missing", reply: null };
      }
      const id = await record(message, "queued", relay.label, null, sealed);
      if (!(await enqueueMail(db, env, id))) return { id, status: "failed", error: "queue_unavailable", reply: null };
      return { id, status: "queued", error: null, reply: null };
    },

    async sendNow(message, relay) {
      const id = await record(message, "queued", relay.label, null, null);
      const result = await deliverSmtp(relay, message, deps.timeoutMs);
      const accepted = result.outcome === "accepted";
      await db
        .update(mailLog)
        .set({
          status: accepted ? "sent" : "failed",
          error: accepted ? null : result.outcome,
          smtpReply: result.reply,
          attempts: 1,
          sentAt: accepted ? nowIso() : null,
        })
        .where(eq(mailLog.id, id));
      return { id, status: accepted ? "sent" : "failed", error: accepted ? null : result.outcome, reply: result.reply, result };
    },
  };
}

/** The mailer of a request: its database and its settings (delivery happens on the queue). */
export function mailerFor(c: Context<AppEnv>): Mailer {
  return createMailer({ db: c.get("db"), env: c.env as MailEnv });
}

/** What became of one delivery of a queue message. */
export type MailDelivery = { kind: "done" } | { kind: "retry"; delaySeconds: number };

/**
 * One attempt at a queued row (the queue consumer's step). The claim is atomic: of two deliveries of the same
 * id, one sends and the other finds the row taken (it comes back when the claim's lease ends) or settled.
 */
export async function deliverQueuedMail(db: Db, env: MailEnv, id: number, timeoutMs?: number): Promise<MailDelivery> {
  const now = nowIso();
  const [claimed] = await db
    .update(mailLog)
    .set({ attempts: sql`${mailLog.attempts} + 1`, notBefore: isoFromNow(MAIL_CLAIM_LEASE_MS) })
    .where(
      and(
        eq(mailLog.id, id),
        eq(mailLog.status, "queued"),
        isNotNull(mailLog.messageEncrypted),
        or(isNull(mailLog.notBefore), lte(mailLog.notBefore, now)),
      ),
    )
    .returning({ attempts: mailLog.attempts, organizationId: mailLog.organizationId, sealed: mailLog.messageEncrypted });
  if (!claimed?.sealed) {
    const [row] = await db.select({ status: mailLog.status, notBefore: mailLog.notBefore }).from(mailLog).where(eq(mailLog.id, id));
    if (row?.status !== "queued" || !row.notBefore) return { kind: "done" };
    // Claimed by another delivery, or waiting for its next retry: look again when that time has come.
    const wait = Math.ceil((Date.parse(row.notBefore) - currentTime().getTime()) / 1000);
    return { kind: "retry", delaySeconds: Math.max(1, wait) };
  }
  const delays = mailRetryDelays(env);
  try {
    const message = await openMessage(env, claimed.sealed);
    const relay = await relayFor(db, env, claimed.organizationId);
    if (!relay) {
      await db.update(mailLog).set({ status: "not_sent", error: "no_relay", relay: null, notBefore: null }).where(eq(mailLog.id, id));
      return { kind: "done" };
    }
    const result = await deliverSmtp(relay, message, timeoutMs);
    if (result.outcome === "accepted") {
      await db
        .update(mailLog)
        .set({
          status: "sent",
          error: null,
          smtpReply: result.reply,
          relay: relay.label,
          sentAt: nowIso(),
          messageEncrypted: null,
          notBefore: null,
        })
        .where(eq(mailLog.id, id));
      return { kind: "done" };
    }
    const delay = delays[claimed.attempts - 1];
    if (worthRetrying(result) && delay !== undefined) {
      await db
        .update(mailLog)
        .set({ error: result.outcome, smtpReply: result.reply, relay: relay.label, notBefore: isoFromNow(delay * 1000) })
        .where(eq(mailLog.id, id));
      return { kind: "retry", delaySeconds: delay };
    }
    await db
      .update(mailLog)
      .set({ status: "failed", error: result.outcome, smtpReply: result.reply, relay: relay.label, notBefore: null })
      .where(eq(mailLog.id, id));
    return { kind: "done" };
  } catch (cause) {
    // Storage or decryption failed: give the claim back for a later delivery, unless this was the last attempt.
    console.error(`[mail] ${id} attempt ${claimed.attempts} crashed`, cause);
    const delay = delays[claimed.attempts - 1];
    if (delay === undefined) {
      await db.update(mailLog).set({ status: "failed", error: "failed", notBefore: null }).where(eq(mailLog.id, id));
      return { kind: "done" };
    }
    await db
      .update(mailLog)
      .set({ notBefore: isoFromNow(delay * 1000) })
      .where(eq(mailLog.id, id));
    return { kind: "retry", delaySeconds: delay };
  }
}

/** Whether a message of the shared queue is an e-mail (the others are import batches and renders). */
export function isMailMessage(message: Message<unknown>): message is Message<MailSendMessage> {
  return (message.body as { kind?: unknown } | null)?.kind === "mail_send";
}

/** The queue consumer's part for e-mails: one attempt per message, retried with the row's delay. */
export async function consumeMail(messages: readonly Message<MailSendMessage>[], env: MailEnv & { DB: D1Database }): Promise<void> {
  const db = createDb(env.DB);
  for (const message of messages) {
    try {
      const outcome = await deliverQueuedMail(db, env, message.body.mail_id);
      if (outcome.kind === "retry") message.retry({ delaySeconds: outcome.delaySeconds });
      else message.ack();
    } catch (cause) {
      console.error(`[mail] ${message.body.mail_id} delivery failed`, cause);
      message.retry({ delaySeconds: 30 });
    }
  }
}

/**
 * "Retry" on a failed (or not sent) e-mail: back to `queued` and on the queue, once however often it is asked
 * (the conditional UPDATE). Returns false when the row is not in a retryable state.
 */
export async function requeueMail(db: Db, env: MailEnv, id: number): Promise<boolean> {
  const [row] = await db
    .update(mailLog)
    .set({ status: "queued", error: null, attempts: 0, notBefore: nowIso(), sentAt: null })
    .where(and(eq(mailLog.id, id), inArray(mailLog.status, ["failed", "not_sent"]), isNotNull(mailLog.messageEncrypted)))
    .returning({ id: mailLog.id });
  if (!row) return false;
  await enqueueMail(db, env, id);
  return true;
}

/** The cron's sweep: queued rows whose next attempt is long overdue (the queue lost them) end `failed`. */
export async function failStaleMail(d1: D1Database, now = currentTime().getTime()): Promise<number> {
  const db = createDb(d1);
  const stale = await db
    .update(mailLog)
    .set({ status: "failed", error: "interrupted", notBefore: null })
    .where(
      and(
        eq(mailLog.status, "queued"),
        lte(sql`coalesce(${mailLog.notBefore}, ${mailLog.createdAt})`, new Date(now - MAIL_STALE_AFTER_MS).toISOString()),
      ),
    )
    .returning({ id: mailLog.id });
  return stale.length;
}
