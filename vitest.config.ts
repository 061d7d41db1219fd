import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Two projects: "unit" (portal logic in Node) and "backend" (the bundled backend inside workerd,
 * against real local D1 — see backend/vitest.config.ts). Playwright covers the browser.
 */
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
        test: { name: "unit", environment: "node", include: ["tests/unit/**/*.test.{ts,tsx}"] },
      },
      "backend/vitest.config.ts",
    ],
  },
});
