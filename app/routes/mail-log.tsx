import { Link } from "react-router";
import { isDay, isId, knownFilters, listApiQuery, maxLength, oneOf } from "~/components/admin/list-query";
import { actionsColumn } from "~/components/admin/row-actions";
import { formatDateTime } from "~/components/logs/format";
import { MailRetryButton } from "~/components/logs/mail-retry";
import { MailStatusBadge } from "~/components/logs/mail-status";
import { MAIL_STATUSES, MAIL_TEMPLATES, type MailEntry } from "~/components/logs/types";
import { PageTitle } from "~/components/page-title";
import { Card } from "~/components/ui/card";
import type { ColumnDef } from "~/components/ui/data-table";
import { CellText, DataTable } from "~/components/ui/data-table";
import { FilterDate, FilterSelect, OrganizationFilter } from "~/components/ui/list-filters";
import { organizationOptions } from "~/lib/admin/options.server";
import { listUrl } from "~/lib/admin/upstream.server";
import { getEnv } from "~/lib/cloudflare.server";
import { useTranslation } from "~/lib/i18n";
import { type Paginated, parseListParams } from "~/lib/list-params";
import { MAIL_RETRY_PERMISSION, retryMailAction } from "~/lib/mail-retry.server";
import { organizationFilter } from "~/lib/organization-filter.server";
import { can, requireScreen } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import type { Route } from "./+types/mail-log";

export const handle: StringsHandle = { i18n: ["logs", "smtp", "admin"] };

const SORTS = ["created_at", "to", "subject", "status"];

/** The mail log: every e-mail the platform sent or tried to send. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "mail-log");
  const list = parseListParams(new URL(request.url));
  const accepted = {
    status: oneOf(MAIL_STATUSES),
    template: maxLength(100),
    from: isDay,
    to: isDay,
    ...(user.is_provider ? { organization_id: isId } : {}),
  };
  const query = listApiQuery(list, { sorts: SORTS, filters: accepted, organizationId: organizationFilter(request, user) });
  const [page, organizations] = await Promise.all([
    api.call<Paginated<MailEntry>>("/api/mail-log", { query }),
    user.is_provider ? organizationOptions(api) : null,
  ]);
  const filters = knownFilters(list, accepted);
  // Organization members see their own organization's mail only.
  const names = organizations ?? (user.organization ? [{ id: user.organization.id, name: user.organization.name }] : []);
  return {
    page,
    organizations,
    organizationNames: Object.fromEntries(names.map((entry) => [entry.id, entry.name])),
    filters,
    // Development: the local mail catcher's inbox (npm run dev), where delivered messages can be read.
    inboxUrl: getEnv(context).MAIL_INBOX_URL ?? null,
    canRetry: can(user, MAIL_RETRY_PERMISSION),
  };
}

/** "Retry" on a failed or unsent row (`intent=retry`, `id`): queued again, back to the same page with a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  return retryMailAction(request, context, "mail-log", listUrl(request));
}

export default function MailLog({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation(["logs", "smtp"]);
  const { t: ta } = useTranslation("admin");
  const { page, organizations, organizationNames, filters, inboxUrl, canRetry } = loaderData;
  const template = (name: string) => t(`mail.templates.${name}` as "mail.templates.invitation", { defaultValue: name });

  const columns: ColumnDef<MailEntry>[] = [
    {
      id: "to",
      meta: { label: t("mail.columns.to"), sortable: true, truncate: true },
      cell: ({ row }) => (
        <Link to={`/mail-log/${row.original.id}`} className="block text-primary hover:underline">
          <CellText text={row.original.to} />
        </Link>
      ),
    },
    {
      id: "subject",
      meta: { label: t("mail.columns.subject"), sortable: true, truncate: true },
      cell: ({ row }) => <CellText text={row.original.subject} className="text-foreground" />,
    },
    { id: "template", meta: { label: t("mail.columns.template") }, cell: ({ row }) => template(row.original.template) },
    {
      id: "status",
      meta: { label: t("mail.columns.status"), sortable: true },
      cell: ({ row }) => <MailStatusBadge status={row.original.status} />,
    },
    {
      id: "error",
      meta: { label: t("mail.columns.error") },
      cell: ({ row }) =>
        row.original.error ? (
          <span className="text-destructive text-xs">
            {t(`smtp:mailErrors.${row.original.error}` as "smtp:mailErrors.failed", { defaultValue: row.original.error })}
          </span>
        ) : null,
    },
    {
      id: "created_at",
      meta: { label: t("mail.columns.time"), sortable: true },
      cell: ({ row }) => (
        <time dateTime={row.original.created_at} className="whitespace-nowrap">
          {formatDateTime(row.original.created_at, language)}
        </time>
      ),
    },
    {
      id: "organization",
      meta: { label: t("mail.columns.organization"), truncate: true },
      cell: ({ row }) => {
        const id = row.original.organization_id;
        return id === null ? null : (organizationNames[id] ?? `#${id}`);
      },
    },
    ...(canRetry
      ? [actionsColumn<MailEntry>(ta("actions.actions"), (mail) => mail.retryable && <MailRetryButton mail={mail} compact />)]
      : []),
  ];

  return (
    <div className="space-y-6">
      <PageTitle title={t("mail.title")} />
      <div>
        <h1 className="font-semibold text-2xl">{t("mail.title")}</h1>
        <p className="text-muted-foreground">{t("mail.description")}</p>
        {inboxUrl && (
          <a href={inboxUrl} target="_blank" rel="noopener" className="text-primary text-sm hover:underline" data-testid="local-inbox">
            {t("smtp:inbox")}
          </a>
        )}
      </div>
      <Card className="gap-0 py-0">
        <DataTable
          columns={columns}
          page={page}
          label={t("mail.title")}
          getRowId={(row) => String(row.id)}
          searchPlaceholder={t("mail.searchPlaceholder")}
          emptyMessage={t("mail.empty")}
          exportTo="/exports/mail-log"
          filters={
            <>
              <FilterSelect
                name="status"
                label={t("mail.filters.status")}
                value={filters.status}
                allLabel={t("filters.all")}
                options={MAIL_STATUSES.map((status) => ({ value: status, label: t(`mail.statuses.${status}`) }))}
              />
              <FilterSelect
                name="template"
                label={t("mail.filters.template")}
                value={filters.template}
                allLabel={t("filters.all")}
                options={MAIL_TEMPLATES.map((name) => ({ value: name, label: template(name) }))}
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
