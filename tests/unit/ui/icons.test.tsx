import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as icons from "~/components/icons";
import { declaredIcons, ICONS_MODULE, renderIconSprite, SPRITE_FILE } from "../../../scripts/icon-sprite";
import { app, sourceFiles } from "../portal/app-imports";

// Decision 066: icons are references into one sprite; the browser loads no icon code.
const declared = declaredIcons(readFileSync(ICONS_MODULE, "utf8"));

describe("the icon sprite", () => {
  it("is the one the icon list gives (run `npm run icons` after changing app/components/icons.tsx)", () => {
    expect(readFileSync(SPRITE_FILE, "utf8")).toBe(renderIconSprite(declared));
  });

  it("has a symbol for every icon the module exports, named as lucide-react's", () => {
    const exported = Object.keys(icons).sort();
    expect(declared.map((icon) => icon.component).sort()).toEqual(exported);
    expect(declared.find((icon) => icon.component === "Trash2")?.id).toBe("trash-2");
    const sprite = readFileSync(SPRITE_FILE, "utf8");
    for (const { id } of declared) expect(sprite).toContain(`<symbol id="${id}" viewBox="0 0 24 24">`);
  });

  it("keeps lucide's drawing: the symbol holds what lucide draws inside its <svg>", () => {
    const sprite = renderIconSprite([{ component: "Pencil", id: "pencil" }]);
    expect(sprite).toMatch(/<symbol id="pencil" viewBox="0 0 24 24"><path d="[^"]+"><\/path>/);
    expect(() => renderIconSprite([{ component: "NoSuchIcon", id: "x" }])).toThrow(/no icon NoSuchIcon/);
  });
});

describe("an icon", () => {
  it("is a decorative <svg> using its symbol, with lucide's classes and the caller's", () => {
    const html = renderToStaticMarkup(<icons.Pencil className="size-4" />);
    expect(html).toMatch(
      /^<svg aria-hidden="true" class="lucide lucide-pencil size-4"><use href="[^"#]*icons[^"#]*\.svg#pencil"><\/use><\/svg>$/,
    );
  });

  it("is not hidden once named", () => {
    const html = renderToStaticMarkup(<icons.Trash2 aria-label="Delete" role="img" />);
    expect(html).not.toContain("aria-hidden");
    expect(html).toContain('aria-label="Delete"');
    expect(html).toContain('class="lucide lucide-trash-2"');
  });
});

it("only server modules import lucide-react (the browser draws icons from the sprite)", () => {
  const importers = sourceFiles(app)
    .filter((file) => /from\s+["']lucide-react["']/.test(readFileSync(file, "utf8")))
    .map((file) => relative(app, file));
  expect(importers.filter((file) => !/\.server\.tsx?$/.test(file))).toEqual([]);
  expect(importers).toContain("lib/nav-icons.server.tsx");
});
