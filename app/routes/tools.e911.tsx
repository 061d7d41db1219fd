import { Link } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { EditLink, RowActions } from "~/components/admin/row-actions";
import { MapPinned } from "~/components/icons";
import { AddressText } from "~/components/tools/address-text";
import type { E911Entry } from "~/components/tools/e911-address";
import { E911StatusBadge, ValidationBadge } from "~/components/tools/e911-status";
import { formatNanp } from "~/components/tools/format";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { ColumnDef } from "~/components/ui/data-table";
import { DataTable } from "~/components/ui/data-table";
import { FilterSelect, OrganizationFilter } from "~/components/ui/list-filters";
import { organizationOptions } from "~/lib/admin/options.server";
import { useTranslation } from "~/lib/i18n";
import { type Paginated, parseListParams } from "~/lib/list-params";
import { can, requireScreen } from "~/lib/sanctum/context.server";
import { E911_STATUSES, VALIDATION_STATUSES } from "~/lib/tools/e911-list";
import { e911ApiQuery } from "~/lib/tools/e911-list.server";
import { translateError } from "~/lib/validation-message";
import type { StringsHandle } from "~/locales/types";
import type { Route } from "./+types/tools.e911";

export const handle: StringsHandle = { i18n: ["e911", "porting", "admin", "validation"] };

/** E911: one row per number with its emergency address and statuses; several rows can get one address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "e911");
  const { query, filters } = e911ApiQuery(parseListParams(new URL(request.url)), request, user);
  const [page, organizations] = await Promise.all([
    api.call<Paginated<E911Entry>>("/api/e911", { query }),
    user.is_provider ? organizationOptions(api) : null,
  ]);
  return { page, organizations, filters, canModify: can(user, "tools.e911.modify") };
}

export default function E911List({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("e911");
  const { page, organizations, filters, canModify } = loaderData;

  const columns: ColumnDef<E911Entry>[] = [
    {
      id: "e164",
      meta: { label: t("columns.number"), sortable: true },
      cell: ({ row }) =>
        canModify ? (
          <Link to={`/tools/e911/edit/${row.original.id}`} className="whitespace-nowrap text-primary-text underline">
            <bdi dir="ltr">{formatNanp(row.original.e164)}</bdi>
          </Link>
        ) : (
          <bdi dir="ltr" className="whitespace-nowrap">
            {formatNanp(row.original.e164)}
          </bdi>
        ),
    },
    ...(organizations
      ? [
          {
            id: "organization",
            meta: { label: t("columns.organization"), truncate: true },
            cell: ({ row }) => row.original.organization_name,
          } satisfies ColumnDef<E911Entry>,
        ]
      : []),
    {
      id: "city",
      meta: { label: t("columns.address"), sortable: true },
      cell: ({ row }) =>
        row.original.address ? (
          <span>
            <span className="block font-medium">{row.original.address.caller_name}</span>
            <span className="text-muted-foreground">
              <AddressText address={row.original.address} />
            </span>
          </span>
        ) : (
          <span className="text-muted-foreground">{t("noAddress")}</span>
        ),
    },
    {
      id: "validation_status",
      meta: { label: t("columns.validation"), sortable: true },
      cell: ({ row }) => (row.original.address ? <ValidationBadge status={row.original.address.validation_status} /> : null),
    },
    {
      id: "e911_status",
      meta: { label: t("columns.provisioning"), sortable: true },
      cell: ({ row }) => <E911StatusBadge status={row.original.e911_status} />,
    },
    {
      id: "error",
      meta: { label: t("columns.error") },
      cell: ({ row }) =>
        row.original.e911_error ? (
          <span className="text-destructive text-xs">{translateError(t, `porting:${row.original.e911_error}`)}</span>
        ) : null,
    },
    ...(canModify
      ? [
          {
            id: "actions",
            meta: { label: t("columns.actions"), className: "text-end" },
            cell: ({ row }) => (
              <RowActions>
                <EditLink to={`/tools/e911/edit/${row.original.id}`} label={t("edit", { number: formatNanp(row.original.e164) })} />
              </RowActions>
            ),
          } satisfies ColumnDef<E911Entry>,
        ]
      : []),
  ];

  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("description")} />
      <Card className="gap-0 py-0">
        <DataTable
          columns={columns}
          page={page}
          label={t("title")}
          getRowId={(row) => String(row.id)}
          searchPlaceholder={t("searchPlaceholder")}
          emptyMessage={t("empty")}
          exportTo="/exports/e911"
          bulk={
            canModify
              ? {
                  formId: "e911-bulk",
                  rowLabel: (row) => t("selectNumber", { number: formatNanp(row.e164) }),
                  // One address for the chosen numbers: the selection goes (GET) to the address form.
                  actions: () => (
                    <Button type="submit" formMethod="get" formAction="/tools/e911/bulk" variant="outline">
                      <MapPinned aria-hidden="true" />
                      {t("bulkSet")}
                    </Button>
                  ),
                }
              : undefined
          }
          filters={
            <>
              <FilterSelect
                name="coverage"
                label={t("filters.coverage")}
                value={filters.coverage}
                allLabel={t("filters.all")}
                options={[{ value: "without", label: t("filters.withoutE911") }]}
              />
              <FilterSelect
                name="e911_status"
                label={t("filters.e911Status")}
                value={filters.e911_status}
                allLabel={t("filters.all")}
                options={E911_STATUSES.map((status) => ({ value: status, label: t(`provisioningStatuses.${status}`) }))}
              />
              <FilterSelect
                name="validation_status"
                label={t("filters.validationStatus")}
                value={filters.validation_status}
                allLabel={t("filters.all")}
                options={VALIDATION_STATUSES.map((status) => ({ value: status, label: t(`validationStatuses.${status}`) }))}
              />
              <OrganizationFilter
                organizations={organizations}
                label={t("filters.organization")}
                allLabel={t("filters.allOrganizations")}
                value={filters.organization_id}
              />
            </>
          }
        />
      </Card>
    </div>
  );
}
