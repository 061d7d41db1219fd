import i18next, { type ResourceKey } from "i18next";
import { describe, expect, it } from "vitest";
import { translateError } from "~/lib/validation-message";
import { resources } from "~/locales";
import { chunkBackend, type StringChunks, stringChunks } from "~/locales/client";
import { declaredNamespaces, loadingStringsOnImport } from "~/locales/route-strings";

/** Fake string chunks that record which files were imported, as `import.meta.glob` would load them. */
function fakeChunks(files: Record<string, ResourceKey | Error>) {
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

async function browserI18n(chunks: StringChunks, ns: string[], onChunkError: (error: unknown) => void = () => {}) {
  const i18n = i18next.createInstance();
  await i18n.use(chunkBackend(chunks, onChunkError)).init({ lng: "en", fallbackLng: false, load: "currentOnly", ns, defaultNS: "common" });
  return i18n;
}

const FILES = {
  "./en/common.ts": { save: "Save" },
  "./en/numbers.ts": { title: "Phone numbers" },
  "./fr/common.ts": { save: "Enregistrer" },
  "./fr/numbers.ts": { title: "Numéros de téléphone" },
};

describe("the browser's strings backend", () => {
  it("loads only the namespaces asked for, in the page's language", async () => {
    const { chunks, imported } = fakeChunks(FILES);
    const i18n = await browserI18n(chunks, ["common"]);
    expect(imported).toEqual(["./en/common.ts"]);
    expect(i18n.t("save")).toBe("Save");
  });

  it("loads a namespace on demand, once", async () => {
    const { chunks, imported } = fakeChunks(FILES);
    const i18n = await browserI18n(chunks, ["common"]);
    await i18n.loadNamespaces("numbers");
    await i18n.loadNamespaces(["numbers", "common"]);
    expect(imported).toEqual(["./en/common.ts", "./en/numbers.ts"]);
    expect(i18n.t("numbers:title")).toBe("Phone numbers");
  });

  it("loads every namespace loaded so far in a new language", async () => {
    const { chunks, imported } = fakeChunks(FILES);
    const i18n = await browserI18n(chunks, ["common"]);
    await i18n.loadNamespaces("numbers");
    await i18n.changeLanguage("fr");
    expect(imported.slice(2).sort()).toEqual(["./fr/common.ts", "./fr/numbers.ts"]);
    expect(i18n.t("numbers:title")).toBe("Numéros de téléphone");
  });

  it("fails at once for a name that is no namespace (a message's first segment), without a chunk error", async () => {
    const { chunks, imported } = fakeChunks(FILES);
    const chunkErrors: unknown[] = [];
    const i18n = await browserI18n(chunks, ["common"], (error) => chunkErrors.push(error));
    await i18n.loadNamespaces("carrier");
    expect(imported).toEqual(["./en/common.ts"]);
    expect(chunkErrors).toEqual([]);
    // Not pending any more: a component asking for it renders (the message verbatim) instead of waiting.
    expect(i18n.hasLoadedNamespace("carrier")).toBe(true);
    expect(translateError(i18n.t, "carrier.failed")).toBe("carrier.failed");
  });

  it("reports a chunk that fails to load, once, without retrying", async () => {
    const gone = new Error("Failed to fetch dynamically imported module");
    const { chunks, imported } = fakeChunks({ ...FILES, "./en/numbers.ts": gone });
    const chunkErrors: unknown[] = [];
    const i18n = await browserI18n(chunks, ["common"], (error) => chunkErrors.push(error));
    await i18n.loadNamespaces("numbers");
    expect(chunkErrors).toEqual([gone]);
    expect(imported.filter((path) => path === "./en/numbers.ts")).toHaveLength(1);
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
