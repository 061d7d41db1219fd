import type { ColumnDef } from "@tanstack/react-table";
import { MapPinned } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { EditLink, RowActions } from "~/components/admin/row-actions";
import { addressLine, type E911Entry } from "~/components/tools/e911-schema";
import { E911StatusBadge, ValidationBadge } from "~/components/tools/e911-status";
import { formatNanp } from "~/components/tools/format";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DataTable } from "~/components/ui/data-table";
import { FilterSelect, OrganizationFilter } from "~/components/ui/list-filters";
import { organizationOptions } from "~/lib/admin/options.server";
import { type Paginated, parseListParams, toApiQuery } from "~/lib/list-params";
import { organizationFilter } from "~/lib/organization-filter.server";
import { isRecordId } from "~/lib/record-id";
import { can, requireScreen } from "~/lib/sanctum/context.server";
import { translateError } from "~/lib/validation-message";
import type { StringsHandle } from "~/locales/types";
import type { Route } from "./+types/tools.e911";

export const handle: StringsHandle = { i18n: ["e911", "porting", "admin"] };

const SORTS = ["e164", "e911_status", "validation_status", "city", "updated_at"];
const E911_STATUSES = ["pending", "provisioned", "failed", "removed"] as const;
const VALIDATION_STATUSES = ["unvalidated", "valid", "invalid", "suggested"] as const;

/** E911: one row per number with its emergency address and statuses; several rows can get one address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "e911");
  const list = parseListParams(new URL(request.url));
  const { e911_status, validation_status, coverage, organization_id } = list.filters;
  const filters = {
    e911_status: E911_STATUSES.includes(e911_status as never) ? e911_status : undefined,
    validation_status: VALIDATION_STATUSES.includes(validation_status as never) ? validation_status : undefined,
    coverage: coverage === "without" ? coverage : undefined,
    organization_id: user.is_provider && isRecordId(organization_id) ? organization_id : undefined,
  };
  const sort = list.sort && SORTS.includes(list.sort) ? list.sort : null;
  const query = toApiQuery({ ...list, sort, filters: {} });
  if (filters.e911_status) query.set("e911_status", filters.e911_status);
  if (filters.validation_status) query.set("validation_status", filters.validation_status);
  if (filters.coverage) query.set("without_e911", "1");
  const scoped = filters.organization_id ?? organizationFilter(request, user);
  if (scoped) query.set("organization_id", String(scoped));
  const [page, organizations] = await Promise.all([
    api.call<Paginated<E911Entry>>("/api/e911", { query: Object.fromEntries(query) }),
    user.is_provider ? organizationOptions(api) : null,
  ]);
  return { page, organizations, filters, canModify: can(user, "tools.e911.modify") };
}

export default function E911List({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("e911");
  const { page, organizations, filters, canModify } = loaderData;

  const columns: ColumnDef<E911Entry>[] = [
    ...(canModify
      ? [
          {
            id: "select",
            meta: { label: t("columns.select") },
            cell: ({ row }) => (
              // Outside the bulk form in the DOM, inside it by the `form` attribute: works without JavaScript.
              <input
                type="checkbox"
                name="ids"
                value={row.original.id}
                form="e911-bulk"
                aria-label={t("selectNumber", { number: formatNanp(row.original.e164) })}
                className="size-4 accent-primary"
              />
            ),
          } satisfies ColumnDef<E911Entry>,
        ]
      : []),
    {
      id: "e164",
      accessorKey: "e164",
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
            meta: { label: t("columns.organization") },
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
            <span className="text-muted-foreground">{addressLine(row.original.address)}</span>
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
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          canModify && (
            <Form id="e911-bulk" method="get" action="/tools/e911/bulk">
              <Button type="submit" variant="outline">
                <MapPinned aria-hidden="true" />
                {t("bulkSet")}
              </Button>
            </Form>
          )
        }
      />
      <Card className="gap-0 py-0">
        <DataTable
          columns={columns}
          page={page}
          label={t("title")}
          getRowId={(row) => String(row.id)}
          searchPlaceholder={t("searchPlaceholder")}
          emptyMessage={t("empty")}
          exportTo="/exports/e911"
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
