import { useId } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { AvailableNumbersTable } from "~/components/numbers/available-numbers";
import { phoneFormatter } from "~/components/numbers/format";
import type { AvailableNumber, NumberOrder } from "~/components/numbers/types";
import { ExpiredNotice, ReservationCountdown, StepIndicator, wizardUrl } from "~/components/numbers/wizard";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { ErrorList } from "~/components/ui/form-field";
import { actionFailure, failureMessage, readFormData } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { loadDraft, stepError } from "~/lib/numbers/order.server";
import { phoneLabels } from "~/lib/numbers/phone-format.server";
import { requireScreen, UpstreamError } from "~/lib/sanctum/context.server";
import { cn } from "~/lib/utils";
import type { StringsHandle } from "~/locales/types";
import type { Route } from "./+types/tools.orders.phone-numbers.step-2";

export const handle: StringsHandle = { i18n: ["numbers", "admin", "validation"] };

const E164 = /^\+[1-9]\d{6,14}$/;

/** Step 2: the carrier's offer for the draft's criteria; `?taken=` lists numbers someone else took meanwhile. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "number-order-choose");
  const order = await loadDraft(api, params.id);
  const taken = (new URL(request.url).searchParams.get("taken") ?? "").split(",").filter((value) => E164.test(value));
  try {
    const { data: available } = await api.call<{ data: AvailableNumber[] }>(`/api/number-orders/${order.id}/available`);
    return { order, available, taken, searchError: null, renderedAt: Date.now(), phoneLabels: phoneLabels(available, taken) };
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.status < 409) throw error;
    // The carrier failed or timed out: say so on the page, with the way back to the criteria.
    return {
      order,
      available: [],
      taken,
      searchError: error.body.message ?? "numbers.carrier.unavailable",
      renderedAt: Date.now(),
      phoneLabels: phoneLabels(taken),
    };
  }
}

/** Reserve the chosen numbers: on to review, or back here listing the ones someone else took. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "number-order-choose");
  const order = await loadDraft(api, params.id);
  const numbers = (await readFormData(request))
    .getAll("numbers")
    .filter((value): value is string => typeof value === "string" && E164.test(value));
  if (numbers.length === 0) return stepError("numbers.no_numbers");
  try {
    const result = await api.call<{ order: NumberOrder; unavailable: string[] }>(`/api/number-orders/${order.id}/reservation`, {
      method: "POST",
      json: { numbers },
    });
    if (result.unavailable.length > 0)
      return redirect(`${wizardUrl.choose(order.id)}?taken=${result.unavailable.map(encodeURIComponent).join(",")}`);
    return redirect(wizardUrl.review(order.id));
  } catch (error) {
    const failure = actionFailure(error, `reserve numbers of order ${order.id}`, "numbers.errors.failed");
    return stepError(failureMessage(failure, "numbers.errors.failed"), failure.status);
  }
}

export default function OrderNumbersChoose({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("numbers");
  const navigation = useNavigation();
  const reserving = navigation.state === "submitting";
  const { order, available, taken, searchError, renderedAt } = loaderData;
  const formatPhoneNumber = phoneFormatter(loaderData.phoneLabels);
  const formId = useId();
  const reserved = order.expired ? [] : order.items.filter((item) => item.status === "reserved");
  const reservedSet = new Set(reserved.map((item) => item.e164));
  const errorId = `${formId}-error`;
  const formError = actionData && "error" in actionData ? actionData.error : null;

  return (
    <div className="space-y-6">
      <PageHeader title={t("wizard.title")} description={t("wizard.choose.description")} backTo={wizardUrl.search(order.id)} />
      <StepIndicator current="choose" />
      {order.expired && <ExpiredNotice orderId={order.id} />}
      {!order.expired && order.reservation_expires_at && reserved.length > 0 && (
        <Card>
          <CardContent className="flex flex-wrap items-center justify-between gap-3">
            <div className="space-y-1">
              <p className="text-sm">{t("wizard.choose.reservedCount", { count: reserved.length })}</p>
              <ReservationCountdown expiresAt={order.reservation_expires_at} renderedAt={renderedAt} />
            </div>
            <Link to={wizardUrl.review(order.id)} className={buttonVariants({ variant: "outline" })}>
              {t("wizard.choose.continue")}
            </Link>
          </CardContent>
        </Card>
      )}
      {taken.length > 0 && (
        <Alert variant="destructive" data-testid="numbers-taken">
          <AlertDescription>{t("wizard.choose.taken", { numbers: taken.map(formatPhoneNumber).join(", ") })}</AlertDescription>
        </Alert>
      )}
      {searchError && (
        <Alert variant="destructive">
          <AlertDescription>
            <ErrorList errors={[searchError]} />
          </AlertDescription>
        </Alert>
      )}
      <Card className="gap-0 py-0">
        <Form id={formId} method="post" aria-describedby={formError ? errorId : undefined}>
          {available.length === 0 ? (
            <p className="p-6 text-muted-foreground">{!searchError && t("wizard.choose.empty")}</p>
          ) : (
            <AvailableNumbersTable formatPhoneNumber={formatPhoneNumber} numbers={available} selected={reservedSet} selection="multiple" />
          )}
          <div className="flex flex-wrap items-center justify-between gap-3 border-t p-4">
            <ErrorList id={errorId} errors={formError ? [formError] : undefined} />
            <div className="ms-auto flex flex-wrap gap-3">
              <Link to={wizardUrl.search(order.id)} className={cn(buttonVariants({ variant: "secondary" }))}>
                {t("wizard.choose.searchAgain")}
              </Link>
              {available.length > 0 && (
                <Button type="submit" disabled={reserving}>
                  {reserving ? t("wizard.choose.reserving") : t("wizard.choose.reserve")}
                </Button>
              )}
            </div>
          </div>
        </Form>
      </Card>
    </div>
  );
}
