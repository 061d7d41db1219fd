import { Link } from "react-router";
import { ActivityChart } from "~/components/dashboard/activity-chart";
import type { DayCount } from "~/components/dashboard/chart";
import { FigureCard } from "~/components/dashboard/figure-card";
import { Building2, MapPinOff, PhoneCall, Repeat, Users } from "~/components/icons";
import { formatDateTime } from "~/components/logs/format";
import type { ActivityEntry } from "~/components/logs/types";
import { PageTitle } from "~/components/page-title";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { useTranslation } from "~/lib/i18n";
import { numberFormat } from "~/lib/intl";
import { activityTitles } from "~/lib/logs/activity-titles.server";
import { organizationFilter } from "~/lib/organization-filter.server";
import { can, requireScreen } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import { getLocale } from "~/middleware/i18next";
import type { Route } from "./+types/dashboard";

export const handle: StringsHandle = { i18n: ["dashboard"] };

interface Dashboard {
  counts: { organizations: number; users: number; active_numbers: number; open_porting_orders: number; numbers_without_e911: number };
  recent_activity: ActivityEntry[];
  activity_per_day: DayCount[];
}

/** The dashboard: key figures, the latest activity and activity per day over 30 days — one upstream call. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "dashboard");
  // Provider staff who chose an organization in the navbar see that organization's figures.
  const query = { organization_id: organizationFilter(request, user) };
  const [dashboard, titles] = await Promise.all([
    api.call<Dashboard>("/api/dashboard", { query }),
    activityTitles(api, getLocale(context)),
  ]);
  const shown = new Set(dashboard.recent_activity.map((entry) => entry.action));
  return {
    name: user.name,
    ...dashboard,
    // Only the titles this page shows travel to the browser.
    titles: Object.fromEntries(Object.entries(titles).filter(([action]) => shown.has(action))),
    links: {
      organizations: can(user, "admin.organizations.read") ? "/organizations" : null,
      users: can(user, "admin.users.read") ? "/users" : null,
      numbers: can(user, "tools.phone_numbers.read") ? "/tools/numbers?status=in_service" : null,
      numbersWithoutE911: can(user, "tools.phone_numbers.read") ? "/tools/numbers?status=in_service&e911=missing" : null,
      activity: can(user, "admin.activity.read"),
    },
  };
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation("dashboard");
  const { counts, recent_activity: recent, activity_per_day: days, titles, links } = loaderData;
  const number = numberFormat(language);
  const figures = [
    { id: "organizations", icon: Building2, tone: "primary", href: links.organizations },
    { id: "users", icon: Users, tone: "info", href: links.users },
    { id: "active_numbers", icon: PhoneCall, tone: "success", href: links.numbers },
    { id: "open_porting_orders", icon: Repeat, tone: "warning", href: null },
    { id: "numbers_without_e911", icon: MapPinOff, tone: "destructive", href: links.numbersWithoutE911 },
  ] as const;

  return (
    <div className="space-y-6">
      <PageTitle title={t("title")} />
      <div>
        <h1 className="font-semibold text-2xl">{t("title")}</h1>
        <p className="text-muted-foreground">{t("welcome", { name: loaderData.name })}</p>
      </div>

      <section aria-labelledby="dashboard-figures">
        <h2 id="dashboard-figures" className="sr-only">
          {t("figures.title")}
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
          {figures.map((figure) => (
            <li key={figure.id}>
              <FigureCard
                id={figure.id}
                label={t(`figures.${figure.id}`)}
                value={number.format(counts[figure.id])}
                icon={figure.icon}
                tone={figure.tone}
                href={figure.href}
              />
            </li>
          ))}
        </ul>
      </section>

      <div className="grid items-start gap-6 xl:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader>
            <CardTitle>{t("chart.title")}</CardTitle>
            <CardDescription>{t("chart.subtitle")}</CardDescription>
          </CardHeader>
          <CardContent>
            <ActivityChart days={days} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("recent.title")}</CardTitle>
            <CardDescription>{t("recent.subtitle")}</CardDescription>
            {links.activity && (
              <CardAction>
                <Link to="/activity-log" className="text-primary text-sm hover:underline">
                  {t("recent.viewAll")}
                </Link>
              </CardAction>
            )}
          </CardHeader>
          <CardContent>
            {recent.length === 0 ? (
              <p className="text-muted-foreground">{t("recent.empty")}</p>
            ) : (
              <ol className="relative space-y-4 border-s ps-5" data-testid="recent-activity">
                {recent.map((entry) => {
                  const title = titles[entry.action] ?? entry.action;
                  return (
                    <li key={entry.id} className="relative">
                      <span
                        aria-hidden="true"
                        className="absolute -start-[1.6rem] top-1.5 size-2.5 rounded-full bg-primary ring-4 ring-card"
                      />
                      <p className="font-medium text-sm">
                        {links.activity ? (
                          <Link to={`/activity-log/${entry.id}`} className="hover:text-primary-text hover:underline">
                            {title}
                          </Link>
                        ) : (
                          title
                        )}
                      </p>
                      <p className="text-muted-foreground text-xs">
                        {t("recent.by", { actor: entry.actor?.name ?? t("recent.system") })}
                        {entry.subject_label && entry.subject_label !== entry.actor?.name && <> · {entry.subject_label}</>}
                      </p>
                      <p className="text-muted-foreground text-xs">
                        <time dateTime={entry.created_at}>{formatDateTime(entry.created_at, language)}</time>
                      </p>
                    </li>
                  );
                })}
              </ol>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
