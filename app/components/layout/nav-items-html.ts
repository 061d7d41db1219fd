import sprite from "~/assets/icons.svg?url";
import type { NavGroup, NavItem } from "~/lib/navigation.server";
import { escapeHtml } from "~/lib/organization-options-html";
import { cn } from "~/lib/utils";
import { isActivePath } from "./menu-links";

/**
 * The vertical navigation's sections and entries as one HTML string, the `<nav>`'s inner HTML (decision 075). Every
 * signed-in page draws them: ~160 elements and ~30 strings, a fifth of a list page's elements, the same for every page
 * of a user but for the active entry. One string per menu, language, icon mode and active entry is built once and
 * kept for the isolate (on the server) or the page (in the browser), as the organization options are (decision 058).
 *
 * The markup is what the component drew with React, attribute for attribute (the unit test renders both). Labels,
 * section names and addresses are escaped as HTML; an external entry whose address is neither http(s) nor a path is left out (React
 * would have written a blocked-URL placeholder for a `javascript:` one).
 */

const ITEM_CLASS = "nav-link hover:bg-sidebar-accent focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-sidebar-ring";
const ACTIVE_ITEM_CLASS = cn(
  ITEM_CLASS,
  "bg-linear-to-r from-sidebar-primary to-sidebar-primary/70 text-sidebar-primary-foreground shadow-md hover:bg-sidebar-primary rtl:bg-linear-to-l",
);
const SECTION_CLASS = "px-3 pb-1.5 font-medium text-[0.8125rem] text-sidebar-muted-foreground uppercase tracking-wide";
// An entry opening in a new tab: an http(s) address, or a path of the portal (the API documentation).
const SAFE_ADDRESS = /^(https?:\/\/|\/(?!\/))/i;

/** The strings the menu shows, from the `nav` namespace. */
export interface NavStrings {
  section: (section: NavGroup["section"]) => string;
  label: (item: NavItem) => string;
  /** An external entry's tooltip, e.g. "Billing (opens in a new tab)". */
  externalTitle: (label: string) => string;
}

export interface NavItemsInput {
  groups: readonly NavGroup[];
  strings: NavStrings;
  /** The strings' language: part of what the kept string is found by. */
  language: string;
  /** Collapsed to icons at 1280 px and wider: the texts are then for screen readers only. */
  iconsOnly: boolean;
  /** The menu icons' sprite (versioned URL). */
  icons: string;
  /** The page's path: its entry (or its parent's) is marked active. */
  pathname: string;
}

const kept = new Map<string, string>();
const MAX_KEPT = 200;

/** The entry of `groups` that `pathname` is (or is under), if any: its address. */
function activeHref(groups: readonly NavGroup[], pathname: string): string {
  for (const group of groups) {
    for (const item of group.items) if (!item.external && isActivePath(pathname, item.href)) return item.href;
  }
  return "";
}

/** What a menu string depends on, the active entry aside. */
export function navItemsKey({ groups, language, iconsOnly, icons }: Omit<NavItemsInput, "strings" | "pathname">): string {
  let key = `${language}|${iconsOnly ? 1 : 0}|${icons}`;
  for (const group of groups) {
    key += `|${group.section}:`;
    for (const item of group.items) key += item.external ? `${item.id}=${item.href},` : `${item.id},`;
  }
  return key;
}

export function navItemsHtml(input: NavItemsInput): string {
  const key = `${navItemsKey(input)}|${activeHref(input.groups, input.pathname)}`;
  let html = kept.get(key);
  if (html === undefined) {
    html = build(input);
    if (kept.size >= MAX_KEPT) kept.clear();
    kept.set(key, html);
  }
  return html;
}

function build({ groups, strings, iconsOnly, icons, pathname }: NavItemsInput): string {
  const hidden = iconsOnly ? " xl:sr-only" : "";
  let html = "";
  for (const group of groups) {
    html += `<div class="mt-4 first:mt-1"><p class="${SECTION_CLASS}${hidden}">${escapeHtml(strings.section(group.section))}</p><ul class="space-y-0.5">`;
    for (const item of group.items) {
      if (item.external && !SAFE_ADDRESS.test(item.href)) continue;
      const label = escapeHtml(strings.label(item));
      const content =
        `<svg aria-hidden="true" class="size-5 shrink-0"><use href="${escapeHtml(`${icons}#${item.id}`)}"></use></svg>` +
        `<span class="truncate${hidden}">${label}</span>`;
      if (item.external) {
        const title = escapeHtml(strings.externalTitle(strings.label(item)));
        const mark = iconsOnly
          ? ""
          : `<svg aria-hidden="true" class="lucide lucide-external-link ms-auto size-3.5 opacity-60"><use href="${escapeHtml(`${sprite}#external-link`)}"></use></svg>`;
        html += `<li><a href="${escapeHtml(item.href)}" target="_blank" rel="noopener noreferrer" class="${ITEM_CLASS}" title="${title}">${content}${mark}</a></li>`;
      } else {
        const active = isActivePath(pathname, item.href);
        html +=
          `<li><a href="${escapeHtml(item.href)}"${iconsOnly ? ` title="${label}"` : ""}${active ? ' aria-current="page"' : ""}` +
          ` class="${active ? ACTIVE_ITEM_CLASS : ITEM_CLASS}" data-discover="true">${content}</a></li>`;
      }
    }
    html += "</ul></div>";
  }
  return html;
}

/**
 * Marks the entry of `pathname` active in a drawn menu, in place: in the browser the menu's HTML stays the one it was
 * drawn with across client navigations (replacing it would take the keyboard focus off a menu entry just used).
 */
export function markActiveNavItem(nav: HTMLElement, pathname: string): void {
  for (const anchor of nav.querySelectorAll<HTMLAnchorElement>("a[data-discover]")) {
    const active = isActivePath(pathname, anchor.getAttribute("href") ?? "");
    const className = active ? ACTIVE_ITEM_CLASS : ITEM_CLASS;
    if (anchor.className !== className) anchor.className = className;
    if (active) anchor.setAttribute("aria-current", "page");
    else anchor.removeAttribute("aria-current");
  }
}
