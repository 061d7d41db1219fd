import { useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { formatNumber } from "~/components/admin/format";
import { listApiQuery, oneOf, redirectPastLastPage } from "~/components/admin/list-query";
import { PageHeader } from "~/components/admin/page-header";
import { actionsColumn, DELETE_ROW, DeleteButton, EditLink } from "~/components/admin/row-actions";
import { StatusBadge } from "~/components/admin/status-badge";
import { ORGANIZATION_STATUSES, ORGANIZATION_TYPES, type Organization } from "~/components/admin/types";
import { Plus } from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { ColumnDef } from "~/components/ui/data-table";
import { CellText, DataTable } from "~/components/ui/data-table";
import { FilterSelect } from "~/components/ui/list-filters";
import { deleteRow } from "~/lib/admin/upstream.server";
import { useTranslation } from "~/lib/i18n";
import { type Paginated, parseListParams } from "~/lib/list-params";
import { organizationFilter } from "~/lib/organization-filter.server";
import { can, requirePermission, requireScreen } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import type { Route } from "./+types/organizations";

export const handle: StringsHandle = { i18n: ["admin"] };

const SORTS = ["name", "account_number", "users_count"] as const;
const TYPE_VARIANTS = { provider: "default", business: "info", residential: "secondary" } as const;

/** Organizations: search, filter by status and type, counts of users and numbers. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "organizations");
  const list = parseListParams(new URL(request.url));
  const query = listApiQuery(list, {
    sorts: SORTS,
    filters: { status: oneOf(ORGANIZATION_STATUSES), type: oneOf(ORGANIZATION_TYPES) },
    organizationId: organizationFilter(request, user),
  });
  const page = await api.call<Paginated<Organization>>("/api/organizations", { query });
  redirectPastLastPage(request, page);
  return {
    page,
    allowed: {
      create: can(user, "admin.organizations.create"),
      update: can(user, "admin.organizations.update"),
      delete: can(user, "admin.organizations.delete"),
    },
  };
}

/** Delete: the backend refuses (409 organizations.has_dependents) while users or numbers remain. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "organizations");
  requirePermission(context, "admin.organizations.delete");
  return deleteRow(request, context, api, {
    screen: "organizations",
    endpoint: (id) => `/api/organizations/${id}`,
    deleted: "organizations.deleted",
  });
}

export default function Organizations({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation("admin");
  const [searchParams] = useSearchParams();
  const { page, allowed } = loaderData;
  const filters = parseListParams(searchParams).filters;
  const locale = language;

  const columns = useMemo<ColumnDef<Organization>[]>(
    () => [
      {
        id: "name",
        meta: { label: t("organizations.columns.name"), sortable: true, truncate: true },
        enableHiding: false,
        cell: ({ row }) => <CellText text={row.original.name} className="font-medium text-foreground" />,
      },
      {
        id: "account_number",
        meta: { label: t("organizations.columns.accountNumber"), sortable: true },
        cell: ({ row }) => (
          <span dir="ltr" className="font-mono text-[0.8125rem]">
            {row.original.account_number}
          </span>
        ),
      },
      {
        id: "type",
        meta: { label: t("organizations.columns.type") },
        cell: ({ row }) => <Badge variant={TYPE_VARIANTS[row.original.type]}>{t(`organizations.types.${row.original.type}`)}</Badge>,
      },
      {
        id: "status",
        meta: { label: t("organizations.columns.status") },
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
      {
        id: "contact",
        meta: { label: t("organizations.columns.contact"), truncate: true },
        cell: ({ row }) =>
          row.original.contact_name || row.original.contact_email ? (
            <div className="flex flex-col">
              {row.original.contact_name && <CellText text={row.original.contact_name} className="text-foreground" />}
              {row.original.contact_email && <CellText text={row.original.contact_email} className="text-[0.8125rem]" />}
            </div>
          ) : (
            "—"
          ),
      },
      {
        id: "users_count",
        meta: { label: t("organizations.columns.users"), sortable: true, className: "text-end tabular-nums" },
        cell: ({ row }) => formatNumber(locale, row.original.users_count ?? 0),
      },
      {
        id: "numbers_count",
        meta: { label: t("organizations.columns.numbers"), className: "text-end tabular-nums" },
        cell: ({ row }) => formatNumber(locale, row.original.numbers_count ?? 0),
      },
      actionsColumn(t("actions.actions"), (target) => {
        return (
          <>
            {allowed.update && <EditLink to={`/organizations/edit/${target.id}`} label={t("organizations.edit", { name: target.name })} />}
            {allowed.delete && (
              <DeleteButton
                id={target.id}
                label={t("organizations.delete", { name: target.name })}
                title={() => t("organizations.deleteTitle", { name: target.name })}
                description={() => t("organizations.deleteDescription")}
              />
            )}
          </>
        );
      }),
    ],
    [t, locale, allowed],
  );

  return (
    <div className="space-y-6">
      <PageHeader title={t("organizations.title")} description={t("organizations.description")} />
      <Card className="gap-0 py-0">
        <DataTable
          columns={columns}
          page={page}
          label={t("organizations.tableLabel")}
          getRowId={(row) => String(row.id)}
          rowForms={allowed.delete ? [DELETE_ROW] : undefined}
          searchPlaceholder={t("organizations.searchPlaceholder")}
          emptyMessage={t("organizations.empty")}
          exportTo="/exports/organizations"
          filters={
            <>
              <FilterSelect
                name="status"
                label={t("filters.status")}
                allLabel={t("filters.allStatuses")}
                value={filters.status}
                options={ORGANIZATION_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
              />
              <FilterSelect
                name="type"
                label={t("organizations.filters.type")}
                allLabel={t("organizations.filters.allTypes")}
                value={filters.type}
                options={ORGANIZATION_TYPES.map((type) => ({ value: type, label: t(`organizations.types.${type}`) }))}
              />
            </>
          }
          toolbar={
            allowed.create && (
              <Link to="/organizations/add" className={buttonVariants()}>
                <Plus aria-hidden="true" />
                {t("organizations.add")}
              </Link>
            )
          }
        />
      </Card>
    </div>
  );
}
