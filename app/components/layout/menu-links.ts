import { createContext, type MouseEvent } from "react";
import { type Location, type NavigateFunction, useLocation, useNavigate } from "react-router";

/**
 * The navigation menus' links, cheaper than one `<NavLink>` each (issue 27). Every menu entry is an absolute path
 * from the route table, so there is nothing to resolve: React Router's `<NavLink>` resolved each one three times
 * (`useResolvedPath`, `useHref`, its click handler) and set up prefetch state, ~25 entries on every signed-in
 * page. A menu asks the router once (`useMenuLinks`) and draws plain anchors with the same `href`, `aria-current`,
 * active style and client navigation. Lists do the same for their sort, page and row links (decision 064).
 */

/** Whether a menu entry (an absolute path) is the page's or one of its parents': `<NavLink>`'s rule, case aside. */
export function isActivePath(pathname: string, to: string): boolean {
  const page = pathname.toLowerCase();
  const target = to.toLowerCase();
  if (page === target) return true;
  const end = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return page.startsWith(target) && page.charAt(end) === "/";
}

type Click = Pick<globalThis.MouseEvent, "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey" | "defaultPrevented">;

/** A click the router takes over, as `<Link>` decides: the main button, no modifier key (new tab, window, download). */
export function isRouterClick(event: Click): boolean {
  return !event.defaultPrevented && event.button === 0 && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
}

export interface MenuLinks {
  /** The page's path, for `isActivePath`. */
  pathname: string;
  /** The anchors' click handler: a client navigation to the anchor's `href`, replacing the entry when it is the page. */
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** The same on an element holding anchors drawn as HTML (the vertical navigation's `<nav>`, decision 075). */
  onClickWithin: (event: MouseEvent<HTMLElement>) => void;
}

/**
 * The click handler of plain anchors to absolute paths, as `<Link>`'s: a plain main-button click is a client
 * navigation to the anchor's `href`, replacing the history entry when it is the page shown; any other click (a
 * modifier key, another button, an anchor with a `target`) is the browser's.
 */
export function routerLinkClick(location: Location, navigate: NavigateFunction): MenuLinks["onClick"] {
  return (event) => follow(event.currentTarget, event, location, navigate);
}

/** `routerLinkClick` for the anchors inside the element handling the click: the anchor the click landed on. */
export function routerLinkClickWithin(location: Location, navigate: NavigateFunction): MenuLinks["onClickWithin"] {
  return (event) => {
    const target = event.target as Partial<Element> | null;
    const anchor = typeof target?.closest === "function" ? target.closest("a") : null;
    if (anchor && event.currentTarget.contains(anchor)) follow(anchor, event, location, navigate);
  };
}

function follow(anchor: Pick<Element, "getAttribute">, event: MouseEvent, location: Location, navigate: NavigateFunction): void {
  if (!isRouterClick(event)) return;
  const to = anchor.getAttribute("href");
  const target = anchor.getAttribute("target");
  if (!to || (target && target !== "_self")) return;
  event.preventDefault();
  // `<Link>` replaces the history entry when the link is to the page already shown.
  void navigate(to, { replace: location.pathname + location.search + location.hash === to });
}

/**
 * A list's `routerLinkClick`, for the links its rows draw (`EditLink`): one handler per list instead of a `<Link>`'s
 * hooks per row. Outside a list there is none and such links are `<Link>`s.
 */
export const RouterLinkClick = createContext<MenuLinks["onClick"] | null>(null);

export function useMenuLinks(): MenuLinks {
  const location = useLocation();
  const navigate = useNavigate();
  return {
    pathname: location.pathname,
    onClick: routerLinkClick(location, navigate),
    onClickWithin: routerLinkClickWithin(location, navigate),
  };
}
