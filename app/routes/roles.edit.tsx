import { useFormErrorToast } from "~/components/admin/form-toast";
import { PageHeader } from "~/components/admin/page-header";
import { expandMatrixFormData, holdsEveryPermission } from "~/components/admin/permission-selection";
import { RoleForm } from "~/components/admin/role-form";
import { roleSchema } from "~/components/admin/role-schema";
import type { Role } from "~/components/admin/types";
import { loadRecord } from "~/lib/admin/upstream.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { submitForm } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/roles.edit";

export const handle: StringsHandle = { i18n: ["admin", "validation"] };

/** The full-access role (Super Admin): a system role holding the whole catalogue. */
const isFullAccess = (role: Role) => role.is_system && holdsEveryPermission(role.permissions);

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "roles-edit");
  const record = await loadRecord<Role>(api, "/api/roles/:id", params.id);
  return { record, fullAccess: isFullAccess(record), constraint: formConstraint(roleSchema) };
}

/** `PUT /api/roles/{id}`; the full-access role keeps its keys whatever is posted. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "roles-edit");
  const t = getInstance(context).getFixedT(null, "admin");
  const record = await loadRecord<Role>(api, "/api/roles/:id", params.id);
  return submitForm(request, context, {
    schema: roleSchema,
    label: "edit role",
    prepare: expandMatrixFormData,
    call: (value) =>
      api.call(`/api/roles/${record.id}`, {
        method: "PUT",
        json: { ...value, permissions: isFullAccess(record) ? record.permissions : value.permissions },
      }),
    success: (value) => ({ to: "/roles", message: t("roles.updated", { name: value.name }) }),
  });
}

export default function EditRole({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { record, fullAccess } = loaderData;
  useFormErrorToast(actionData);
  return (
    <div className="space-y-6">
      <PageHeader title={t("roles.editTitle", { name: record.name })} description={t("roles.editDescription")} backTo="/roles" />
      <RoleForm
        mode="edit"
        defaultValue={{ name: record.name, description: record.description ?? "", scope: record.scope, permissions: record.permissions }}
        lastResult={actionData?.result}
        constraint={loaderData.constraint}
        isSystem={record.is_system}
        fullAccess={fullAccess}
      />
    </div>
  );
}
