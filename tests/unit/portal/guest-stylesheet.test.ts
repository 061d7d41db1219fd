import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { app, importsOf, root, serverOnly } from "./app-imports";

/**
 * The guest pages link app/guest.css, whose utilities come only from the files its `@source` lines name
 * (docs/decisions/056). A guest page that imports a module not named there would draw that module's classes
 * unstyled: this test walks the guest pages' code (root, the `_guest` layout and its pages, and every module they
 * import in the browser, lazily too) and fails on any module that guest.css neither scans (`@source`) nor leaves
 * out on purpose (`@source not`).
 */

/** `{a,b}` in a pattern, expanded (one group per pattern is all guest.css uses). */
function expandBraces(pattern: string): string[] {
  const match = pattern.match(/^(.*)\{([^}]*)\}(.*)$/);
  return match ? match[2].split(",").map((choice) => `${match[1]}${choice}${match[3]}`) : [pattern];
}

function sourcePatterns(css: string): { scanned: string[]; left: string[] } {
  const code = css.replace(/\/\*[\s\S]*?\*\//g, "");
  const read = (negated: boolean) =>
    [...code.matchAll(/@source\s+(not\s+)?"([^"]+)"\s*;/g)]
      .filter(([, not]) => !!not === negated)
      .flatMap(([, , pattern]) => expandBraces(pattern))
      .map((pattern) => join(app, pattern));
  return { scanned: read(false), left: read(true) };
}

const covers = (pattern: string, file: string) => file === pattern || file.startsWith(`${pattern}/`);

/** The modules the guest pages run in the browser (string files reach it through ~/locales/client only). */
function guestModules(): string[] {
  const layout = routes.find((entry: RouteConfigEntry) => entry.file === "routes/_guest.tsx");
  if (!layout) throw new Error("no _guest layout in app/routes.ts");
  const start = ["root.tsx", layout.file, ...(layout.children ?? []).map((child) => child.file)].map((file) => join(app, file));
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const current = queue.shift() as string;
    if (seen.has(current) || serverOnly(current) || /^app\/locales\/(index\.ts$|\w+\/)/.test(relative(root, current))) continue;
    seen.add(current);
    queue.push(...importsOf(current, readFileSync(current, "utf8")));
  }
  return [...seen];
}

describe("app/guest.css scans every module of the guest pages", () => {
  const { scanned, left } = sourcePatterns(readFileSync(join(app, "guest.css"), "utf8"));

  it("reads guest.css's sources", () => {
    expect(scanned).toContain(join(app, "routes/login.tsx"));
    expect(left).toContain(join(app, "lib/class-merge.ts"));
    expect(expandBraces("./x/{a,b}.ts")).toEqual(["./x/a.ts", "./x/b.ts"]);
  });

  it("names only files that exist", () => {
    expect(scanned.filter((pattern) => !existsSync(pattern)).map((pattern) => relative(app, pattern))).toEqual([]);
  });

  it("covers each module a guest page loads", () => {
    const modules = guestModules();
    expect(modules).toContain(join(app, "components/ui/button.tsx"));
    const missing = modules
      .filter((file) => ![...scanned, ...left].some((pattern) => covers(pattern, file)))
      .map((file) => relative(app, file));
    expect(missing, "add these to app/guest.css's @source lines").toEqual([]);
  });
});
