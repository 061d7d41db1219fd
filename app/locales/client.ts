import type en from "./en";

/** The browser loads only the current language's strings, as its own chunk. */
export const clientLanguages = import.meta.glob<{ default: typeof en }>("./*/index.ts");
