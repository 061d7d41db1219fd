import type { D1Migration } from "@cloudflare/vitest-plugin";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      APP_KEY: string;
    }
    // Types `exports.default` of "cloudflare:workers" as the backend's default export.
    interface GlobalProps {
      mainModule: typeof import("../src/index");
    }
  }
}
