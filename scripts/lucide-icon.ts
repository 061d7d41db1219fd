import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/** The portal's copy of lucide-react's `Icon` that keeps what an icon draws (app/lib/lucide-icon.ts, decision 064). */
export const FAST_ICON = fileURLToPath(new URL("../app/lib/lucide-icon.ts", import.meta.url));

/** The portal Worker's Vite environment (vite.config.ts: `cloudflare({ viteEnvironment: { name: "ssr" } })`). */
export const SERVER_ENVIRONMENT = "ssr";

/** Whether an import is lucide-react's own `./Icon.mjs`, asked from one of lucide's modules (not from ours). */
export function isLucidesIconImport(source: string, importer: string | undefined): boolean {
  return source === "./Icon.mjs" && importer !== undefined && /[\\/]lucide-react[\\/]dist[\\/]esm[\\/][^\\/]+\.mjs$/.test(importer);
}

/**
 * Every Lucide icon is `createLucideIcon(data)`, which renders lucide-react's `Icon` (`dist/esm/createLucideIcon.mjs`
 * imports `./Icon.mjs`, as does the entry that re-exports it). This plugin gives lucide's modules the portal's `Icon`
 * instead in the server's build: the same HTML for less work per render. The browser keeps lucide's own (the HTML it
 * hydrates is the same, and the portal's copy would add 0.4 KiB gzip to every first load); the dev server too, as for
 * decision 060's step. tests/unit/scripts/lucide-icon.test.ts fails if lucide stops importing `./Icon.mjs` this way.
 */
export function lucideIcon(): Plugin {
  return {
    name: "amp:lucide-icon",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === SERVER_ENVIRONMENT,
    enforce: "pre",
    resolveId: (source, importer) => (isLucidesIconImport(source, importer) ? FAST_ICON : null),
  };
}
