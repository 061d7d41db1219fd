/** Secrets (set with `wrangler secret put`, or `.dev.vars` locally) are not in wrangler.toml, so not generated. */
interface PortalEnv {
  /** HMAC key that signs the session-id and flash cookies. At least 32 random characters. */
  SESSION_SECRET: string;
  /**
   * "1" only in the e2e server's local vars (never in wrangler.toml): lets a test make the bundled backend
   * fail on purpose, see app/lib/sanctum/fault-injection.server.ts.
   */
  FAULT_INJECTION?: string;
  /** Development only: the local mail catcher's inbox, linked from the mail log (written by `npm run dev`). */
  MAIL_INBOX_URL?: string;
}
