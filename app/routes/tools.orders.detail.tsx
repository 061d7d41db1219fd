import { Link, redirect, useLocation } from "react-router";
import { formatDateTime } from "~/components/admin/format";
import { PageHeader } from "~/components/admin/page-header";
import { ArrowLeft, RefreshCw } from "~/components/icons";
import type { ActivityEntry } from "~/components/logs/types";
import { EventTimeline } from "~/components/numbers/event-timeline";
import { formatMoney, phoneFormatter } from "~/components/numbers/format";
import { OrderItemsTable, OrderStatusBadge } from "~/components/numbers/order-status";
import type { NumberOrder } from "~/components/numbers/types";
import { wizardUrl } from "~/components/numbers/wizard";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { loadRecord } from "~/lib/admin/upstream.server";
import { useTranslation } from "~/lib/i18n";
import { activityTitles } from "~/lib/logs/activity-titles.server";
import { phoneLabels } from "~/lib/numbers/phone-format.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import { getLocale } from "~/middleware/i18next";
import type { Route } from "./+types/tools.orders.detail";

export const handle: StringsHandle = { i18n: ["numbers", "admin", "validation"] };

interface OrderEvents {
  created_by: { id: number; name: string } | null;
  data: ActivityEntry[];
}

/** One number order: its numbers (links to their pages), organization, who placed it and when, and its events. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "number-order-detail");
  const order = await loadRecord<NumberOrder>(api, "/api/number-orders/:id", params.id);
  // A draft is still a wizard: it continues where it stands.
  if (order.status === "draft") throw redirect(wizardUrl.choose(order.id));
  const [events, titles] = await Promise.all([
    api.call<OrderEvents>(`/api/number-orders/${order.id}/events`),
    activityTitles(api, getLocale(context)),
  ]);
  return { order, events, titles, phoneLabels: phoneLabels(order) };
}

export default function NumberOrderDetail({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation("numbers");
  const { order, events, titles } = loaderData;
  const formatPhoneNumber = phoneFormatter(loaderData.phoneLabels);
  const locale = language;
  const location = useLocation();
  const none = <span className="text-muted-foreground">—</span>;

  return (
    <div className="space-y-6">
      <PageHeader
        title={t("orders.number", { id: order.id })}
        description={t("orders.detailDescription")}
        actions={
          <Link to="/tools/orders" className={buttonVariants({ variant: "outline" })}>
            <ArrowLeft aria-hidden="true" className="rtl:rotate-180" />
            {t("orders.backToList")}
          </Link>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader>
            <CardTitle>{t("orders.details")}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="font-medium">{t("orders.columns.status")}</dt>
              <dd className="flex flex-wrap items-center gap-2">
                <OrderStatusBadge status={order.status} testId="order-status" />
                {order.status === "submitted" && (
                  <a href={location.pathname} className={buttonVariants({ variant: "outline", size: "sm" })}>
                    <RefreshCw aria-hidden="true" />
                    {t("wizard.confirmed.refresh")}
                  </a>
                )}
              </dd>
              <dt className="font-medium">{t("orders.columns.organization")}</dt>
              <dd>{order.organization_name}</dd>
              <dt className="font-medium">{t("orders.columns.createdBy")}</dt>
              <dd data-testid="order-created-by">{events.created_by?.name ?? t("orders.deletedUser")}</dd>
              <dt className="font-medium">{t("orders.columns.placed")}</dt>
              <dd>{order.submitted_at ? formatDateTime(locale, order.submitted_at) : t("orders.notPlaced")}</dd>
              <dt className="font-medium">{t("wizard.confirmed.carrierOrder")}</dt>
              <dd dir="ltr" className="text-start font-mono text-[0.8125rem]">
                {order.carrier_order_id ?? none}
              </dd>
              <dt className="font-medium">{t("orders.columns.label")}</dt>
              <dd>{order.label ?? none}</dd>
              <dt className="font-medium">{t("wizard.review.e911Note")}</dt>
              <dd>{order.e911_note ?? none}</dd>
              <dt className="font-medium">{t("wizard.review.monthly")}</dt>
              <dd className="tabular-nums">{formatMoney(locale, order.monthly_total_cents, order.currency)}</dd>
              <dt className="font-medium">{t("wizard.review.oneTime")}</dt>
              <dd className="tabular-nums">{formatMoney(locale, order.one_time_total_cents, order.currency)}</dd>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("history.title")}</CardTitle>
          </CardHeader>
          <CardContent>
            <EventTimeline entries={events.data} titles={titles} label={t("history.title")} />
          </CardContent>
        </Card>
      </div>
      <OrderItemsTable items={order.items} formatPhoneNumber={formatPhoneNumber} />
    </div>
  );
}
