import type { Db } from "../db/client";
import { mailLog } from "../db/schema";

export interface MailMessage {
  to: string;
  subject: string;
  /** Which template produced it ("password_reset", "invitation", ...): filterable in the mail log. */
  template: string;
  html: string;
  text: string;
  organization_id?: number | null;
}

/**
 * How a message leaves the system. `deliver` resolves when the transport accepted the message and
 * rejects with a readable error otherwise. An SMTP transport (per-organization relay settings)
 * implements the same interface.
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

/** The default transport: no network; the message lands in the mail log and its text on the console (dev links). */
export const logTransport: MailTransport = {
  name: "log",
  async deliver(message) {
    console.log(`[mail] to=${message.to} template=${message.template} subject=${JSON.stringify(message.subject)}\n${message.text}`);
  },
};

/** Sends through `transport` and records every message, sent or failed, in mail_log (one write). */
export function createMailer(db: Db, transport: MailTransport = logTransport): Mailer {
  return {
    async send(message) {
      let error: string | null = null;
      try {
        await transport.deliver(message);
      } catch (cause) {
        error = cause instanceof Error ? cause.message : String(cause);
      }
      const now = new Date().toISOString();
      const status = error === null ? "sent" : "failed";
      const [row] = await db
        .insert(mailLog)
        .values({
          organizationId: message.organization_id ?? null,
          to: message.to,
          subject: message.subject,
          template: message.template,
          status,
          error,
          html: message.html,
          text: message.text,
          createdAt: now,
          sentAt: error === null ? now : null,
        })
        .returning({ id: mailLog.id });
      return { id: row?.id ?? 0, status, error };
    },
  };
}
