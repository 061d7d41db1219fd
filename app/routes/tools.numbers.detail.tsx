import { Link } from "react-router";
import { formatDateTime } from "~/components/admin/format";
import { PageHeader } from "~/components/admin/page-header";
import { ArrowLeft, Pencil, PowerOff } from "~/components/icons";
import { EventTimeline } from "~/components/numbers/event-timeline";
import { formatLocation } from "~/components/numbers/format";
import { NumberStatusBadge } from "~/components/numbers/number-status";
import { OrderItemStatusBadge, OrderStatusBadge } from "~/components/numbers/order-status";
import { CAPABILITIES, type PhoneNumberRecord } from "~/components/numbers/types";
import { statusVariant } from "~/components/tools/porting-order";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { loadRecord, recordId } from "~/lib/admin/upstream.server";
import { readFormData } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { activityTitles } from "~/lib/logs/activity-titles.server";
import { formatPhoneNumber } from "~/lib/numbers/phone-format.server";
import { releaseNumber } from "~/lib/numbers/release.server";
import { can, requirePermission, requireScreen } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import { getLocale } from "~/middleware/i18next";
import type { Route } from "./+types/tools.numbers.detail";

export const handle: StringsHandle = { i18n: ["numbers", "admin", "porting", "e911", "validation"] };

/** A number's page: status and where it came from, organization, capabilities, E911, label and CNAM, its orders. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "number-detail");
  const [record, titles] = await Promise.all([
    loadRecord<PhoneNumberRecord>(api, "/api/phone-numbers/:id/record", params.id),
    activityTitles(api, getLocale(context)),
  ]);
  return {
    record,
    titles,
    formatted: formatPhoneNumber(record.number.e164),
    allowed: {
      order: can(user, "tools.phone_numbers.order"),
      port: can(user, "tools.phone_numbers.port"),
      e911: can(user, "tools.e911.modify"),
      e911Read: can(user, "tools.e911.read"),
    },
  };
}

/** Release (`intent=release`): back to this page with a toast, through the numbers list's own release path. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "number-detail");
  requirePermission(context, "tools.phone_numbers.order");
  const id = recordId(params.id);
  return releaseNumber(context, api, await readFormData(request), `/tools/numbers/${id}`);
}

export default function PhoneNumberPage({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation("numbers");
  const { t: tp } = useTranslation("porting");
  const { record, titles, allowed, formatted } = loaderData;
  const { number } = record;
  const locale = language;
  const none = <span className="text-muted-foreground">—</span>;

  const originSource = (origin: PhoneNumberRecord["origins"][number]) => {
    if (origin.kind === "ordered")
      return allowed.order ? (
        <Link to={`/tools/orders/${origin.source_id}`} className="text-primary-text underline underline-offset-4">
          {t("orders.number", { id: origin.source_id })}
        </Link>
      ) : (
        t("orders.number", { id: origin.source_id })
      );
    if (origin.kind === "ported")
      return allowed.port ? (
        <Link to={`/tools/porting/order/${origin.source_id}`} className="text-primary-text underline underline-offset-4">
          {tp("order.number", { id: origin.source_id })}
        </Link>
      ) : (
        tp("order.number", { id: origin.source_id })
      );
    return (
      <Link to={`/tools/import/phone_numbers/${origin.source_id}/step-2`} className="text-primary-text underline underline-offset-4">
        {t("page.importNumber", { id: origin.source_id })}
      </Link>
    );
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title={formatted}
        description={number.label ?? t("page.description")}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to="/tools/numbers" className={buttonVariants({ variant: "outline" })}>
              <ArrowLeft aria-hidden="true" className="rtl:rotate-180" />
              {t("page.backToList")}
            </Link>
            {allowed.order && (
              <Link to={`/tools/numbers/edit/${number.id}`} className={buttonVariants({ variant: "outline" })}>
                <Pencil aria-hidden="true" />
                {t("page.edit")}
              </Link>
            )}
            {allowed.order && number.status === "in_service" && (
              <ConfirmDialog
                destructive
                title={t("release.title", { number: formatted })}
                description={t("release.description")}
                confirmLabel={t("release.confirm")}
                fields={{ intent: "release", id: number.id }}
                triggerProps={{ variant: "outline" }}
              >
                <PowerOff aria-hidden="true" />
                {t("release.confirm")}
              </ConfirmDialog>
            )}
          </div>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t("page.details")}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]" data-testid="number-details">
              <dt className="font-medium">{t("columns.status")}</dt>
              <dd>
                <NumberStatusBadge status={number.status} />
              </dd>
              <dt className="font-medium">{t("columns.organization")}</dt>
              <dd>{number.organization_name ?? t("unassigned")}</dd>
              <dt className="font-medium">{t("columns.type")}</dt>
              <dd>{t(`types.${number.type}`)}</dd>
              <dt className="font-medium">{t("columns.location")}</dt>
              <dd>{formatLocation(number) || none}</dd>
              <dt className="font-medium">{t("columns.capabilities")}</dt>
              <dd className="flex flex-wrap gap-1">
                {CAPABILITIES.filter((capability) => number.capabilities.includes(capability)).map((capability) => (
                  <Badge key={capability} variant="outline">
                    {t(`capabilities.${capability}`)}
                  </Badge>
                ))}
              </dd>
              <dt className="font-medium">{t("columns.label")}</dt>
              <dd>{number.label ?? none}</dd>
              <dt className="font-medium">{t("columns.cnam")}</dt>
              <dd>{number.cnam ?? none}</dd>
              <dt className="font-medium">{t("columns.created")}</dt>
              <dd>{formatDateTime(locale, number.created_at)}</dd>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("page.e911")}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3 text-sm" data-testid="number-e911">
            {record.e911_address ? (
              <address className="not-italic">
                <span className="block font-medium">{record.e911_address.caller_name}</span>
                {/* A house number first: isolated, so Arabic never moves it to the other end of the line. */}
                <bdi className="block">{record.e911_address.street}</bdi>
                <bdi className="block">
                  {record.e911_address.city}, {record.e911_address.state} {record.e911_address.postal_code}
                </bdi>
              </address>
            ) : (
              <p className="text-muted-foreground">{t("page.noE911")}</p>
            )}
            {number.e911_status && (
              <p>
                {t("page.e911Status")}: {t(`page.e911Statuses.${number.e911_status}`)}
              </p>
            )}
            {allowed.e911 && number.organization_id !== null && number.status !== "disconnected" ? (
              <Link to={`/tools/e911/edit/${number.id}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
                {record.e911_address ? t("page.changeE911") : t("page.setE911")}
              </Link>
            ) : (
              allowed.e911Read && (
                <Link to="/tools/e911" className="text-primary-text underline underline-offset-4">
                  {t("page.toE911")}
                </Link>
              )
            )}
          </CardContent>
        </Card>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t("history.title")}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <ul className="space-y-2 text-sm" data-testid="number-origins" aria-label={t("page.origin")}>
              {record.origins.map((origin) => (
                <li key={`${origin.kind}-${origin.source_id}`}>
                  <span className="font-medium">{t(`page.origins.${origin.kind}`)}</span> · {originSource(origin)}
                  <span className="block text-muted-foreground">
                    {origin.by ? t("history.by", { name: origin.by.name }) : t("history.bySystem")}
                    {" · "}
                    <time dateTime={origin.at}>{formatDateTime(locale, origin.at)}</time>
                  </span>
                </li>
              ))}
              {record.origins.length === 0 && (
                <li className="text-muted-foreground">{t("page.originUnknown", { date: formatDateTime(locale, number.created_at) })}</li>
              )}
            </ul>
            <EventTimeline entries={record.events} titles={titles} label={t("history.title")} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("page.orders")}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4 text-sm">
            {record.orders.length === 0 && record.porting_orders.length === 0 && (
              <p className="text-muted-foreground">{t("page.noOrders")}</p>
            )}
            {record.orders.length > 0 && (
              <ul className="space-y-2" data-testid="number-orders">
                {record.orders.map((order) => (
                  <li key={order.id} className="flex flex-wrap items-center gap-2">
                    {allowed.order ? (
                      <Link to={`/tools/orders/${order.id}`} className="text-primary-text underline underline-offset-4">
                        {t("orders.number", { id: order.id })}
                      </Link>
                    ) : (
                      t("orders.number", { id: order.id })
                    )}
                    <OrderStatusBadge status={order.status} />
                    <OrderItemStatusBadge status={order.item_status} />
                    {order.created_by && <span className="text-muted-foreground">{t("history.by", { name: order.created_by.name })}</span>}
                  </li>
                ))}
              </ul>
            )}
            {record.porting_orders.length > 0 && (
              <ul className="space-y-2" data-testid="number-porting-orders">
                {record.porting_orders.map((port) => (
                  <li key={port.id} className="flex flex-wrap items-center gap-2">
                    {allowed.port ? (
                      <Link to={`/tools/porting/order/${port.id}`} className="text-primary-text underline underline-offset-4">
                        {tp("order.number", { id: port.id })}
                      </Link>
                    ) : (
                      tp("order.number", { id: port.id })
                    )}
                    <Badge variant={statusVariant(port.status)}>{tp(`order.statuses.${port.status}`)}</Badge>
                    {port.created_by && <span className="text-muted-foreground">{t("history.by", { name: port.created_by.name })}</span>}
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
