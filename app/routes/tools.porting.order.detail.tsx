import { getFormProps } from "@conform-to/react";
import { useEffect } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { useFormErrorToast } from "~/components/admin/form-toast";
import { PageHeader } from "~/components/admin/page-header";
import { Download, Pencil, RefreshCw } from "~/components/icons";
import { DetailList } from "~/components/logs/detail-list";
import { formatNanp } from "~/components/tools/format";
import { GenerateLoaForm, loaMissingFields } from "~/components/tools/porting-loa";
import {
  EDITABLE_STATUSES,
  IN_PROGRESS_STATUSES,
  type PortingOrder,
  type PortingOrderEvent,
  type PortingOrderStatus,
  statusVariant,
} from "~/components/tools/porting-order";
import { commentSchema } from "~/components/tools/porting-order-schema";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { TextareaField } from "~/components/ui/form-field";
import { loadRecord, recordId } from "~/lib/admin/upstream.server";
import { getEnv } from "~/lib/cloudflare.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { readFormData, submitForm } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { dateTimeFormat } from "~/lib/intl";
import { requireScreen } from "~/lib/sanctum/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { generateLoa } from "~/lib/tools/porting-loa.server";
import { submitRefusal } from "~/lib/tools/porting-order.server";
import { useSchemaForm } from "~/lib/use-schema-form";
import { translateError } from "~/lib/validation-message";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/tools.porting.order.detail";

export const handle: StringsHandle = { i18n: ["porting", "loa", "admin", "e911", "validation"] };

/** How often the page re-reads an order the carrier is working on (the backend records its progress by itself; reading changes nothing). */
const WATCH_INTERVAL_MS = 4000;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "porting-order");
  const order = await loadRecord<PortingOrder>(api, "/api/porting/orders/:id", params.id);
  return { order, constraint: formConstraint(commentSchema) };
}

/**
 * Four intents: `comment` (a form with its own errors), `submit`, `cancel` and `loa` (generate the letter of
 * authorization; each redirects back with a toast).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "porting-order");
  const id = recordId(params.id);
  const here = `/tools/porting/order/${id}`;
  const t = getInstance(context).getFixedT(null, "porting");
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (intent === "loa") return generateLoa(context, api, id, formData);
  if (intent === "submit" || intent === "cancel") {
    const secret = getEnv(context).SESSION_SECRET;
    const to = intent === "submit" ? "submitted" : "cancelled";
    try {
      await api.call<PortingOrder>(`/api/porting/orders/${id}/transitions`, { method: "POST", json: { to } });
    } catch (error) {
      return redirectWithToast(here, { type: "error", message: submitRefusal(t, error) }, secret);
    }
    return redirectWithToast(
      here,
      { type: "success", message: t(intent === "submit" ? "order.toasts.submitted" : "order.toasts.cancelled", { id }) },
      secret,
    );
  }
  return submitForm(request, context, {
    schema: commentSchema,
    formData,
    label: "comment on porting order",
    call: (value) => api.call<PortingOrder>(`/api/porting/orders/${id}/comments`, { method: "POST", json: { message: value.message } }),
    success: () => ({ to: here, message: t("order.toasts.commented") }),
  });
}

/** While the carrier works on the order, re-read it every few seconds (without JavaScript: the refresh link). */
function useWatch(active: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") void revalidator.revalidate();
    }, WATCH_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [active, revalidator]);
}

function StatusBadge({ status }: { status: PortingOrderStatus }) {
  const { t } = useTranslation("porting");
  return <Badge variant={statusVariant(status)}>{t(`order.statuses.${status}`)}</Badge>;
}

export default function PortingOrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useTranslation("porting");
  const { t: tLoa } = useTranslation("loa");
  const { order } = loaderData;
  useFormErrorToast(actionData);
  const watching = IN_PROGRESS_STATUSES.includes(order.status);
  useWatch(watching);
  const dateTime = dateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });
  // The person who did it (both people during a masquerade), or the carrier.
  const eventActor = (event: PortingOrderEvent) =>
    event.actor_id === null
      ? t("order.byCarrier")
      : !event.actor?.name
        ? t("order.byUser")
        : event.masquerader
          ? t("order.byMasquerading", { name: event.actor.name, masquerader: event.masquerader.name })
          : event.actor.name;
  const editable = EDITABLE_STATUSES.includes(order.status);
  const open = order.status !== "completed" && order.status !== "cancelled";
  const address = order.service_address;
  const missingForLoa = loaMissingFields(order);
  const [form, fields] = useSchemaForm({
    id: "porting-comment",
    constraint: loaderData.constraint,
    schema: () => import("~/components/tools/porting-order-schema").then((module) => module.commentSchema),
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
  });

  return (
    <div className="space-y-6">
      <PageHeader
        title={t("order.number", { id: order.id })}
        description={t("order.numbersCount", { count: order.numbers.length })}
        backTo="/tools/porting/order"
        actions={
          <div className="flex flex-wrap gap-3">
            {editable && (
              <Link to={`/tools/porting/order/${order.id}/edit`} className={buttonVariants({ variant: "outline" })}>
                <Pencil aria-hidden="true" />
                {t("order.actions.edit")}
              </Link>
            )}
            {editable && (
              <Form method="post">
                <input type="hidden" name="intent" value="submit" />
                <Button type="submit">{t("order.actions.submit")}</Button>
              </Form>
            )}
            {open && (
              <ConfirmDialog
                destructive
                title={t("order.cancel.title", { id: order.id })}
                description={t("order.cancel.description")}
                confirmLabel={t("order.cancel.confirm")}
                fields={{ intent: "cancel" }}
                triggerProps={{ variant: "outline" }}
              >
                {t("order.cancel.button")}
              </ConfirmDialog>
            )}
          </div>
        }
      />

      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle>{t("order.detailsHeading")}</CardTitle>
          <div className="flex items-center gap-3" role="status" aria-live="polite">
            <StatusBadge status={order.status} />
            {watching && (
              <a href={`/tools/porting/order/${order.id}`} className="inline-flex items-center gap-1 text-primary-text text-sm underline">
                <RefreshCw aria-hidden="true" className="size-4" />
                {t("order.refresh")}
              </a>
            )}
          </div>
        </CardHeader>
        <CardContent>
          <DetailList
            items={[
              ...(order.exception_reason
                ? [
                    {
                      label: t("order.fields.exception_reason"),
                      value: <span className="text-destructive">{translateError(t, `porting:${order.exception_reason}`)}</span>,
                    },
                  ]
                : []),
              {
                label: t("order.fields.numbers"),
                value: (
                  <ul className="space-y-0.5">
                    {order.numbers.map((number) => (
                      <li key={number}>
                        <bdi dir="ltr">{formatNanp(number)}</bdi>
                      </li>
                    ))}
                  </ul>
                ),
              },
              { label: t("order.fields.partial"), value: order.partial ? t("order.partialYes") : t("order.partialNo") },
              { label: t("order.fields.entity_name"), value: order.entity_name || "—" },
              { label: t("order.fields.authorized_person"), value: order.authorized_person || "—" },
              {
                label: t("order.fields.billing_telephone_number"),
                value: order.billing_telephone_number ? <bdi dir="ltr">{order.billing_telephone_number}</bdi> : "—",
              },
              { label: t("order.fields.account_number"), value: order.account_number || "—" },
              { label: t("order.fields.pin"), value: order.pin_set ? t("order.pinSet") : t("order.pinNotSet") },
              {
                label: t("order.fields.service_address"),
                value: address
                  ? [
                      [address.house_number, address.street_name, address.street_suffix].filter(Boolean).join(" "),
                      address.unit,
                      [address.city, address.state, address.postal_code].join(" "),
                      address.country,
                    ]
                      .filter(Boolean)
                      .join(", ")
                  : "—",
              },
              { label: t("order.fields.requested_foc_date"), value: order.requested_foc_date ?? "—" },
              { label: t("order.fields.foc_date"), value: order.foc_date ?? "—" },
              ...(order.organization_name ? [{ label: t("order.columns.organization"), value: order.organization_name }] : []),
            ]}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("order.documentsHeading")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {order.documents && order.documents.length > 0 ? (
            <ul className="space-y-2">
              {order.documents.map((document) => (
                <li key={document.id} className="flex flex-wrap items-center gap-3">
                  <Badge variant="outline">{t(`order.documents.${document.kind}`)}</Badge>
                  {document.source === "generated" && <Badge variant="secondary">{tLoa("generated")}</Badge>}
                  <a
                    href={`/tools/porting/order/${order.id}/documents/${document.id}`}
                    className="inline-flex items-center gap-1 text-primary-text underline"
                    download
                  >
                    <Download aria-hidden="true" className="size-4" />
                    {document.filename}
                  </a>
                  <span className="text-muted-foreground text-sm">{dateTime.format(new Date(document.created_at))}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">{t("order.noDocuments")}</p>
          )}
          <section aria-labelledby="loa-heading" className="space-y-3 border-t pt-4">
            <h3 id="loa-heading" className="font-medium">
              {tLoa("heading")}
            </h3>
            <p id="loa-description" className="text-muted-foreground text-sm">
              {editable ? tLoa("description") : tLoa("onlyEditable")}
            </p>
            {editable && missingForLoa.length > 0 && (
              <p className="text-sm">
                {tLoa("missing", { fields: missingForLoa.map((field) => t(`order.fields.${field}`)).join(", ") })}{" "}
                <Link to={`/tools/porting/order/${order.id}/edit`} className="text-primary-text underline">
                  {tLoa("completeDetails")}
                </Link>
              </p>
            )}
            {editable && missingForLoa.length === 0 && <GenerateLoaForm />}
          </section>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("order.historyHeading")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-6">
          <ol className="space-y-3" data-testid="porting-events">
            {(order.events ?? []).map((event) => (
              <li key={event.id} className="border-s-2 ps-3">
                <p className="text-muted-foreground text-xs">
                  {dateTime.format(new Date(event.created_at))} · <span data-testid="porting-event-actor">{eventActor(event)}</span>
                </p>
                {event.type === "status" ? (
                  <p className="flex flex-wrap items-center gap-2">
                    {event.from_status && <StatusBadge status={event.from_status} />}
                    {event.from_status && <span aria-hidden="true">→</span>}
                    {event.to_status && <StatusBadge status={event.to_status} />}
                    {event.message && <span className="text-sm">{translateError(t, `porting:${event.message}`)}</span>}
                  </p>
                ) : (
                  <p className="whitespace-pre-wrap">{event.message}</p>
                )}
              </li>
            ))}
          </ol>
          <Form method="post" {...getFormProps(form)} className="grid gap-3">
            <input type="hidden" name="intent" value="comment" />
            <TextareaField field={fields.message} label={t("order.comment")} rows={3} maxLength={1000} />
            <div>
              <Button type="submit" variant="outline">
                {t("order.addComment")}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
