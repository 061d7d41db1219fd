import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

/** Every page title carries the suffix naming the portal: "Users — AMP". React hoists it into <head>. */
export function PageTitle({ title }: { title: string }) {
  const { t } = useTranslation();
  const appName = useRouteLoaderData<typeof rootLoader>("root")?.appName ?? t("appName");
  return <title>{t("titleSuffix", { title, appName })}</title>;
}
