import { Link } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { Plus } from "~/components/icons";
import { formatNanp } from "~/components/tools/format";
import { PORTING_ORDER_STATUSES, type PortingOrder, statusVariant } from "~/components/tools/porting-order";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { ColumnDef } from "~/components/ui/data-table";
import { DataTable } from "~/components/ui/data-table";
import { FilterSelect, OrganizationFilter } from "~/components/ui/list-filters";
import { organizationOptions } from "~/lib/admin/options.server";
import { useTranslation } from "~/lib/i18n";
import { dateTimeFormat } from "~/lib/intl";
import { type Paginated, parseListParams, toApiQuery } from "~/lib/list-params";
import { organizationFilter } from "~/lib/organization-filter.server";
import { isRecordId } from "~/lib/record-id";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import type { Route } from "./+types/tools.porting.order";

export const handle: StringsHandle = { i18n: ["porting", "admin", "e911"] };

const SORTS = ["created_at", "status", "requested_foc_date"];

/** The organization's port-in orders, newest first, with their status and requested FOC date. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "porting-orders");
  const list = parseListParams(new URL(request.url));
  const { status, organization_id } = list.filters;
  const filters = {
    status: PORTING_ORDER_STATUSES.includes(status as never) ? status : undefined,
    organization_id: user.is_provider && isRecordId(organization_id) ? organization_id : undefined,
  };
  const sort = list.sort && SORTS.includes(list.sort) ? list.sort : null;
  const query = toApiQuery({ ...list, sort, filters: {} });
  if (filters.status) query.set("status", filters.status);
  const scoped = filters.organization_id ?? organizationFilter(request, user);
  if (scoped) query.set("organization_id", String(scoped));
  const [page, organizations] = await Promise.all([
    api.call<Paginated<PortingOrder>>("/api/porting/orders", { query: Object.fromEntries(query) }),
    user.is_provider ? organizationOptions(api) : null,
  ]);
  return { page, organizations, filters };
}

export default function PortingOrders({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation("porting");
  const { page, organizations, filters } = loaderData;
  const dateTime = dateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });

  const columns: ColumnDef<PortingOrder>[] = [
    {
      id: "id",
      meta: { label: t("order.columns.order") },
      cell: ({ row }) => (
        <Link to={`/tools/porting/order/${row.original.id}`} className="whitespace-nowrap text-primary-text underline">
          {t("order.number", { id: row.original.id })}
        </Link>
      ),
    },
    {
      id: "numbers",
      meta: { label: t("order.columns.numbers") },
      cell: ({ row }) => (
        <span>
          <span className="block">{t("order.numbersCount", { count: row.original.numbers.length })}</span>
          <bdi dir="ltr" className="text-muted-foreground text-xs">
            {row.original.numbers.slice(0, 2).map(formatNanp).join(", ")}
            {row.original.numbers.length > 2 ? ", …" : ""}
          </bdi>
        </span>
      ),
    },
    {
      id: "entity",
      meta: { label: t("order.columns.entity") },
      cell: ({ row }) => row.original.entity_name || <span className="text-muted-foreground">—</span>,
    },
    ...(organizations
      ? [
          {
            id: "organization",
            meta: { label: t("order.columns.organization"), truncate: true },
            cell: ({ row }) => row.original.organization_name,
          } satisfies ColumnDef<PortingOrder>,
        ]
      : []),
    {
      id: "status",
      meta: { label: t("order.columns.status"), sortable: true },
      cell: ({ row }) => <Badge variant={statusVariant(row.original.status)}>{t(`order.statuses.${row.original.status}`)}</Badge>,
    },
    {
      id: "requested_foc_date",
      meta: { label: t("order.columns.requestedFoc"), sortable: true },
      cell: ({ row }) => row.original.requested_foc_date ?? <span className="text-muted-foreground">—</span>,
    },
    {
      id: "created_at",
      meta: { label: t("order.columns.lastEvent"), sortable: true },
      cell: ({ row }) => dateTime.format(new Date(row.original.updated_at)),
    },
  ];

  return (
    <div className="space-y-6">
      <PageHeader
        title={t("order.listTitle")}
        description={t("order.listDescription")}
        actions={
          <Link to="/tools/porting/order/new" className={buttonVariants()}>
            <Plus aria-hidden="true" />
            {t("order.new")}
          </Link>
        }
      />
      <Card className="gap-0 py-0">
        <DataTable
          columns={columns}
          page={page}
          label={t("order.listTitle")}
          getRowId={(row) => String(row.id)}
          searchPlaceholder={t("order.searchPlaceholder")}
          emptyMessage={t("order.empty")}
          exportTo="/exports/porting-orders"
          filters={
            <>
              <FilterSelect
                name="status"
                label={t("order.columns.status")}
                value={filters.status}
                allLabel={t("order.allStatuses")}
                options={PORTING_ORDER_STATUSES.map((status) => ({ value: status, label: t(`order.statuses.${status}`) }))}
              />
              <OrganizationFilter
                organizations={organizations}
                label={t("order.columns.organization")}
                allLabel={t("order.allOrganizations")}
                value={filters.organization_id}
              />
            </>
          }
        />
      </Card>
    </div>
  );
}
