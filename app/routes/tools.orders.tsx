import { Link } from "react-router";
import { formatDateTime } from "~/components/admin/format";
import { isDay, isId, knownFilters, listApiQuery, oneOf, redirectPastLastPage } from "~/components/admin/list-query";
import { PageHeader } from "~/components/admin/page-header";
import { ShoppingCart } from "~/components/icons";
import { formatMoney, phoneFormatter } from "~/components/numbers/format";
import { NumberLink } from "~/components/numbers/number-link";
import { OrderStatusBadge } from "~/components/numbers/order-status";
import { NUMBER_ORDER_STATUSES, type NumberOrderSummary } from "~/components/numbers/types";
import { wizardUrl } from "~/components/numbers/wizard";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { ColumnDef } from "~/components/ui/data-table";
import { DataTable } from "~/components/ui/data-table";
import { FilterDate, FilterSelect, OrganizationFilter } from "~/components/ui/list-filters";
import { organizationOptions } from "~/lib/admin/options.server";
import { useTranslation } from "~/lib/i18n";
import { type Paginated, parseListParams } from "~/lib/list-params";
import { phoneLabels } from "~/lib/numbers/phone-format.server";
import { organizationFilter } from "~/lib/organization-filter.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import type { Route } from "./+types/tools.orders";

export const handle: StringsHandle = { i18n: ["numbers", "admin", "validation"] };

const SORTS = ["created_at", "submitted_at", "status"] as const;
const FILTERS = {
  status: oneOf(NUMBER_ORDER_STATUSES),
  organization_id: isId,
  from: isDay,
  to: isDay,
};

/** Order history: every placed number order in the caller's scope, with its numbers, organization, who and when. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "number-orders");
  const list = parseListParams(new URL(request.url));
  const query = listApiQuery(list, { sorts: SORTS, filters: FILTERS, organizationId: organizationFilter(request, user) });
  const [page, organizations] = await Promise.all([
    api.call<Paginated<NumberOrderSummary>>("/api/number-orders", { query }),
    user.is_provider ? organizationOptions(api) : Promise.resolve(null),
  ]);
  redirectPastLastPage(request, page);
  return { page, organizations, filters: knownFilters(list, FILTERS), phoneLabels: phoneLabels(page.data) };
}

/** A draft opens where its wizard stands; a placed order opens its detail page. */
function orderHref(order: NumberOrderSummary): string {
  return order.status === "draft" ? wizardUrl.choose(order.id) : `/tools/orders/${order.id}`;
}

export default function NumberOrders({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation("numbers");
  const { page, organizations, filters } = loaderData;
  const formatPhoneNumber = phoneFormatter(loaderData.phoneLabels);
  const locale = language;

  const columns: ColumnDef<NumberOrderSummary>[] = [
    {
      id: "id",
      meta: { label: t("orders.columns.order") },
      enableHiding: false,
      cell: ({ row }) => (
        <Link to={orderHref(row.original)} className="whitespace-nowrap font-medium text-primary-text underline underline-offset-4">
          {t("orders.number", { id: row.original.id })}
        </Link>
      ),
    },
    {
      id: "status",
      meta: { label: t("orders.columns.status"), sortable: true },
      cell: ({ row }) => <OrderStatusBadge status={row.original.status} />,
    },
    {
      id: "numbers",
      meta: { label: t("orders.columns.numbers") },
      cell: ({ row }) => (
        <span className="block min-w-40">
          <span className="block">
            {t("orders.numbersCount", { count: row.original.numbers_count })}
            {row.original.failed_count > 0 && (
              <span className="text-destructive"> · {t("orders.failedCount", { count: row.original.failed_count })}</span>
            )}
          </span>
          <span className="flex flex-wrap gap-x-2 text-xs">
            {row.original.numbers.map((number) => (
              <NumberLink key={number.e164} label={formatPhoneNumber(number.e164)} id={number.phone_number_id} />
            ))}
            {row.original.numbers_count > row.original.numbers.length && <span aria-hidden="true">…</span>}
          </span>
        </span>
      ),
    },
    ...(organizations
      ? [
          {
            id: "organization",
            meta: { label: t("orders.columns.organization"), truncate: true },
            cell: ({ row }) => row.original.organization_name,
          } satisfies ColumnDef<NumberOrderSummary>,
        ]
      : []),
    {
      id: "created_by",
      meta: { label: t("orders.columns.createdBy") },
      cell: ({ row }) => row.original.created_by?.name ?? <span className="text-muted-foreground">{t("orders.deletedUser")}</span>,
    },
    {
      id: "label",
      meta: { label: t("orders.columns.label") },
      cell: ({ row }) => row.original.label ?? <span className="text-muted-foreground">—</span>,
    },
    {
      id: "monthly",
      meta: { label: t("orders.columns.monthly"), className: "text-end" },
      cell: ({ row }) => (
        <span className="whitespace-nowrap tabular-nums">
          {formatMoney(locale, row.original.monthly_total_cents, row.original.currency)}
        </span>
      ),
    },
    {
      id: "submitted_at",
      meta: { label: t("orders.columns.placed"), sortable: true },
      cell: ({ row }) =>
        row.original.submitted_at ? (
          <time dateTime={row.original.submitted_at} className="whitespace-nowrap">
            {formatDateTime(locale, row.original.submitted_at)}
          </time>
        ) : (
          <span className="text-muted-foreground">{t("orders.notPlaced")}</span>
        ),
    },
  ];

  return (
    <div className="space-y-6">
      <PageHeader
        title={t("orders.title")}
        description={t("orders.description")}
        actions={
          <Link to={wizardUrl.search()} className={buttonVariants()}>
            <ShoppingCart aria-hidden="true" />
            {t("orderNumbers")}
          </Link>
        }
      />
      <Card className="gap-0 py-0">
        <DataTable
          columns={columns}
          page={page}
          label={t("orders.title")}
          getRowId={(row) => String(row.id)}
          searchPlaceholder={t("orders.searchPlaceholder")}
          emptyMessage={t("orders.empty")}
          exportTo="/exports/orders"
          filters={
            <>
              <FilterSelect
                name="status"
                label={t("orders.columns.status")}
                allLabel={t("orders.allPlaced")}
                value={filters.status}
                options={NUMBER_ORDER_STATUSES.map((status) => ({ value: status, label: t(`wizard.orderStatuses.${status}`) }))}
              />
              <OrganizationFilter
                organizations={organizations}
                label={t("orders.columns.organization")}
                allLabel={t("filters.allOrganizations")}
                value={filters.organization_id}
              />
              <FilterDate name="from" label={t("orders.from")} value={filters.from} max={filters.to} />
              <FilterDate name="to" label={t("orders.to")} value={filters.to} min={filters.from} />
            </>
          }
        />
      </Card>
    </div>
  );
}
