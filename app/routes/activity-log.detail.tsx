import { data, Link } from "react-router";
import { ArrowLeft } from "~/components/icons";
import { DetailList } from "~/components/logs/detail-list";
import { formatDateTime, formatValue } from "~/components/logs/format";
import { linkableSubjects, subjectHref } from "~/components/logs/subjects";
import type { ActivityEntry } from "~/components/logs/types";
import { PageTitle } from "~/components/page-title";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { useTranslation } from "~/lib/i18n";
import { activityTitles } from "~/lib/logs/activity-titles.server";
import { isRecordId } from "~/lib/record-id";
import { requireScreen, UpstreamError } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import { getLocale } from "~/middleware/i18next";
import type { Route } from "./+types/activity-log.detail";

export const handle: StringsHandle = { i18n: ["logs"] };

/** One activity entry: who did what to which subject, from where, and the fields it changed. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "activity-log-detail");
  if (!isRecordId(params.id)) throw data(null, { status: 404, statusText: "Not found" });
  try {
    const [entry, titles] = await Promise.all([
      api.call<ActivityEntry>(`/api/activity-log/${params.id}`),
      activityTitles(api, getLocale(context)),
    ]);
    return { entry, title: titles[entry.action] ?? entry.action, linkable: linkableSubjects(user.user_permissions) };
  } catch (error) {
    // Another organization's entry is "not found" too: the backend scopes every read.
    if (error instanceof UpstreamError && error.status === 404) throw data(null, { status: 404, statusText: "Not found" });
    throw error;
  }
}

export default function ActivityLogDetail({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation("logs");
  const { entry, title, linkable } = loaderData;
  const href = subjectHref(entry.subject_type, entry.subject_id, linkable);
  const changes = Object.entries(entry.changes ?? {});
  const subjectLabel = entry.subject_label ?? (entry.subject_id !== null ? `#${entry.subject_id}` : null);
  const none = <span className="text-muted-foreground">{t("detail.none")}</span>;

  return (
    <div className="space-y-6">
      <PageTitle title={t("activity.detailTitle", { title })} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-semibold text-2xl">{title}</h1>
          <p className="text-muted-foreground">
            <time dateTime={entry.created_at}>{formatDateTime(entry.created_at, language)}</time>
          </p>
        </div>
        <Link to="/activity-log" className={buttonVariants({ variant: "outline" })}>
          <ArrowLeft aria-hidden="true" className="rtl:rotate-180" />
          {t("detail.backToActivity")}
        </Link>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>{t("detail.summary")}</CardTitle>
        </CardHeader>
        <CardContent>
          <DetailList
            items={[
              {
                label: t("activity.columns.action"),
                value: (
                  <span>
                    {title}{" "}
                    <code className="text-muted-foreground text-xs" dir="ltr">
                      {entry.action}
                    </code>
                  </span>
                ),
              },
              { label: t("activity.columns.actor"), value: entry.actor?.name ?? t("activity.system") },
              {
                label: t("activity.columns.masquerader"),
                value: entry.masquerader ? <Badge variant="warning">{entry.masquerader.name}</Badge> : none,
              },
              ...(entry.token
                ? [{ label: t("activity.columns.token"), value: <Badge variant="secondary">{entry.token.name}</Badge> }]
                : []),
              {
                label: t("activity.columns.subject"),
                value: subjectLabel ? (
                  <span>
                    {href ? (
                      <Link to={href} className="text-primary hover:underline">
                        {subjectLabel}
                      </Link>
                    ) : (
                      subjectLabel
                    )}
                    {entry.subject_type && (
                      <span className="ms-2 text-muted-foreground text-xs">
                        {t(`subjectTypes.${entry.subject_type}` as "subjectTypes.user", { defaultValue: entry.subject_type })}
                      </span>
                    )}
                  </span>
                ) : (
                  none
                ),
              },
              {
                label: t("activity.columns.time"),
                value: <time dateTime={entry.created_at}>{formatDateTime(entry.created_at, language)}</time>,
              },
              { label: t("activity.columns.ip"), value: entry.ip ? <span dir="ltr">{entry.ip}</span> : none },
              {
                label: t("detail.userAgent"),
                value: entry.user_agent ? (
                  <span dir="ltr" className="break-all">
                    {entry.user_agent}
                  </span>
                ) : (
                  none
                ),
              },
            ]}
          />
        </CardContent>
      </Card>

      <Card className="gap-0 pb-0">
        <CardHeader className="pb-4">
          <CardTitle>{t("detail.changes")}</CardTitle>
        </CardHeader>
        {changes.length === 0 ? (
          <CardContent className="pb-6 text-muted-foreground">{t("detail.noChanges")}</CardContent>
        ) : (
          <div className="overflow-x-auto border-t">
            <table className="w-full text-sm">
              <caption className="sr-only">{t("detail.changes")}</caption>
              <thead>
                <tr className="border-b">
                  <th scope="col" className="h-11 px-6 text-start font-medium text-[0.8125rem] uppercase tracking-wide">
                    {t("detail.field")}
                  </th>
                  <th scope="col" className="h-11 px-6 text-start font-medium text-[0.8125rem] uppercase tracking-wide">
                    {t("detail.before")}
                  </th>
                  <th scope="col" className="h-11 px-6 text-start font-medium text-[0.8125rem] uppercase tracking-wide">
                    {t("detail.after")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {changes.map(([field, change]) => {
                  const before = formatValue(change.old);
                  const after = formatValue(change.new);
                  return (
                    <tr key={field} className="border-b last:border-b-0" data-field={field}>
                      <th scope="row" className="px-6 py-3 text-start align-top font-medium">
                        <code dir="ltr">{field}</code>
                      </th>
                      <td className="px-6 py-3 align-top text-muted-foreground">
                        {before === null ? none : <pre className="whitespace-pre-wrap break-all font-sans">{before}</pre>}
                      </td>
                      <td className="px-6 py-3 align-top">
                        {after === null ? none : <pre className="whitespace-pre-wrap break-all font-sans">{after}</pre>}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}
