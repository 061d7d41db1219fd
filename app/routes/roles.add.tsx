import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { useFormErrorToast } from "~/components/admin/form-toast";
import { PageHeader } from "~/components/admin/page-header";
import { expandMatrixFormData } from "~/components/admin/permission-selection";
import { RoleForm } from "~/components/admin/role-form";
import { roleSchema } from "~/components/admin/role-schema";
import { saveFailed } from "~/components/admin/upstream.server";
import { getEnv } from "~/lib/cloudflare.server";
import type { FormReply } from "~/lib/forms.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/roles.add";

export function loader({ context }: Route.LoaderArgs) {
  requireScreen(context, "roles-add");
  return null;
}

/** `POST /api/roles`; without JavaScript the per-area "All" boxes are expanded here first. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "roles-add");
  const i18n = getInstance(context);
  const submission = parseWithZod(expandMatrixFormData(await request.formData()), { schema: roleSchema });
  if (submission.status !== "success") return data<FormReply>({ result: submission.reply() }, { status: 400 });
  try {
    await api.call("/api/roles", { method: "POST", json: submission.value });
    const message = i18n.t("roles.created", { ns: "admin", name: submission.value.name });
    return redirectWithToast("/roles", { type: "success", message }, getEnv(context).SESSION_SECRET);
  } catch (error) {
    return saveFailed(submission, error, "add role");
  }
}

export default function AddRole({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  useFormErrorToast(actionData);
  return (
    <div className="space-y-6">
      <PageHeader title={t("roles.addTitle")} description={t("roles.addDescription")} backTo="/roles" />
      <RoleForm mode="add" defaultValue={{ scope: "organization", permissions: [] }} lastResult={actionData?.result} />
    </div>
  );
}
