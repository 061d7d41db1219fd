import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormActions, FormSection } from "~/components/admin/form-layout";
import { useFormErrorToast } from "~/components/admin/form-toast";
import { PageHeader } from "~/components/admin/page-header";
import { numberDetailsSchema } from "~/components/numbers/criteria-schema";
import type { PhoneNumber } from "~/components/numbers/types";
import { ErrorList, InputField } from "~/components/ui/form-field";
import { loadRecord } from "~/lib/admin/upstream.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { submitForm } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { formatPhoneNumber } from "~/lib/numbers/phone-format.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import { useSchemaForm } from "~/lib/use-schema-form";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/tools.numbers.edit";

export const handle: StringsHandle = { i18n: ["numbers", "admin", "validation"] };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "numbers-edit");
  const record = await loadRecord<PhoneNumber>(api, "/api/phone-numbers/:id", params.id);
  return { record, number: formatPhoneNumber(record.e164), constraint: formConstraint(numberDetailsSchema) };
}

/** `PUT /api/phone-numbers/{id}`: label and CNAM; an emptied field clears it. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "numbers-edit");
  const record = await loadRecord<PhoneNumber>(api, "/api/phone-numbers/:id", params.id);
  const t = getInstance(context).getFixedT(null, "numbers");
  return submitForm(request, context, {
    schema: numberDetailsSchema,
    label: "edit phone number",
    call: (value) =>
      api.call(`/api/phone-numbers/${record.id}`, { method: "PUT", json: { label: value.label ?? null, cnam: value.cnam ?? null } }),
    success: () => ({ to: "/tools/numbers", message: t("edit.saved", { number: formatPhoneNumber(record.e164) }) }),
  });
}

export default function EditPhoneNumber({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("numbers");
  const { record, number } = loaderData;
  useFormErrorToast(actionData);
  const [form, fields] = useSchemaForm({
    id: "phone-number-edit",
    constraint: loaderData.constraint,
    schema: () => import("~/components/numbers/criteria-schema").then((module) => module.numberDetailsSchema),
    lastResult: actionData?.result,
    defaultValue: { label: record.label ?? "", cnam: record.cnam ?? "" },
  });
  return (
    <div className="space-y-6">
      <PageHeader title={t("edit.title", { number })} description={t("edit.description")} backTo="/tools/numbers" />
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <ErrorList id={form.errorId} errors={form.errors} />
        <FormSection title={t("edit.section")}>
          <InputField field={fields.label} label={t("edit.label")} description={t("edit.labelDescription")} autoComplete="off" />
          <InputField field={fields.cnam} label={t("edit.cnam")} description={t("edit.cnamDescription")} autoComplete="off" dir="ltr" />
        </FormSection>
        <FormActions cancelTo="/tools/numbers" submitLabel={t("edit.save")} formId={form.id} />
      </Form>
    </div>
  );
}
