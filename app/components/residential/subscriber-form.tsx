import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { FormActions, FormSection } from "~/components/admin/form-layout";
import { ErrorList, InputField, SelectField } from "~/components/ui/form-field";
import { useTranslation } from "~/lib/i18n";
import { type FormConstraint, useSchemaForm } from "~/lib/use-schema-form";
import { LANGUAGES } from "./types";

/**
 * Step 1: who the subscriber is. Provider staff choose the residential organization (`organizations` given);
 * members sign up subscribers in their own organization, so the select is absent for them.
 */
export function SubscriberForm({
  defaultValue,
  lastResult,
  constraint,
  organizations,
  cancelTo,
}: {
  defaultValue: Record<string, string>;
  lastResult: SubmissionResult<string[]> | undefined;
  /** `formConstraint(subscriberSchema)`, from the loader. */
  constraint: FormConstraint;
  organizations: { id: number; name: string }[] | null;
  cancelTo: string;
}) {
  const { t } = useTranslation("residential");
  const { t: tc } = useTranslation();
  const [form, fields] = useSchemaForm({
    id: "residential-subscriber",
    lastResult,
    defaultValue,
    constraint,
    schema: () => import("./schema").then((module) => module.subscriberSchema),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <input type="hidden" name="intent" value="subscriber" />
      <ErrorList id={form.errorId} errors={form.errors} />
      {/* Members have no organization field: a refusal about their organization shows here. */}
      {!organizations && <ErrorList errors={fields.organization_id.errors} />}
      <FormSection title={t("subscriber.section")} description={t("subscriber.description")}>
        <InputField field={fields.name} label={t("subscriber.name")} autoComplete="off" />
        <InputField
          field={fields.email}
          label={t("subscriber.email")}
          type="email"
          autoComplete="off"
          dir="ltr"
          className="[&_input]:text-start"
        />
        <InputField
          field={fields.phone}
          label={t("subscriber.phone")}
          description={t("subscriber.phoneHelp")}
          type="tel"
          autoComplete="off"
          dir="ltr"
          className="[&_input]:text-start"
        />
        <SelectField
          field={fields.locale}
          label={t("subscriber.language")}
          options={LANGUAGES.map((locale) => ({ value: locale, label: tc(`languages.${locale}`) }))}
        />
        {organizations && (
          <SelectField
            field={fields.organization_id}
            label={t("subscriber.organization")}
            description={organizations.length === 0 ? t("subscriber.noOrganization") : t("subscriber.organizationHelp")}
            placeholder={t("subscriber.chooseOrganization")}
            options={organizations.map((organization) => ({ value: String(organization.id), label: organization.name }))}
          />
        )}
      </FormSection>
      <FormActions cancelTo={cancelTo} submitLabel={t("actions.continue")} formId={form.id} />
    </Form>
  );
}
