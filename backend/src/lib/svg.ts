/**
 * The SVG check for uploaded logos. A logo is drawn, never run, so this is an allow-list walk over the
 * markup rather than a search for bad words: every tag is tokenised, entities are decoded before values
 * are judged, and anything the walk does not understand makes the file unsafe.
 *
 * Refused: invalid UTF-8; DOCTYPEs with an internal subset (entity declarations) and processing
 * instructions other than the XML declaration; `script`, `foreignObject`, `iframe`, `object`, `embed`,
 * `handler`, `listener` elements; `on*` event attributes; `xml:base`; links (`href`, `xlink:href`, `src`)
 * other than a local `#fragment` or an embedded PNG/JPEG/GIF/WebP `data:` image; animations that target
 * links or event attributes; `javascript:`/`vbscript:` anywhere, entity-encoded or split by whitespace;
 * in CSS (style attributes and `<style>`, read after comments and escapes as a browser reads it): `@import`,
 * `expression(`, and `url(…)` other than `#fragment` or an embedded raster image; unknown named entities.
 *
 * The file is also served with a sandboxing CSP (routes/public-settings.ts), so a miss here still cannot run.
 */

const FORBIDDEN_ELEMENTS = new Set(["script", "foreignobject", "iframe", "object", "embed", "handler", "listener"]);
const ANIMATIONS = new Set(["set", "animate", "animatetransform", "animatemotion"]);
const LINK_ATTRIBUTES = new Set(["href", "src"]);
const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
/** A raster image embedded in the file: drawn, never parsed as markup or script. */
const RASTER_DATA_URL = /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=]*$/i;

const NAME = "[A-Za-z_][\\w:.-]*";
const ATTRIBUTE = `(${NAME})\\s*=\\s*("[^"]*"|'[^']*')`;
const START_TAG = new RegExp(`<(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"]*"|'[^']*'))*)\\s*(/?)>`, "y");
const END_TAG = new RegExp(`</(${NAME})\\s*>`, "y");

class UnsafeSvg extends Error {}

/** Decodes XML character and predefined entities; any other entity makes the file unsafe. */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);?/gi, (whole, entity: string) => {
    if (!whole.endsWith(";")) throw new UnsafeSvg("entity without ;");
    if (entity.startsWith("#")) {
      const code = entity[1] === "x" || entity[1] === "X" ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
      if (!Number.isFinite(code) || code > 0x10ffff) throw new UnsafeSvg("bad character reference");
      return String.fromCodePoint(code);
    }
    const named = XML_ENTITIES[entity.toLowerCase()];
    if (named === undefined) throw new UnsafeSvg(`unknown entity ${entity}`);
    return named;
  });
}

/** What a browser makes of a URL-ish value: controls and whitespace are dropped before the scheme is read. */
function compact(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
  return value.replace(/[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/g, "").toLowerCase();
}

function assertSafeLink(value: string): void {
  const target = compact(value);
  if (target.startsWith("#") || RASTER_DATA_URL.test(target)) return;
  throw new UnsafeSvg(`link ${target.slice(0, 40)}`);
}

/**
 * CSS as the browser reads it before matching words: comments dropped (a comment inside a word is refused
 * too; it costs no real logo anything), hex escapes (backslash 69) decoded, an escaped line break removed and
 * any other escaped character taken literally (`@im` backslash `port` is `@import`, issue 23 item 7).
 */
function unescapeCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, "")
    .replace(/\\([0-9a-f]{1,6})\s?|\\(\r\n|[\n\r\f])|\\([\s\S])/gi, (_, hex?: string, _newline?: string, literal?: string) => {
      if (hex) {
        const code = Number.parseInt(hex, 16);
        return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? "\ufffd" : String.fromCodePoint(code);
      }
      return literal ?? "";
    });
}

function assertSafeCss(css: string): void {
  const text = compact(unescapeCss(css));
  if (text.includes("@import") || text.includes("expression(") || text.includes("behavior:") || text.includes("-moz-binding")) {
    throw new UnsafeSvg("css");
  }
  for (const match of text.matchAll(/url\(([^)]*)\)/g)) assertSafeLink((match[1] ?? "").replace(/^["']|["']$/g, ""));
}

function assertNoScriptScheme(value: string): void {
  const text = compact(value);
  if (text.includes("javascript:") || text.includes("vbscript:") || text.includes("data:text/html")) throw new UnsafeSvg("script url");
}

function localName(name: string): string {
  const colon = name.lastIndexOf(":");
  return (colon >= 0 ? name.slice(colon + 1) : name).toLowerCase();
}

function checkElement(name: string, attributes: string): void {
  const element = localName(name);
  if (FORBIDDEN_ELEMENTS.has(element)) throw new UnsafeSvg(`element ${element}`);
  for (const match of attributes.matchAll(new RegExp(ATTRIBUTE, "g"))) {
    const attribute = (match[1] ?? "").toLowerCase();
    const value = decodeEntities((match[2] ?? "").slice(1, -1));
    const local = localName(attribute);
    if (local.startsWith("on") || attribute === "xml:base") throw new UnsafeSvg(`attribute ${attribute}`);
    assertNoScriptScheme(value);
    if (LINK_ATTRIBUTES.has(local)) assertSafeLink(value);
    // Presentation attributes take url(…) too (fill, filter, mask, clip-path, marker-*): same rule as CSS.
    assertSafeCss(value);
    if (ANIMATIONS.has(element) && local === "attributename" && (/href$/i.test(value.trim()) || /^on/i.test(value.trim()))) {
      throw new UnsafeSvg("animated link or handler");
    }
  }
}

/** The markup between tags (text, `<style>` rules, CDATA) must not carry script URLs or unsafe CSS. */
function checkText(text: string): void {
  const decoded = decodeEntities(text);
  assertNoScriptScheme(decoded);
  assertSafeCss(decoded);
}

function walk(source: string): void {
  let position = 0;
  let seenRoot = false;
  while (position < source.length) {
    const next = source.indexOf("<", position);
    const textEnd = next < 0 ? source.length : next;
    if (textEnd > position) checkText(source.slice(position, textEnd));
    if (next < 0) return;
    position = next;
    if (source.startsWith("<!--", position)) {
      const end = source.indexOf("-->", position + 4);
      if (end < 0) throw new UnsafeSvg("unterminated comment");
      position = end + 3;
    } else if (source.startsWith("<![CDATA[", position)) {
      const end = source.indexOf("]]>", position + 9);
      if (end < 0) throw new UnsafeSvg("unterminated CDATA");
      // CDATA is literal text: no entities to decode.
      const cdata = source.slice(position + 9, end);
      assertNoScriptScheme(cdata);
      assertSafeCss(cdata);
      position = end + 3;
    } else if (source.startsWith("<?", position)) {
      const end = source.indexOf("?>", position + 2);
      const declaration = /^<\?xml\s/i.test(source.slice(position, position + 6)) && source.slice(0, position).trim() === "";
      if (end < 0 || !declaration) throw new UnsafeSvg("processing instruction");
      position = end + 2;
    } else if (/^<!doctype/i.test(source.slice(position, position + 9))) {
      const end = source.indexOf(">", position);
      if (end < 0 || source.slice(position, end).includes("[") || seenRoot) throw new UnsafeSvg("doctype");
      position = end + 1;
    } else if (source[position + 1] === "/") {
      END_TAG.lastIndex = position;
      const match = END_TAG.exec(source);
      if (!match) throw new UnsafeSvg("malformed end tag");
      position = END_TAG.lastIndex;
    } else {
      START_TAG.lastIndex = position;
      const match = START_TAG.exec(source);
      if (!match) throw new UnsafeSvg("malformed tag");
      checkElement(match[1] ?? "", match[2] ?? "");
      seenRoot = true;
      position = START_TAG.lastIndex;
    }
  }
}

/** True when the SVG could run script or load anything when opened or drawn (see the module comment). */
export function isUnsafeSvg(bytes: Uint8Array): boolean {
  let source: string;
  try {
    source = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    return true;
  }
  try {
    walk(source);
    return false;
  } catch (error) {
    if (error instanceof UnsafeSvg) return true;
    throw error;
  }
}
