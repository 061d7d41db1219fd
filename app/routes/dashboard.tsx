import { useTranslation } from "react-i18next";
import { PageTitle } from "~/components/page-title";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { Route } from "./+types/dashboard";

export async function loader({ context }: Route.LoaderArgs) {
  const { user } = requireScreen(context, "dashboard");
  return { name: user.name };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div>
      <PageTitle title={t("dashboard.title")} />
      <h1 className="font-semibold text-2xl">{t("dashboard.title")}</h1>
      <p className="text-muted-foreground">{loaderData.name}</p>
    </div>
  );
}
