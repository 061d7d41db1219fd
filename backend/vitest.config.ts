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
          // The delivery seam keeps real messages in dev_mail_outbox (helpers' deliveredLink).
          MAIL_OUTBOX_DEV: "1",
          // Sandbox orders complete after one second here (tests wait for it).
          SANDBOX_ORDER_DELAY_SECONDS: "1",
          // No platform relay, whatever backend/.dev.vars says (npm run dev points it at the local catcher):
          // mail is `not_sent` unless a test configures a relay against test/smtp-servers.ts.
          SMTP_HOST: "",
          MAIL_FROM: "",
          SANDBOX_PORT_STEP_SECONDS: "1",
          // Signs the sandbox carrier's webhooks in test/carrier-work-once.test.ts.
          SANDBOX_WEBHOOK_SECRET: "test-webhook-secret",
          // The test SMTP servers listen on 127.0.0.1 and random ports (lib: common/smtp.ts smtpDestinationProblem).
          SMTP_ALLOW_LOCAL: "1",
        },
      },
    }),
  ],
  test: {
    name: "backend",
    include: ["test/**/*.test.ts"],
    setupFiles: ["test/setup.ts"],
    // One workerd per Vitest worker for all its files, instead of one per file (each start, migration and seed
    // cost tens of seconds on a loaded machine): storage is shared by the files of a worker (test/setup.ts).
    isolate: false,
    // A test's own waits are on the injectable clock (lib/time.ts); what is left is D1 work, which a 2-core CI
    // machine under load can stretch past Vitest's 5 s default (seen: phone-number-record, 2026-11-27).
    testTimeout: 30_000,
    // Real SMTP servers in Node for the delivery tests (test/smtp-servers.ts).
    globalSetup: ["test/smtp-servers.ts"],
  },
});
