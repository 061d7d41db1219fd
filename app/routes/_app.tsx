import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { AppShell } from "~/components/layout/app-shell";
import { buildNavigation } from "~/lib/navigation.server";
import { organizationFilter } from "~/lib/organization-filter.server";
import { getPublicSettings } from "~/lib/public-settings.server";
import { getClient, getUser, userMiddleware } from "~/lib/sanctum/context.server";
import type { Route } from "./+types/_app";

export const middleware: Route.MiddlewareFunction[] = [userMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = getUser(context);
  const settings = await getPublicSettings(context);
  const organizations = user.is_provider
    ? await getClient(context)
        .call<{ id: number; name: string }[]>("/api/organizations/options")
        .catch(() => [])
    : null;
  return {
    user: { name: user.name, email: user.email, role: user.roles[0]?.name ?? null },
    navigation: buildNavigation(user, settings),
    organizations,
    organizationId: organizationFilter(request, user),
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
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const page = <ErrorPage status={status} signedIn={!!shell} />;
  return shell ? <AppShell shell={shell}>{page}</AppShell> : page;
}
