import type { D1Migration } from "@cloudflare/vitest-plugin";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      APP_KEY: string;
      /** "1" in the tests (vitest.config.ts); one test clears it to check the production rules. */
      SMTP_ALLOW_LOCAL: string;
      /** Unset in the tests (the default 30 applies); one test lowers it. */
      IMPORT_UPLOADS_PER_HOUR: string | undefined;
      /** Unset in the tests; one test points it at test/smtp-servers.ts's DNS-over-HTTPS zone. */
      SMTP_DOH_URL: string | undefined;
    }
    // Types `exports.default` of "cloudflare:workers" as the backend's default export.
    interface GlobalProps {
      mainModule: typeof import("../src/index");
    }
  }
}
