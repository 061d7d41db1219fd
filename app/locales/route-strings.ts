import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";
import type { Namespace, StringsHandle } from "./types";

/**
 * The namespaces a page renders: the union of what its matched routes declare in `handle.i18n` (root
 * included), in declaration order. Takes route modules or matches, anything with a `handle`.
 */
export function declaredNamespaces(routes: Iterable<unknown>): Namespace[] {
  const namespaces = new Set<Namespace>();
  for (const route of routes) {
    const handle = (route as { handle?: Partial<StringsHandle> } | undefined)?.handle;
    for (const namespace of handle?.i18n ?? []) namespaces.add(namespace);
  }
  return [...namespaces];
}

/**
 * The page renders once every namespace its routes declare is loaded. Before hydration the entry loads
 * them; after a client navigation to a screen not seen yet this suspends the new render inside the
 * navigation's transition, so the previous screen stays until they are all in (one request each, in
 * parallel), dialogs and menus the screen opens later included. On the server every namespace is there.
 */
export function useDeclaredStrings(): void {
  useTranslation(declaredNamespaces(useMatches()));
}
