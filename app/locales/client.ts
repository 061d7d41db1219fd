import type { LoadStrings } from "~/lib/i18n";
import type { Strings } from "~/lib/translate";

type StringsModule = { default: Strings };
/** Loaders of string files by path, `./<language>/<namespace>.ts`, as `import.meta.glob` gives them. */
export type StringChunks = Record<string, () => Promise<StringsModule>>;

/**
 * The browser's strings: every namespace of every language is its own chunk, loaded when a page needs it
 * (the server imports them all, see ./index.ts). The language index files would put every namespace in
 * one chunk again: they are left out.
 */
export const stringChunks: StringChunks = import.meta.glob<StringsModule>(["./*/*.ts", "!./*/index.ts"]);

/**
 * The browser's string loader over `chunks` (the page's StringStore, entry.client): a namespace is that one file.
 * A name that is no namespace has no strings at once (a message may name one, see ~/lib/validation-message); a
 * chunk that fails to load (a deployment removed it) is reported through `onChunkError` and has no strings: the
 * browser keeps a failed module import failed, so asking again would not help.
 */
export function chunkLoader(chunks: StringChunks, onChunkError: (error: unknown) => void): LoadStrings {
  return (language, namespace) => {
    const load = chunks[`./${language}/${namespace}.ts`];
    if (!load) return undefined;
    return load().then(
      (module) => module.default,
      (error: unknown) => {
        onChunkError(error);
        return undefined;
      },
    );
  };
}
