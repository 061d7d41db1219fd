import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { FormSection } from "~/components/admin/form-layout";
import { Button, buttonVariants } from "~/components/ui/button";
import { CheckboxField, ErrorList, InputField, SelectField, TextareaField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { parseWithZod } from "~/lib/form-parse";
import { translateError, useMessageStrings } from "~/lib/validation-message";
import { E911_COUNTRIES, regionsOf } from "../../../common/e911";
import { DOCUMENT_KINDS, type PortingOrderDefaults, portingOrderSchema } from "./porting-order";

/**
 * The port-in order form, new and edit: the numbers, the losing carrier's account details, the service
 * address, the FOC date and the two documents. A multipart post, so it works without JavaScript; "Save
 * draft" and "Submit" are the two intents.
 */
export function PortingOrderForm({
  defaultValue,
  lastResult,
  cancelTo,
  pinSet,
  organizations,
}: {
  defaultValue: PortingOrderDefaults;
  lastResult: SubmissionResult<string[]> | undefined;
  cancelTo: string;
  /** Editing an order that has a PIN: the field replaces it, empty keeps it. */
  pinSet: boolean;
  /** Provider staff creating an order: the organizations it can be for. */
  organizations?: { id: number; name: string }[] | null;
}) {
  const { t } = useTranslation("porting");
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const [form, fields] = useForm<PortingOrderDefaults>({
    id: "porting-order",
    defaultValue,
    lastResult,
    constraint: getZodConstraint(portingOrderSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: portingOrderSchema }),
  });
  useMessageStrings(form.errors);
  const address = fields.service_address.getFieldset();
  const country = E911_COUNTRIES.find((code) => code === address.country.value) ?? "US";
  const fileErrors = (kind: (typeof DOCUMENT_KINDS)[number]) => lastResult?.error?.[kind] ?? undefined;

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-6">
      {form.errors && form.errors.length > 0 && (
        <p id={form.errorId} role="alert" className="rounded-md border border-destructive/40 px-3 py-2 text-destructive text-sm">
          {form.errors.map((error) => translateError(t, error)).join(" ")}
        </p>
      )}
      <FormSection title={t("order.form.numbersSection")} description={t("order.form.numbersDescription")}>
        {organizations && (
          <SelectField
            field={fields.organization_id}
            label={t("order.columns.organization")}
            placeholder={t("order.form.chooseOrganization")}
            required
            options={organizations.map((organization) => ({ value: String(organization.id), label: organization.name }))}
            className="md:col-span-2"
          />
        )}
        <TextareaField
          field={fields.numbers}
          label={t("order.fields.numbers")}
          description={t("order.form.numbersHelp")}
          rows={6}
          dir="ltr"
          className="md:col-span-2"
        />
        <CheckboxField field={fields.partial} label={t("order.fields.partial")} description={t("order.form.partialHelp")} />
        <InputField
          field={fields.requested_foc_date}
          type="date"
          label={t("order.fields.requested_foc_date")}
          description={t("order.form.focHelp")}
        />
      </FormSection>
      <FormSection title={t("order.form.accountSection")} description={t("order.form.accountDescription")}>
        <InputField field={fields.entity_name} label={t("order.fields.entity_name")} autoComplete="organization" />
        <InputField field={fields.authorized_person} label={t("order.fields.authorized_person")} autoComplete="name" />
        <InputField
          field={fields.billing_telephone_number}
          type="tel"
          label={t("order.fields.billing_telephone_number")}
          autoComplete="off"
          dir="ltr"
        />
        <InputField field={fields.account_number} label={t("order.fields.account_number")} autoComplete="off" dir="ltr" />
        <InputField
          field={fields.pin}
          type="password"
          label={t("order.fields.pin")}
          description={pinSet ? t("order.form.pinStored") : t("order.form.pinHelp")}
          autoComplete="new-password"
        />
      </FormSection>
      <FormSection title={t("order.form.addressSection")} description={t("order.form.addressDescription")}>
        <ErrorList id={fields.service_address.errorId} errors={fields.service_address.errors} className="md:col-span-2" />
        <SelectField
          field={address.country}
          label={t("order.address.country")}
          options={E911_COUNTRIES.map((code) => ({ value: code, label: t(`order.countries.${code}`) }))}
        />
        <InputField field={address.house_number} label={t("order.address.house_number")} autoComplete="off" dir="ltr" />
        <InputField field={address.street_name} label={t("order.address.street_name")} autoComplete="off" />
        <InputField field={address.street_suffix} label={t("order.address.street_suffix")} autoComplete="off" />
        <InputField field={address.unit} label={t("order.address.unit")} autoComplete="off" />
        <InputField field={address.city} label={t("order.address.city")} autoComplete="off" />
        <SelectField
          field={address.state}
          label={country === "CA" ? t("order.address.province") : t("order.address.state")}
          options={regionsOf(country).map((code) => ({ value: code, label: code }))}
          placeholder={t("order.form.choose")}
        />
        <InputField field={address.postal_code} label={t("order.address.postal_code")} autoComplete="off" dir="ltr" />
      </FormSection>
      <FormSection title={t("order.form.documentsSection")} description={t("order.form.documentsDescription")}>
        {DOCUMENT_KINDS.map((kind) => {
          const errors = fileErrors(kind);
          return (
            <div key={kind} className="grid gap-2">
              <Label htmlFor={`porting-order-${kind}`}>{t(`order.documents.${kind}`)}</Label>
              <Input
                id={`porting-order-${kind}`}
                name={kind}
                type="file"
                accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
                aria-invalid={errors ? true : undefined}
                aria-describedby={errors ? `porting-order-${kind}-help porting-order-${kind}-error` : `porting-order-${kind}-help`}
              />
              <p id={`porting-order-${kind}-help`} className="text-[0.8125rem] text-muted-foreground">
                {t("order.form.fileHelp")}
              </p>
              <ErrorList id={`porting-order-${kind}-error`} errors={errors} />
            </div>
          );
        })}
      </FormSection>
      <div className="flex flex-wrap items-center justify-end gap-3">
        <Link to={cancelTo} className={buttonVariants({ variant: "secondary" })}>
          {t("order.actions.back")}
        </Link>
        <Button type="submit" name="intent" value="draft" variant="outline" disabled={saving}>
          {t("order.actions.saveDraft")}
        </Button>
        <Button type="submit" name="intent" value="submit" disabled={saving}>
          {t("order.actions.submit")}
        </Button>
      </div>
    </Form>
  );
}
