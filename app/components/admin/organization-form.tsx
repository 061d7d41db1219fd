import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { ErrorList, InputField, SelectField } from "~/components/ui/form-field";
import { useTranslation } from "~/lib/i18n";
import { type FormConstraint, useSchemaForm } from "~/lib/use-schema-form";
import { FormActions, FormSection } from "./form-layout";
import { LOCALES, ORGANIZATION_STATUSES, ORGANIZATION_TYPES } from "./types";

export type OrganizationFormDefaults = Partial<Record<string, string>>;

interface OrganizationFormProps {
  mode: "add" | "edit";
  defaultValue: OrganizationFormDefaults;
  lastResult: SubmissionResult<string[]> | undefined;
  /** `formConstraint(organizationSchema)`, from the loader. */
  constraint: FormConstraint;
  countries: { value: string; label: string }[];
  timeZones: string[];
}

/** The add and edit form of an organization: account, contact, address and defaults. */
export function OrganizationForm({ mode, defaultValue, lastResult, constraint, countries, timeZones }: OrganizationFormProps) {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation();
  const [form, fields] = useSchemaForm({
    id: `organization-${mode}`,
    lastResult,
    defaultValue,
    constraint,
    // On the form's first focus, with the schema: the phone and country checks' metadata (28 KiB). The browser checks
    // nothing before both are here (the server does), so no field is ever checked without the phone rules.
    schema: () =>
      import("./organization-schema").then(async (module) => {
        await module.loadPhoneRules();
        return module.organizationSchema;
      }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <ErrorList id={form.errorId} errors={form.errors} />
      <FormSection title={t("organizations.sections.account")} description={t("organizations.sections.accountDescription")}>
        <InputField field={fields.name} label={t("organizations.fields.name")} autoComplete="off" />
        <InputField field={fields.account_number} label={t("organizations.fields.accountNumber")} autoComplete="off" dir="ltr" />
        <SelectField
          field={fields.type}
          label={t("organizations.fields.type")}
          options={ORGANIZATION_TYPES.map((type) => ({ value: type, label: t(`organizations.types.${type}`) }))}
        />
        <SelectField
          field={fields.status}
          label={t("organizations.fields.status")}
          options={ORGANIZATION_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
        />
      </FormSection>

      <FormSection title={t("organizations.sections.contact")} description={t("organizations.sections.contactDescription")}>
        <InputField field={fields.contact_name} label={t("organizations.fields.contactName")} autoComplete="off" />
        <InputField field={fields.contact_email} label={t("organizations.fields.contactEmail")} type="email" autoComplete="off" dir="ltr" />
        <InputField
          field={fields.contact_phone}
          label={t("organizations.fields.contactPhone")}
          description={t("organizations.fields.contactPhoneDescription")}
          type="tel"
          autoComplete="off"
          dir="ltr"
        />
      </FormSection>

      <FormSection title={t("organizations.sections.address")} description={t("organizations.sections.addressDescription")}>
        <InputField field={fields.address_line1} label={t("organizations.fields.addressLine1")} autoComplete="off" />
        <InputField field={fields.address_line2} label={t("organizations.fields.addressLine2")} autoComplete="off" />
        <InputField field={fields.city} label={t("organizations.fields.city")} autoComplete="off" />
        <InputField field={fields.state} label={t("organizations.fields.state")} autoComplete="off" />
        <InputField field={fields.postal_code} label={t("organizations.fields.postalCode")} autoComplete="off" dir="ltr" />
        <SelectField
          field={fields.country}
          label={t("organizations.fields.country")}
          placeholder={t("organizations.fields.chooseCountry")}
          options={countries}
        />
      </FormSection>

      <FormSection title={t("organizations.sections.defaults")} description={t("organizations.sections.defaultsDescription")}>
        <SelectField
          field={fields.timezone}
          label={t("organizations.fields.timezone")}
          placeholder={t("organizations.fields.chooseTimezone")}
          options={timeZones.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }))}
          dir="ltr"
        />
        <SelectField
          field={fields.default_locale}
          label={t("organizations.fields.defaultLocale")}
          options={LOCALES.map((locale) => ({ value: locale, label: tc(`languages.${locale}`) }))}
        />
      </FormSection>

      <FormActions cancelTo="/organizations" formId={form.id} submitLabel={mode === "add" ? t("organizations.add") : t("actions.save")} />
    </Form>
  );
}
