import { createHash } from "node:crypto";
import {
  Activity,
  AudioLines,
  BookOpen,
  Building2,
  CircleHelp,
  ClipboardList,
  CreditCard,
  FileCode2,
  FileText,
  FileUp,
  FolderOpen,
  Gauge,
  History,
  HousePlus,
  type LucideIcon,
  Mail,
  MailCheck,
  MapPinned,
  MessageSquareText,
  Phone,
  PhoneForwarded,
  PhoneIncoming,
  SearchCheck,
  Settings,
  ShieldCheck,
  ShoppingCart,
  Smartphone,
  Users,
} from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { NAV_IDS } from "~/lib/navigation.server";

/**
 * The navigation's icons, drawn once into an SVG sprite served by `/nav-icons.svg` (routes/nav-icons.tsx)
 * and referenced by the menus with `<svg><use href="/nav-icons.svg?v=…#id"/></svg>`: two elements and
 * a few attributes an entry instead of a whole Lucide icon, and no icon component in the client bundle.
 * Server-only: nothing here reaches the browser but the sprite itself.
 */

/** One icon per navigation entry id (route table ids and label-only links). */
export const NAV_ICONS: Record<string, LucideIcon> = {
  dashboard: Gauge,
  users: Users,
  organizations: Building2,
  roles: ShieldCheck,
  "system-settings": Settings,
  "activity-log": History,
  "mail-log": Mail,
  "change-log": FileText,
  status: Activity,
  "api-docs": FileCode2,
  client_success: CircleHelp,
  billing: CreditCard,
  feedback: MessageSquareText,
  numbers: Phone,
  "number-order": ShoppingCart,
  "number-orders": ClipboardList,
  tts: AudioLines,
  "device-overrides": Smartphone,
  "organization-smtp": MailCheck,
  "branded-documents": FolderOpen,
  // E911 and porting tools.
  e911: MapPinned,
  "porting-check": PhoneForwarded,
  "porting-orders": PhoneIncoming,
  "did-lookup": SearchCheck,
  "number-import": FileUp,
  "residential-add": HousePlus,
};

/** Drawn for a navigation id without its own icon; also the sprite's `fallback` symbol. */
export const FallbackNavIcon = BookOpen;
export const FALLBACK_SYMBOL = "fallback";

/** Lucide's stroke attributes, shared by every icon: the sprite puts them once on each symbol. */
const SHARED_ATTRIBUTES = {
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  "stroke-width": "2",
  "stroke-linecap": "round",
  "stroke-linejoin": "round",
} as const;
const SYMBOL_ATTRIBUTES = Object.entries(SHARED_ATTRIBUTES)
  .map(([name, value]) => `${name}="${value}"`)
  .join(" ");

/**
 * The children of the `<svg>` a Lucide component renders. Throws when the component stops drawing with
 * the shared attributes (a Lucide upgrade that changes them must change the symbols too, not be ignored).
 */
export function iconBody(name: string, Icon: LucideIcon): string {
  const markup = renderToStaticMarkup(<Icon />);
  const match = /^<svg ([^>]*)>([\s\S]*)<\/svg>$/.exec(markup);
  if (!match) throw new Error(`nav icon ${name}: not a single <svg> element`);
  const attributes = new Map(Array.from(match[1].matchAll(/([\w:-]+)="([^"]*)"/g), ([, attribute, value]) => [attribute, value]));
  for (const [attribute, value] of Object.entries(SHARED_ATTRIBUTES)) {
    if (attributes.get(attribute) !== value) throw new Error(`nav icon ${name}: its <svg> no longer has ${attribute}="${value}"`);
  }
  return match[2];
}

/** The sprite document: one `<symbol>` per id (its own icon or the fallback glyph) and a `fallback` symbol. */
export function renderNavSprite(
  ids: readonly string[],
  icons: Record<string, LucideIcon> = NAV_ICONS,
  fallback: LucideIcon = FallbackNavIcon,
): string {
  const symbols = [...new Set([...ids, FALLBACK_SYMBOL])].map((id) => {
    if (!/^[A-Za-z][\w-]*$/.test(id)) throw new Error(`nav icon id ${JSON.stringify(id)} is not a valid XML id`);
    const Icon = id === FALLBACK_SYMBOL ? fallback : (icons[id] ?? fallback);
    return `<symbol id="${id}" ${SYMBOL_ATTRIBUTES}>${iconBody(id, Icon)}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>`;
}

/** A short hash of the sprite's text: the `v` of its URL, so that a changed sprite is a new URL. */
export function spriteVersion(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 10);
}

export interface NavSprite {
  text: string;
  version: string;
  /** The URL the menus reference, versioned: cached for a year, immutable. */
  href: string;
}

let built: NavSprite | undefined;

/** The sprite of every navigation id, built once per isolate. */
export function navSprite(): NavSprite {
  if (!built) {
    const text = renderNavSprite(NAV_IDS);
    const version = spriteVersion(text);
    built = { text, version, href: `/nav-icons.svg?v=${version}` };
  }
  return built;
}
