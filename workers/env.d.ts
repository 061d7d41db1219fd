/** Secrets (set with `wrangler secret put`, or `.dev.vars` locally) are not in wrangler.toml, so not generated. */
interface PortalEnv {
  /** HMAC key that signs the session-id and flash cookies. At least 32 random characters. */
  SESSION_SECRET: string;
}
