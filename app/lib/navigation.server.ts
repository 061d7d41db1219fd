import { EXTERNAL_LINKS, type NavSection, SCREENS, screenCapability, usableBy } from "~/route-table";
import { can, offers } from "./sanctum/context.server";
import type { CurrentUser, PublicSettings } from "./types";

export interface NavItem {
  id: string;
  href: string;
  /** Key in the `nav` namespace. */
  label: string;
  external?: boolean;
}

export interface NavGroup {
  section: NavSection;
  items: NavItem[];
}

const SECTION_ORDER: NavSection[] = ["main", "administration", "logs", "tools", "resources"];

/** Every id the menu can show, whoever is signed in: one symbol each in the icon sprite (`/nav-icons.svg`). */
export const NAV_IDS: readonly string[] = [
  ...SCREENS.flatMap((entry) => ("nav" in entry && entry.nav ? [entry.id] : [])),
  "api-docs",
  ...EXTERNAL_LINKS.map((link) => link.id),
];

/**
 * The menu for this user: a screen shows only when it exists in the route table, the user holds its
 * key and the backend offers its area (decision 040); label-only entries show only when their URL is configured.
 */
export function buildNavigation(user: CurrentUser, settings: PublicSettings): NavGroup[] {
  const items = new Map<NavSection, NavItem[]>(SECTION_ORDER.map((section) => [section, []]));
  for (const entry of SCREENS) {
    if (!("nav" in entry) || !entry.nav) continue;
    if (entry.permission && !can(user, entry.permission)) continue;
    if (!offers(user, screenCapability(entry))) continue;
    if (!usableBy(entry, user)) continue;
    items.get(entry.nav.section)?.push({ id: entry.id, href: `/${entry.path}`, label: entry.nav.label });
  }
  const resources = items.get("resources") ?? [];
  resources.push({ id: "api-docs", href: "/api-docs", label: "apiDocumentation", external: true });
  for (const link of EXTERNAL_LINKS) {
    const href = settings.links[link.id];
    if (href) resources.push({ id: link.id, href, label: link.label, external: true });
  }
  return SECTION_ORDER.map((section) => ({ section, items: items.get(section) ?? [] })).filter((group) => group.items.length > 0);
}
