/** The shape of a translation: the English file's keys, with any string as value. */
export type Translation<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

/** A namespace of strings: a file `app/locales/<language>/<namespace>.ts`. */
export type Namespace = keyof typeof import("./en").default;

/**
 * What a route module declares in its `handle`: the namespaces its screen renders beyond those of its
 * parent routes (root: the ones every page needs). The browser loads exactly these before hydrating
 * (docs/decisions/024-strings-load-per-namespace.md); tests/unit/portal/route-namespaces.test.ts fails when a
 * route module, or a component it imports, uses one its route does not declare.
 */
export interface StringsHandle {
  i18n: readonly Namespace[];
}
