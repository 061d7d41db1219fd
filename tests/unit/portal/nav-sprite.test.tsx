import { Gauge, type LucideIcon, Users } from "lucide-react";
import { describe, expect, it } from "vitest";
import { FALLBACK_SYMBOL, FallbackNavIcon, iconBody, NAV_ICONS, navSprite, renderNavSprite, spriteVersion } from "~/lib/nav-icons.server";
import { buildNavigation, NAV_IDS } from "~/lib/navigation.server";
import { loader } from "~/routes/nav-icons";
import { PERMISSIONS } from "../../../common/permissions";
import { PUBLIC_SETTINGS, userWith } from "./route-harness";

/**
 * A strict well-formedness check of the sprite (no XML parser in the unit project): the text is nothing
 * but start, end and empty-element tags with double-quoted attributes, properly nested, one root.
 */
function parseXml(text: string): { name: string; attributes: Record<string, string>; children: unknown[] } {
  type Node = { name: string; attributes: Record<string, string>; children: Node[] };
  const token = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[A-Za-z_:][\w:.-]*="[^"<&]*")*)\s*(\/?)>/y;
  const stack: Node[] = [];
  let root: Node | undefined;
  let at = 0;
  while (at < text.length) {
    token.lastIndex = at;
    const match = token.exec(text);
    if (!match) throw new Error(`not well-formed at ${at}: ${JSON.stringify(text.slice(at, at + 40))}`);
    at = token.lastIndex;
    const [, closing, name, rawAttributes, selfClosing] = match;
    if (closing) {
      if (rawAttributes || selfClosing) throw new Error(`malformed end tag </${name}>`);
      const open = stack.pop();
      if (open?.name !== name) throw new Error(`</${name}> closes <${open?.name}>`);
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const [, attribute, value] of rawAttributes.matchAll(/([A-Za-z_:][\w:.-]*)="([^"]*)"/g)) {
      if (attribute in attributes) throw new Error(`duplicate attribute ${attribute} on <${name}>`);
      attributes[attribute] = value;
    }
    const node: Node = { name, attributes, children: [] };
    if (stack.length > 0) stack[stack.length - 1].children.push(node);
    else if (root) throw new Error("more than one root element");
    else root = node;
    if (!selfClosing) stack.push(node);
  }
  if (!root || stack.length > 0) throw new Error("unclosed elements");
  return root;
}

type Element = ReturnType<typeof parseXml>;
const symbolsOf = (text: string) => (parseXml(text).children as Element[]).filter((child) => child.name === "symbol");

describe("the navigation icon sprite", () => {
  const sprite = navSprite();

  it("is a well-formed SVG document of symbols only", () => {
    const root = parseXml(sprite.text);
    expect(root.name).toBe("svg");
    expect(root.attributes.xmlns).toBe("http://www.w3.org/2000/svg");
    expect((root.children as Element[]).every((child) => child.name === "symbol")).toBe(true);
  });

  it("has one symbol per navigation id, and a fallback symbol", () => {
    const ids = symbolsOf(sprite.text).map((symbol) => symbol.attributes.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual([...NAV_IDS, FALLBACK_SYMBOL].sort());
  });

  it("covers every entry the menu shows to a user holding every key, with every link configured", () => {
    const links = { client_success: "https://help.test", billing: "https://billing.test", feedback: "https://feedback.test" };
    const groups = buildNavigation(userWith(PERMISSIONS), { ...PUBLIC_SETTINGS, links } as typeof PUBLIC_SETTINGS);
    const shown = groups.flatMap((group) => group.items.map((item) => item.id));
    expect(shown.length).toBeGreaterThan(20);
    expect(shown.filter((id) => !NAV_IDS.includes(id))).toEqual([]);
  });

  it("has an icon of its own for every id the menu shows (the fallback glyph is only a safety net)", () => {
    expect(NAV_IDS.filter((id) => !NAV_ICONS[id])).toEqual([]);
  });

  it("has no icon for an id the menu never shows", () => {
    expect(Object.keys(NAV_ICONS).filter((id) => !NAV_IDS.includes(id))).toEqual([]);
  });

  it("puts Lucide's stroke attributes on each symbol, and draws something in each", () => {
    for (const symbol of symbolsOf(sprite.text)) {
      expect(symbol.attributes).toMatchObject({
        viewBox: "0 0 24 24",
        fill: "none",
        stroke: "currentColor",
        "stroke-width": "2",
        "stroke-linecap": "round",
        "stroke-linejoin": "round",
      });
      expect(symbol.children.length, symbol.attributes.id).toBeGreaterThan(0);
    }
  });

  it("draws an id's own icon, and the fallback glyph for an id without one", () => {
    const text = renderNavSprite(["dashboard", "no-icon-of-its-own"], { dashboard: Gauge });
    const body = (id: string) => new RegExp(`<symbol id="${id}"[^>]*>(.*?)</symbol>`).exec(text)?.[1];
    expect(body("dashboard")).toBe(iconBody("gauge", Gauge));
    expect(body("no-icon-of-its-own")).toBe(iconBody("fallback", FallbackNavIcon));
    expect(body("fallback")).toBe(iconBody("fallback", FallbackNavIcon));
    expect(body("dashboard")).not.toBe(body("fallback"));
  });

  it("refuses an icon drawn without Lucide's shared attributes, and an id that is no XML id", () => {
    const Odd = (() => (
      <svg viewBox="0 0 16 16" aria-hidden="true">
        <path d="M0 0h16" />
      </svg>
    )) as unknown as LucideIcon;
    expect(() => renderNavSprite(["odd"], { odd: Odd })).toThrow(/viewBox/);
    expect(() => renderNavSprite(['a"b'], {})).toThrow(/not a valid XML id/);
  });

  it("is versioned by its content: another icon is another version and URL", () => {
    expect(sprite.version).toMatch(/^[0-9a-f]{10}$/);
    expect(sprite.version).toBe(spriteVersion(sprite.text));
    expect(sprite.href).toBe(`/nav-icons.svg?v=${sprite.version}`);
    expect(navSprite()).toBe(sprite);
    const changed = renderNavSprite(NAV_IDS, { ...NAV_ICONS, dashboard: Users });
    expect(changed).not.toBe(sprite.text);
    expect(spriteVersion(changed)).not.toBe(sprite.version);
    expect(spriteVersion(renderNavSprite(NAV_IDS))).toBe(sprite.version);
  });
});

describe("GET /nav-icons.svg", () => {
  const get = (search: string) => loader({ request: new Request(`http://localhost/nav-icons.svg${search}`) } as never);

  it("answers the sprite as image/svg+xml, immutable under its current version", async () => {
    const response = get(`?v=${navSprite().version}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await response.text()).toBe(navSprite().text);
  });

  it.each(["", "?v=0123456789", "?v="])("still answers the current sprite for %j, cached only briefly", async (search) => {
    const response = get(search);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(await response.text()).toBe(navSprite().text);
  });
});
