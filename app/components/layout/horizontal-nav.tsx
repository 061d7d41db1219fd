import { ChevronDown } from "~/components/icons";
import { useTranslation } from "~/lib/i18n";
import type { NavGroup } from "~/lib/navigation.server";
import { cn } from "~/lib/utils";
import { Menu, menuItemClass } from "./menu";
import { isActivePath, useMenuLinks } from "./menu-links";
import { NavIcon } from "./nav-icon";

/** Horizontal navigation (1280 px and wider): one menu per section, panels 6 px below their trigger. */
export function HorizontalNav({ groups, sticky, icons }: { groups: NavGroup[]; sticky: boolean; icons: string }) {
  const { t } = useTranslation(["nav", "common"]);
  const links = useMenuLinks();
  return (
    <nav aria-label={t("common:navigation.label")} className={cn("z-30 hidden border-b bg-card/95 xl:block", sticky && "sticky top-16")}>
      <ul className="mx-auto flex max-w-[var(--content-max)] flex-wrap items-center gap-1 px-6 py-2">
        {groups.map((group) => (
          <li key={group.section}>
            <Menu
              align="start"
              label={t(`nav:sections.${group.section}`)}
              // As wide as its longest entry, so no label wraps (French ones are long: issue 25).
              panelClassName="mt-[6px] w-max max-w-[calc(100vw-2rem)]"
              trigger={
                <span className="flex items-center gap-1.5 px-2 text-[0.9375rem]">
                  {t(`nav:sections.${group.section}`)}
                  <ChevronDown className="size-4 opacity-70" aria-hidden="true" />
                </span>
              }
            >
              <ul>
                {group.items.map((item) => {
                  const label = t(`nav:${item.label}` as "nav:dashboard");
                  const active = !item.external && isActivePath(links.pathname, item.href);
                  return (
                    <li key={item.id}>
                      {item.external ? (
                        <a href={item.href} target="_blank" rel="noopener noreferrer" className={menuItemClass}>
                          <NavIcon sprite={icons} id={item.id} />
                          {label}
                        </a>
                      ) : (
                        <a
                          href={item.href}
                          onClick={links.onClick}
                          aria-current={active ? "page" : undefined}
                          className={cn(menuItemClass, active && "bg-primary/10 text-primary")}
                          data-discover="true"
                        >
                          <NavIcon sprite={icons} id={item.id} />
                          {label}
                        </a>
                      )}
                    </li>
                  );
                })}
              </ul>
            </Menu>
          </li>
        ))}
      </ul>
    </nav>
  );
}
