import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  copyMatches,
  DATA_ROUTES_ONCE,
  MATCH_CACHE_SIZE,
  REACT_ROUTER_DATA_ROUTES,
  REACT_ROUTER_MATCH,
  REACT_ROUTER_SERVER_ROUTES,
  SERVER_ROUTES_ONCE,
  withDataRoutesOnce,
  withMatchCache,
  withServerRoutesOnce,
} from "../../../scripts/react-router-once";

const require = createRequire(import.meta.url);
const routerDir = join(dirname(require.resolve("react-router/package.json")), "dist/production/lib/router");
const matcherSource = readFileSync(join(routerDir, "matcher.js"), "utf8");

type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: { id: string } };
type Matcher = { update(routes: unknown[]): void; match(location: string | { pathname: string }, allowPartial?: boolean): Match[] | null };
type MatcherClass = new (basename: string) => Matcher;

/** React Router's matcher module from its source text, its `./utils.js` the installed one. */
const work = mkdtempSync(join(tmpdir(), "amp-match-cache-"));
async function loadMatcher(source: string, name: string): Promise<MatcherClass> {
  const file = join(work, `${name}.mjs`);
  writeFileSync(file, source.replace('from "./utils.js"', `from ${JSON.stringify(pathToFileURL(join(routerDir, "utils.js")).href)}`));
  return ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { V6RegExMatcher: MatcherClass }).V6RegExMatcher;
}
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A route tree with what the portal's has: layouts, an index, static and dynamic segments, optional ones, splats. */
const ROUTES = [
  {
    id: "root",
    path: "",
    children: [
      { id: "guest", children: [{ id: "login", path: "login" }] },
      {
        id: "app",
        children: [
          { id: "home", index: true },
          { id: "users", path: "users" },
          { id: "user-edit", path: "users/edit/:id" },
          { id: "document", path: "tools/porting/order/:id/documents/:document" },
          { id: "numbers", path: "tools/numbers" },
          { id: "tab", path: "settings/:tab?" },
          { id: "export", path: "exports/:list" },
        ],
      },
      { id: "files", path: "api/files/*" },
      { id: "not-found", path: "*" },
    ],
  },
];
const PATHS = [
  "/",
  "/login",
  "/users",
  "/users/",
  "/USERS",
  "/users/edit/24",
  "/users/edit/caf%C3%A9",
  "/tools/porting/order/7/documents/loa",
  "/tools/numbers",
  "/tools",
  "/settings",
  "/settings/security",
  "/exports/users",
  "/api/files/a/b/c.pdf",
  "/nowhere/at/all",
  "/users?page=2",
];

describe("withMatchCache: the build step on React Router's matcher (decision 071)", () => {
  it("finds the matcher's `match` in the installed react-router (an upgrade that changes it fails here)", () => {
    expect(matcherSource).toContain(REACT_ROUTER_MATCH);
    expect(withMatchCache(matcherSource)).toContain("this.#answers");
    expect(() => withMatchCache("export class V6RegExMatcher {}")).toThrow(/decision 071/);
  });

  it("answers as React Router's own matcher, the first time and from its cache, for strings and locations", async () => {
    const Original = await loadMatcher(matcherSource, "original");
    const Cached = await loadMatcher(withMatchCache(matcherSource), "cached");
    const original = new Original("/");
    const cached = new Cached("/");
    original.update(ROUTES);
    cached.update(ROUTES);
    for (const allowPartial of [false, true]) {
      for (const path of PATHS) {
        const expected = original.match(path, allowPartial);
        expect(cached.match(path, allowPartial), path).toEqual(expected);
        expect(cached.match(path, allowPartial), `${path}, again`).toEqual(expected);
        expect(cached.match({ pathname: path.split("?")[0] ?? "/" }, allowPartial), `${path} as a location`).toEqual(
          original.match({ pathname: path.split("?")[0] ?? "/" }, allowPartial),
        );
      }
    }
  });

  it("gives each caller its own copy: changing one answer's params changes no other answer", async () => {
    const Cached = await loadMatcher(withMatchCache(matcherSource), "isolated");
    const matcher = new Cached("/");
    matcher.update(ROUTES);
    const first = matcher.match("/users/edit/24") ?? [];
    // As in React Router's answer, every match of one answer shares one params object.
    expect(new Set(first.map((match) => match.params)).size).toBe(1);
    (first[0] as Match).params.id = "99";
    const second = matcher.match("/users/edit/24") ?? [];
    expect(second.map((match) => match.params.id)).toEqual(second.map(() => "24"));
    expect(second.map((match) => match.route.id)).toEqual(["root", "app", "user-edit"]);
  });

  it("forgets its answers when the routes change", async () => {
    const Cached = await loadMatcher(withMatchCache(matcherSource), "updated");
    const matcher = new Cached("/");
    matcher.update(ROUTES);
    expect(matcher.match("/users")?.at(-1)?.route.id).toBe("users");
    matcher.update([{ id: "other", path: "users" }]);
    expect(matcher.match("/users")?.map((match) => match.route.id)).toEqual(["other"]);
  });

  it("copyMatches keeps null and the shape of an answer", () => {
    expect(copyMatches(null)).toBeNull();
    const shared = { id: "1" };
    const copy = copyMatches([
      { params: shared, pathname: "/a" },
      { params: shared, pathname: "/a/1" },
    ]) as { params: object; pathname: string }[];
    expect(copy).toEqual([
      { params: { id: "1" }, pathname: "/a" },
      { params: { id: "1" }, pathname: "/a/1" },
    ]);
    expect(copy[0]?.params).not.toBe(shared);
    expect(copy[0]?.params).toBe(copy[1]?.params);
    expect(MATCH_CACHE_SIZE).toBeGreaterThan(100);
  });
});

describe("withServerRoutesOnce and withDataRoutesOnce: <ServerRouter>'s routes kept per build (decision 071)", () => {
  const domDir = join(routerDir, "../dom");

  it("finds the lines in the installed react-router (an upgrade that changes them fails here)", () => {
    const serverRouter = readFileSync(join(domDir, "ssr/server.js"), "utf8");
    const staticRouter = readFileSync(join(domDir, "server.js"), "utf8");
    expect(serverRouter).toContain(REACT_ROUTER_SERVER_ROUTES);
    expect(staticRouter).toContain(REACT_ROUTER_DATA_ROUTES);
    expect(withServerRoutesOnce(serverRouter)).toContain("let routes = serverRoutesOnce(manifest.routes");
    expect(withDataRoutesOnce(staticRouter)).toContain("let { manifest, dataRoutes } = dataRoutesOnce(routes);");
    expect(() => withServerRoutesOnce("function ServerRouter() {}")).toThrow(/decision 071/);
    expect(() => withDataRoutesOnce("function createStaticRouter() {}")).toThrow(/decision 071/);
  });

  it("builds the route objects once per manifest, again when a module or a flag differs", () => {
    let built = 0;
    const createServerRoutes = (manifest: object) => {
      built++;
      return [{ id: "root", manifest }];
    };
    const serverRoutesOnce = new Function("createServerRoutes", `${SERVER_ROUTES_ONCE}\nreturn serverRoutesOnce;`)(createServerRoutes) as (
      manifest: object,
      modules: Record<string, object>,
      future: object,
      spa: boolean,
    ) => unknown;
    const manifest = { root: {} };
    const future = {};
    const root = { default: () => null };
    const first = serverRoutesOnce(manifest, { root }, future, false);
    // The server runtime hands over a new modules object per request, holding the same modules.
    expect(serverRoutesOnce(manifest, { root }, future, false)).toBe(first);
    expect(built).toBe(1);
    expect(serverRoutesOnce(manifest, { root: { default: () => null } }, future, false)).not.toBe(first);
    expect(serverRoutesOnce(manifest, { root }, {}, false)).not.toBe(first);
    expect(serverRoutesOnce({ root: {} }, { root }, future, false)).not.toBe(first);
    expect(built).toBe(4);
  });

  it("converts route objects to data routes once, with their manifest", () => {
    let converted = 0;
    const convertRoutesToDataRoutes = (routes: { id: string }[], _map: unknown, _path: unknown, manifest: Record<string, object>) => {
      converted++;
      return routes.map((route) => {
        const dataRoute = { ...route };
        manifest[route.id] = dataRoute;
        return dataRoute;
      });
    };
    const dataRoutesOnce = new Function("convertRoutesToDataRoutes", `${DATA_ROUTES_ONCE}\nreturn dataRoutesOnce;`)(
      convertRoutesToDataRoutes,
    ) as (routes: object[]) => { manifest: Record<string, object>; dataRoutes: object[] };
    const routes = [{ id: "root" }];
    const first = dataRoutesOnce(routes);
    expect(first.manifest.root).toBe(first.dataRoutes[0]);
    expect(dataRoutesOnce(routes)).toBe(first);
    expect(dataRoutesOnce([{ id: "root" }])).not.toBe(first);
    expect(converted).toBe(2);
  });
});
