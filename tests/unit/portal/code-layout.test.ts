import { describe, expect, it } from "vitest";

/**
 * Route modules export only what React Router reads. A helper or schema another module needs lives in
 * app/lib or app/components, so no route module imports another and the browser bundle of a screen
 * never drags in a second screen's code.
 */
const READ_BY_REACT_ROUTER = new Set([
  "default",
  "loader",
  "action",
  "clientLoader",
  "clientAction",
  "middleware",
  "clientMiddleware",
  "handle",
  "meta",
  "links",
  "headers",
  "shouldRevalidate",
  "ErrorBoundary",
  "HydrateFallback",
  "Layout",
]);

const modules = import.meta.glob<Record<string, unknown>>("../../../app/routes/*.tsx", { eager: true });
const sources = import.meta.glob<string>("../../../app/routes/*.tsx", { eager: true, query: "?raw", import: "default" });

describe("route modules", () => {
  it("are found", () => {
    expect(Object.keys(modules).length).toBeGreaterThan(60);
  });

  for (const [file, module] of Object.entries(modules)) {
    const name = file.replace("../../../app/", "");
    it(`${name} exports only what React Router reads`, () => {
      expect(Object.keys(module).filter((key) => !READ_BY_REACT_ROUTER.has(key))).toEqual([]);
    });
    it(`${name} imports no other route module`, () => {
      const imports = [...(sources[file] ?? "").matchAll(/from "(\.\/(?!\+types\/)[^"]+|~\/routes\/[^"]+)"/g)].map((match) => match[1]);
      expect(imports).toEqual([]);
    });
  }
});

describe("server-only modules", () => {
  it("live in app/lib (or a route module), not among the components", () => {
    const serverModules = import.meta.glob("../../../app/components/**/*.server.{ts,tsx}");
    expect(Object.keys(serverModules)).toEqual([]);
  });
});
