import { useFormErrorToast } from "~/components/admin/form-toast";
import { PageHeader } from "~/components/admin/page-header";
import type { AdminUser } from "~/components/admin/types";
import { UserForm } from "~/components/admin/user-form";
import { editUserSchema } from "~/components/admin/user-schema";
import { Card, CardAction, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { assignableRoles, organizationOptions } from "~/lib/admin/options.server";
import { loadRecord, recordId } from "~/lib/admin/upstream.server";
import { getEnv } from "~/lib/cloudflare.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { readFormData, saveFailure, submitForm } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { requireScreen, UpstreamError } from "~/lib/sanctum/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/users.edit";

export const handle: StringsHandle = { i18n: ["admin", "users", "validation"] };

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
  return {
    record,
    organizations: options,
    roles: roles && [...roles, ...held].sort((a, b) => a.name.localeCompare(b.name)),
    constraint: formConstraint(editUserSchema),
  };
}

/**
 * `PUT /api/users/{id}`: the backend refuses to disable oneself or drop one's own last admin role.
 * `intent=reset-two-factor`: `DELETE /api/users/{id}/two-factor` (a lost phone; the user is told by e-mail).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { api, user } = requireScreen(context, "users-edit");
  const t = getInstance(context).getFixedT(null, "admin");
  const id = recordId(params.id);
  const formData = await readFormData(request);
  if (formData.get("intent") === "reset-two-factor") {
    const secret = getEnv(context).SESSION_SECRET;
    const back = `/users/edit/${id}`;
    try {
      const answer = await api.call<AdminUser>(`/api/users/${id}/two-factor`, { method: "DELETE" });
      return redirectWithToast(back, { type: "success", message: t("users.twoFactor.done", { name: answer.name }) }, secret);
    } catch (error) {
      const { errors } = saveFailure(error, `reset two-factor of user ${id} by ${user.id}`);
      const refusal = error instanceof UpstreamError && error.status === 409 ? errors[""]?.[0] : undefined;
      const tAny = getInstance(context).t as unknown as (key: string) => string;
      const message = refusal === "users.two_factor_not_enabled" ? tAny("users:two_factor_not_enabled") : t("users.twoFactor.failed");
      return redirectWithToast(back, { type: "error", message }, secret);
    }
  }
  return submitForm(request, context, {
    formData,
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
        constraint={loaderData.constraint}
        organizations={loaderData.organizations}
        roles={loaderData.roles}
        currentRoles={record.roles}
      />
      {record.two_factor_enabled !== undefined && (
        <Card>
          <CardHeader>
            <CardTitle>{t("users.twoFactor.title")}</CardTitle>
            <CardDescription>{record.two_factor_enabled ? t("users.twoFactor.on") : t("users.twoFactor.off")}</CardDescription>
            {record.two_factor_enabled && (
              <CardAction>
                <ConfirmDialog
                  title={t("users.twoFactor.resetTitle")}
                  description={t("users.twoFactor.resetDescription", { name: record.name })}
                  confirmLabel={t("users.twoFactor.resetConfirm")}
                  destructive
                  fields={{ intent: "reset-two-factor" }}
                  triggerProps={{ variant: "outline" }}
                >
                  {t("users.twoFactor.reset")}
                </ConfirmDialog>
              </CardAction>
            )}
          </CardHeader>
        </Card>
      )}
    </div>
  );
}
