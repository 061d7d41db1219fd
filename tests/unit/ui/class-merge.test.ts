import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { mergeClasses } from "~/lib/class-merge";
import { cn } from "~/lib/utils";

/**
 * Every whitespace-separated word of every string literal in app/: the classes the portal can write (not the class
 * merge's own tables, nor the icon list, whose strings are symbol names).
 */
function classesInApp(): string[] {
  const words = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry) && entry !== "class-merge.ts" && entry !== "icons.tsx") {
        for (const match of readFileSync(path, "utf8").matchAll(/"([^"\n]*)"|`([^`\n]*)`|'([^'\n]*)'/g)) {
          const text = match[1] ?? match[2] ?? match[3] ?? "";
          // Markup written as text (the navigation's, nav-items-html.ts) holds its classes in constants, read here too.
          if (text.includes("<") || text.includes('="')) continue;
          for (const word of text.split(/\s+/)) if (word && !word.includes("${")) words.add(word);
        }
      }
    }
  };
  walk(join(__dirname, "../../../app"));
  return [...words];
}

/** The variants of a class (`hover:md:`), sorted: classes under different variants never override each other. */
function variantsOf(className: string): string {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of className) {
    if (char === "[" || char === "(") depth++;
    if (char === "]" || char === ")") depth--;
    if (char === ":" && depth === 0) {
      parts.push(current);
      current = "";
    } else current += char;
  }
  return parts.sort().join(":");
}

describe("mergeClasses answers as tailwind-merge", () => {
  const words = classesInApp();
  // The words tailwind-merge knows as utilities (it folds a repeated one into one).
  const known = words.filter((word) => twMerge(`${word} ${word}`) === word);

  it("for every pair of known classes under the same variants, in both orders", () => {
    const byVariants = new Map<string, string[]>();
    for (const word of known) byVariants.set(variantsOf(word), [...(byVariants.get(variantsOf(word)) ?? []), word]);
    const wrong: string[] = [];
    for (const group of byVariants.values()) {
      for (const first of group) {
        for (const second of group) {
          const list = `${first} ${second}`;
          const expected = twMerge(list);
          if (mergeClasses(list) !== expected) wrong.push(`"${list}" → "${mergeClasses(list)}", tailwind-merge "${expected}"`);
        }
      }
    }
    expect(known.length).toBeGreaterThan(300);
    expect(wrong).toEqual([]);
  }, 120_000);

  it("keeps every word tailwind-merge does not know, even repeated", () => {
    const unknown = words.filter((word) => !known.includes(word));
    const wrong = unknown.filter((word) => mergeClasses(`${word} ${word}`) !== `${word} ${word}`);
    expect(wrong.join(" ")).toBe("");
  });

  it("merges the kit's overrides as before", () => {
    for (const list of [
      "flex flex-col gap-6 rounded-xl border bg-card py-6 text-card-foreground shadow-card gap-0 py-0",
      "flex items-center gap-2 font-medium text-[0.8125rem] text-foreground leading-none select-none font-normal text-sm",
      "inline-flex gap-2 text-sm h-8 gap-1.5 px-3.5 text-[0.8125rem] has-[>svg]:px-3 w-full",
      "focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-destructive/40",
      "grid auto-rows-min items-start gap-1.5 px-6 flex flex-row flex-wrap items-center gap-3",
    ]) {
      expect(mergeClasses(list)).toBe(twMerge(list));
    }
    expect(cn("px-5 py-2", false, "px-3", ["py-1"])).toBe("px-3 py-1");
  });
});
