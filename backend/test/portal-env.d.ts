/** The portal's bindings, for backend tests that drive the portal's upstream client (portal-client.test.ts). */
interface PortalEnv {
  BACKEND: Fetcher;
  SESSIONS: KVNamespace;
  SESSION_SECRET: string;
  SANCTUM_URL: string;
  UPSTREAM_ORIGIN: string;
  UPSTREAM_TIMEOUT_MS: string;
  FAULT_INJECTION?: string;
}
/** DOM's name for a form field's value, used by the portal's safe-redirect helper. */
type FormDataEntryValue = File | string;
