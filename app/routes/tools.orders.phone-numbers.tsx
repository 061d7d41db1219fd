import { getFormProps } from "@conform-to/react";
import { data, Form, redirect, useNavigation } from "react-router";
import { useFormErrorToast } from "~/components/admin/form-toast";
import { PageHeader } from "~/components/admin/page-header";
import { criteriaSchema } from "~/components/numbers/criteria-schema";
import { NumberSearchFields, useCriteriaForm } from "~/components/numbers/search-fields";
import type { NumberOrder } from "~/components/numbers/types";
import { StepIndicator, wizardUrl } from "~/components/numbers/wizard";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { ErrorList } from "~/components/ui/form-field";
import { loadRecord } from "~/lib/admin/upstream.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { type FormReply, parseForm, saveFailed } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { organizationFilter } from "~/lib/organization-filter.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import type { Route } from "./+types/tools.orders.phone-numbers";

export const handle: StringsHandle = { i18n: ["numbers", "admin", "validation"] };

/** `?order=<id>`: search again on an existing draft, its criteria filled in. */
function draftId(request: Request): string | null {
  return new URL(request.url).searchParams.get("order");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "number-order");
  const id = draftId(request);
  const constraint = formConstraint(criteriaSchema);
  if (!id) return { order: null, constraint };
  const order = await loadRecord<NumberOrder>(api, "/api/number-orders/:id", id);
  if (order.status !== "draft") throw redirect(wizardUrl.confirmed(order.id));
  return { order: { id: order.id, criteria: order.criteria }, constraint };
}

/** Step 1 → a draft with these criteria (new, or the same draft searching again) → step 2. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, user } = requireScreen(context, "number-order");
  const { submission } = await parseForm(request, criteriaSchema);
  if (submission.status !== "success") return data<FormReply>({ result: submission.reply() }, { status: 400 });
  const id = draftId(request);
  try {
    if (id) {
      const order = await loadRecord<NumberOrder>(api, "/api/number-orders/:id", id);
      await api.call(`/api/number-orders/${order.id}/criteria`, { method: "PUT", json: submission.value });
      return redirect(wizardUrl.choose(order.id));
    }
    // Provider staff working inside the navbar's organization filter order for that organization.
    const organizationId = organizationFilter(request, user);
    const order = await api.call<NumberOrder>("/api/number-orders", {
      method: "POST",
      json: { ...submission.value, ...(organizationId ? { organization_id: organizationId } : {}) },
    });
    return redirect(wizardUrl.choose(order.id));
  } catch (error) {
    return saveFailed(submission, error, "number order criteria");
  }
}

export default function OrderNumbersSearch({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("numbers");
  const navigation = useNavigation();
  const searching = navigation.state === "submitting";
  const criteria = loaderData.order?.criteria;
  useFormErrorToast(actionData);
  const [form, fields] = useCriteriaForm("number-search", criteria, actionData?.result, loaderData.constraint);

  return (
    <div className="space-y-6">
      <PageHeader title={t("wizard.title")} description={t("wizard.search.description")} backTo="/tools/numbers" />
      <StepIndicator current="search" />
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <ErrorList id={form.errorId} errors={form.errors} />
        <NumberSearchFields fields={fields} formId={form.id} title={t("wizard.search.section")} />
        <Card>
          <CardContent className="flex justify-end">
            <Button type="submit" disabled={searching}>
              {searching ? t("wizard.search.searching") : t("wizard.search.submit")}
            </Button>
          </CardContent>
        </Card>
      </Form>
    </div>
  );
}
