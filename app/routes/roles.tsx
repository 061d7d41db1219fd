import { useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { formatNumber } from "~/components/admin/format";
import { listApiQuery, oneOf, redirectPastLastPage } from "~/components/admin/list-query";
import { PageHeader } from "~/components/admin/page-header";
import { actionsColumn, DELETE_ROW, DeleteButton, EditLink } from "~/components/admin/row-actions";
import { ROLE_SCOPES, type Role } from "~/components/admin/types";
import { Plus } from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { ColumnDef } from "~/components/ui/data-table";
import { DataTable } from "~/components/ui/data-table";
import { FilterSelect } from "~/components/ui/list-filters";
import { deleteRow } from "~/lib/admin/upstream.server";
import { useTranslation } from "~/lib/i18n";
import { type Paginated, parseListParams } from "~/lib/list-params";
import { can, requirePermission, requireScreen } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import { PERMISSIONS } from "../../common/permissions";
import type { Route } from "./+types/roles";

export const handle: StringsHandle = { i18n: ["admin", "roles"] };

const SORTS = ["name", "created_at", "users_count"] as const;

/** Roles: how many users hold each and how many permissions it grants; system roles are marked. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "roles");
  const query = listApiQuery(parseListParams(new URL(request.url)), { sorts: SORTS, filters: { scope: oneOf(ROLE_SCOPES) } });
  const page = await api.call<Paginated<Role>>("/api/roles", { query });
  redirectPastLastPage(request, page);
  return {
    page,
    allowed: {
      create: can(user, "admin.roles.create"),
      update: can(user, "admin.roles.update"),
      delete: can(user, "admin.roles.delete"),
    },
  };
}

/** Delete: system roles are refused by the backend (409) and offer no delete button here. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "roles");
  requirePermission(context, "admin.roles.delete");
  return deleteRow(request, context, api, {
    screen: "roles",
    endpoint: (id) => `/api/roles/${id}`,
    deleted: "roles.deleted",
  });
}

export default function Roles({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation("admin");
  const { page, allowed } = loaderData;
  const [searchParams] = useSearchParams();
  const filters = parseListParams(searchParams).filters;
  const locale = language;

  const columns = useMemo<ColumnDef<Role>[]>(
    () => [
      {
        id: "name",
        meta: { label: t("roles.columns.name"), sortable: true },
        enableHiding: false,
        cell: ({ row }) => (
          <div className="flex min-w-0 flex-col">
            <span className="font-medium text-foreground">{row.original.name}</span>
            {row.original.description && <span className="text-[0.8125rem]">{row.original.description}</span>}
          </div>
        ),
      },
      {
        id: "type",
        meta: { label: t("roles.columns.type") },
        cell: ({ row }) =>
          row.original.is_system ? (
            <Badge variant="default">{t("roles.system")}</Badge>
          ) : (
            <Badge variant="secondary">{t("roles.custom")}</Badge>
          ),
      },
      {
        id: "scope",
        meta: { label: t("roles.columns.scope") },
        cell: ({ row }) => t(`roles.scopes.${row.original.scope}`),
      },
      {
        id: "users_count",
        meta: { label: t("roles.columns.users"), sortable: true, className: "text-end tabular-nums" },
        cell: ({ row }) => formatNumber(locale, row.original.users_count ?? 0),
      },
      {
        id: "permissions",
        meta: { label: t("roles.columns.permissions"), className: "whitespace-nowrap text-end tabular-nums" },
        cell: ({ row }) =>
          t("roles.permissionCount", {
            held: formatNumber(locale, row.original.permissions.length),
            total: formatNumber(locale, PERMISSIONS.length),
          }),
      },
      actionsColumn(t("actions.actions"), (target) => {
        return (
          <>
            {allowed.update && <EditLink to={`/roles/edit/${target.id}`} label={t("roles.edit", { name: target.name })} />}
            {allowed.delete && !target.is_system && (
              <DeleteButton
                id={target.id}
                label={t("roles.delete", { name: target.name })}
                title={() => t("roles.deleteTitle", { name: target.name })}
                description={() => t("roles.deleteDescription")}
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
      <PageHeader title={t("roles.title")} description={t("roles.description")} />
      <Card className="gap-0 py-0">
        <DataTable
          columns={columns}
          page={page}
          label={t("roles.tableLabel")}
          getRowId={(row) => String(row.id)}
          rowForms={allowed.delete ? [DELETE_ROW] : undefined}
          searchPlaceholder={t("roles.searchPlaceholder")}
          emptyMessage={t("roles.empty")}
          filters={
            <FilterSelect
              name="scope"
              label={t("roles.filters.scope")}
              allLabel={t("roles.filters.allScopes")}
              value={filters.scope}
              options={ROLE_SCOPES.map((scope) => ({ value: scope, label: t(`roles.scopes.${scope}`) }))}
            />
          }
          toolbar={
            allowed.create && (
              <Link to="/roles/add" className={buttonVariants()}>
                <Plus aria-hidden="true" />
                {t("roles.add")}
              </Link>
            )
          }
        />
      </Card>
    </div>
  );
}
