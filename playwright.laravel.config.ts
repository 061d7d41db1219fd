import { defineConfig, devices } from "@playwright/test";
import { launchOptions } from "./tests/e2e/browser";

/**
 * The e2e project "laravel": the portal against a Laravel-shaped backend (scripts/laravel-fake/server.mjs:
 * Sanctum cookies and CSRF, `{data, links, meta}` lists, Laravel's 401/403/404/419/422/429 answers, no AMP-only
 * capabilities) instead of the bundled one. `npm run test:e2e:laravel`; `npm test` runs it after the main suite.
 */
const port = Number(process.env.E2E_LARAVEL_PORT ?? 4327);

export default defineConfig({
  testDir: "tests/e2e-laravel",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ...(process.env.E2E_LARAVEL_RESULTS ? [["json", { outputFile: process.env.E2E_LARAVEL_RESULTS }] as const] : [])],
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  use: {
    baseURL: `http://localhost:${port}`,
    // As in playwright.config.ts: in CI a retry records the trace, a first failure keeps its screenshot.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: process.env.CI ? "only-on-failure" : "off",
    launchOptions,
  },
  projects: [{ name: "laravel", use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } } }],
  webServer: {
    command: "node scripts/e2e-laravel-server.mjs",
    url: `http://localhost:${port}/login`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: "ignore",
    stderr: "pipe",
  },
});
