import type { BackendModule, ResourceKey } from "i18next";

type StringsModule = { default: ResourceKey };
/** Loaders of string files by path, `./<language>/<namespace>.ts`, as `import.meta.glob` gives them. */
export type StringChunks = Record<string, () => Promise<StringsModule>>;

/**
 * The browser's strings: every namespace of every language is its own chunk, loaded when a page needs it
 * (the server imports them all, see ./index.ts). The language index files would put every namespace in
 * one chunk again: they are left out.
 */
export const stringChunks: StringChunks = import.meta.glob<StringsModule>(["./*/*.ts", "!./*/index.ts"]);

/**
 * An i18next backend over `chunks`: `read(language, namespace)` imports that one file. A namespace that
 * does not exist fails at once (a message may name one, see ~/lib/validation-message); a chunk that fails
 * to load (a deployment removed it) is reported through `onChunkError` and not retried, since the browser
 * keeps a failed module import failed.
 */
export function chunkBackend(chunks: StringChunks, onChunkError: (error: unknown) => void): BackendModule {
  return {
    type: "backend",
    callbackApi: true,
    init() {},
    read(language, namespace, callback) {
      const load = chunks[`./${language}/${namespace}.ts`];
      // `false`: i18next does not retry.
      if (!load) return callback(new Error(`no strings for ${language}/${namespace}`), false);
      load().then(
        (module) => callback(null, module.default),
        (error: unknown) => {
          onChunkError(error);
          callback(error instanceof Error ? error : String(error), false);
        },
      );
    },
  };
}
