import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import { ErrorPage, errorPageProps } from "~/components/error-page";
import { AppShell } from "~/components/layout/app-shell";
import { organizationOptions } from "~/lib/admin/options.server";
import { navSprite } from "~/lib/nav-icons.server";
import { buildNavigation } from "~/lib/navigation.server";
import { organizationFilter } from "~/lib/organization-filter.server";
import { getPublicSettings } from "~/lib/public-settings.server";
import { getClient, getUser, userMiddleware } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import type { Route } from "./+types/_app";

export const handle: StringsHandle = { i18n: ["nav"] };

export const middleware: Route.MiddlewareFunction[] = [userMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = getUser(context);
  // Independent calls, in parallel: a hanging backend costs one timeout, not two in a row. The organization
  // options are the users and logs screens' filters', kept for the session a while (organizationOptions).
  const [settings, organizations] = await Promise.all([
    getPublicSettings(context),
    user.is_provider ? organizationOptions(getClient(context)).then((options) => options ?? []) : null,
  ]);
  return {
    user: { name: user.name, email: user.email, role: user.roles[0]?.name ?? null },
    navigation: buildNavigation(user, settings),
    organizations,
    organizationId: organizationFilter(request, user),
    navIcons: navSprite().href,
  };
}

export default function SignedInLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AppShell shell={loaderData}>
      <Outlet />
    </AppShell>
  );
}

/** Errors of signed-in screens (401 not authorized, 404, 500) render inside the signed-in layout. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const shell = useRouteLoaderData<typeof loader>("routes/_app");
  if (!isRouteErrorResponse(error)) console.error(error);
  const page = <ErrorPage {...errorPageProps(error)} signedIn={!!shell} />;
  return shell ? <AppShell shell={shell}>{page}</AppShell> : page;
}
