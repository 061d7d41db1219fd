import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { FAST_ICON, isLucidesIconImport, lucideIcon, SERVER_ENVIRONMENT } from "../../../scripts/lucide-icon";

const esm = join(dirname(createRequire(import.meta.url).resolve("lucide-react")), "../esm");

describe("the build gives lucide's modules the portal's Icon (decision 064)", () => {
  it("redirects lucide's own ./Icon.mjs imports and nothing else", () => {
    expect(isLucidesIconImport("./Icon.mjs", join(esm, "createLucideIcon.mjs"))).toBe(true);
    expect(isLucidesIconImport("./Icon.mjs", join(esm, "lucide-react.mjs"))).toBe(true);
    // The portal's module imports lucide's original: that import stays lucide's.
    expect(isLucidesIconImport("lucide-react/dist/esm/Icon.mjs", FAST_ICON)).toBe(false);
    expect(isLucidesIconImport("./Icon.mjs", "/work/app/components/ui/Icon.mjs")).toBe(false);
    expect(isLucidesIconImport("./Icon.mjs", undefined)).toBe(false);
    expect(isLucidesIconImport("../createLucideIcon.mjs", join(esm, "icons/users.mjs"))).toBe(false);
    expect(FAST_ICON).toMatch(/app[\\/]lib[\\/]lucide-icon\.ts$/);
    const plugin = lucideIcon();
    expect(plugin.apply).toBe("build");
    const applies = (name: string) => (plugin.applyToEnvironment as (environment: { name: string }) => boolean)({ name });
    expect([applies("ssr"), applies("client"), applies("amp_backend")]).toEqual([true, false, false]);
  });

  it("names the portal Worker's environment as vite.config.ts does", () => {
    expect(readFileSync(join(__dirname, "../../../vite.config.ts"), "utf8")).toContain(
      `viteEnvironment: { name: "${SERVER_ENVIRONMENT}" }`,
    );
  });

  it("matches how this lucide-react is built: icons use createLucideIcon, which renders ./Icon.mjs", () => {
    expect(readFileSync(join(esm, "icons/users.mjs"), "utf8")).toContain("import createLucideIcon from '../createLucideIcon.mjs';");
    expect(readFileSync(join(esm, "createLucideIcon.mjs"), "utf8")).toContain("import Icon from './Icon.mjs';");
    expect(readFileSync(join(esm, "lucide-react.mjs"), "utf8")).toContain("export { default as Icon } from './Icon.mjs';");
  });
});
