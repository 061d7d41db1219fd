import { useFormErrorToast } from "~/components/admin/form-toast";
import { PageHeader } from "~/components/admin/page-header";
import { expandMatrixFormData } from "~/components/admin/permission-selection";
import { RoleForm } from "~/components/admin/role-form";
import { roleSchema } from "~/components/admin/role-schema";
import { formConstraint } from "~/lib/form-constraint.server";
import { submitForm } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/roles.add";

export const handle: StringsHandle = { i18n: ["admin", "validation"] };

export function loader({ context }: Route.LoaderArgs) {
  requireScreen(context, "roles-add");
  return { constraint: formConstraint(roleSchema) };
}

/** `POST /api/roles`; without JavaScript the per-area "All" boxes are expanded here first. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "roles-add");
  const t = getInstance(context).getFixedT(null, "admin");
  return submitForm(request, context, {
    schema: roleSchema,
    label: "add role",
    prepare: expandMatrixFormData,
    call: (value) => api.call("/api/roles", { method: "POST", json: value }),
    success: (value) => ({ to: "/roles", message: t("roles.created", { name: value.name }) }),
  });
}

export default function AddRole({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  useFormErrorToast(actionData);
  return (
    <div className="space-y-6">
      <PageHeader title={t("roles.addTitle")} description={t("roles.addDescription")} backTo="/roles" />
      <RoleForm
        mode="add"
        defaultValue={{ scope: "organization", permissions: [] }}
        lastResult={actionData?.result}
        constraint={loaderData.constraint}
      />
    </div>
  );
}
