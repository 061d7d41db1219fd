import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { LucideIconData } from "lucide-react";
import { LucideProvider } from "lucide-react/dist/esm/context.mjs";
// lucide's ES modules, as the build uses them (Node's "lucide-react" would be its CommonJS copy, another context).
import LucidesIcon from "lucide-react/dist/esm/Icon.mjs";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import Icon, { CLASS_NAMES_KEPT } from "~/lib/lucide-icon";

// Every icon lucide-react ships, with the data its component is made from (`__iconData` of each icon module; the
// modules of old names re-export another's component only).
const iconsDir = join(dirname(createRequire(import.meta.url).resolve("lucide-react")), "../esm/icons");
const icons = (
  await Promise.all(
    readdirSync(iconsDir)
      .filter((file) => file.endsWith(".mjs"))
      .map(async (file) => (await import(join(iconsDir, file))).__iconData as LucideIconData | undefined),
  )
).filter((icon) => icon !== undefined);

type Props = Record<string, unknown> & { children?: ReactNode };
const lucides = (icon: LucideIconData, props: Props) =>
  renderToStaticMarkup(createElement(LucidesIcon, { icon, ...props } as Parameters<typeof LucidesIcon>[0]));
const ours = (icon: LucideIconData, props: Props) =>
  renderToStaticMarkup(createElement(Icon, { icon, ...props } as Parameters<typeof Icon>[0]));

/** What the portal passes (a class, aria-hidden, a label, data attributes) and what it does not (size, colour, …). */
const PROPS: Props[] = [
  {},
  { className: "size-4" },
  { className: "size-4" },
  { className: "  mr-2 size-4  shrink-0 size-4 lucide " },
  { className: "size-4", "aria-hidden": true },
  { className: "size-4", "aria-hidden": "true", "data-icon": "inline-start" },
  { "aria-label": "Close" },
  { "aria-label": undefined, "aria-describedby": null },
  { role: "img" },
  { title: "Phone" },
  { children: createElement("title", null, "Phone") },
  { children: [createElement("title", { key: "t" }, "Phone"), "text"] },
  { fill: "red", viewBox: "0 0 10 10", style: { color: "red" }, id: "x", "data-state": "open" },
  { className: undefined },
  { color: null, size: undefined },
  { size: 16 },
  { width: 20, className: "size-4" },
  { height: 20 },
  { strokeWidth: 1.5 },
  { absoluteStrokeWidth: true, size: 12 },
  { absoluteStrokeWidth: false },
  { nonScalingStroke: true },
  { color: "red" },
];

// The two sweeps render thousands of icons: seconds on a quiet machine, more beside CI's typecheck.
const SWEEP_TIMEOUT_MS = 60_000;

describe("the portal's lucide Icon (decision 064)", () => {
  it(
    "draws every lucide icon as lucide does",
    () => {
      expect(icons.length).toBeGreaterThan(1000);
      for (const icon of icons) {
        for (const props of [{}, { className: "size-4 text-muted-foreground" }, { "aria-label": "x" }]) {
          const expected = lucides(icon, props);
          // Twice: the second comes from what the first kept.
          expect(ours(icon, props), icon.name).toBe(expected);
          expect(ours(icon, props), icon.name).toBe(expected);
        }
      }
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    "gives lucide's HTML for the props the portal passes and any others, icons with aliases and sizes included",
    () => {
      const sample = icons.filter((icon, index) => index % 97 === 0 || (icon.aliases?.length ?? 0) > 0 || icon.size !== undefined);
      expect(sample.some((icon) => (icon.aliases?.length ?? 0) > 0)).toBe(true);
      for (const icon of sample.slice(0, 200)) {
        for (const props of PROPS) expect(ours(icon, props), `${icon.name} ${JSON.stringify(props)}`).toBe(lucides(icon, props));
      }
      const odd: LucideIconData = { name: "", aliases: ["", " ", "odd-one"], width: 20, height: 16, node: icons[0].node };
      for (const props of PROPS) expect(ours(odd, props)).toBe(lucides(odd, props));
    },
    SWEEP_TIMEOUT_MS,
  );

  it("follows a LucideProvider's values as lucide does", () => {
    const icon = icons[0];
    for (const value of [{ size: 16 }, { className: "from-provider" }, { strokeWidth: 1 }, { color: "blue" }]) {
      const inProvider = (drawn: ReactNode) => renderToStaticMarkup(<LucideProvider {...value}>{drawn}</LucideProvider>);
      const provided = inProvider(<Icon icon={icon} className="size-4" />);
      expect(provided, JSON.stringify(value)).toBe(inProvider(<LucidesIcon icon={icon} className="size-4" />));
      expect(provided).not.toBe(ours(icon, { className: "size-4" }));
    }
  });

  it("stays right past the class names it keeps per icon", () => {
    const icon = icons[1];
    for (let index = 0; index < CLASS_NAMES_KEPT + 10; index++) {
      const props = { className: `size-${index}` };
      expect(ours(icon, props)).toBe(lucides(icon, props));
    }
    expect(ours(icon, { className: "size-3" })).toBe(lucides(icon, { className: "size-3" }));
  });
});
