import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Paths are anchored to this folder, so the project works from the root config and on its own.
const backendDir = `${dirname(fileURLToPath(import.meta.url))}/`;

// The backend suite runs inside workerd with the backend's own bindings (D1, R2) and migrations.
export default defineConfig({
  root: backendDir,
  plugins: [
    cloudflareTest({
      wrangler: { configPath: `${backendDir}wrangler.toml` },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(`${backendDir}migrations`),
          APP_KEY: "test-app-key",
          // Sandbox orders complete after one second here (tests wait for it).
          SANDBOX_ORDER_DELAY_SECONDS: "1",
          SANDBOX_PORT_STEP_SECONDS: "1",
        },
      },
    }),
  ],
  test: {
    name: "backend",
    include: ["test/**/*.test.ts"],
    setupFiles: ["test/setup.ts"],
  },
});
