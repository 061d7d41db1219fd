import { describe, expect, it } from "vitest";
import { resources } from "~/locales";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
const english = resources.en as unknown as Record<string, Tree>;

describe("locale files", () => {
  for (const language of ["fr", "ar"] as const) {
    const translated = resources[language] as unknown as Record<string, Tree>;
    it(`${language} has exactly the namespaces of en`, () => {
      expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
    });
    for (const namespace of Object.keys(english)) {
      it(`${language}/${namespace} has the same keys and placeholders as en`, () => {
        const source = flatten(english[namespace]);
        const target = flatten(translated[namespace] ?? {});
        expect([...target.keys()].sort()).toEqual([...source.keys()].sort());
        for (const [key, text] of source) expect(placeholders(target.get(key) ?? ""), `${namespace}.${key}`).toEqual(placeholders(text));
      });
    }
  }
});
