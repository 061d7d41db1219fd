import { getFormProps } from "@conform-to/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { AvailableNumbersTable } from "~/components/numbers/available-numbers";
import { criteriaSchema } from "~/components/numbers/criteria-schema";
import { phoneFormatter } from "~/components/numbers/format";
import { NumberSearchFields, useCriteriaForm } from "~/components/numbers/search-fields";
import type { AvailableNumber, NumberOrder, PhoneNumber } from "~/components/numbers/types";
import { FailureNotice } from "~/components/residential/failure-notice";
import { portSchema } from "~/components/residential/schema";
import type { ResidentialDraft } from "~/components/residential/types";
import { residentialUrl, StepIndicator } from "~/components/residential/wizard";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ErrorList, InputField } from "~/components/ui/form-field";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { formConstraint } from "~/lib/form-constraint.server";
import { parseWithZod } from "~/lib/form-parse";
import { actionFailure, CARRIER_FAILED, type FormReply, failureMessage, readFormData, saveFailed } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { phoneLabels } from "~/lib/numbers/phone-format.server";
import { loadDraft } from "~/lib/residential/draft.server";
import { can, requireScreen, UpstreamError } from "~/lib/sanctum/context.server";
import { useSchemaForm } from "~/lib/use-schema-form";
import { cn } from "~/lib/utils";
import type { StringsHandle } from "~/locales/types";
import type { Route } from "./+types/residential.number";

export const handle: StringsHandle = { i18n: ["residential", "numbers", "admin", "porting", "validation"] };

const E164 = /^\+[1-9]\d{6,14}$/;
type Intent = "inventory" | "search" | "reserve" | "port";

/** The number order being searched (`?order=`), or the one behind the draft's chosen new number. */
function searchedOrder(request: Request, draft: ResidentialDraft): number | null {
  const raw = Number(new URL(request.url).searchParams.get("order"));
  if (Number.isInteger(raw) && raw > 0) return raw;
  return draft.number?.kind === "new" ? (draft.number.number_order_id ?? null) : null;
}

/**
 * Step 3: the subscriber's number — an available one from the inventory, a new one (the ordering wizard's search
 * and reservation, inline: the search is a draft number order in the subscriber's organization), or one to port
 * (checked for portability when chosen). Each option is a plain form; the choices shown follow the user's keys.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api, user } = requireScreen(context, "residential-number");
  const draft = await loadDraft(api, params.id, "number");
  const canOrder = can(user, "tools.phone_numbers.order");
  const canPort = can(user, "tools.phone_numbers.port");
  const orderId = canOrder ? searchedOrder(request, draft) : null;
  const taken = (new URL(request.url).searchParams.get("taken") ?? "").split(",").filter((value) => E164.test(value));
  // The inventory and the searched order do not depend on each other: both calls at once (issue 27).
  const [inventory, order] = await Promise.all([
    api.call<{ data: PhoneNumber[] }>(`/api/residential/drafts/${draft.id}/inventory`),
    orderId
      ? api.call<NumberOrder>(`/api/number-orders/${orderId}`).catch((error) => {
          if (error instanceof UpstreamError && error.status === 404) return null;
          throw error;
        })
      : null,
  ]);
  let search: { order: Pick<NumberOrder, "id" | "criteria">; available: AvailableNumber[]; error: string | null } | null = null;
  if (order?.status === "draft") {
    try {
      const { data: available } = await api.call<{ data: AvailableNumber[] }>(`/api/number-orders/${order.id}/available`);
      search = { order: { id: order.id, criteria: order.criteria }, available, error: null };
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.status < 409) throw error;
      search = {
        order: { id: order.id, criteria: order.criteria },
        available: [],
        error: error.body.message ?? "numbers.carrier.unavailable",
      };
    }
  }
  return {
    draft,
    inventory: inventory.data,
    canOrder,
    canPort,
    search,
    taken,
    phoneLabels: phoneLabels(draft, inventory.data, search?.available, taken),
    constraint: { search: formConstraint(criteriaSchema), port: formConstraint(portSchema) },
  };
}

function stepError(intent: Intent, message: string, status = 400) {
  return data({ intent, error: message, result: undefined }, { status });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { api, user } = requireScreen(context, "residential-number");
  const draft = await loadDraft(api, params.id, "number");
  const formData = await readFormData(request);
  const intent = formData.get("intent") as Intent;
  const choose = (body: Record<string, unknown>) =>
    api.call<ResidentialDraft>(`/api/residential/drafts/${draft.id}/number`, { method: "PUT", json: body });
  const here = residentialUrl.step(draft.id, "number");
  // On to the E911 step, which defaults to the service address, so it is seen before the review.
  const onward = (saved: ResidentialDraft) => residentialUrl.step(saved.id, "e911");

  if (intent === "inventory") {
    const id = Number(formData.get("phone_number_id"));
    if (!Number.isInteger(id) || id <= 0) return stepError(intent, "residential.choose_number");
    try {
      return redirect(onward(await choose({ kind: "inventory", phone_number_id: id })));
    } catch (error) {
      const failure = actionFailure(error, "residential inventory number", "residential.choose_number");
      return stepError(intent, failureMessage(failure, "residential.choose_number"), failure.status);
    }
  }

  if (intent === "search" && can(user, "tools.phone_numbers.order")) {
    const submission = parseWithZod(formData, { schema: criteriaSchema });
    if (submission.status !== "success")
      return data<FormReply & { intent: Intent }>({ intent, result: submission.reply() }, { status: 400 });
    const existing = Number(formData.get("order"));
    try {
      let orderId = existing;
      if (Number.isInteger(existing) && existing > 0) {
        await api.call(`/api/number-orders/${existing}/criteria`, { method: "PUT", json: submission.value });
      } else {
        const order = await api.call<NumberOrder>("/api/number-orders", {
          method: "POST",
          json: { ...submission.value, organization_id: draft.organization_id },
        });
        orderId = order.id;
      }
      return redirect(`${here}?order=${orderId}#new-number`);
    } catch (error) {
      const reply = saveFailed(submission, error, "residential number search");
      return data({ intent, result: reply.data.result }, { status: reply.init?.status ?? 400 });
    }
  }

  if (intent === "reserve" && can(user, "tools.phone_numbers.order")) {
    const orderId = Number(formData.get("order"));
    const number = formData.get("numbers");
    if (!Number.isInteger(orderId) || orderId <= 0 || typeof number !== "string" || !E164.test(number)) {
      return stepError(intent, "residential.choose_number");
    }
    try {
      const reserved = await api.call<{ unavailable: string[] }>(`/api/number-orders/${orderId}/reservation`, {
        method: "POST",
        json: { numbers: [number] },
      });
      if (reserved.unavailable.length > 0) return redirect(`${here}?order=${orderId}&taken=${encodeURIComponent(number)}#new-number`);
      return redirect(onward(await choose({ kind: "new", number_order_id: orderId })));
    } catch (error) {
      const failure = actionFailure(error, "residential reserve number", "residential.choose_number");
      return stepError(intent, failureMessage(failure, "residential.choose_number"), failure.status);
    }
  }

  if (intent === "port" && can(user, "tools.phone_numbers.port")) {
    const submission = parseWithZod(formData, { schema: portSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    try {
      return redirect(onward(await choose({ kind: "port", number: submission.value.number })));
    } catch (error) {
      const reply = saveFailed(submission, error, "residential port number", { fallback: CARRIER_FAILED });
      return data({ intent, result: reply.data.result }, { status: reply.init?.status ?? 422 });
    }
  }
  return redirect(here);
}

export default function ResidentialNumber({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("residential");
  const { t: tn } = useTranslation("numbers");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { draft, inventory, canOrder, canPort, search, taken } = loaderData;
  const formatPhoneNumber = phoneFormatter(loaderData.phoneLabels);
  const reply = (intent: Intent) => (actionData && "intent" in actionData && actionData.intent === intent ? actionData : undefined);
  const errorOf = (intent: Intent) => {
    const entry = reply(intent);
    return entry && "error" in entry && entry.error ? [entry.error] : undefined;
  };
  const [searchForm, searchFields] = useCriteriaForm(
    "residential-number-search",
    search?.order.criteria ?? { country: "US", type: "local", pattern_mode: "contains", features: [], quantity: 10 },
    reply("search")?.result,
    loaderData.constraint.search,
  );
  const [portForm, portFields] = useSchemaForm({
    id: "residential-number-port",
    constraint: loaderData.constraint.port,
    schema: () => import("~/components/residential/schema").then((module) => module.portSchema),
    lastResult: reply("port")?.result,
    defaultValue: { number: draft.number?.kind === "port" ? draft.number.e164 : "" },
  });
  const chosen = draft.number;

  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("number.description", { name: draft.subscriber.name })} backTo={residentialUrl.start} />
      <StepIndicator draft={draft} current="number" />
      <FailureNotice draft={draft} />
      {chosen && (
        <Card data-testid="residential-chosen-number">
          <CardContent className="flex flex-wrap items-center justify-between gap-3">
            <p>
              {t("number.chosen", { kind: t(`number.kinds.${chosen.kind}`) })}{" "}
              <span dir="ltr" className="font-semibold tabular-nums">
                {formatPhoneNumber(chosen.e164)}
              </span>
            </p>
            <Link
              to={residentialUrl.step(draft.id, draft.next_step === "number" ? "e911" : draft.next_step)}
              className={buttonVariants({ variant: "outline" })}
            >
              {t("actions.continue")}
            </Link>
          </CardContent>
        </Card>
      )}

      <Card>
        <CardHeader>
          <CardTitle>{t("number.inventory.heading")}</CardTitle>
          <CardDescription>{t("number.inventory.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          {inventory.length === 0 ? (
            <p className="text-muted-foreground">{t("number.inventory.empty")}</p>
          ) : (
            <Form method="post" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="inventory" />
              <div className="flex min-w-64 flex-col gap-1.5">
                <Label htmlFor="residential-inventory">{t("number.inventory.label")}</Label>
                <NativeSelect
                  id="residential-inventory"
                  name="phone_number_id"
                  required
                  defaultValue={chosen?.kind === "inventory" ? String(chosen.phone_number_id) : ""}
                  aria-describedby={errorOf("inventory") ? "residential-inventory-error" : undefined}
                >
                  <option value="">{t("number.inventory.choose")}</option>
                  {inventory.map((number) => (
                    <option key={number.id} value={number.id}>
                      {`${formatPhoneNumber(number.e164)}${number.state ? ` — ${number.rate_center ?? ""} ${number.state}` : ""}`}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <Button type="submit" disabled={busy}>
                {t("number.inventory.submit")}
              </Button>
              <ErrorList id="residential-inventory-error" errors={errorOf("inventory")} className="basis-full" />
            </Form>
          )}
        </CardContent>
      </Card>

      {canOrder && (
        <section id="new-number" aria-labelledby="new-number-heading" className="space-y-4">
          <h2 id="new-number-heading" className="font-semibold text-lg">
            {t("number.new.heading")}
          </h2>
          <p className="text-muted-foreground text-sm">{t("number.new.description")}</p>
          <Form method="post" {...getFormProps(searchForm)} className="space-y-4">
            <input type="hidden" name="intent" value="search" />
            {search && <input type="hidden" name="order" value={search.order.id} />}
            <ErrorList id={searchForm.errorId} errors={searchForm.errors} />
            <NumberSearchFields fields={searchFields} formId={searchForm.id} title={t("number.new.criteria")} />
            <div className="flex justify-end">
              <Button type="submit" variant="secondary" disabled={busy}>
                {tn("wizard.search.submit")}
              </Button>
            </div>
          </Form>
          {search && (
            <Card className="gap-0 py-0">
              <Form method="post">
                <input type="hidden" name="intent" value="reserve" />
                <input type="hidden" name="order" value={search.order.id} />
                {taken.length > 0 && (
                  <Alert variant="destructive" className="m-4 w-auto">
                    <AlertDescription>{tn("wizard.choose.taken", { numbers: taken.map(formatPhoneNumber).join(", ") })}</AlertDescription>
                  </Alert>
                )}
                {search.error && <ErrorList errors={[search.error]} className="p-4" />}
                {search.available.length === 0 ? (
                  <p className="p-6 text-muted-foreground">{!search.error && tn("wizard.choose.empty")}</p>
                ) : (
                  <AvailableNumbersTable
                    formatPhoneNumber={formatPhoneNumber}
                    numbers={search.available}
                    selection="single"
                    selected={new Set(chosen?.kind === "new" ? [chosen.e164] : [])}
                  />
                )}
                <div className="flex flex-wrap items-center justify-between gap-3 border-t p-4">
                  <ErrorList errors={errorOf("reserve")} />
                  {search.available.length > 0 && (
                    <Button type="submit" className="ms-auto" disabled={busy}>
                      {t("number.new.reserve")}
                    </Button>
                  )}
                </div>
              </Form>
            </Card>
          )}
        </section>
      )}

      {canPort && (
        <Card>
          <CardHeader>
            <CardTitle>{t("number.port.heading")}</CardTitle>
            <CardDescription>{t("number.port.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <Form method="post" {...getFormProps(portForm)} className="flex flex-wrap items-start gap-3">
              <input type="hidden" name="intent" value="port" />
              <InputField
                field={portFields.number}
                label={t("number.port.label")}
                description={t("number.port.help")}
                type="tel"
                autoComplete="off"
                dir="ltr"
                className="min-w-64 [&_input]:text-start"
              />
              <Button type="submit" className={cn("mt-7")} disabled={busy}>
                {t("number.port.submit")}
              </Button>
              <ErrorList id={portForm.errorId} errors={portForm.errors} className="basis-full" />
            </Form>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
