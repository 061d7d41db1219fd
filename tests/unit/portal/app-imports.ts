import { existsSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root and its app/ folder. */
export const root = fileURLToPath(new URL("../../../", import.meta.url));
export const app = join(root, "app");

/** Source text without comments (block comments, and line comments that start a line or follow a space). */
export function stripComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|\s)\/\/.*$/gm, "$1");
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[^'"`;]*?\s+from\s+)?["']([^"']+)["']/g;
const DYNAMIC_IMPORT = /(?<!typeof\s)\bimport\(\s*["']([^"']+)["']\s*\)/g;

/**
 * The app modules a module imports at run time, statically or lazily (type-only imports and packages left out);
 * `{ lazy: false }`: the static ones only (what loads with the module).
 */
export function importsOf(file: string, source: string, { lazy = true }: { lazy?: boolean } = {}): string[] {
  const code = stripComments(source);
  const specifiers = [
    ...[...code.matchAll(IMPORT)].filter(([, typeOnly]) => !typeOnly).map(([, , specifier]) => specifier),
    ...(lazy ? [...code.matchAll(DYNAMIC_IMPORT)].map(([, specifier]) => specifier) : []),
  ];
  const files: string[] = [];
  for (const specifier of specifiers) {
    if (specifier.includes("?")) continue; // assets (`./app.css?url`)
    const base = specifier.startsWith("~/")
      ? join(app, specifier.slice(2))
      : specifier.startsWith(".")
        ? join(dirname(file), specifier)
        : null;
    if (!base || /\.(css|svg|png|woff2?)$/.test(base)) continue;
    const resolved = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")].find(
      (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
    );
    if (!resolved) throw new Error(`${relative(root, file)}: cannot resolve ${specifier}`);
    files.push(resolved);
  }
  return files;
}

/**
 * Whether a module runs on the server only: `.server` modules and route middleware (React Router leaves both out of
 * the browser's code).
 */
export function serverOnly(file: string): boolean {
  return /\.server\.tsx?$/.test(file) || relative(root, file).startsWith("app/middleware/");
}

/** Every TypeScript module under `dir`, recursively. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}
