import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// AMP_STATE_DIR lets the e2e suite run on its own local KV/D1/R2 state.
const persistState = process.env.AMP_STATE_DIR ? { path: process.env.AMP_STATE_DIR } : true;

/**
 * Every dependency the browser loads, pre-bundled when the dev server starts. Vite otherwise finds
 * some only when a page first imports them, re-optimizes, answers "504 Outdated Optimize Dep" and
 * reloads the page mid-interaction ("optimized dependencies changed. reloading"). A new client
 * dependency belongs here.
 */
const CLIENT_DEPENDENCIES = [
  "react",
  "react/jsx-runtime",
  "react/jsx-dev-runtime",
  "react-dom",
  "react-dom/client",
  "react-router",
  "react-router/dom",
  "i18next",
  "react-i18next",
  "radix-ui",
  "@conform-to/react",
  "@conform-to/zod/v4",
  "zod",
  "@tanstack/react-table",
  "lucide-react",
  "sonner",
  "class-variance-authority",
  "clsx",
  "tailwind-merge",
  "libphonenumber-js/min",
];

export default defineConfig({
  optimizeDeps: { include: CLIENT_DEPENDENCIES },
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      auxiliaryWorkers: [{ configPath: "./backend/wrangler.toml" }],
      persistState,
    }),
    tailwindcss(),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
});
