import type { Context } from "hono";
import type { Db } from "../db/client";
import { devMailOutbox, mailLog } from "../db/schema";
import type { AppEnv } from "./context";

export interface MailMessage {
  to: string;
  subject: string;
  /** Which template produced it ("password_reset", "invitation", ...): filterable in the mail log. */
  template: string;
  html: string;
  text: string;
  organization_id?: number | null;
  /**
   * Values the message carries that grant access (password-setup tokens). They reach the transport, and
   * only the transport: the mail log and console lines get `[redacted]` in their place.
   */
  secrets?: readonly string[];
}

/**
 * How a message leaves the system. `deliver` receives the real message (secrets included), resolves when
 * the transport accepted it and rejects with a readable error otherwise. An SMTP transport (per-organization
 * relay settings) implements the same interface. A transport must never log the body.
 */
export interface MailTransport {
  readonly name: string;
  deliver(message: MailMessage): Promise<void>;
}

export interface MailResult {
  id: number;
  status: "sent" | "failed";
  error: string | null;
}

export interface Mailer {
  send(message: MailMessage): Promise<MailResult>;
}

export const REDACTED = "[redacted]";

/**
 * The copy of a message that may be stored and shown: every declared secret replaced, and — as a safety
 * net for a template that forgets to declare one — the value of any `token` query parameter in a link.
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

/** The default transport: no network; the message lands in the mail log. Only its envelope reaches the console. */
export const logTransport: MailTransport = {
  name: "log",
  async deliver(message) {
    console.log(`[mail] to=${message.to} template=${message.template} (body in the mail log, links redacted)`);
  },
};

/**
 * Local development and e2e only (`MAIL_OUTBOX_DEV=1` in backend/.dev.vars, never in wrangler.toml): keeps
 * the real message, links included, in the `dev_mail_outbox` table, which plays the mail catcher's part
 * (`npm run mail:outbox`). No route reads it.
 */
export function devOutboxTransport(db: Db, inner: MailTransport): MailTransport {
  return {
    name: `${inner.name}+dev-outbox`,
    async deliver(message) {
      await inner.deliver(message);
      await db.insert(devMailOutbox).values({
        to: message.to,
        subject: message.subject,
        template: message.template,
        html: message.html,
        text: message.text,
        createdAt: new Date().toISOString(),
      });
    },
  };
}

/** Sends through `transport` and records every message, sent or failed, in mail_log (one write), redacted. */
export function createMailer(db: Db, transport: MailTransport = logTransport): Mailer {
  return {
    async send(message) {
      let error: string | null = null;
      try {
        await transport.deliver(message);
      } catch (cause) {
        error = cause instanceof Error ? cause.message : String(cause);
      }
      const stored = redactMessage(message);
      if (error !== null) error = redactMessage({ ...message, text: error, html: "" }).text;
      const now = new Date().toISOString();
      const status = error === null ? "sent" : "failed";
      const [row] = await db
        .insert(mailLog)
        .values({
          organizationId: message.organization_id ?? null,
          to: message.to,
          subject: stored.subject,
          template: message.template,
          status,
          error,
          html: stored.html,
          text: stored.text,
          createdAt: now,
          sentAt: error === null ? now : null,
        })
        .returning({ id: mailLog.id });
      return { id: row?.id ?? 0, status, error };
    },
  };
}

/** The mailer of a request: the configured transport, plus the dev outbox when `MAIL_OUTBOX_DEV=1`. */
export function mailerFor(c: Context<AppEnv>): Mailer {
  const db = c.get("db");
  const transport = c.env.MAIL_OUTBOX_DEV === "1" ? devOutboxTransport(db, logTransport) : logTransport;
  return createMailer(db, transport);
}
