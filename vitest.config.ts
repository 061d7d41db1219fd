import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const resolve = { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } };
const UNIT = ["tests/unit/**/*.test.{ts,tsx}"];
const ISOLATED = [
  "tests/unit/portal/catalogue.test.ts",
  "tests/unit/portal/cookie-driver.test.ts",
  "tests/unit/portal/forms-server.test.ts",
  "tests/unit/portal/user-stamps.test.ts",
];

/**
 * Three projects: "unit" and "unit-isolated" (portal logic in Node) and "backend" (the bundled backend inside workerd,
 * against real local D1 — see backend/vitest.config.ts). Playwright covers the browser.
 */
export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        // One module graph for all files (no per-file isolation): the portal's logic keeps no state a test
        // could leak, except in the files below.
        test: { name: "unit", environment: "node", include: UNIT, exclude: ISOLATED, isolate: false },
      },
      {
        resolve,
        // Files that fake the clock, spy on console or fill module-level caches get their own module graph.
        test: { name: "unit-isolated", environment: "node", include: ISOLATED },
      },
      "backend/vitest.config.ts",
    ],
  },
});
