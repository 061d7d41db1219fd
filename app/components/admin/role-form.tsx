import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { ErrorList, InputField, SelectField, TextareaField } from "~/components/ui/form-field";
import { useTranslation } from "~/lib/i18n";
import { type FormConstraint, useSchemaForm } from "~/lib/use-schema-form";
import { FormActions, FormSection } from "./form-layout";
import { PermissionMatrix } from "./permission-matrix";
import { ROLE_SCOPES } from "./types";

interface RoleFormProps {
  mode: "add" | "edit";
  defaultValue: { name?: string; description?: string; scope?: string; permissions?: string[] };
  lastResult: SubmissionResult<string[]> | undefined;
  /** `formConstraint(roleSchema)`, from the loader. */
  constraint: FormConstraint;
  isSystem?: boolean;
  /** The full-access role: its keys are shown read-only. */
  fullAccess?: boolean;
}

/** The add and edit form of a role: name, description and the permission matrix. */
export function RoleForm({ mode, defaultValue, lastResult, constraint, isSystem = false, fullAccess = false }: RoleFormProps) {
  const { t } = useTranslation("admin");
  const [form, fields] = useSchemaForm({
    id: `role-${mode}`,
    lastResult,
    defaultValue,
    constraint,
    schema: () => import("./role-schema").then((module) => module.roleSchema),
  });
  const initial = fields.permissions.initialValue;
  const permissions = Array.isArray(initial) ? initial.filter((key): key is string => typeof key === "string") : initial ? [initial] : [];

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <ErrorList id={form.errorId} errors={form.errors} />
      {isSystem && (
        <Alert>
          <AlertDescription>{t("roles.systemNotice")}</AlertDescription>
        </Alert>
      )}
      <FormSection title={t("roles.sections.details")} description={t("roles.sections.detailsDescription")}>
        <InputField field={fields.name} label={t("roles.fields.name")} autoComplete="off" readOnly={isSystem} />
        <SelectField
          field={fields.scope}
          label={t("roles.fields.scope")}
          description={t("roles.fields.scopeDescription")}
          options={ROLE_SCOPES.map((scope) => ({ value: scope, label: t(`roles.scopes.${scope}`) }))}
          disabled={isSystem}
        />
        {/* A system role keeps its scope: the disabled select is not submitted, this copy is. */}
        {isSystem && <input type="hidden" name={fields.scope.name} form={form.id} value={String(fields.scope.initialValue ?? "")} />}
        <TextareaField field={fields.description} label={t("roles.fields.description")} rows={3} className="md:col-span-2" />
      </FormSection>
      <FormSection title={t("roles.sections.permissions")} description={t("roles.sections.permissionsDescription")}>
        {fullAccess && (
          <Alert className="md:col-span-2">
            <AlertDescription>{t("roles.fullAccessNotice")}</AlertDescription>
          </Alert>
        )}
        <PermissionMatrix
          key={form.key}
          name={fields.permissions.name}
          formId={form.id}
          initial={permissions}
          readOnly={fullAccess}
          errors={fields.permissions.errors}
          errorId={fields.permissions.errorId}
        />
      </FormSection>
      <FormActions cancelTo="/roles" formId={form.id} submitLabel={mode === "add" ? t("roles.add") : t("actions.save")} />
    </Form>
  );
}
