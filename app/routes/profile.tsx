import { NavLink, Outlet, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { KeyRound, KeySquare, Palette, UserRound } from "~/components/icons";
import { tabTriggerClasses } from "~/components/ui/tabs";
import { useTranslation } from "~/lib/i18n";
import { pagePath } from "~/lib/sanctum/client.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import type { Route } from "./+types/profile";

export const handle: StringsHandle = { i18n: ["profile"] };

/** Each tab is its own screen (profile.<tab>.tsx) inside this layout. */
const TABS = [
  { id: "account", icon: UserRound },
  { id: "security", icon: KeyRound },
  { id: "preferences", icon: Palette },
  { id: "tokens", icon: KeySquare },
] as const;

/** /profile itself has no tab of its own: it leads to the first. */
const isProfileRoot = (pathname: string) => pathname.replace(/\/+$/, "") === "/profile";

export function loader({ request, context }: Route.LoaderArgs) {
  const { user } = requireScreen(context, "profile");
  if (isProfileRoot(new URL(pagePath(request), request.url).pathname)) throw redirect("/profile/account");
  const about = [user.organization?.name, ...user.roles.map((role) => role.name)].filter(Boolean).join(" · ");
  return { about: about || user.email };
}

/** From a tab, a link to /profile keeps this layout's match, so its loader must run again to lead on. */
export function shouldRevalidate({ nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return isProfileRoot(nextUrl.pathname) || defaultShouldRevalidate;
}

export default function ProfileLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("profile");
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-semibold text-2xl">{t("title")}</h1>
        <p className="text-muted-foreground">{loaderData.about}</p>
      </div>
      <nav aria-label={t("tabsLabel")}>
        <ul className="flex flex-wrap gap-1">
          {TABS.map(({ id, icon: Icon }) => (
            <li key={id}>
              <NavLink to={`/profile/${id}`} className={tabTriggerClasses} preventScrollReset>
                <Icon aria-hidden="true" />
                {t(`tabs.${id}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
