import { describe, expect, it } from "vitest";
import { StringStore } from "~/lib/i18n";
import type { Strings } from "~/lib/translate";
import { translateError } from "~/lib/validation-message";
import { resources } from "~/locales";
import { chunkLoader, type StringChunks, stringChunks } from "~/locales/client";
import { declaredNamespaces, loadingStringsOnImport } from "~/locales/route-strings";

/** Fake string chunks that record which files were imported, as `import.meta.glob` would load them. */
function fakeChunks(files: Record<string, Strings | Error>) {
  const imported: string[] = [];
  const chunks: StringChunks = {};
  for (const [path, content] of Object.entries(files)) {
    chunks[path] = async () => {
      imported.push(path);
      if (content instanceof Error) throw content;
      return { default: content };
    };
  }
  return { chunks, imported };
}

/** The browser's store as entry.client sets it up: the page's namespaces loaded before hydration. */
async function browserStrings(chunks: StringChunks, ns: string[], onChunkError: (error: unknown) => void = () => {}) {
  const strings = new StringStore("en", chunkLoader(chunks, onChunkError));
  await strings.load("en", ns);
  return strings;
}
const t = (strings: StringStore) => strings.translation(strings.getLanguage(), "common").t as unknown as (key: string) => string;

const FILES = {
  "./en/common.ts": { save: "Save" },
  "./en/numbers.ts": { title: "Phone numbers" },
  "./fr/common.ts": { save: "Enregistrer" },
  "./fr/numbers.ts": { title: "Numéros de téléphone" },
};

describe("the browser's strings", () => {
  it("loads only the namespaces asked for, in the page's language", async () => {
    const { chunks, imported } = fakeChunks(FILES);
    const strings = await browserStrings(chunks, ["common"]);
    expect(imported).toEqual(["./en/common.ts"]);
    expect(t(strings)("save")).toBe("Save");
  });

  it("loads a namespace on demand, once, every namespace asked at once in flight together", async () => {
    const { chunks, imported } = fakeChunks(FILES);
    const strings = await browserStrings(chunks, ["common"]);
    const pending = strings.pending("en", ["numbers", "common"]);
    expect(pending).toHaveLength(1);
    expect(strings.pending("en", ["numbers"])).toEqual(pending);
    await strings.load("en", ["numbers", "common"]);
    expect(strings.pending("en", ["numbers", "common"])).toHaveLength(0);
    expect(imported).toEqual(["./en/common.ts", "./en/numbers.ts"]);
    expect(t(strings)("numbers:title")).toBe("Phone numbers");
  });

  it("loads every namespace loaded so far in a new language before speaking it, and tells its listeners", async () => {
    const { chunks, imported } = fakeChunks(FILES);
    const strings = await browserStrings(chunks, ["common"]);
    await strings.load("en", ["numbers"]);
    const english = strings.translation("en", "common");
    const heard: string[] = [];
    strings.subscribe(() => heard.push(strings.getLanguage()));
    const switching = strings.changeLanguage("fr");
    expect(strings.getLanguage()).toBe("en");
    await switching;
    expect(heard).toEqual(["fr"]);
    expect(imported.slice(2).sort()).toEqual(["./fr/common.ts", "./fr/numbers.ts"]);
    expect(t(strings)("numbers:title")).toBe("Numéros de téléphone");
    // A language's t stays the same object; the new language's is another.
    expect(strings.translation("en", "common")).toBe(english);
    expect(strings.translation("fr", "common")).not.toBe(english);
  });

  it("has no strings at once for a name that is no namespace (a message's first segment), without a chunk error", async () => {
    const { chunks, imported } = fakeChunks(FILES);
    const chunkErrors: unknown[] = [];
    const strings = await browserStrings(chunks, ["common"], (error) => chunkErrors.push(error));
    // Nothing to wait for: a component asking for it renders (the message verbatim) instead of waiting.
    expect(strings.pending("en", ["carrier"])).toHaveLength(0);
    expect(imported).toEqual(["./en/common.ts"]);
    expect(chunkErrors).toEqual([]);
    expect(translateError(strings.translation("en", "common").t, "carrier.failed")).toBe("carrier.failed");
  });

  it("reports a chunk that fails to load, once, without retrying, and renders its keys", async () => {
    const gone = new Error("Failed to fetch dynamically imported module");
    const { chunks, imported } = fakeChunks({ ...FILES, "./en/numbers.ts": gone });
    const chunkErrors: unknown[] = [];
    const strings = await browserStrings(chunks, ["common"], (error) => chunkErrors.push(error));
    await strings.load("en", ["numbers"]);
    await strings.load("en", ["numbers"]);
    expect(chunkErrors).toEqual([gone]);
    expect(imported.filter((path) => path === "./en/numbers.ts")).toHaveLength(1);
    expect(strings.pending("en", ["numbers"])).toHaveLength(0);
    expect(t(strings)("numbers:title")).toBe("title");
  });

  it("has one chunk per namespace and language, and none for the language index files", () => {
    const expected = Object.entries(resources).flatMap(([language, namespaces]) =>
      Object.keys(namespaces).map((namespace) => `./${language}/${namespace}.ts`),
    );
    expect(Object.keys(stringChunks).sort()).toEqual(expected.sort());
  });
});

describe("declaredNamespaces", () => {
  it("joins what the matched routes declare, parents first, each once", () => {
    const matches = [
      { id: "root", handle: { i18n: ["common", "errors"] } },
      { id: "routes/_app", handle: { i18n: ["nav"] } },
      { id: "routes/_app._index" },
      { id: "numbers", handle: { i18n: ["numbers", "common"] } },
      { id: "resource", handle: undefined },
    ];
    expect(declaredNamespaces(matches)).toEqual(["common", "errors", "nav", "numbers"]);
  });
});

describe("route modules imported by a navigation", () => {
  it("start loading the namespaces they declare as React Router adds them", () => {
    const loads: string[][] = [];
    const initial = { root: { handle: { i18n: ["common"] } } };
    const modules = loadingStringsOnImport<Record<string, unknown>>(initial, (namespaces) => loads.push(namespaces));
    modules["routes/users"] = { handle: { i18n: ["admin", "users"] }, default: () => null };
    modules["routes/plain"] = { default: () => null };
    expect(loads).toEqual([["admin", "users"]]);
    // The router reads the same modules back, and the page's first modules are still there.
    expect(Object.keys(modules)).toEqual(["root", "routes/users", "routes/plain"]);
    expect(initial).toHaveProperty("routes/users");
  });
});
