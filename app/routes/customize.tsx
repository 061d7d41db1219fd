import { Link, useRouteLoaderData } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { CustomizerSections, ResetPreferencesButton } from "~/components/layout/customizer";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useTranslation } from "~/lib/i18n";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/customize";

export const handle: StringsHandle = { i18n: ["admin"] };

/**
 * The theme customizer as a page: where the navbar's trigger leads without JavaScript (with it, the trigger
 * opens the same sections in a panel). Each choice posts to /preferences and comes back here.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  requireScreen(context, "customize");
  return { back: safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/dashboard") };
}

export default function Customize({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root) return null;
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeader
        title={t("customizer.title")}
        description={t("customizer.screenDescription")}
        actions={
          <>
            <ResetPreferencesButton />
            <Link to={loaderData.back} className={buttonVariants({ variant: "outline", size: "sm" })}>
              {t("back")}
            </Link>
          </>
        }
      />
      <Card className="gap-0 py-0">
        <CustomizerSections preferences={root.preferences} theme={root.theme} headings="h2" />
      </Card>
    </div>
  );
}
