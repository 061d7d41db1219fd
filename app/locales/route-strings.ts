import { useMatches } from "react-router";
import { useTranslation } from "~/lib/i18n";
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

/**
 * React Router keeps the route modules it has imported in one object (`window.__reactRouterRouteModules`) and
 * adds each new one when a navigation imports it, while the navigation's data request is in flight. The
 * returned object stands in for it: each module added starts loading the namespaces it declares at once, so
 * a screen's strings arrive beside its data instead of in a second round trip when it first renders.
 */
export function loadingStringsOnImport<Modules extends Record<string, unknown>>(
  modules: Modules,
  load: (namespaces: Namespace[]) => void,
): Modules {
  return new Proxy(modules, {
    set(target, id, module) {
      const added = Reflect.set(target, id, module);
      const namespaces = declaredNamespaces([module]);
      if (namespaces.length > 0) load(namespaces);
      return added;
    },
  });
}
