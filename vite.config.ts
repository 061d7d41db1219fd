import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type EnvironmentOptions, type Plugin } from "vite";
import { reactDomStringChunks } from "./scripts/react-dom-string-chunks.ts";
import { reactRouterOnce } from "./scripts/react-router-once.ts";

// AMP_STATE_DIR lets the e2e suite run on its own local KV/D1/R2 state.
const persistState = process.env.AMP_STATE_DIR ? { path: process.env.AMP_STATE_DIR } : true;
/**
 * The backend Worker is minified: with the eSpeak module (9 MB gzipped) and fontkit (generated documents) it is
 * close to the Workers Paid plan's 10 MiB compressed limit (docs/backend.md, "Generated documents"). The
 * bench's own build folder (react-router.config.ts puts the portal there): the backend Worker goes beside it.
 */
const backend: EnvironmentOptions = {
  build: { minify: true, ...(process.env.AMP_BUILD_DIR ? { outDir: `${process.env.AMP_BUILD_DIR}/amp_backend` } : {}) },
};

// The browser build: what every page loads first (React, React Router, i18next) is one chunk instead of a
// dozen small ones; the rest keeps Rolldown's per-route splitting.
const client: EnvironmentOptions = {
  build: {
    rolldownOptions: {
      output: {
        // A namespace of strings (app/locales/<language>/<namespace>.ts, one chunk each) is named after its
        // file, `strings-en-numbers-….js`, so that the network panel, the bench and tests tell them apart.
        chunkFileNames: ({ facadeModuleId }) => {
          const strings = facadeModuleId?.match(/\/app\/locales\/(\w+)\/(\w+)\.ts$/);
          return strings ? `assets/strings-${strings[1]}-${strings[2]}-[hash].js` : "assets/[name]-[hash].js";
        },
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|i18next|react-i18next|cookie|set-cookie-parser)[\\/]/,
            },
          ],
        },
      },
    },
  },
};

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
  "radix-ui",
  "@conform-to/react",
  "@conform-to/zod/v4",
  "zod",
  "@tanstack/react-table",
  "sonner",
  "class-variance-authority",
  "clsx",
  "tailwind-merge",
  "libphonenumber-js/min",
];

/**
 * Conform's three packages each ship their own copy of Babel's helpers (`dist/_virtual/_rollupPluginBabelHelpers.mjs`),
 * and a form screen loaded all three. `@conform-to/react`'s copy holds every helper of the other two, with the same
 * code (tests/unit/portal/conform-helpers.test.ts), so the other two import it: −0.6 KiB gzip on a form screen,
 * −0.3 KiB on /login.
 */
const CONFORM_HELPERS = "_virtual/_rollupPluginBabelHelpers.mjs";
const conformReactHelpers = join(dirname(createRequire(import.meta.url).resolve("@conform-to/react")), CONFORM_HELPERS);
const conformHelpers: Plugin = {
  name: "amp:conform-babel-helpers",
  enforce: "pre",
  resolveId(source, importer) {
    const fromOtherCopy = importer && /[\\/]@conform-to[\\/](dom|zod)[\\/]dist[\\/]/.test(importer);
    return fromOtherCopy && source.endsWith(`/${CONFORM_HELPERS}`) ? conformReactHelpers : null;
  },
};

/**
 * `vite preview` serves the e2e suite. Playwright's request client reuses idle connections, and Node closes them after
 * 5 idle seconds by default: a request sent on one just as it closed failed with ECONNRESET. Idle connections now stay
 * open longer than any pause of a test.
 */
const previewKeepAlive: Plugin = {
  name: "amp:preview-keep-alive",
  configurePreviewServer(server) {
    if ("keepAliveTimeout" in server.httpServer) server.httpServer.keepAliveTimeout = 120_000;
  },
};

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
    conformHelpers,
    previewKeepAlive,
    // React's server render writes strings and encodes each flush once (decision 072).
    reactDomStringChunks(),
    // The Worker's React Router works out its route objects and which routes match a path once (decision 071).
    reactRouterOnce(),
  ],
  resolve: { tsconfigPaths: true },
  environments: { client, amp_backend: backend },
});
