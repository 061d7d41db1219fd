import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { useFormErrorToast } from "~/components/admin/form-toast";
import { assignableRoles, organizationOptions } from "~/components/admin/options.server";
import { PageHeader } from "~/components/admin/page-header";
import type { AdminUser } from "~/components/admin/types";
import { saveFailed } from "~/components/admin/upstream.server";
import { UserForm } from "~/components/admin/user-form";
import { addUserSchema } from "~/components/admin/user-schema";
import { getEnv } from "~/lib/cloudflare.server";
import { type FormReply, parseForm } from "~/lib/forms.server";
import { organizationFilter } from "~/lib/organization-filter.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getInstance, getLocale } from "~/middleware/i18next";
import type { Route } from "./+types/users.add";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "users-add");
  const [organizations, roles] = await Promise.all([organizationOptions(api), assignableRoles(api)]);
  const options = organizations ?? (user.organization ? [{ id: user.organization.id, name: user.organization.name }] : []);
  // A new user belongs by default to the organization in view: the only one, or the navbar's filter.
  const preset = options.length === 1 ? options[0].id : organizationFilter(request, user);
  return { organizations: options, roles, preset: preset ? String(preset) : undefined, locale: getLocale(context) };
}

/** `POST /api/users`: the backend creates the user and sends the invitation e-mail. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "users-add");
  const i18n = getInstance(context);
  const { submission } = await parseForm(request, addUserSchema);
  if (submission.status !== "success") return data<FormReply>({ result: submission.reply() }, { status: 400 });
  try {
    const created = await api.call<AdminUser>("/api/users", { method: "POST", json: submission.value });
    const message = i18n.t("users.invited", { ns: "admin", email: created?.email ?? submission.value.email });
    return redirectWithToast("/users", { type: "success", message }, getEnv(context).SESSION_SECRET);
  } catch (error) {
    return saveFailed(submission, error, "add user");
  }
}

export default function AddUser({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  useFormErrorToast(actionData);
  return (
    <div className="space-y-6">
      <PageHeader title={t("users.addTitle")} description={t("users.addDescription")} backTo="/users" />
      <UserForm
        mode="add"
        defaultValue={{ organization_id: loaderData.preset, locale: loaderData.locale, role_ids: [] }}
        lastResult={actionData?.result}
        organizations={loaderData.organizations}
        roles={loaderData.roles}
        currentRoles={[]}
      />
    </div>
  );
}
