import { createRequire } from "node:module";
import * as React from "react";
import { describe, expect, it } from "vitest";

/**
 * vite.config.ts answers react-i18next's `use-sync-external-store/shim` with React's own `useSyncExternalStore`. That is
 * what the shim itself exports whenever React has one: if an upgrade changes that, this fails and the plugin has to go.
 */
const require = createRequire(import.meta.url);

describe("use-sync-external-store/shim", () => {
  it("exports React's own useSyncExternalStore with this React", () => {
    const shim = require("use-sync-external-store/shim") as { useSyncExternalStore: unknown };
    expect(typeof React.useSyncExternalStore).toBe("function");
    expect(shim.useSyncExternalStore).toBe(React.useSyncExternalStore);
  });
});
