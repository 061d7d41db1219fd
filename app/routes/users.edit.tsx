import { useTranslation } from "react-i18next";
import { useFormErrorToast } from "~/components/admin/form-toast";
import { PageHeader } from "~/components/admin/page-header";
import type { AdminUser } from "~/components/admin/types";
import { UserForm } from "~/components/admin/user-form";
import { editUserSchema } from "~/components/admin/user-schema";
import { assignableRoles, organizationOptions } from "~/lib/admin/options.server";
import { loadRecord, recordId } from "~/lib/admin/upstream.server";
import { submitForm } from "~/lib/forms.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/users.edit";

export const handle: StringsHandle = { i18n: ["admin"] };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "users-edit");
  const [record, organizations, roles] = await Promise.all([
    loadRecord<AdminUser>(api, "/api/users/:id", params.id),
    organizationOptions(api),
    assignableRoles(api),
  ]);
  const options = organizations ?? (record.organization ? [{ id: record.organization.id, name: record.organization.name }] : []);
  // Roles the user already holds stay listed (and ticked) even when the caller could not newly give them.
  const held = record.roles.filter((role) => roles && !roles.some((option) => option.id === role.id));
  return { record, organizations: options, roles: roles && [...roles, ...held].sort((a, b) => a.name.localeCompare(b.name)) };
}

/** `PUT /api/users/{id}`: the backend refuses to disable oneself or drop one's own last admin role. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "users-edit");
  const t = getInstance(context).getFixedT(null, "admin");
  const id = recordId(params.id);
  return submitForm(request, context, {
    schema: editUserSchema,
    label: "edit user",
    call: (value) => api.call(`/api/users/${id}`, { method: "PUT", json: value }),
    success: (value) => ({ to: "/users", message: t("users.updated", { name: value.name }) }),
  });
}

export default function EditUser({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { record } = loaderData;
  useFormErrorToast(actionData);
  return (
    <div className="space-y-6">
      <PageHeader title={t("users.editTitle", { name: record.name })} description={t("users.editDescription")} backTo="/users" />
      <UserForm
        mode="edit"
        defaultValue={{
          name: record.name,
          email: record.email,
          organization_id: record.organization ? String(record.organization.id) : undefined,
          role_ids: record.roles.map((role) => String(role.id)),
          locale: record.locale ?? "en",
          status: record.status,
        }}
        lastResult={actionData?.result}
        organizations={loaderData.organizations}
        roles={loaderData.roles}
        currentRoles={record.roles}
      />
    </div>
  );
}
