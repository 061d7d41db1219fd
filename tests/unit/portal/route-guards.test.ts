import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SCREENS } from "~/route-table";

/**
 * Every signed-in screen's loader and action must start with its guard. This reads the route
 * modules, so a new screen that forgets `requireScreen(context, "<id>")` fails here.
 */
describe("route table guards", () => {
  for (const screen of SCREENS) {
    const source = readFileSync(new URL(`../../../app/${screen.file}`, import.meta.url), "utf8");
    for (const kind of ["loader", "action"] as const) {
      const start = source.search(new RegExp(`export (async )?function ${kind}\\b`));
      if (start < 0) continue;
      it(`${screen.file} ${kind} calls requireScreen(context, "${screen.id}")`, () => {
        const body = source.slice(start, start + 600);
        expect(body).toContain(`requireScreen(context, "${screen.id}")`);
      });
    }
  }

  it("ids and paths are unique", () => {
    expect(new Set(SCREENS.map((screen) => screen.id)).size).toBe(SCREENS.length);
    expect(new Set(SCREENS.map((screen) => screen.path)).size).toBe(SCREENS.length);
  });
});
