import { defineConfig, devices } from "@playwright/test";
import { launchOptions } from "./tests/e2e/browser";

const port = Number(process.env.E2E_PORT ?? 4317);
/**
 * `E2E_CARRIER=telnyx` (npm test's e2e-telnyx phase) serves the backend on its Telnyx adapter against the local
 * Telnyx simulator (scripts/e2e-server.mjs) and runs only the `*.telnyx.spec.ts` specs; otherwise the sandbox
 * carrier serves every other spec.
 */
const telnyx = process.env.E2E_CARRIER === "telnyx";
const sandboxProjects = [
  {
    name: "chromium",
    use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } },
    testIgnore: [/\.nojs\.spec\.ts$/, /\.local-d1\.spec\.ts$/, /\.telnyx\.spec\.ts$/],
    dependencies: ["sign-in"],
  },
  {
    name: "nojs",
    use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 }, javaScriptEnabled: false },
    testMatch: /\.nojs\.spec\.ts$/,
    dependencies: ["sign-in"],
  },
  // Specs that change the server's D1 file from outside (runE2eSql): last and one at a time, because a
  // request that lands while another process holds the SQLite file fails with SQLITE_BUSY.
  {
    name: "local-d1",
    use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } },
    testMatch: /\.local-d1\.spec\.ts$/,
    dependencies: ["chromium", "nojs"],
    workers: 1,
  },
];

const telnyxProjects = [
  {
    name: "telnyx",
    use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } },
    testMatch: /\.telnyx\.spec\.ts$/,
    dependencies: ["sign-in"],
  },
];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Three on the 2-core CI machine too: in Chromium's headless shell (decision 055) the browser no longer fills both cores,
  // and a third worker uses the time tests spend waiting on the carrier and on mail (the whole suite 528 s against 569 s
  // with two, docs/ci.md).
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [
    ["list"],
    ...(process.env.CI ? [] : [["html", { open: "never" }] as const]),
    // `npm test` (scripts/test.mjs) reads this report to list the tests that only passed on a retry.
    ...(process.env.E2E_RESULTS ? [["json", { outputFile: process.env.E2E_RESULTS }] as const] : []),
  ],
  // npm test gives each e2e phase its own folder (scripts/test.mjs): a Playwright run empties its output folder, and the
  // next phase's run deleted the traces and error contexts of the one before.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording every test's trace took a sixth of Chromium's and Playwright's CPU (docs/ci.md). In CI a first failure
    // keeps its screenshot and error context, and its retry records the trace; locally every failure keeps its trace.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: process.env.CI ? "only-on-failure" : "off",
    launchOptions,
  },
  projects: [
    // Signs each demo account in once and saves its browser state for signIn() (tests/e2e/sign-in.setup.ts).
    {
      name: "sign-in",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } },
      testMatch: /sign-in\.setup\.ts$/,
    },
    ...(telnyx ? telnyxProjects : sandboxProjects),
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://localhost:${port}/login`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: "ignore",
    stderr: "pipe",
  },
});
