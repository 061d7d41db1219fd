import { useMemo } from "react";
import { data, Link, useSearchParams } from "react-router";
import { formatDate } from "~/components/admin/format";
import { isId, listApiQuery, oneOf, redirectPastLastPage } from "~/components/admin/list-query";
import { PageHeader } from "~/components/admin/page-header";
import { EditLink, RowActions } from "~/components/admin/row-actions";
import { PowerOff, ShoppingCart, X } from "~/components/icons";
import { formatLocation, phoneFormatter } from "~/components/numbers/format";
import { NumberLink } from "~/components/numbers/number-link";
import { NumberStatusBadge } from "~/components/numbers/number-status";
import { CAPABILITIES, PHONE_NUMBER_STATUSES, type PhoneNumber } from "~/components/numbers/types";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmDialog, type RowForm } from "~/components/ui/confirm-dialog";
import type { ColumnDef } from "~/components/ui/data-table";
import { CellText, DataTable } from "~/components/ui/data-table";
import { Input } from "~/components/ui/input";
import { FilterSelect, OrganizationFilter } from "~/components/ui/list-filters";
import { NativeSelect } from "~/components/ui/select";
import { organizationOptions } from "~/lib/admin/options.server";
import { listUrl } from "~/lib/admin/upstream.server";
import { bulkAction, bulkRefused } from "~/lib/bulk.server";
import { getEnv } from "~/lib/cloudflare.server";
import { readFormData } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { listColumns } from "~/lib/list-columns.server";
import { type ListParams, type Paginated, parseListParams } from "~/lib/list-params";
import { phoneLabels } from "~/lib/numbers/phone-format.server";
import { releaseNumber } from "~/lib/numbers/release.server";
import { organizationFilter } from "~/lib/organization-filter.server";
import { isRecordId } from "~/lib/record-id";
import { can, requirePermission, requireScreen } from "~/lib/sanctum/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { CurrentUser } from "~/lib/types";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/tools.numbers";

export const handle: StringsHandle = { i18n: ["numbers", "admin"] };

const BULK_FORM = "numbers-bulk";
/** A row's release (`intent=release`, `id`). */
const RELEASE_ROW: RowForm = { name: "release", fields: { intent: "release" } };
const SORTS = ["e164", "status", "type", "label", "created_at"] as const;
const TYPES = ["local", "toll_free", "mobile"] as const;

/** The list's API query, for its loader and for a bulk action on "all matching the filter" alike. */
function numbersApiQuery(list: ListParams, request: Request, user: CurrentUser): Record<string, string> {
  return listApiQuery(list, {
    sorts: SORTS,
    filters: {
      status: oneOf(PHONE_NUMBER_STATUSES),
      type: oneOf(TYPES),
      organization_id: isId,
      e911: oneOf(["missing"]),
      // The numbers a phone-number import created (its "see the imported numbers" link).
      import: isId,
    },
    organizationId: organizationFilter(request, user),
  });
}

/** The phone-number inventory: search by digits in any formatting, filters, sort; edit, release and bulk actions for orderers. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "numbers");
  const query = numbersApiQuery(parseListParams(new URL(request.url)), request, user);
  const [page, organizations] = await Promise.all([
    api.call<Paginated<PhoneNumber>>("/api/phone-numbers", { query }),
    user.is_provider ? organizationOptions(api) : Promise.resolve(null),
  ]);
  redirectPastLastPage(request, page);
  // Fits 1280 px by default: the caller ID name and the date are one click away in the column chooser.
  const columns = listColumns(request, "numbers", ["cnam", "created_at"]);
  return data(
    {
      page,
      organizations,
      allowed: { order: can(user, "tools.phone_numbers.order") },
      phoneLabels: phoneLabels(page.data),
      hiddenColumns: columns.hidden,
    },
    columns.setCookie ? { headers: { "Set-Cookie": columns.setCookie } } : undefined,
  );
}

/**
 * A row's release (`intent=release`, `id`: the shared release path), or a bulk action from the selection form
 * (`scope`, decision 046): assign an organization (provider staff), set a label, release (confirmed first).
 * Back to the same list with a toast counting what was done and skipped.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, api } = requireScreen(context, "numbers");
  requirePermission(context, "tools.phone_numbers.order");
  const form = await readFormData(request);
  if (!form.has("scope")) return releaseNumber(context, api, form, listUrl(request));
  const t = getInstance(context).getFixedT(null, "numbers");
  const intent = form.get("intent");
  const common = {
    endpoint: "/api/phone-numbers/bulk",
    listEndpoint: "/api/phone-numbers",
    apiQuery: (filter: URLSearchParams) => numbersApiQuery(parseListParams(filter), request, user),
    label: `numbers bulk ${String(intent)}`,
  };
  if (intent === "assign_organization") {
    if (!user.is_provider) throw data({ permission: "provider" }, { status: 401, statusText: "Not authorized" });
    const chosen = String(form.get("organization_id") ?? "");
    // Next to the organization choice, with the selection kept (not a redirect that would start the page afresh).
    if (chosen !== "none" && !isRecordId(chosen)) return bulkRefused(form, "organization_id", t("bulk.chooseOrganization"));
    return bulkAction(request, context, api, form, {
      ...common,
      action: "assign_organization",
      params: { organization_id: chosen === "none" ? null : Number(chosen) },
      done: (count) => t("bulk.done.assign_organization", { count }),
    });
  }
  if (intent === "set_label") {
    return bulkAction(request, context, api, form, {
      ...common,
      action: "set_label",
      params: { label: String(form.get("label") ?? "").trim() || null },
      done: (count) => t("bulk.done.set_label", { count }),
    });
  }
  if (intent === "release") {
    return bulkAction(request, context, api, form, {
      ...common,
      action: "release",
      confirm: {
        message: (count, capped) => t("bulk.releaseConfirm", { count: capped ? `${count}+` : count }),
        label: (count) => t("bulk.releaseConfirmLabel", { count }),
      },
      done: (count) => t("bulk.done.release", { count }),
    });
  }
  return redirectWithToast(listUrl(request), { type: "error", message: t("errors.invalidRequest") }, getEnv(context).SESSION_SECRET);
}

/** The list's query without the import filter, back on page 1. */
function withoutImport(searchParams: URLSearchParams): string {
  const next = new URLSearchParams(searchParams);
  next.delete("import");
  next.delete("page");
  const search = next.toString();
  return search ? `?${search}` : "";
}

export default function PhoneNumbers({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useTranslation("numbers");
  const [searchParams] = useSearchParams();
  const { page, organizations, allowed } = loaderData;
  const formatPhoneNumber = useMemo(() => phoneFormatter(loaderData.phoneLabels), [loaderData.phoneLabels]);
  const filters = parseListParams(searchParams).filters;
  const locale = language;

  const columns = useMemo<ColumnDef<PhoneNumber>[]>(
    () => [
      {
        id: "e164",
        meta: { label: t("columns.number"), sortable: true },
        enableHiding: false,
        cell: ({ row }) => <NumberLink label={formatPhoneNumber(row.original.e164)} id={row.original.id} className="font-medium" />,
      },
      ...(organizations
        ? [
            {
              id: "organization",
              meta: { label: t("columns.organization"), truncate: true },
              cell: ({ row }) =>
                row.original.organization_name ? (
                  <CellText text={row.original.organization_name} />
                ) : (
                  <span className="text-muted-foreground">{t("unassigned")}</span>
                ),
            } satisfies ColumnDef<PhoneNumber>,
          ]
        : []),
      {
        id: "status",
        meta: { label: t("columns.status"), sortable: true },
        cell: ({ row }) => <NumberStatusBadge status={row.original.status} />,
      },
      {
        id: "type",
        meta: { label: t("columns.type"), sortable: true, className: "whitespace-nowrap" },
        cell: ({ row }) => t(`types.${row.original.type}`),
      },
      {
        id: "location",
        meta: { label: t("columns.location"), truncate: true },
        cell: ({ row }) => formatLocation(row.original) || "—",
      },
      {
        id: "capabilities",
        meta: { label: t("columns.capabilities") },
        // One compact line: "Voice · SMS · E911".
        cell: ({ row }) => (
          <span data-slot="capabilities" className="whitespace-nowrap text-xs">
            {CAPABILITIES.filter((capability) => row.original.capabilities.includes(capability))
              .map((capability) => t(`capabilities.${capability}`))
              .join(" · ")}
          </span>
        ),
      },
      {
        id: "label",
        meta: { label: t("columns.label"), sortable: true, truncate: true },
        cell: ({ row }) => row.original.label ?? "—",
      },
      {
        id: "cnam",
        meta: { label: t("columns.cnam") },
        cell: ({ row }) => row.original.cnam ?? "—",
      },
      {
        id: "created_at",
        meta: { label: t("columns.created"), sortable: true },
        cell: ({ row }) => formatDate(locale, row.original.created_at),
      },
      {
        id: "actions",
        enableHiding: false,
        header: () => <span className="sr-only">{t("columns.actions")}</span>,
        meta: { label: t("columns.actions"), className: "text-end" },
        cell: ({ row }) => {
          const number = formatPhoneNumber(row.original.e164);
          if (!allowed.order) return null;
          return (
            <RowActions>
              <EditLink to={`/tools/numbers/edit/${row.original.id}`} label={t("edit.action", { number })} />
              {row.original.status === "in_service" && (
                <ConfirmDialog
                  destructive
                  title={() => t("release.title", { number })}
                  description={() => t("release.description")}
                  confirmLabel={t("release.confirm")}
                  row={{ form: RELEASE_ROW, name: "id", value: row.original.id }}
                  triggerProps={{
                    variant: "ghost",
                    size: "icon",
                    "aria-label": t("release.action", { number }),
                    title: t("release.action", { number }),
                    className: "text-muted-foreground hover:text-destructive",
                  }}
                >
                  <PowerOff aria-hidden="true" />
                </ConfirmDialog>
              )}
            </RowActions>
          );
        },
      },
    ],
    [t, locale, allowed, organizations, formatPhoneNumber],
  );

  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("description")} />
      <Card className="gap-0 py-0">
        <DataTable
          columns={columns}
          page={page}
          label={t("tableLabel")}
          getRowId={(row) => String(row.id)}
          rowForms={allowed.order ? [RELEASE_ROW] : undefined}
          searchPlaceholder={t("searchPlaceholder")}
          emptyMessage={t("empty")}
          exportTo="/exports/numbers"
          defaultHidden={loaderData.hiddenColumns}
          bulk={
            allowed.order
              ? {
                  formId: BULK_FORM,
                  rowLabel: (row) => t("bulk.rowLabel", { number: formatPhoneNumber(row.e164) }),
                  confirmation: actionData && "bulkConfirmation" in actionData ? actionData.bulkConfirmation : null,
                  refusal: actionData && "bulkRefusal" in actionData ? actionData.bulkRefusal : null,
                  actions: ({ count, fields }) => (
                    <>
                      {organizations && (
                        <span className="flex items-center gap-2">
                          <NativeSelect
                            name="organization_id"
                            aria-label={t("bulk.organization")}
                            defaultValue={fields.kept("organization_id") ?? ""}
                            {...fields.invalid("organization_id")}
                            containerClassName="w-48"
                          >
                            <option value="">{t("bulk.chooseOrganizationOption")}</option>
                            <option value="none">{t("bulk.unassigned")}</option>
                            {organizations.map((organization) => (
                              <option key={organization.id} value={organization.id}>
                                {organization.name}
                              </option>
                            ))}
                          </NativeSelect>
                          <Button type="submit" name="intent" value="assign_organization" variant="outline">
                            {t("bulk.assign")}
                          </Button>
                        </span>
                      )}
                      <span className="flex items-center gap-2">
                        <Input
                          name="label"
                          aria-label={t("bulk.label")}
                          placeholder={t("bulk.label")}
                          maxLength={100}
                          defaultValue={fields.kept("label")}
                          className="w-40"
                        />
                        <Button type="submit" name="intent" value="set_label" variant="outline">
                          {t("bulk.setLabel")}
                        </Button>
                      </span>
                      <ConfirmDialog
                        destructive
                        form={BULK_FORM}
                        submit={{ name: "intent", value: "release" }}
                        title={t("bulk.releaseTitle")}
                        description={t("bulk.releaseDescription", { count: count ?? 0 })}
                        confirmLabel={t("bulk.releaseConfirmLabel", { count: count ?? 0 })}
                        triggerProps={{ variant: "outline", className: "text-destructive hover:text-destructive" }}
                      >
                        <PowerOff aria-hidden="true" />
                        {t("bulk.release")}
                      </ConfirmDialog>
                    </>
                  ),
                }
              : undefined
          }
          filters={
            <>
              <FilterSelect
                name="status"
                label={t("filters.status")}
                allLabel={t("filters.allStatuses")}
                value={filters.status}
                options={PHONE_NUMBER_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
              />
              <FilterSelect
                name="type"
                label={t("filters.type")}
                allLabel={t("filters.allTypes")}
                value={filters.type}
                options={TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
              />
              <FilterSelect
                name="e911"
                label={t("filters.e911")}
                allLabel={t("filters.anyE911")}
                value={filters.e911}
                options={[{ value: "missing", label: t("filters.e911Missing") }]}
              />
              <OrganizationFilter
                organizations={organizations}
                label={t("filters.organization")}
                allLabel={t("filters.allOrganizations")}
                value={filters.organization_id}
              />
              {filters.import && (
                // The import's "see the imported numbers" link filters by import: say so, and offer the way out.
                <span className="inline-flex h-9 items-center gap-1 rounded-md border bg-muted ps-3 pe-1 text-sm">
                  {t("filters.fromImport", { id: filters.import })}
                  <Link
                    to={{ search: withoutImport(searchParams) }}
                    aria-label={t("filters.clearImport")}
                    title={t("filters.clearImport")}
                    className={buttonVariants({ variant: "ghost", size: "icon", className: "size-7" })}
                  >
                    <X aria-hidden="true" />
                  </Link>
                </span>
              )}
            </>
          }
          toolbar={
            allowed.order && (
              <Link to="/tools/orders/phone-numbers" className={buttonVariants()}>
                <ShoppingCart aria-hidden="true" />
                {t("orderNumbers")}
              </Link>
            )
          }
        />
      </Card>
    </div>
  );
}
