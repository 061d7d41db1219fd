import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { useFormErrorToast } from "~/components/admin/form-toast";
import { OrganizationForm } from "~/components/admin/organization-form";
import { organizationSchema } from "~/components/admin/organization-schema";
import { PageHeader } from "~/components/admin/page-header";
import { countryOptions, timeZoneOptions } from "~/components/admin/regions.server";
import { saveFailed } from "~/components/admin/upstream.server";
import { getEnv } from "~/lib/cloudflare.server";
import { type FormReply, parseForm } from "~/lib/forms.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getInstance, getLocale } from "~/middleware/i18next";
import type { Route } from "./+types/organizations.add";

export function loader({ context }: Route.LoaderArgs) {
  requireScreen(context, "organizations-add");
  const locale = getLocale(context);
  return { countries: countryOptions(locale), timeZones: timeZoneOptions(), locale };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "organizations-add");
  const i18n = getInstance(context);
  const { submission } = await parseForm(request, organizationSchema);
  if (submission.status !== "success") return data<FormReply>({ result: submission.reply() }, { status: 400 });
  try {
    await api.call("/api/organizations", { method: "POST", json: submission.value });
    const message = i18n.t("organizations.created", { ns: "admin", name: submission.value.name });
    return redirectWithToast("/organizations", { type: "success", message }, getEnv(context).SESSION_SECRET);
  } catch (error) {
    return saveFailed(submission, error, "add organization");
  }
}

export default function AddOrganization({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  useFormErrorToast(actionData);
  return (
    <div className="space-y-6">
      <PageHeader title={t("organizations.addTitle")} description={t("organizations.addDescription")} backTo="/organizations" />
      <OrganizationForm
        mode="add"
        defaultValue={{
          status: "active",
          type: "business",
          country: "US",
          timezone: "America/New_York",
          default_locale: loaderData.locale,
        }}
        lastResult={actionData?.result}
        countries={loaderData.countries}
        timeZones={loaderData.timeZones}
      />
    </div>
  );
}
