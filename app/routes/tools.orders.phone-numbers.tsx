import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { FormSection } from "~/components/admin/form-layout";
import { useFormErrorToast } from "~/components/admin/form-toast";
import { PageHeader } from "~/components/admin/page-header";
import { loadRecord } from "~/components/admin/upstream.server";
import { criteriaSchema } from "~/components/numbers/criteria-schema";
import { wizardSaveFailed } from "~/components/numbers/order.server";
import type { NumberOrder } from "~/components/numbers/types";
import { StepIndicator, wizardUrl } from "~/components/numbers/wizard";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { NativeCheckbox } from "~/components/ui/checkbox";
import { ErrorList, InputField, SelectField } from "~/components/ui/form-field";
import { type FormReply, parseForm } from "~/lib/forms.server";
import { organizationFilter } from "~/lib/organization-filter.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import { NUMBER_TYPES, PATTERN_MODES, SEARCH_COUNTRIES, SEARCH_FEATURES } from "../../common/phone-numbers";
import type { Route } from "./+types/tools.orders.phone-numbers";

/** `?order=<id>`: search again on an existing draft, its criteria filled in. */
function draftId(request: Request): string | null {
  return new URL(request.url).searchParams.get("order");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "number-order");
  const id = draftId(request);
  if (!id) return { order: null };
  const order = await loadRecord<NumberOrder>(api, "/api/number-orders/:id", id);
  if (order.status !== "draft") throw redirect(wizardUrl.confirmed(order.id));
  return { order: { id: order.id, criteria: order.criteria } };
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
    return wizardSaveFailed(submission, error, "number order criteria");
  }
}

export default function OrderNumbersSearch({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("numbers");
  const navigation = useNavigation();
  const searching = navigation.state === "submitting";
  const criteria = loaderData.order?.criteria;
  useFormErrorToast(actionData);
  const [form, fields] = useForm({
    id: "number-search",
    defaultValue: {
      country: criteria?.country ?? "US",
      type: criteria?.type ?? "local",
      area_code: criteria?.area_code ?? "",
      npa_nxx: criteria?.npa_nxx ?? "",
      state: criteria?.state ?? "",
      locality: criteria?.locality ?? "",
      pattern: criteria?.pattern ?? "",
      pattern_mode: criteria?.pattern_mode ?? "contains",
      features: criteria?.features ?? [],
      quantity: String(criteria?.quantity ?? 10),
    },
    lastResult: actionData?.result,
    constraint: getZodConstraint(criteriaSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: criteriaSchema }),
  });
  const checkedFeatures = [fields.features.value ?? fields.features.initialValue ?? []].flat() as string[];

  return (
    <div className="space-y-6">
      <PageHeader title={t("wizard.title")} description={t("wizard.search.description")} backTo="/tools/numbers" />
      <StepIndicator current="search" />
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <ErrorList id={form.errorId} errors={form.errors} />
        <FormSection title={t("wizard.search.section")}>
          <SelectField
            field={fields.country}
            label={t("wizard.search.country")}
            options={SEARCH_COUNTRIES.map((country) => ({ value: country, label: t(`wizard.search.countries.${country}`) }))}
          />
          <SelectField
            field={fields.type}
            label={t("wizard.search.type")}
            options={NUMBER_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          />
          <InputField
            field={fields.area_code}
            label={t("wizard.search.areaCode")}
            description={t("wizard.search.areaCodeDescription")}
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
          />
          <InputField
            field={fields.npa_nxx}
            label={t("wizard.search.npaNxx")}
            description={t("wizard.search.npaNxxDescription")}
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
          />
          <InputField
            field={fields.state}
            label={t("wizard.search.state")}
            description={t("wizard.search.stateDescription")}
            autoComplete="off"
            dir="ltr"
          />
          <InputField field={fields.locality} label={t("wizard.search.locality")} autoComplete="off" />
          <InputField
            field={fields.pattern}
            label={t("wizard.search.pattern")}
            description={t("wizard.search.patternDescription")}
            autoComplete="off"
            dir="ltr"
          />
          <SelectField
            field={fields.pattern_mode}
            label={t("wizard.search.patternMode")}
            options={PATTERN_MODES.map((mode) => ({ value: mode, label: t(`wizard.search.patternModes.${mode}`) }))}
          />
          <fieldset className="flex flex-col gap-2" aria-describedby={fields.features.errors ? fields.features.errorId : undefined}>
            <legend className="mb-1.5 font-medium text-sm">{t("wizard.search.features")}</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {SEARCH_FEATURES.map((feature) => (
                <label key={feature} className="flex items-center gap-2 text-sm">
                  <NativeCheckbox
                    key={`${fields.features.key}-${feature}`}
                    name={fields.features.name}
                    form={form.id}
                    value={feature}
                    defaultChecked={checkedFeatures.includes(feature)}
                  />
                  {t(`capabilities.${feature}`)}
                </label>
              ))}
            </div>
            <ErrorList id={fields.features.errorId} errors={fields.features.errors} />
          </fieldset>
          <InputField field={fields.quantity} label={t("wizard.search.quantity")} type="number" min={1} max={100} inputMode="numeric" />
        </FormSection>
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
