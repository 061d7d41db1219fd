import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * vite.config.ts points `@conform-to/dom`'s and `@conform-to/zod`'s copies of Babel's helpers at `@conform-to/react`'s
 * (one copy in the browser instead of three). That holds only while react's copy exports every helper the other two
 * export, each with the same code: a Conform upgrade that changes one of them fails here.
 */
const require = createRequire(import.meta.url);
const HELPERS = "dist/_virtual/_rollupPluginBabelHelpers.mjs";
const helpers = (pkg: string) => {
  const entry = require.resolve(pkg);
  return readFileSync(join(entry.slice(0, entry.lastIndexOf(`${pkg}/`) + pkg.length), HELPERS), "utf8");
};

/** Each top-level `function name(…) { … }` of a helpers file, by name, and the names it exports. */
function parse(source: string) {
  const functions = new Map([...source.matchAll(/^function (\w+)\([\s\S]*?^}$/gm)].map((match) => [match[1], match[0]]));
  const exported = [...(source.match(/^export \{([^}]*)\}/m)?.[1] ?? "").matchAll(/(\w+) as (\w+)/g)].map((match) => [match[1], match[2]]);
  return { functions, exported };
}

describe("Conform's Babel helpers", () => {
  const react = parse(helpers("@conform-to/react"));
  const reactExports = new Map(react.exported.map(([local, name]) => [name, local]));

  it("are found in @conform-to/react", () => {
    expect(react.exported.length).toBeGreaterThan(3);
    expect(react.functions.size).toBeGreaterThanOrEqual(react.exported.length);
  });

  for (const pkg of ["@conform-to/dom", "@conform-to/zod"]) {
    it(`of ${pkg} are all in @conform-to/react's copy, with the same code`, () => {
      const other = parse(helpers(pkg));
      expect(other.exported.length).toBeGreaterThan(0);
      for (const [local, name] of other.exported) expect(reactExports.get(name), name).toBe(local);
      for (const [name, code] of other.functions) expect(react.functions.get(name), name).toBe(code);
    });
  }
});
