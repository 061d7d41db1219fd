/** `ActivityEntry` of the API (docs/api.md). */
export interface ActivityEntry {
  id: number;
  action: string;
  actor: { id: number; name: string } | null;
  masquerader: { id: number; name: string } | null;
  /** The personal access token the action was made with (absent from a backend without tokens). */
  token?: { id: number; name: string } | null;
  subject_type: string | null;
  subject_id: number | null;
  subject_label: string | null;
  organization_id: number | null;
  changes: Record<string, { old: unknown; new: unknown }> | null;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}

export const MAIL_STATUSES = ["queued", "sent", "failed", "not_sent"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** Templates of the transactional e-mails (named in the `logs` namespace); the log shows others as sent. */
export const MAIL_TEMPLATES = ["invitation", "password_reset", "smtp_test"] as const;

/** A row of `GET /api/mail-log`; the detail (`GET /api/mail-log/{id}`) adds both bodies. */
export interface MailEntry {
  id: number;
  organization_id: number | null;
  to: string;
  subject: string;
  template: string;
  status: MailStatus;
  /** Outcome key of a failure (auth_failed, timeout, ...) or "no_relay" when not sent. */
  error: string | null;
  /** "platform" or "organization:<id>". */
  relay: string | null;
  /** The SMTP server's last reply. */
  smtp_reply: string | null;
  attempts: number;
  created_at: string;
  /** Failed or not sent with its message kept: "Retry" queues it again (absent from a backend without it). */
  retryable?: boolean;
  sent_at: string | null;
}

export interface MailDetail extends MailEntry {
  html: string | null;
  text: string | null;
}

export interface Option {
  id: number;
  name: string;
}
