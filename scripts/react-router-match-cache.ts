import type { Plugin } from "vite";

/**
 * React Router matches a request's path against the route tree three times per page (the request handler, the
 * static handler's `query`, and the page's partial manifest for each parent path), each time trying the ranked
 * branches one by one until one fits: ~6 % of a signed-in page's CPU in the Worker (issue 27, decision 071). The
 * routes of a deployed build never change, so this build step makes React Router's matcher remember its answer
 * per path: the same answer as before, a fresh copy each time (a loader that changes its `params` changes only
 * its own).
 */

/** React Router's matcher's `match`, as its production build spells it: the build fails if an upgrade changes it. */
export const REACT_ROUTER_MATCH =
  "\tupdate(routes) {\n\t\tthis.#routes = routes;\n\t\tthis.#branches = flattenAndRankRoutes(routes);\n\t}\n\tmatch(locationArg, allowPartial = false) {\n\t\treturn matchRoutesImpl(this.#routes, locationArg, this.#basename, allowPartial, this.#branches);\n\t}";

/** Answers kept per matcher at most; a full cache starts over (request paths are the client's to choose). */
export const MATCH_CACHE_SIZE = 1000;

/**
 * A copy of a match list: new match objects, and new `params` objects that the copies share as the originals
 * shared theirs. Its source goes into React Router's module, so it names nothing outside itself.
 */
export function copyMatches<Match extends { params: object }>(matches: Match[] | null): Match[] | null {
  if (matches === null) return null;
  const copies = new Map<object, object>();
  return matches.map((match) => {
    let params = copies.get(match.params);
    if (params === undefined) {
      params = { ...match.params };
      copies.set(match.params, params);
    }
    return { ...match, params };
  });
}

/** React Router's router module with its matcher remembering answers per path and `allowPartial`. */
export function withMatchCache(code: string): string {
  if (!code.includes(REACT_ROUTER_MATCH)) {
    throw new Error(
      "react-router's matcher (lib/router/matcher.js) no longer reads as scripts/react-router-match-cache.ts expects: check the new build and update REACT_ROUTER_MATCH (decision 071)",
    );
  }
  const cached = [
    "\t#answers = new Map();",
    "\tupdate(routes) {",
    "\t\tthis.#routes = routes;",
    "\t\tthis.#branches = flattenAndRankRoutes(routes);",
    "\t\tthis.#answers.clear();",
    "\t}",
    "\tmatch(locationArg, allowPartial = false) {",
    '\t\tconst path = typeof locationArg === "string" ? locationArg : locationArg.pathname || "/";',
    '\t\tconst key = (allowPartial ? "partial " : "whole ") + path;',
    "\t\tlet matches = this.#answers.get(key);",
    "\t\tif (matches === undefined) {",
    "\t\t\tmatches = matchRoutesImpl(this.#routes, locationArg, this.#basename, allowPartial, this.#branches);",
    `\t\t\tif (this.#answers.size >= ${MATCH_CACHE_SIZE}) this.#answers.clear();`,
    "\t\t\tthis.#answers.set(key, matches);",
    "\t\t}",
    "\t\treturn copyMatches(matches);",
    "\t}",
  ].join("\n");
  return `${code.replace(REACT_ROUTER_MATCH, cached)}\n${copyMatches.toString()}\n`;
}

/** The Vite plugin: the Worker's production build only (the browser matches once per navigation; bytes count there). */
export function reactRouterMatchCache(): Plugin {
  return {
    name: "amp:react-router-match-cache",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]router[\\/]matcher\.js$/.test(id)) return null;
      return { code: withMatchCache(code), map: null };
    },
  };
}
