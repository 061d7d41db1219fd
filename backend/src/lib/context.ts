import type { Permission } from "../../../common/permissions";
import type { Db } from "../db/client";
import type { SessionManager } from "./session";

/** The signed-in (effective) user of a request, with everything permission and tenant checks need. */
export interface CurrentUser {
  id: number;
  name: string;
  email: string;
  locale: "en" | "fr" | "ar";
  status: "active" | "disabled";
  theme: "light" | "dark" | "system";
  themePrimaryColor: string;
  themeSemiDarkMenu: boolean;
  organizationId: number;
  organization: { id: number; name: string; type: "provider" | "business" | "residential" };
  roles: { id: number; name: string }[];
  permissions: Permission[];
  /** Member of the provider organization: may see every organization. */
  isProvider: boolean;
  /** A confirmed second factor guards this user's sign-in. */
  twoFactorEnabled: boolean;
  /** The two_factor_required setting applies to this user (provider staff, or everyone). */
  twoFactorRequired: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

/** A request made with a personal access token: its owner and what it may do. */
export interface ApiTokenAuth {
  id: number;
  name: string;
  userId: number;
  abilities: Permission[];
}

/** Bindings a deployment may add on top of the generated BackendEnv. */
export interface OptionalBindings {
  /** Key material for encrypting stored secrets (lib/crypto.ts); set with `wrangler secret put APP_KEY`. */
  APP_KEY?: string;
  /**
   * "1" only in backend/.dev.vars (local development and e2e): delivered e-mails are also kept, links
   * included, in the dev_mail_outbox table. Never set it in wrangler.toml or production.
   */
  MAIL_OUTBOX_DEV?: string;
  /**
   * "1" only in backend/.dev.vars and the tests: an SMTP relay (and its test e-mail) may use any port and a
   * loopback or private address, for the local mail catcher. Never in wrangler.toml or production.
   */
  SMTP_ALLOW_LOCAL?: string;
  /** DNS-over-HTTPS (JSON) endpoint for relay host names (lib/smtp-dns.ts); default Cloudflare's 1.1.1.1. */
  SMTP_DOH_URL?: string;
  /** Phone-number import uploads per user and hour (default 30, common/number-imports.ts). */
  IMPORT_UPLOADS_PER_HOUR?: string;
  /** "1" only in the e2e server's local vars: enables lib/fault-injection.ts. Never in wrangler.toml. */
  FAULT_INJECTION?: string;
  /** Text-to-speech engine (backend/src/tts/); "espeak" (the default) runs inside the Worker. */
  TTS_ENGINE?: string;
  /** The platform SMTP relay (lib/mailer.ts `platformRelay`); without SMTP_HOST and MAIL_FROM mail is `not_sent`. */
  SMTP_HOST?: string;
  SMTP_PORT?: string;
  /** none, ssl (implicit TLS, usually 465) or starttls (default, usually 587). */
  SMTP_ENCRYPTION?: string;
  SMTP_USER?: string;
  /** Secret: `wrangler secret put SMTP_PASSWORD`. */
  SMTP_PASSWORD?: string;
  MAIL_FROM?: string;
  MAIL_FROM_NAME?: string;
  /**
   * Seconds between the attempts of a queued e-mail, comma-separated (lib/mailer.ts; default "30,120,600,1200",
   * five attempts). The e2e server shortens it.
   */
  MAIL_RETRY_DELAYS_SECONDS?: string;
}

export type AppEnv = {
  Bindings: BackendEnv & OptionalBindings;
  Variables: {
    db: Db;
    session: SessionManager;
    user: CurrentUser | undefined;
    /** The personal access token a request authenticated with (Authorization: Bearer), if any. */
    apiToken: ApiTokenAuth | undefined;
  };
};
