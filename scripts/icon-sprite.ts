// Writes app/assets/icons.svg, the sprite of the icons app/components/icons.tsx exports (decision 066):
//   npm run icons
// One <symbol> per icon, named as the icon's `icon("name")` and drawn by lucide-react's export of the same name. The
// stroke is not in the sprite: the `lucide` class gives it (app/app.css, app/guest.css), so a page can vary it.
import { readFileSync, writeFileSync } from "node:fs";
import * as lucide from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

export const ICONS_MODULE = new URL("../app/components/icons.tsx", import.meta.url);
export const SPRITE_FILE = new URL("../app/assets/icons.svg", import.meta.url);

/** The icons a module exports as `export const Name = … icon("name")`: lucide's export name, the symbol's id. */
export function declaredIcons(source: string): { component: string; id: string }[] {
  return Array.from(source.matchAll(/^export const (\w+) = (?:\/\* @__PURE__ \*\/ )?icon\("([a-z0-9-]+)"\);$/gm), ([, component, id]) => ({
    component,
    id,
  }));
}

/** lucide's `<svg>` attributes that the `lucide` class gives instead; an upgrade that changes them must not pass unseen. */
const STROKE =
  'xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

export function renderIconSprite(icons: { component: string; id: string }[]): string {
  const symbols = icons.map(({ component, id }) => {
    const Icon = (lucide as unknown as Record<string, lucide.LucideIcon | undefined>)[component];
    if (!Icon) throw new Error(`lucide-react has no icon ${component}`);
    const match = /^<svg ([^>]*) class="[^"]*" aria-hidden="true">([\s\S]*)<\/svg>$/.exec(renderToStaticMarkup(createElement(Icon)));
    if (!match || match[1] !== STROKE) throw new Error(`${component}: lucide's <svg> is no longer drawn with ${STROKE}`);
    return `<symbol id="${id}" viewBox="0 0 24 24">${match[2]}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const icons = declaredIcons(readFileSync(ICONS_MODULE, "utf8"));
  writeFileSync(SPRITE_FILE, renderIconSprite(icons));
  console.log(`wrote ${SPRITE_FILE.pathname}: ${icons.length} icons`);
}
