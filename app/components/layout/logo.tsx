import { logoBackground } from "~/lib/preferences";
import type { PublicSettings } from "~/lib/types";

/** The portal logo following §4's rule; 55 px high, 35 px when the navigation is collapsed. */
export function Logo({
  settings,
  theme,
  semiDark,
  collapsed,
  appName,
}: {
  settings: PublicSettings;
  theme: "light" | "dark";
  semiDark: boolean;
  collapsed: boolean;
  appName: string;
}) {
  const background = logoBackground(theme, semiDark);
  const src = collapsed ? settings.logos.collapsed : background === "light" ? settings.logos.light : settings.logos.dark;
  if (src) {
    return <img src={src} alt={appName} className={collapsed ? "h-[35px] w-auto" : "h-[55px] w-auto max-w-full"} />;
  }
  // No uploaded logo: the built-in mark in the primary colour with the portal's name.
  return (
    <span className="flex items-center gap-2" data-logo={background}>
      <svg viewBox="0 0 32 22" aria-hidden="true" data-logo-mark className={collapsed ? "h-[35px] w-auto" : "h-[55px] w-auto"}>
        <path fill="var(--primary)" d="M0 22 11 0h5L5 22z" />
        <path fill="var(--primary)" opacity=".55" d="M10 22 21 0h5L15 22z" />
        <path fill="var(--primary)" opacity=".3" d="M20 22 26 10l3 6-3 6z" />
      </svg>
      {!collapsed && <span className="font-bold text-[1.375rem] tracking-tight">{appName}</span>}
    </span>
  );
}
