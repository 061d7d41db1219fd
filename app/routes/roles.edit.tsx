import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { useFormErrorToast } from "~/components/admin/form-toast";
import { PageHeader } from "~/components/admin/page-header";
import { expandMatrixFormData, holdsEveryPermission } from "~/components/admin/permission-selection";
import { RoleForm } from "~/components/admin/role-form";
import { roleSchema } from "~/components/admin/role-schema";
import type { Role } from "~/components/admin/types";
import { loadRecord, saveFailed } from "~/components/admin/upstream.server";
import { getEnv } from "~/lib/cloudflare.server";
import type { FormReply } from "~/lib/forms.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/roles.edit";

/** The full-access role (Super Admin): a system role holding the whole catalogue. */
const isFullAccess = (role: Role) => role.is_system && holdsEveryPermission(role.permissions);

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "roles-edit");
  const record = await loadRecord<Role>(api, "/api/roles/:id", params.id);
  return { record, fullAccess: isFullAccess(record) };
}

/** `PUT /api/roles/{id}`; the full-access role keeps its keys whatever is posted. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "roles-edit");
  const i18n = getInstance(context);
  const record = await loadRecord<Role>(api, "/api/roles/:id", params.id);
  const submission = parseWithZod(expandMatrixFormData(await request.formData()), { schema: roleSchema });
  if (submission.status !== "success") return data<FormReply>({ result: submission.reply() }, { status: 400 });
  const permissions = isFullAccess(record) ? record.permissions : submission.value.permissions;
  try {
    await api.call(`/api/roles/${record.id}`, { method: "PUT", json: { ...submission.value, permissions } });
    const message = i18n.t("roles.updated", { ns: "admin", name: submission.value.name });
    return redirectWithToast("/roles", { type: "success", message }, getEnv(context).SESSION_SECRET);
  } catch (error) {
    return saveFailed(submission, error, "edit role");
  }
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
        isSystem={record.is_system}
        fullAccess={fullAccess}
      />
    </div>
  );
}
