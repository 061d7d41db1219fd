import { useFormErrorToast } from "~/components/admin/form-toast";
import { PageHeader } from "~/components/admin/page-header";
import type { AdminUser } from "~/components/admin/types";
import { UserForm } from "~/components/admin/user-form";
import { addUserSchema } from "~/components/admin/user-schema";
import { assignableRoles, organizationOptions } from "~/lib/admin/options.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { submitForm } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { organizationFilter } from "~/lib/organization-filter.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import { getInstance, getLocale } from "~/middleware/i18next";
import type { Route } from "./+types/users.add";

export const handle: StringsHandle = { i18n: ["admin", "validation"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "users-add");
  const [organizations, roles] = await Promise.all([organizationOptions(api), assignableRoles(api)]);
  const options = organizations ?? (user.organization ? [{ id: user.organization.id, name: user.organization.name }] : []);
  // A new user belongs by default to the organization in view: the only one, or the navbar's filter.
  const preset = options.length === 1 ? options[0].id : organizationFilter(request, user);
  return {
    organizations: options,
    roles,
    preset: preset ? String(preset) : undefined,
    locale: getLocale(context),
    constraint: formConstraint(addUserSchema),
  };
}

/** `POST /api/users`: the backend creates the user and sends the invitation e-mail. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "users-add");
  const t = getInstance(context).getFixedT(null, "admin");
  return submitForm(request, context, {
    schema: addUserSchema,
    label: "add user",
    call: (value) => api.call<AdminUser | null>("/api/users", { method: "POST", json: value }),
    success: (value, created) => ({ to: "/users", message: t("users.invited", { email: created?.email ?? value.email }) }),
  });
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
        constraint={loaderData.constraint}
        organizations={loaderData.organizations}
        roles={loaderData.roles}
        currentRoles={[]}
      />
    </div>
  );
}
