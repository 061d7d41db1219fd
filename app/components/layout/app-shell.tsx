import { Link, useRouteLoaderData } from "react-router";
import { useTranslation } from "~/lib/i18n";
import type { NavGroup } from "~/lib/navigation.server";
import type { Locale } from "~/lib/preferences";
import { cn } from "~/lib/utils";
import type { loader as rootLoader } from "~/root";
import { CustomizerHost } from "./customizer-trigger";
import { Footer } from "./footer";
import { HorizontalNav } from "./horizontal-nav";
import { Logo } from "./logo";
import { MasqueradeBanner } from "./masquerade-banner";
import { Navbar, type NavbarUser } from "./navbar";
import { ScrollToTop } from "./scroll-to-top";
import { ToggleLabel } from "./toggle-label";
import { NAV_TOGGLE_ID, VerticalNav } from "./vertical-nav";

export interface ShellData {
  user: NavbarUser;
  navigation: NavGroup[];
  organizations: { id: number; name: string }[] | null;
  organizationId: number | null;
  /** The navigation icon sprite's versioned URL. */
  navIcons: string;
}

/**
 * The signed-in layout (§2): vertical navigation (an overlay below 1280 px) or horizontal navigation,
 * sticky navbar with blur, boxed content, static footer, scroll-to-top, customizer.
 */
export function AppShell({ shell, children }: { shell: ShellData; children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { t } = useTranslation();
  if (!root) return <>{children}</>;
  const { preferences, theme, settings, appName, masquerade } = root;
  const horizontal = preferences.layout === "horizontal";
  const collapsed = !horizontal && preferences["nav-collapsed"] === "true";
  const navbarType = preferences["navbar-type"];
  return (
    <CustomizerHost>
      <div className="min-h-screen bg-background" data-layout={preferences.layout} data-content-width={preferences["content-width"]}>
        <a
          href="#main"
          className="sr-only z-[60] rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
        >
          {t("skipToContent")}
        </a>
        <input type="checkbox" id={NAV_TOGGLE_ID} className="peer/nav sr-only" tabIndex={-1} aria-hidden="true" />
        <ToggleLabel
          target={NAV_TOGGLE_ID}
          label={t("navigation.close")}
          className="fixed inset-0 z-40 hidden rounded-none bg-black/40 p-0 peer-checked/nav:block xl:peer-checked/nav:hidden"
        >
          <span className="sr-only">{t("navigation.close")}</span>
        </ToggleLabel>
        <VerticalNav
          groups={shell.navigation}
          collapsed={collapsed}
          semiDark={!horizontal && theme.semiDark}
          theme={theme.resolved}
          settings={settings}
          appName={appName}
          desktop={!horizontal}
          icons={shell.navIcons}
        />
        <div className={cn("flex min-h-screen flex-col transition-[padding]", !horizontal && (collapsed ? "xl:ps-[72px]" : "xl:ps-64"))}>
          {masquerade?.isMasqueraded && masquerade.masquerader && (
            <MasqueradeBanner masquerader={masquerade.masquerader.name} user={shell.user.name} />
          )}
          {navbarType !== "hidden" && (
            <Navbar
              user={shell.user}
              theme={theme}
              locale={root.locale as Locale}
              blur={preferences["navbar-blur"] === "true"}
              sticky={navbarType === "sticky"}
              organizations={shell.organizations}
              organizationId={shell.organizationId}
              navigation={shell.navigation}
              brand={
                horizontal && (
                  <Link to="/dashboard" aria-label={appName}>
                    <Logo settings={settings} theme={theme.resolved} semiDark={false} collapsed={false} appName={appName} />
                  </Link>
                )
              }
            />
          )}
          {horizontal && (
            <HorizontalNav groups={shell.navigation} sticky={preferences["horizontal-nav-type"] === "sticky"} icons={shell.navIcons} />
          )}
          <main id="main" className="mx-auto w-full max-w-[var(--content-max)] flex-1 px-4 py-6 sm:px-6">
            {children}
          </main>
          {preferences["footer-type"] !== "hidden" && <Footer appName={appName} sticky={preferences["footer-type"] === "sticky"} />}
        </div>
        <ScrollToTop />
      </div>
    </CustomizerHost>
  );
}
