import { describe, expect, it } from "vitest";

/**
 * The backend's layers (issue 24): routes use lib/ and carriers/, never the other way round. The state machines
 * that routes, webhooks, queues and the reconciler share live in lib/, so a queue consumer never loads a
 * route module (and its OpenAPI definitions) to do its work.
 */
const sources = import.meta.glob<string>(["../../../backend/src/lib/**/*.ts", "../../../backend/src/carriers/**/*.ts"], {
  eager: true,
  query: "?raw",
  import: "default",
});

describe("backend layers", () => {
  it("are found", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20);
  });

  it("lib/ and carriers/ import no route module", () => {
    const offenders = Object.entries(sources)
      .filter(([, source]) => /from "(\.\.\/)+routes\//.test(source))
      .map(([file]) => file.replace(/^(\.\.\/)+/, ""));
    expect(offenders).toEqual([]);
  });
});
