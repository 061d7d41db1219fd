import { getFormProps } from "@conform-to/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { FormSection } from "~/components/admin/form-layout";
import { useFormErrorToast } from "~/components/admin/form-toast";
import { PageHeader } from "~/components/admin/page-header";
import { reviewSchema, staffReviewSchema } from "~/components/numbers/criteria-schema";
import { formatLocation, formatMoney, phoneFormatter } from "~/components/numbers/format";
import { ExpiredNotice, ReservationCountdown, StepIndicator, wizardUrl } from "~/components/numbers/wizard";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ErrorList, InputField, SelectField, TextareaField } from "~/components/ui/form-field";
import { organizationOptions } from "~/lib/admin/options.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { type FormReply, parseForm, saveFailed } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { loadDraft } from "~/lib/numbers/order.server";
import { phoneLabels } from "~/lib/numbers/phone-format.server";
import { organizationFilter } from "~/lib/organization-filter.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import { useSchemaForm } from "~/lib/use-schema-form";
import { cn } from "~/lib/utils";
import type { StringsHandle } from "~/locales/types";
import type { Route } from "./+types/tools.orders.phone-numbers.step-3";

export const handle: StringsHandle = { i18n: ["numbers", "admin", "validation"] };

/** Step 3: organization (provider staff choose), label, E911 note and the totals; placing the order. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "number-order-review");
  // Independent calls, made together (issue 27): the options never fail the page (optionalCall).
  const [order, organizations] = await Promise.all([loadDraft(api, params.id), user.is_provider ? organizationOptions(api) : null]);
  if (!order.expired && !order.items.some((item) => item.status === "reserved")) throw redirect(wizardUrl.choose(order.id));
  // Staff choose the owner: preselected only from the organization filter, or a choice already saved on the
  // draft; a draft still on the provider's own account (where every draft starts) asks.
  const filtered = organizationFilter(request, user);
  const chosen = filtered ?? (order.organization_id !== user.organization?.id ? order.organization_id : null);
  return {
    order,
    organizations,
    chosen: user.is_provider ? chosen : order.organization_id,
    renderedAt: Date.now(),
    phoneLabels: phoneLabels(order),
    constraint: formConstraint(organizations ? staffReviewSchema : reviewSchema),
  };
}

/** Saves the review (`PUT`), then places the order (`POST …/submit`) and shows its confirmation. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, api } = requireScreen(context, "number-order-review");
  const order = await loadDraft(api, params.id);
  const { submission } = await parseForm(request, user.is_provider ? staffReviewSchema : reviewSchema);
  if (submission.status !== "success") return data<FormReply>({ result: submission.reply() }, { status: 400 });
  const { organization_id, label, e911_note } = submission.value;
  try {
    await api.call(`/api/number-orders/${order.id}`, {
      method: "PUT",
      json: { ...(user.is_provider && organization_id ? { organization_id } : {}), label: label ?? null, e911_note: e911_note ?? null },
    });
    await api.call(`/api/number-orders/${order.id}/submit`, { method: "POST" });
    return redirect(wizardUrl.confirmed(order.id));
  } catch (error) {
    return saveFailed(submission, error, "place number order");
  }
}

export default function OrderNumbersReview({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useTranslation("numbers");
  const navigation = useNavigation();
  const placing = navigation.state === "submitting";
  const { order, organizations, chosen, renderedAt } = loaderData;
  const formatPhoneNumber = phoneFormatter(loaderData.phoneLabels);
  const items = order.items.filter((item) => item.status === "reserved");
  const locale = language;
  useFormErrorToast(actionData);
  const staff = Boolean(organizations);
  const [form, fields] = useSchemaForm({
    id: "number-order-review",
    constraint: loaderData.constraint,
    schema: () => import("~/components/numbers/criteria-schema").then((module) => (staff ? module.staffReviewSchema : module.reviewSchema)),
    lastResult: actionData?.result,
    defaultValue: { organization_id: chosen ? String(chosen) : "", label: order.label ?? "", e911_note: order.e911_note ?? "" },
  });
  const expired = order.expired || (form.errors ?? []).includes("numbers.order_expired");

  return (
    <div className="space-y-6">
      <PageHeader title={t("wizard.title")} description={t("wizard.review.description")} backTo={wizardUrl.choose(order.id)} />
      <StepIndicator current="review" />
      {expired ? (
        <ExpiredNotice orderId={order.id} />
      ) : (
        order.reservation_expires_at && <ReservationCountdown expiresAt={order.reservation_expires_at} renderedAt={renderedAt} />
      )}
      <Card>
        <CardHeader>
          <CardTitle>{t("wizard.review.numbers")}</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="divide-y" data-testid="review-numbers">
            {items.map((item) => (
              <li key={item.e164} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span dir="ltr" className="font-medium tabular-nums">
                    {formatPhoneNumber(item.e164)}
                  </span>
                  <span className="ms-3 text-muted-foreground text-sm">
                    {t(`types.${item.type}`)} · {formatLocation(item)}
                  </span>
                </span>
                <span className="text-sm tabular-nums">
                  {formatMoney(locale, item.monthly_cents, order.currency)} / {formatMoney(locale, item.one_time_cents, order.currency)}
                </span>
              </li>
            ))}
          </ul>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 border-t pt-4 text-sm">
            <dt className="font-medium">{t("wizard.review.monthly")}</dt>
            <dd className="text-end tabular-nums" data-testid="total-monthly">
              {formatMoney(locale, order.monthly_total_cents, order.currency)}
            </dd>
            <dt className="font-medium">{t("wizard.review.oneTime")}</dt>
            <dd className="text-end tabular-nums">{formatMoney(locale, order.one_time_total_cents, order.currency)}</dd>
          </dl>
        </CardContent>
      </Card>
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <ErrorList id={form.errorId} errors={form.errors} />
        <FormSection title={t("wizard.review.section")}>
          {organizations ? (
            <SelectField
              field={fields.organization_id}
              label={t("wizard.review.organization")}
              description={t("wizard.review.organizationDescription")}
              placeholder={t("wizard.review.chooseOrganization")}
              required
              options={organizations.map((organization) => ({ value: String(organization.id), label: organization.name }))}
            />
          ) : (
            <div className="flex flex-col gap-1.5">
              <span className="font-medium text-sm">{t("wizard.review.organization")}</span>
              <span>{order.organization_name}</span>
            </div>
          )}
          <InputField
            field={fields.label}
            label={t("wizard.review.label")}
            description={t("wizard.review.labelDescription")}
            autoComplete="off"
          />
          <TextareaField
            field={fields.e911_note}
            label={t("wizard.review.e911Note")}
            description={t("wizard.review.e911NoteDescription")}
            className="md:col-span-2"
            rows={3}
          />
        </FormSection>
        <div className="flex flex-wrap items-center justify-end gap-3">
          <Link to={wizardUrl.choose(order.id)} className={cn(buttonVariants({ variant: "secondary" }))}>
            {t("wizard.review.back")}
          </Link>
          <Button type="submit" disabled={placing || expired}>
            {placing ? t("wizard.review.submitting") : t("wizard.review.submit")}
          </Button>
        </div>
      </Form>
    </div>
  );
}
