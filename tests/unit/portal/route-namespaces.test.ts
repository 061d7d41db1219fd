import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { resources } from "~/locales";
import { declaredNamespaces } from "~/locales/route-strings";
import routes from "~/routes";
import { app, importsOf, root, serverOnly, stripComments } from "./app-imports";

/**
 * The browser loads, before hydrating, only the namespaces the matched route modules declare in
 * `handle.i18n` (docs/decisions/024-strings-load-per-namespace.md). A screen that renders a namespace its
 * routes do not declare would hydrate late (it waits for a second request) or, after a click, suspend
 * outside a transition. This test reads each route module and every module it imports (statically or
 * lazily; `.server` modules run only on the server and are skipped) and fails when one of them uses a
 * namespace that neither the route nor its parents (root, layout) declare, and when the browser's code
 * imports a string file itself instead of through ~/locales/client.
 *
 * A module "uses" a namespace when it calls `useTranslation()` (common) or `useTranslation("ns" | [...])`,
 * passes `{ ns: "ns" }`, or holds a key naming it: `"ns:key"`, `` `ns:${…}` ``, or a message key
 * `"ns.key"` / `` `ns.${…}` `` whose path exists in that namespace (the convention of ~/lib/validation-message).
 * Messages whose namespace is known only at run time (an API's 422 keys) are loaded by `useMessageStrings`.
 */

type Tree = { [key: string]: string | Tree };
const english = resources.en as unknown as Record<string, Tree>;
const NAMESPACES = new Set(Object.keys(english));

/** Whether `path` (dotted) names a key or a subtree of `namespace`; a plural key counts by its base. */
function keyExists(namespace: string, path: string, prefix: boolean): boolean {
  let node: string | Tree | undefined = english[namespace];
  const segments = path.split(".").filter(Boolean);
  for (const [index, segment] of segments.entries()) {
    if (typeof node !== "object") return false;
    const last = index === segments.length - 1;
    node = node[segment] ?? (last && !prefix ? node[`${segment}_other`] : undefined);
  }
  return prefix ? typeof node === "object" : node !== undefined;
}

/** The namespaces one module's source uses. */
function namespacesUsedIn(source: string): Set<string> {
  const code = stripComments(source);
  const used = new Set<string>();
  const add = (namespace: string) => {
    if (NAMESPACES.has(namespace)) used.add(namespace);
  };
  for (const [, args] of code.matchAll(/\buseTranslation\(\s*([^)]*)\)/g)) {
    if (!args.trim()) add("common");
    for (const [, namespace] of args.matchAll(/["']([\w-]+)["']/g)) add(namespace);
  }
  for (const [, namespace] of code.matchAll(/\bns:\s*["']([\w-]+)["']/g)) add(namespace);
  for (const [, namespace, separator, path, end] of code.matchAll(/["'`]([a-z][a-zA-Z0-9]*)([.:])([A-Za-z0-9_.]*)(\$\{|["'`|])/g)) {
    if (separator === ":") add(namespace);
    else if (NAMESPACES.has(namespace) && keyExists(namespace, path, end === "${")) add(namespace);
  }
  return used;
}

/** Every namespace used by `file` and what it imports, with the first module found using it. */
function namespacesReachedFrom(file: string): { uses: Map<string, string>; stringImports: string[] } {
  const uses = new Map<string, string>();
  const stringImports: string[] = [];
  const seen = new Set<string>();
  const queue = [file];
  while (queue.length > 0) {
    const current = queue.shift() as string;
    if (seen.has(current)) continue;
    seen.add(current);
    const name = relative(root, current);
    // Server-only: `.server` modules and route middleware (React Router leaves both out of the browser's code).
    if (serverOnly(current)) continue;
    if (/^app\/locales\/(index\.ts$|\w+\/)/.test(name)) {
      // String files reach the browser through ~/locales/client only, one namespace at a time.
      stringImports.push(name);
      continue;
    }
    const source = readFileSync(current, "utf8");
    for (const namespace of namespacesUsedIn(source)) if (!uses.has(namespace)) uses.set(namespace, name);
    queue.push(...importsOf(current, source));
  }
  return { uses, stringImports };
}

type RouteModule = { default?: unknown; ErrorBoundary?: unknown; handle?: unknown };
const modules = import.meta.glob<RouteModule>(["../../../app/root.tsx", "../../../app/routes/*.tsx"], { eager: true });
const moduleOf = (file: string): RouteModule => {
  const found = modules[`../../../app/${file}`];
  if (!found) throw new Error(`no route module ${file}`);
  return found;
};

/** Each route with its parents (root first), from app/routes.ts. */
function routeChains(entries: RouteConfigEntry[], parents: string[] = ["root.tsx"]): string[][] {
  return entries.flatMap((entry) => {
    const chain = [...parents, entry.file];
    return [chain, ...routeChains(entry.children ?? [], chain)];
  });
}

const chains = [["root.tsx"], ...routeChains(routes)];

describe("each screen declares the namespaces it renders (handle.i18n)", () => {
  it("finds the namespaces of a module the way the scan reads them", () => {
    const source = [
      'const { t } = useTranslation(["numbers", "admin"]);',
      'useTranslation(); t("nav:dashboard"); i18n.t("deleted", { ns: "tts" });',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of template literals, scanned.
      "translateError(t, `porting:${reason}`); translateError(t, `imports.${code}`);",
      'const message = "validation.required"; const permission = "users.read";',
      '// useTranslation("devices") in a comment',
    ].join("\n");
    expect([...namespacesUsedIn(source)].sort()).toEqual(["admin", "common", "imports", "nav", "numbers", "porting", "tts", "validation"]);
  });

  for (const chain of chains) {
    const file = chain[chain.length - 1];
    const module = moduleOf(file);
    if (!module.default && !module.ErrorBoundary) continue; // a resource route renders nothing
    it(`${file}`, () => {
      const declared = new Set<string>(declaredNamespaces(chain.map(moduleOf)));
      const { uses, stringImports } = namespacesReachedFrom(join(app, file));
      const missing = [...uses]
        .filter(([namespace]) => !declared.has(namespace))
        .map(([namespace, user]) => `${namespace} (used in ${user})`);
      expect(missing, `declare these in ${file}'s handle.i18n, or in a parent route's`).toEqual([]);
      expect(stringImports, "string files imported into the browser's code").toEqual([]);
    });
  }

  it("declares only namespaces that exist", () => {
    const declared = declaredNamespaces(Object.values(modules));
    expect(declared.filter((namespace) => !NAMESPACES.has(namespace))).toEqual([]);
  });
});
