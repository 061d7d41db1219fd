import { useEffect } from "react";
import { Link, redirect, useLocation, useRevalidator } from "react-router";
import { formatDateTime } from "~/components/admin/format";
import { PageHeader } from "~/components/admin/page-header";
import { LoaderCircle } from "~/components/icons";
import { phoneFormatter } from "~/components/numbers/format";
import { OrderItemsTable, OrderStatusBadge } from "~/components/numbers/order-status";
import type { NumberOrder } from "~/components/numbers/types";
import { StepIndicator, wizardUrl } from "~/components/numbers/wizard";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { loadRecord } from "~/lib/admin/upstream.server";
import { useTranslation } from "~/lib/i18n";
import { phoneLabels } from "~/lib/numbers/phone-format.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import { cn } from "~/lib/utils";
import type { StringsHandle } from "~/locales/types";
import type { Route } from "./+types/tools.orders.phone-numbers.confirmed";

export const handle: StringsHandle = { i18n: ["numbers", "admin", "validation"] };

/** How often the page asks again while numbers are pending (with JavaScript; without, a meta refresh). */
const POLL_SECONDS = 2;

/** Step 4: the order and each number's progress at the carrier (each load asks the backend, which asks the carrier). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "number-order-confirmed");
  const order = await loadRecord<NumberOrder>(api, "/api/number-orders/:id", params.id);
  if (order.status === "draft") throw redirect(wizardUrl.choose(order.id));
  return { order, phoneLabels: phoneLabels(order) };
}

export default function OrderNumbersConfirmed({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation("numbers");
  const { order } = loaderData;
  const formatPhoneNumber = phoneFormatter(loaderData.phoneLabels);
  const location = useLocation();
  const revalidator = useRevalidator();
  const pending = order.status === "submitted";
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, POLL_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [pending, revalidator]);

  return (
    <div className="space-y-6">
      {pending && (
        // Without JavaScript the page reloads itself while numbers are pending (noscript: never with JavaScript).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant tag, no user data.
        <noscript dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${POLL_SECONDS + 1}">` }} />
      )}
      <PageHeader title={t("wizard.confirmed.title", { id: order.id })} description={t("wizard.confirmed.description")} />
      <StepIndicator current="confirmed" />
      <Card>
        <CardContent className="space-y-4">
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-medium">{t("wizard.confirmed.status")}</dt>
            <dd>
              <OrderStatusBadge status={order.status} testId="order-status" />
            </dd>
            <dt className="font-medium">{t("wizard.confirmed.organization")}</dt>
            <dd>{order.organization_name}</dd>
            {order.carrier_order_id && (
              <>
                <dt className="font-medium">{t("wizard.confirmed.carrierOrder")}</dt>
                <dd dir="ltr" className="font-mono text-[0.8125rem]">
                  {order.carrier_order_id}
                </dd>
              </>
            )}
            {order.submitted_at && (
              <>
                <dt className="font-medium">{t("wizard.confirmed.submittedAt")}</dt>
                <dd>{formatDateTime(language, order.submitted_at)}</dd>
              </>
            )}
          </dl>
          {pending && (
            <div className="flex flex-wrap items-center gap-3 text-sm" role="status">
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
              <span>{t("wizard.confirmed.pending")}</span>
              <a href={location.pathname} className={cn(buttonVariants({ variant: "outline", size: "sm" }))}>
                {t("wizard.confirmed.refresh")}
              </a>
            </div>
          )}
        </CardContent>
      </Card>
      <OrderItemsTable items={order.items} formatPhoneNumber={formatPhoneNumber} />
      <div className="flex flex-wrap justify-end gap-3">
        <Link to={wizardUrl.search()} className={buttonVariants({ variant: "secondary" })}>
          {t("wizard.confirmed.orderMore")}
        </Link>
        <Link to={`/tools/orders/${order.id}`} className={buttonVariants({ variant: "secondary" })}>
          {t("wizard.confirmed.toOrder")}
        </Link>
        <Link to="/tools/numbers" className={buttonVariants()}>
          {t("wizard.confirmed.toList")}
        </Link>
      </div>
    </div>
  );
}
