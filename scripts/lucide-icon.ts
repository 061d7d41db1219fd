import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/** The portal's copy of lucide-react's `Icon` that keeps what an icon draws (app/lib/lucide-icon.ts, decision 064). */
export const FAST_ICON = fileURLToPath(new URL("../app/lib/lucide-icon.ts", import.meta.url));

/** Whether an import is lucide-react's own `./Icon.mjs`, asked from one of lucide's modules (not from ours). */
export function isLucidesIconImport(source: string, importer: string | undefined): boolean {
  return source === "./Icon.mjs" && importer !== undefined && /[\\/]lucide-react[\\/]dist[\\/]esm[\\/][^\\/]+\.mjs$/.test(importer);
}

/**
 * Every Lucide icon is `createLucideIcon(data)`, which renders lucide-react's `Icon` (`dist/esm/createLucideIcon.mjs`
 * imports `./Icon.mjs`, as does the entry that re-exports it). This plugin gives lucide's modules the portal's `Icon`
 * instead, the same HTML for less work per render, in the browser and on the server alike so hydration sees what the
 * server drew. Production builds only, as for decision 060's step: the dev server pre-bundles lucide-react for the
 * browser without plugins, so there both sides keep lucide's own. tests/unit/scripts/lucide-icon.test.ts fails if
 * lucide stops importing `./Icon.mjs` this way.
 */
export function lucideIcon(): Plugin {
  return {
    name: "amp:lucide-icon",
    apply: "build",
    enforce: "pre",
    resolveId: (source, importer) => (isLucidesIconImport(source, importer) ? FAST_ICON : null),
  };
}
