import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// AMP_STATE_DIR lets the e2e suite run on its own local KV/D1/R2 state.
const persistState = process.env.AMP_STATE_DIR ? { path: process.env.AMP_STATE_DIR } : true;
// The bench's own build folder (react-router.config.ts puts the portal there): the backend Worker goes beside it.
const benchBuild = process.env.AMP_BUILD_DIR ? { amp_backend: { build: { outDir: `${process.env.AMP_BUILD_DIR}/amp_backend` } } } : undefined;

export default defineConfig({
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
  environments: benchBuild,
});
