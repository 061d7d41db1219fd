import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { NativeCheckbox } from "~/components/ui/checkbox";
import { ErrorList, InputField, SelectField } from "~/components/ui/form-field";
import { Label } from "~/components/ui/label";
import { useTranslation } from "~/lib/i18n";
import { type FormConstraint, useSchemaForm } from "~/lib/use-schema-form";
import { FormActions, FormSection } from "./form-layout";
import { LOCALES, type OrganizationOption, type Role, USER_STATUSES } from "./types";

export interface UserFormDefaults {
  name?: string;
  email?: string;
  organization_id?: string;
  role_ids?: string[];
  locale?: string;
  status?: string;
}

interface UserFormProps {
  mode: "add" | "edit";
  defaultValue: UserFormDefaults;
  lastResult: SubmissionResult<string[]> | undefined;
  /** `formConstraint` of the mode's schema, from the loader. */
  constraint: FormConstraint;
  organizations: OrganizationOption[];
  /** Roles the caller may give; `null` when they cannot list roles (the user's roles are kept as they are). */
  roles: Pick<Role, "id" | "name">[] | null;
  /** The user's current roles, shown (and kept) when `roles` is null. */
  currentRoles: { id: number; name: string }[];
}

/** The add and edit form of a user: account (name, e-mail, language) and access (organization, roles, status). */
export function UserForm({ mode, defaultValue, lastResult, constraint, organizations, roles, currentRoles }: UserFormProps) {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation();
  const [form, fields] = useSchemaForm({
    id: `user-${mode}`,
    lastResult,
    defaultValue,
    constraint,
    schema: () => import("./user-schema").then((module) => (mode === "add" ? module.addUserSchema : module.editUserSchema)),
  });
  const chosenRoles = new Set((fields.role_ids.initialValue as string[] | string | undefined) ?? []);

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <ErrorList id={form.errorId} errors={form.errors} />
      <FormSection title={t("users.sections.account")} description={t("users.sections.accountDescription")}>
        <InputField field={fields.name} label={t("users.fields.name")} autoComplete="off" />
        <InputField
          field={fields.email}
          label={t("users.fields.email")}
          type="email"
          autoComplete="off"
          dir="ltr"
          className="[&_input]:text-start"
        />
        <SelectField
          field={fields.locale}
          label={t("users.fields.language")}
          options={LOCALES.map((locale) => ({ value: locale, label: tc(`languages.${locale}`) }))}
        />
      </FormSection>

      <FormSection title={t("users.sections.access")} description={t("users.sections.accessDescription")}>
        <SelectField
          field={fields.organization_id}
          label={t("users.fields.organization")}
          placeholder={organizations.length === 1 ? undefined : t("users.fields.chooseOrganization")}
          options={organizations.map((organization) => ({ value: String(organization.id), label: organization.name }))}
        />
        {mode === "edit" && (
          <SelectField
            field={fields.status}
            label={t("users.fields.status")}
            description={t("users.fields.statusDescription")}
            options={USER_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
          />
        )}
        <fieldset
          className="flex flex-col gap-2 md:col-span-2"
          aria-describedby={fields.role_ids.errors ? fields.role_ids.errorId : undefined}
          aria-invalid={fields.role_ids.errors ? true : undefined}
        >
          <legend className="mb-2 font-medium text-sm">{t("users.fields.roles")}</legend>
          {roles ? (
            roles.length === 0 ? (
              <p className="text-muted-foreground text-sm">{t("users.fields.noRoles")}</p>
            ) : (
              <div className="grid gap-2.5 sm:grid-cols-2 lg:grid-cols-3">
                {roles.map((role) => {
                  const id = `${fields.role_ids.id}-${role.id}`;
                  return (
                    <div key={role.id} className="flex items-center gap-2.5">
                      <NativeCheckbox
                        id={id}
                        name={fields.role_ids.name}
                        form={form.id}
                        value={String(role.id)}
                        defaultChecked={chosenRoles.has(String(role.id))}
                        key={`${form.key}-${role.id}`}
                      />
                      <Label htmlFor={id} className="font-normal text-sm">
                        {role.name}
                      </Label>
                    </div>
                  );
                })}
              </div>
            )
          ) : (
            <>
              <p className="text-muted-foreground text-sm">{t("users.fields.rolesUnavailable")}</p>
              <div className="flex flex-wrap gap-1">
                {currentRoles.length === 0 && <span className="text-sm">{t("users.fields.noRoles")}</span>}
                {currentRoles.map((role) => (
                  <Badge key={role.id}>
                    {role.name}
                    <input type="hidden" name={fields.role_ids.name} form={form.id} value={role.id} />
                  </Badge>
                ))}
              </div>
            </>
          )}
          <ErrorList id={fields.role_ids.errorId} errors={fields.role_ids.errors} />
        </fieldset>
      </FormSection>

      <FormActions cancelTo="/users" formId={form.id} submitLabel={mode === "add" ? t("users.submitAdd") : t("actions.save")} />
    </Form>
  );
}
