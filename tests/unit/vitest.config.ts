// Temporary stand-alone config for the UI unit tests until the root vitest.config.ts (project "unit") exists:
// npx vitest run -c tests/unit/vitest.config.ts
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  resolve: { alias: { "~": fileURLToPath(new URL("../../app", import.meta.url)) } },
  test: { name: "unit", environment: "node", include: ["tests/unit/**/*.test.{ts,tsx}"] },
});
