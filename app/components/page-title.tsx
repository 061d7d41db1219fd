import { useRouteLoaderData } from "react-router";
import { useTranslation } from "~/lib/i18n";
import type { loader as rootLoader } from "~/root";

/** Every page title carries the suffix naming the portal: "Users — AMP". React hoists it into <head>. */
export function PageTitle({ title, appName: known }: { title: string; appName?: string }) {
  const { t } = useTranslation();
  // An error page thrown by middleware has no root data: its error names the portal instead (`known`).
  const appName = useRouteLoaderData<typeof rootLoader>("root")?.appName ?? known ?? t("appName");
  return <title>{t("titleSuffix", { title, appName })}</title>;
}
