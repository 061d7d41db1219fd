import { ExternalLink, PanelLeftClose, PanelLeftOpen, X } from "~/components/icons";
import { useTranslation } from "~/lib/i18n";
import type { NavGroup } from "~/lib/navigation.server";
import type { PublicSettings } from "~/lib/types";
import { cn } from "~/lib/utils";
import { Logo } from "./logo";
import { isActivePath, useMenuLinks } from "./menu-links";
import { NavIcon } from "./nav-icon";
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
  const { t } = useTranslation(["nav", "common"]);
  const iconsOnly = desktop && collapsed;
  const links = useMenuLinks();
  const onDashboard = isActivePath(links.pathname, "/dashboard");
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
      <nav className="flex-1 overflow-y-auto px-3 pb-4">
        {groups.map((group) => (
          <div key={group.section} className="mt-4 first:mt-1">
            <p
              className={cn(
                "px-3 pb-1.5 font-medium text-[0.8125rem] text-sidebar-muted-foreground uppercase tracking-wide",
                iconsOnly && "xl:sr-only",
              )}
            >
              {t(`nav:sections.${group.section}`)}
            </p>
            <ul className="space-y-0.5">
              {group.items.map((item) => {
                const label = t(`nav:${item.label}` as "nav:dashboard");
                const active = !item.external && isActivePath(links.pathname, item.href);
                const content = (
                  <>
                    <NavIcon sprite={icons} id={item.id} className="size-5 shrink-0" />
                    <span className={cn("truncate", iconsOnly && "xl:sr-only")}>{label}</span>
                    {item.external && !iconsOnly && <ExternalLink className="ms-auto size-3.5 opacity-60" aria-hidden="true" />}
                  </>
                );
                // A component class of app/app.css and the states' utilities (decision 069).
                const itemClass =
                  "nav-link hover:bg-sidebar-accent focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-sidebar-ring";
                return (
                  <li key={item.id}>
                    {item.external ? (
                      <a
                        href={item.href}
                        target="_blank"
                        rel="noopener noreferrer"
                        className={itemClass}
                        title={t("nav:externalLink", { label })}
                      >
                        {content}
                      </a>
                    ) : (
                      <a
                        href={item.href}
                        onClick={links.onClick}
                        title={iconsOnly ? label : undefined}
                        aria-current={active ? "page" : undefined}
                        className={cn(
                          itemClass,
                          active &&
                            "bg-linear-to-r from-sidebar-primary to-sidebar-primary/70 text-sidebar-primary-foreground shadow-md hover:bg-sidebar-primary rtl:bg-linear-to-l",
                        )}
                        data-discover="true"
                      >
                        {content}
                      </a>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
    </aside>
  );
}
