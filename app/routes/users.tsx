import { useMemo } from "react";
import { data, Link, useSearchParams } from "react-router";
import { formatDate, formatDateTime } from "~/components/admin/format";
import { isId, listApiQuery, oneOf, redirectPastLastPage } from "~/components/admin/list-query";
import { PageHeader } from "~/components/admin/page-header";
import { actionsColumn, DELETE_ROW, DeleteButton, EditLink } from "~/components/admin/row-actions";
import { StatusBadge } from "~/components/admin/status-badge";
import { type AdminUser, USER_STATUSES } from "~/components/admin/types";
import { LogIn, Mail, Plus, UserX } from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmDialog, type RowForm } from "~/components/ui/confirm-dialog";
import type { ColumnDef } from "~/components/ui/data-table";
import { CellText, DataTable } from "~/components/ui/data-table";
import { FilterSelect, OrganizationFilter } from "~/components/ui/list-filters";
import { organizationOptions, roleFilterOptions } from "~/lib/admin/options.server";
import { deleteRow, listUrl } from "~/lib/admin/upstream.server";
import { bulkAction } from "~/lib/bulk.server";
import { getEnv } from "~/lib/cloudflare.server";
import { readFormData } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { listColumns } from "~/lib/list-columns.server";
import { type ListParams, type Paginated, parseListParams } from "~/lib/list-params";
import { organizationFilter } from "~/lib/organization-filter.server";
import { can, requirePermission, requireScreen } from "~/lib/sanctum/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { CurrentUser } from "~/lib/types";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/users";

export const handle: StringsHandle = { i18n: ["admin"] };

const BULK_FORM = "users-bulk";
/** "Log in as" a row's user (the masquerade route's `intent=start`, `userId`). */
const MASQUERADE_ROW: RowForm = { name: "masquerade", action: "/masquerade", fields: { intent: "start" } };
const SORTS = ["name", "email", "created_at", "last_login_at"] as const;

/** The list's API query, for its loader and for a bulk action on "all matching the filter" alike. */
function usersApiQuery(list: ListParams, request: Request, user: CurrentUser): Record<string, string> {
  return listApiQuery(list, {
    sorts: SORTS,
    filters: { role_id: isId, status: oneOf(USER_STATUSES), ...(user.is_provider ? { organization_id: isId } : {}) },
    organizationId: organizationFilter(request, user),
  });
}

/** Users: search by name or e-mail, filter by role, organization and status; rows to edit, delete, log in as; bulk actions. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "users");
  const query = usersApiQuery(parseListParams(new URL(request.url)), request, user);
  const [page, roles, organizations] = await Promise.all([
    api.call<Paginated<AdminUser>>("/api/users", { query }),
    roleFilterOptions(api, user),
    user.is_provider ? organizationOptions(api) : null,
  ]);
  redirectPastLastPage(request, page);
  // Fits 1280 px by default: the creation date is one click away in the column chooser, which remembers.
  const columns = listColumns(request, "users", ["created_at"]);
  return data(
    {
      page,
      roles,
      organizations,
      me: user.id,
      allowed: {
        create: can(user, "admin.users.create"),
        update: can(user, "admin.users.update"),
        delete: can(user, "admin.users.delete"),
        masquerade: can(user, "admin.users.masquerade"),
      },
      hiddenColumns: columns.hidden,
    },
    columns.setCookie ? { headers: { "Set-Cookie": columns.setCookie } } : undefined,
  );
}

/**
 * A row's delete (`intent=delete`, `id`), or a bulk action from the selection form (`scope`, decision 046):
 * deactivate (admin.users.update, confirmed first) or send the invitation again (admin.users.create).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, api } = requireScreen(context, "users");
  const form = await readFormData(request);
  if (form.has("scope")) {
    const intent = form.get("intent");
    const t = getInstance(context).getFixedT(null, "admin");
    const common = {
      endpoint: "/api/users/bulk",
      listEndpoint: "/api/users",
      apiQuery: (filter: URLSearchParams) => usersApiQuery(parseListParams(filter), request, user),
      label: `users bulk ${String(intent)}`,
    };
    if (intent === "deactivate") {
      requirePermission(context, "admin.users.update");
      return bulkAction(request, context, api, form, {
        ...common,
        action: "deactivate",
        confirm: {
          message: (count, capped) => t("users.bulk.deactivateConfirm", { count: capped ? `${count}+` : count }),
          label: (count) => t("users.bulk.deactivateConfirmLabel", { count }),
        },
        done: (count) => t("users.bulk.done.deactivate", { count }),
      });
    }
    if (intent === "resend_invitation") {
      requirePermission(context, "admin.users.create");
      return bulkAction(request, context, api, form, {
        ...common,
        action: "resend_invitation",
        done: (count) => t("users.bulk.done.resend_invitation", { count }),
      });
    }
    return redirectWithToast(listUrl(request), { type: "error", message: t("errors.invalidRequest") }, getEnv(context).SESSION_SECRET);
  }
  requirePermission(context, "admin.users.delete");
  return deleteRow(request, context, api, {
    formData: form,
    screen: "users",
    endpoint: (id) => `/api/users/${id}`,
    deleted: "users.deleted",
  });
}

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useTranslation("admin");
  const [searchParams] = useSearchParams();
  const { page, roles, organizations, me, allowed } = loaderData;
  const filters = parseListParams(searchParams).filters;
  const locale = language;

  const columns = useMemo<ColumnDef<AdminUser>[]>(
    () => [
      {
        id: "name",
        meta: { label: t("users.columns.name"), sortable: true, truncate: true },
        enableHiding: false,
        cell: ({ row }) => (
          <div className="flex min-w-0 flex-col">
            <span className="flex min-w-0 items-center gap-2 font-medium text-foreground">
              <CellText text={row.original.name} className="min-w-0" />
              {row.original.id === me && <Badge variant="info">{t("you")}</Badge>}
            </span>
            <CellText text={row.original.email} className="text-[0.8125rem]" />
          </div>
        ),
      },
      {
        id: "organization",
        meta: { label: t("users.columns.organization"), truncate: true },
        cell: ({ row }) => row.original.organization?.name ?? "—",
      },
      {
        id: "roles",
        meta: { label: t("users.columns.roles") },
        cell: ({ row }) =>
          row.original.roles.length === 0 ? (
            <span>{t("users.fields.noRoles")}</span>
          ) : (
            <div className="flex flex-wrap gap-1">
              {row.original.roles.map((role) => (
                <Badge key={role.id} variant="default">
                  {role.name}
                </Badge>
              ))}
            </div>
          ),
      },
      {
        id: "status",
        meta: { label: t("users.columns.status") },
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
      {
        id: "last_login_at",
        meta: { label: t("users.columns.lastLogin"), sortable: true, className: "whitespace-nowrap" },
        cell: ({ row }) => (row.original.last_login_at ? formatDateTime(locale, row.original.last_login_at) : t("never")),
      },
      {
        id: "created_at",
        meta: { label: t("users.columns.createdAt"), sortable: true, className: "whitespace-nowrap" },
        cell: ({ row }) => (row.original.created_at ? formatDate(locale, row.original.created_at) : "—"),
      },
      actionsColumn(t("actions.actions"), (target) => {
        const self = target.id === me;
        return (
          <>
            {allowed.masquerade && !self && target.status === "active" && (
              <ConfirmDialog
                title={() => t("users.logInAsTitle", { name: target.name })}
                description={() => t("users.logInAsDescription", { name: target.name })}
                confirmLabel={t("users.logInAsConfirm")}
                row={{ form: MASQUERADE_ROW, name: "userId", value: target.id }}
                triggerProps={{
                  variant: "ghost",
                  size: "icon",
                  "aria-label": t("users.logInAs", { name: target.name }),
                  title: t("users.logInAs", { name: target.name }),
                  className: "text-muted-foreground [&_svg]:rtl:rotate-180",
                }}
              >
                <LogIn aria-hidden="true" />
              </ConfirmDialog>
            )}
            {allowed.update && <EditLink to={`/users/edit/${target.id}`} label={t("users.edit", { name: target.name })} />}
            {allowed.delete && !self && (
              <DeleteButton
                id={target.id}
                label={t("users.delete", { name: target.name })}
                title={() => t("users.deleteTitle", { name: target.name })}
                description={() => t("users.deleteDescription", { name: target.name })}
              />
            )}
          </>
        );
      }),
    ],
    [t, locale, me, allowed],
  );

  return (
    <div className="space-y-6">
      <PageHeader title={t("users.title")} description={t("users.description")} />
      <Card className="gap-0 py-0">
        <DataTable
          columns={columns}
          page={page}
          label={t("users.tableLabel")}
          getRowId={(row) => String(row.id)}
          searchPlaceholder={t("users.searchPlaceholder")}
          emptyMessage={t("users.empty")}
          exportTo="/exports/users"
          defaultHidden={loaderData.hiddenColumns}
          rowForms={[...(allowed.masquerade ? [MASQUERADE_ROW] : []), ...(allowed.delete ? [DELETE_ROW] : [])]}
          bulk={
            allowed.update || allowed.create
              ? {
                  formId: BULK_FORM,
                  rowLabel: (row) => t("users.bulk.rowLabel", { name: row.name }),
                  confirmation: actionData && "bulkConfirmation" in actionData ? actionData.bulkConfirmation : null,
                  refusal: actionData && "bulkRefusal" in actionData ? actionData.bulkRefusal : null,
                  actions: ({ count }) => (
                    <>
                      {allowed.create && (
                        <Button type="submit" name="intent" value="resend_invitation" variant="outline">
                          <Mail aria-hidden="true" />
                          {t("users.bulk.resend")}
                        </Button>
                      )}
                      {allowed.update && (
                        <ConfirmDialog
                          destructive
                          form={BULK_FORM}
                          submit={{ name: "intent", value: "deactivate" }}
                          title={t("users.bulk.deactivateTitle")}
                          description={t("users.bulk.deactivateDescription", { count: count ?? 0 })}
                          confirmLabel={t("users.bulk.deactivateConfirmLabel", { count: count ?? 0 })}
                          triggerProps={{ variant: "outline", className: "text-destructive hover:text-destructive" }}
                        >
                          <UserX aria-hidden="true" />
                          {t("users.bulk.deactivate")}
                        </ConfirmDialog>
                      )}
                    </>
                  ),
                }
              : undefined
          }
          filters={
            <>
              {roles && (
                <FilterSelect
                  name="role_id"
                  label={t("users.filters.role")}
                  allLabel={t("users.filters.allRoles")}
                  value={filters.role_id}
                  options={roles.map((role) => ({ value: String(role.id), label: role.name }))}
                />
              )}
              <OrganizationFilter
                organizations={organizations}
                label={t("users.filters.organization")}
                allLabel={t("users.filters.allOrganizations")}
                value={filters.organization_id}
              />
              <FilterSelect
                name="status"
                label={t("filters.status")}
                allLabel={t("filters.allStatuses")}
                value={filters.status}
                options={USER_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
              />
            </>
          }
          toolbar={
            allowed.create && (
              <Link to="/users/add" className={buttonVariants()}>
                <Plus aria-hidden="true" />
                {t("users.add")}
              </Link>
            )
          }
        />
      </Card>
    </div>
  );
}
