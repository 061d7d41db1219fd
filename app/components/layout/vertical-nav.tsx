import { useLayoutEffect, useRef } from "react";
import { PanelLeftClose, PanelLeftOpen, X } from "~/components/icons";
import { useTranslation } from "~/lib/i18n";
import type { NavGroup } from "~/lib/navigation.server";
import type { PublicSettings } from "~/lib/types";
import { cn } from "~/lib/utils";
import { Logo } from "./logo";
import { isActivePath, useMenuLinks } from "./menu-links";
import { markActiveNavItem, type NavStrings, navItemsHtml, navItemsKey } from "./nav-items-html";
import { PreferenceForm } from "./preference-form";
import { ToggleLabel } from "./toggle-label";

export const NAV_TOGGLE_ID = "nav-overlay-toggle";

/**
 * Vertical navigation. At 1280 px and wider it is fixed beside the content (and can collapse to
 * icons); below, it is an overlay opened from the navbar. The overlay's open state is a checkbox
 * so it works without JavaScript.
 */
export function VerticalNav({
  groups,
  collapsed,
  semiDark,
  theme,
  settings,
  appName,
  desktop,
  icons,
}: {
  groups: NavGroup[];
  collapsed: boolean;
  semiDark: boolean;
  theme: "light" | "dark";
  settings: PublicSettings;
  appName: string;
  /** False in the horizontal layout: the vertical navigation then serves only as the overlay. */
  desktop: boolean;
  /** The icon sprite's URL (versioned). */
  icons: string;
}) {
  const { t, language } = useTranslation(["nav", "common"]);
  const iconsOnly = desktop && collapsed;
  const links = useMenuLinks();
  const onDashboard = isActivePath(links.pathname, "/dashboard");
  const navRef = useRef<HTMLElement>(null);
  // The entries as one HTML string (decision 075). In the browser the string drawn first stays while only the active
  // entry changes, which `markActiveNavItem` marks in place; a new menu, language or icon mode draws a new one.
  const drawn = useRef<{ key: string; html: string }>(null);
  const input = { groups, language, iconsOnly, icons };
  const key = navItemsKey(input);
  if (drawn.current?.key !== key) {
    const strings: NavStrings = {
      section: (section) => t(`nav:sections.${section}`),
      label: (item) => t(`nav:${item.label}` as "nav:dashboard"),
      externalTitle: (label) => t("nav:externalLink", { label }),
    };
    drawn.current = { key, html: navItemsHtml({ ...input, strings, pathname: links.pathname }) };
  }
  const html = drawn.current.html;
  useLayoutEffect(() => {
    if (navRef.current) markActiveNavItem(navRef.current, links.pathname);
  }, [links.pathname]);
  return (
    <aside
      id="vertical-nav"
      aria-label={t("common:navigation.label")}
      data-semi-dark={semiDark && theme === "light" ? "true" : undefined}
      data-collapsed={iconsOnly ? "true" : undefined}
      className={cn(
        "group/nav fixed inset-y-0 start-0 z-50 flex w-64 flex-col border-e bg-sidebar text-sidebar-foreground shadow-sm transition-[translate,width] duration-200",
        "-translate-x-full peer-checked/nav:translate-x-0 rtl:translate-x-full rtl:peer-checked/nav:translate-x-0",
        desktop && "xl:translate-x-0 rtl:xl:translate-x-0",
        iconsOnly && "xl:w-[72px]",
      )}
    >
      <div className="flex h-16 shrink-0 items-center justify-between gap-2 px-5">
        {/* `<NavLink>`'s markup: the "active" class and aria-current on the dashboard. */}
        <a
          href="/dashboard"
          onClick={links.onClick}
          className={cn("flex min-w-0 items-center", onDashboard && "active")}
          aria-label={appName}
          aria-current={onDashboard ? "page" : undefined}
          data-discover="true"
        >
          <Logo settings={settings} theme={theme} semiDark={semiDark} collapsed={iconsOnly} appName={appName} />
        </a>
        {desktop && (
          <PreferenceForm name="nav-collapsed" value={collapsed ? "false" : "true"} className="hidden xl:block">
            <button
              type="submit"
              className={cn("rounded-md p-1.5 text-sidebar-foreground/70 hover:bg-sidebar-accent", iconsOnly && "hidden")}
              aria-label={t(collapsed ? "common:navigation.expand" : "common:navigation.collapse")}
              title={t(collapsed ? "common:navigation.expand" : "common:navigation.collapse")}
            >
              {collapsed ? <PanelLeftOpen className="size-5 rtl:-scale-x-100" /> : <PanelLeftClose className="size-5 rtl:-scale-x-100" />}
            </button>
          </PreferenceForm>
        )}
        <ToggleLabel target={NAV_TOGGLE_ID} label={t("common:navigation.close")} className={cn("rounded-md p-1.5", desktop && "xl:hidden")}>
          <X className="size-5" />
        </ToggleLabel>
      </div>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the clicks of its links (Enter on a link is a click), taken as <Link> would. */}
      <nav
        ref={navRef}
        className="flex-1 overflow-y-auto px-3 pb-4"
        onClick={links.onClickWithin}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: built by navItemsHtml, every label and address escaped.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </aside>
  );
}
