import { Form, Link, useLocation } from "react-router";
import { Building2, Check, Languages, LogOut, Menu as MenuIcon, Monitor, Moon, Sun, User } from "~/components/icons";
import { useTranslation } from "~/lib/i18n";
import type { NavGroup } from "~/lib/navigation.server";
import { organizationOptionsHtml } from "~/lib/organization-options-html";
import { LOCALES, type Locale } from "~/lib/preferences";
import type { ResolvedTheme } from "~/lib/theme.server";
import { cn } from "~/lib/utils";
import { HeaderSearch } from "./command-palette";
import { CustomizerTrigger } from "./customizer-trigger";
import { Menu, menuItemClass } from "./menu";
import { PreferenceForm } from "./preference-form";
import { ToggleLabel } from "./toggle-label";
import { NAV_TOGGLE_ID } from "./vertical-nav";

export interface NavbarUser {
  name: string;
  email: string;
  role: string | null;
}

const THEME_ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

export function Navbar({
  user,
  theme,
  locale,
  blur,
  sticky,
  organizations,
  organizationId,
  navigation,
  brand,
}: {
  user: NavbarUser;
  theme: ResolvedTheme;
  locale: Locale;
  blur: boolean;
  sticky: boolean;
  organizations: { id: number; name: string }[] | null;
  organizationId: number | null;
  /** The menu's screens: the command palette jumps to them. */
  navigation: NavGroup[];
  /** The logo, shown in the navbar when no vertical navigation carries it (horizontal layout). */
  brand?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const ThemeIcon = THEME_ICONS[theme.mode];
  return (
    <header
      data-testid="navbar"
      data-blur={blur ? "true" : undefined}
      className={cn(
        "z-40 flex h-16 items-center gap-2 border-b bg-card px-4 sm:px-6",
        sticky && "sticky top-0",
        blur && "bg-card/80 backdrop-blur-md",
      )}
    >
      <ToggleLabel target={NAV_TOGGLE_ID} label={t("navigation.open")} className="xl:hidden" testId="nav-open">
        <MenuIcon className="size-5" />
      </ToggleLabel>
      {brand && <div className="hidden shrink-0 items-center pe-4 xl:flex">{brand}</div>}
      {organizations && <OrganizationFilter organizations={organizations} organizationId={organizationId} />}
      <div className="ms-auto flex items-center gap-1">
        <HeaderSearch navigation={navigation} />
        <Menu label={t("language")} trigger={<Languages className="size-5" />}>
          {/* One form per menu, each choice a submit button carrying its value (fewer elements on every page). */}
          <PreferenceForm name="language" reloadDocument>
            <ul>
              {LOCALES.map((code) => (
                <li key={code}>
                  <button type="submit" name="value" value={code} className={menuItemClass} aria-current={code === locale} lang={code}>
                    {t(`languages.${code}`)}
                    {code === locale && <Check className="ms-auto" aria-hidden="true" />}
                  </button>
                </li>
              ))}
            </ul>
          </PreferenceForm>
        </Menu>
        <Menu label={t("theme.label")} trigger={<ThemeIcon className="size-5" />}>
          <PreferenceForm name="theme">
            <ul>
              {(["light", "dark", "system"] as const).map((mode) => {
                const Icon = THEME_ICONS[mode];
                return (
                  <li key={mode}>
                    <button
                      type="submit"
                      name="value"
                      value={mode}
                      className={menuItemClass}
                      aria-current={mode === theme.mode}
                      data-theme-option={mode}
                    >
                      <Icon aria-hidden="true" />
                      {t(`theme.${mode}`)}
                    </button>
                  </li>
                );
              })}
            </ul>
          </PreferenceForm>
        </Menu>
        <CustomizerTrigger />
        <UserMenu user={user} />
      </div>
    </header>
  );
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");
}

function UserMenu({ user }: { user: NavbarUser }) {
  const { t } = useTranslation();
  return (
    <Menu
      label={t("userMenu.open")}
      trigger={
        <span
          className="flex size-9 items-center justify-center rounded-full bg-primary/15 font-semibold text-primary text-sm"
          aria-hidden="true"
        >
          {initials(user.name)}
        </span>
      }
      panelClassName="w-60"
    >
      <div className="border-b px-3 py-2">
        <p className="truncate font-medium text-sm" data-testid="user-name">
          {user.name}
        </p>
        <p className="truncate text-muted-foreground text-xs">{user.role ?? user.email}</p>
      </div>
      <ul className="py-1">
        <li>
          <Link to="/profile/account" className={menuItemClass}>
            <User aria-hidden="true" />
            {t("userMenu.profile")}
          </Link>
        </li>
        <li>
          <Form method="post" action="/logout">
            <button type="submit" className={menuItemClass} data-testid="sign-out">
              <LogOut aria-hidden="true" />
              {t("userMenu.signOut")}
            </button>
          </Form>
        </li>
      </ul>
    </Menu>
  );
}

function OrganizationFilter({
  organizations,
  organizationId,
}: {
  organizations: { id: number; name: string }[];
  organizationId: number | null;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Form method="post" action="/organization-filter" className="flex min-w-0 items-center gap-2" data-testid="organization-filter">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <Building2 className="hidden size-4 shrink-0 text-muted-foreground sm:block" aria-hidden="true" />
      <label htmlFor="organization-filter" className="sr-only">
        {t("organizationFilter.label")}
      </label>
      <select
        id="organization-filter"
        name="organization_id"
        defaultValue={organizationId ?? ""}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="h-9 min-w-0 max-w-56 rounded-md border bg-background px-2 text-sm"
        // Every organization, one string instead of an element each (decision 058).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: options built by organizationOptionsHtml, every name and id escaped.
        dangerouslySetInnerHTML={{
          __html: organizationOptionsHtml(organizations, t("organizationFilter.none"), String(organizationId ?? "")),
        }}
      />
      <noscript>
        <button type="submit" className="h-9 rounded-md border px-3 text-sm">
          {t("organizationFilter.apply")}
        </button>
      </noscript>
    </Form>
  );
}
