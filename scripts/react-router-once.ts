import type { Plugin } from "vite";

/**
 * What React Router works out again on every request from routes that never change in a deployed build, worked out
 * once (issue 27, decision 071), by build steps on its production modules:
 * - its matcher tries the ranked branches one by one until one fits, three times per page (the request handler, the
 *   static handler's `query`, the partial manifest for each parent path): ~6 % of a signed-in page's CPU. It now
 *   remembers its answer per path, and gives a fresh copy each time (a loader that changes its `params` changes
 *   only its own);
 * - `<ServerRouter>` builds the route objects of all ~85 routes, and the static router converts them to data routes,
 *   for every page: ~3 %. Both are now kept per build (the build's route manifest and route modules).
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
  return step(code, "lib/router/matcher.js", REACT_ROUTER_MATCH, cached, copyMatches.toString());
}

/** `<ServerRouter>`'s route objects, as react-router's production build spells the line (lib/dom/ssr/server.js). */
export const REACT_ROUTER_SERVER_ROUTES =
  "let routes = createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);";

/**
 * The route objects kept per route manifest, and rebuilt if a route's module or the flags differ (the server
 * runtime hands over a new `routeModules` object per request, holding the same modules). Source text: it goes into
 * React Router's module, beside the `createServerRoutes` it calls.
 */
export const SERVER_ROUTES_ONCE = `const serverRoutesByManifest = new WeakMap();
function serverRoutesOnce(manifestRoutes, routeModules, future, isSpaMode) {
  const known = serverRoutesByManifest.get(manifestRoutes);
  if (known && known.future === future && known.isSpaMode === isSpaMode && Object.keys(routeModules).every((id) => known.routeModules[id] === routeModules[id])) return known.routes;
  const routes = createServerRoutes(manifestRoutes, routeModules, future, isSpaMode);
  serverRoutesByManifest.set(manifestRoutes, { routeModules: { ...routeModules }, future, isSpaMode, routes });
  return routes;
}`;

/** The static router's data routes, as react-router's production build spells them (lib/dom/server.js). */
export const REACT_ROUTER_DATA_ROUTES =
  "let manifest = {};\n\tlet dataRoutes = convertRoutesToDataRoutes(routes, void 0, void 0, manifest);";

/** The data routes and their manifest kept per route objects (kept themselves by `serverRoutesOnce`). */
export const DATA_ROUTES_ONCE = `const dataRoutesByRoutes = new WeakMap();
function dataRoutesOnce(routes) {
  let known = dataRoutesByRoutes.get(routes);
  if (!known) {
    const manifest = {};
    known = { manifest, dataRoutes: convertRoutesToDataRoutes(routes, void 0, void 0, manifest) };
    dataRoutesByRoutes.set(routes, known);
  }
  return known;
}`;

/** `code` with `expected` (found exactly once, else the build fails) replaced, and `appended` after it. */
function step(code: string, file: string, expected: string, replacement: string, appended: string): string {
  if (code.split(expected).length !== 2) {
    throw new Error(
      `react-router's ${file} no longer reads as scripts/react-router-once.ts expects: check the new build and update the step (decision 071)`,
    );
  }
  return `${code.replace(expected, replacement)}\n${appended}\n`;
}

/** React Router's `<ServerRouter>` module with its route objects kept per build. */
export function withServerRoutesOnce(code: string): string {
  const replacement = "let routes = serverRoutesOnce(manifest.routes, routeModules, context.future, context.isSpaMode);";
  return step(code, "lib/dom/ssr/server.js", REACT_ROUTER_SERVER_ROUTES, replacement, SERVER_ROUTES_ONCE);
}

/** React Router's static router module with its data routes kept per route objects. */
export function withDataRoutesOnce(code: string): string {
  const replacement = "let { manifest, dataRoutes } = dataRoutesOnce(routes);";
  return step(code, "lib/dom/server.js", REACT_ROUTER_DATA_ROUTES, replacement, DATA_ROUTES_ONCE);
}

const STEPS: [RegExp, (code: string) => string][] = [
  [/[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]router[\\/]matcher\.js$/, withMatchCache],
  [/[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]dom[\\/]ssr[\\/]server\.js$/, withServerRoutesOnce],
  [/[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]dom[\\/]server\.js$/, withDataRoutesOnce],
];

/** The Vite plugin: the Worker's production build only (the browser derives its routes once per page load anyway). */
export function reactRouterOnce(): Plugin {
  return {
    name: "amp:react-router-once",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, id) {
      const step = STEPS.find(([file]) => file.test(id));
      return step ? { code: step[1](code), map: null } : null;
    },
  };
}
