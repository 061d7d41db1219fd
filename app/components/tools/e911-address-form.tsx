import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type * as React from "react";
import { Form } from "react-router";
import { FormActions, FormSection } from "~/components/admin/form-layout";
import { ErrorList, InputField, SelectField } from "~/components/ui/form-field";
import { useTranslation } from "~/lib/i18n";
import { type FormConstraint, useSchemaForm } from "~/lib/use-schema-form";
import { DIRECTIONALS, E911_COUNTRIES, regionsOf } from "../../../common/e911";

/** Caller name and the address fields of an E911 address; state and postal format follow the country. */
export function E911AddressForm({
  id,
  defaultValue,
  lastResult,
  constraint,
  cancelTo,
  submitLabel,
  hidden,
}: {
  id: string;
  defaultValue: Record<string, string>;
  lastResult: SubmissionResult<string[]> | undefined;
  /** `formConstraint(e911AddressSchema)`, from the loader. */
  constraint: FormConstraint;
  cancelTo: string;
  submitLabel: string;
  /** Extra hidden inputs (the bulk form's number ids). */
  hidden?: React.ReactNode;
}) {
  const { t } = useTranslation("e911");
  const [form, fields] = useSchemaForm({
    id,
    lastResult,
    defaultValue,
    constraint,
    schema: () => import("./e911-schema").then((module) => module.e911AddressSchema),
  });
  const country = E911_COUNTRIES.find((code) => code === fields.country.value) ?? "US";
  const directionals = DIRECTIONALS.map((value) => ({ value, label: t(`directionals.${value}`) }));

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <input type="hidden" name="intent" value="save" />
      {hidden}
      <ErrorList id={form.errorId} errors={form.errors} />
      <FormSection title={t("form.callerSection")} description={t("form.callerDescription")}>
        <InputField field={fields.caller_name} label={t("fields.caller_name")} autoComplete="off" />
        <SelectField
          field={fields.country}
          label={t("fields.country")}
          options={E911_COUNTRIES.map((code) => ({ value: code, label: t(`countries.${code}`) }))}
        />
      </FormSection>
      <FormSection title={t("form.addressSection")} description={t("form.addressDescription")}>
        <InputField field={fields.house_number} label={t("fields.house_number")} autoComplete="off" dir="ltr" />
        <InputField field={fields.house_number_suffix} label={t("fields.house_number_suffix")} autoComplete="off" />
        <SelectField
          field={fields.pre_directional}
          label={t("fields.pre_directional")}
          options={directionals}
          placeholder={t("form.none")}
        />
        <InputField field={fields.street_name} label={t("fields.street_name")} autoComplete="off" />
        <InputField
          field={fields.street_suffix}
          label={t("fields.street_suffix")}
          description={t("form.streetSuffixHelp")}
          autoComplete="off"
        />
        <SelectField
          field={fields.post_directional}
          label={t("fields.post_directional")}
          options={directionals}
          placeholder={t("form.none")}
        />
        <InputField field={fields.unit} label={t("fields.unit")} autoComplete="off" />
        <InputField field={fields.city} label={t("fields.city")} autoComplete="off" />
        <SelectField
          field={fields.state}
          label={country === "CA" ? t("fields.province") : t("fields.state")}
          options={regionsOf(country).map((code) => ({ value: code, label: code }))}
          placeholder={t("form.choose")}
        />
        <InputField
          field={fields.postal_code}
          label={country === "CA" ? t("fields.postal_code_ca") : t("fields.postal_code")}
          description={country === "CA" ? t("form.postalHelpCa") : t("form.postalHelpUs")}
          autoComplete="off"
          dir="ltr"
        />
        {country !== "CA" && (
          <InputField
            field={fields.postal_code_plus4}
            label={t("fields.postal_code_plus4")}
            autoComplete="off"
            dir="ltr"
            inputMode="numeric"
          />
        )}
      </FormSection>
      <FormActions cancelTo={cancelTo} submitLabel={submitLabel} formId={form.id} />
    </Form>
  );
}
