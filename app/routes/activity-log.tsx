import { Link } from "react-router";
import { isDay, isId, knownFilters, listApiQuery, maxLength } from "~/components/admin/list-query";
import { formatDateTime } from "~/components/logs/format";
import { KNOWN_SUBJECT_TYPES, linkableSubjects, subjectHref } from "~/components/logs/subjects";
import type { ActivityEntry, Option } from "~/components/logs/types";
import { PageTitle } from "~/components/page-title";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import type { ColumnDef } from "~/components/ui/data-table";
import { DataTable } from "~/components/ui/data-table";
import { FilterDate, FilterSelect, OrganizationFilter } from "~/components/ui/list-filters";
import { organizationOptions } from "~/lib/admin/options.server";
import { useTranslation } from "~/lib/i18n";
import { type Paginated, parseListParams } from "~/lib/list-params";
import { activityTitles } from "~/lib/logs/activity-titles.server";
import { organizationFilter } from "~/lib/organization-filter.server";
import { can, optionalCall, requireScreen } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import { getLocale } from "~/middleware/i18next";
import type { Route } from "./+types/activity-log";

export const handle: StringsHandle = { i18n: ["logs"] };

interface Filters {
  actions: string[];
  subject_types: string[];
}

const SORTS = ["created_at", "action"];

/** The activity log: every mutation, newest first, filtered in the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "activity-log");
  const list = parseListParams(new URL(request.url));
  // Only known filters with well-formed values reach the API (anything else would be a 422).
  const accepted = {
    actor_id: isId,
    action: maxLength(100),
    subject_type: maxLength(100),
    from: isDay,
    to: isDay,
    ...(user.is_provider ? { organization_id: isId } : {}),
  };
  const query = listApiQuery(list, { sorts: SORTS, filters: accepted, organizationId: organizationFilter(request, user) });
  const filters = knownFilters(list, accepted);

  const locale = getLocale(context);
  const [page, titles, available, actors, organizations] = await Promise.all([
    api.call<Paginated<ActivityEntry>>("/api/activity-log", { query }),
    activityTitles(api, locale),
    optionalCall(
      "activity filters",
      api.call<Filters>("/api/activity-log/filters", { query: { organization_id: query.organization_id } }),
      null,
    ),
    can(user, "admin.users.read")
      ? optionalCall(
          "activity actors",
          api
            .call<Paginated<Option>>("/api/users", {
              query: { per_page: 100, sort: "name", organization_id: query.organization_id },
            })
            .then((answer) => answer.data.map(({ id, name }) => ({ id, name }))),
          [] as Option[],
        )
      : ([] as Option[]),
    user.is_provider ? organizationOptions(api) : null,
  ]);
  return {
    page,
    titles,
    // Without the filters call the action keys come from the titles, which cover every action the backend writes.
    actions: available?.actions ?? Object.keys(titles),
    subjectTypes: available?.subject_types ?? [...KNOWN_SUBJECT_TYPES],
    actors,
    organizations,
    linkable: linkableSubjects(user.user_permissions),
    filters,
  };
}

export default function ActivityLog({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation("logs");
  const { page, titles, actions, subjectTypes, actors, organizations, linkable, filters } = loaderData;
  const title = (action: string) => titles[action] ?? action;
  const subjectType = (type: string) => t(`subjectTypes.${type}` as "subjectTypes.user", { defaultValue: type });

  const columns: ColumnDef<ActivityEntry>[] = [
    {
      id: "created_at",
      meta: { label: t("activity.columns.time"), sortable: true },
      cell: ({ row }) => (
        <Link to={`/activity-log/${row.original.id}`} className="whitespace-nowrap text-primary hover:underline">
          <time dateTime={row.original.created_at}>{formatDateTime(row.original.created_at, language)}</time>
        </Link>
      ),
    },
    {
      id: "actor",
      meta: { label: t("activity.columns.actor") },
      cell: ({ row }) => <span className="text-foreground">{row.original.actor?.name ?? t("activity.system")}</span>,
    },
    {
      id: "masquerader",
      meta: { label: t("activity.columns.masquerader") },
      cell: ({ row }) => (row.original.masquerader ? <Badge variant="warning">{row.original.masquerader.name}</Badge> : null),
    },
    {
      id: "action",
      meta: { label: t("activity.columns.action"), sortable: true },
      cell: ({ row }) => title(row.original.action),
    },
    {
      id: "subject",
      meta: { label: t("activity.columns.subject") },
      cell: ({ row }) => {
        const entry = row.original;
        if (!entry.subject_type) return null;
        const label = entry.subject_label ?? `#${entry.subject_id}`;
        const href = subjectHref(entry.subject_type, entry.subject_id, linkable);
        return (
          <span className="flex flex-col">
            {href ? (
              <Link to={href} className="text-primary hover:underline">
                {label}
              </Link>
            ) : (
              <span className="text-foreground">{label}</span>
            )}
            <span className="text-xs">{subjectType(entry.subject_type)}</span>
          </span>
        );
      },
    },
    {
      id: "ip",
      meta: { label: t("activity.columns.ip") },
      cell: ({ row }) => <span dir="ltr">{row.original.ip}</span>,
    },
  ];

  const actionOptions = actions
    .map((action) => ({ value: action, label: title(action) }))
    .sort((a, b) => a.label.localeCompare(b.label, language));

  return (
    <div className="space-y-6">
      <PageTitle title={t("activity.title")} />
      <div>
        <h1 className="font-semibold text-2xl">{t("activity.title")}</h1>
        <p className="text-muted-foreground">{t("activity.description")}</p>
      </div>
      <Card className="gap-0 py-0">
        <DataTable
          columns={columns}
          page={page}
          label={t("activity.title")}
          getRowId={(row) => String(row.id)}
          searchPlaceholder={t("activity.searchPlaceholder")}
          emptyMessage={t("activity.empty")}
          exportTo="/exports/activity-log"
          filters={
            <>
              {actors.length > 0 && (
                <FilterSelect
                  name="actor_id"
                  label={t("activity.filters.actor")}
                  value={filters.actor_id}
                  allLabel={t("filters.all")}
                  options={actors.map((actor) => ({ value: String(actor.id), label: actor.name }))}
                />
              )}
              <FilterSelect
                name="action"
                label={t("activity.filters.action")}
                value={filters.action}
                allLabel={t("filters.all")}
                options={actionOptions}
              />
              <FilterSelect
                name="subject_type"
                label={t("activity.filters.subjectType")}
                value={filters.subject_type}
                allLabel={t("filters.all")}
                options={subjectTypes.map((type) => ({ value: type, label: subjectType(type) }))}
              />
              <OrganizationFilter
                organizations={organizations}
                label={t("filters.organization")}
                allLabel={t("filters.allOrganizations")}
                value={filters.organization_id}
              />
              <FilterDate name="from" label={t("filters.from")} value={filters.from} max={filters.to} />
              <FilterDate name="to" label={t("filters.to")} value={filters.to} min={filters.from} />
            </>
          }
        />
      </Card>
    </div>
  );
}
