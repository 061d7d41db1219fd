import { useFormErrorToast } from "~/components/admin/form-toast";
import { OrganizationForm } from "~/components/admin/organization-form";
import { PageHeader } from "~/components/admin/page-header";
import { organizationSchema } from "~/lib/admin/organization-schema.server";
import { countryOptions, timeZoneOptions } from "~/lib/admin/regions.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { submitForm } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import { getInstance, getLocale } from "~/middleware/i18next";
import type { Route } from "./+types/organizations.add";

export const handle: StringsHandle = { i18n: ["admin", "validation"] };

export function loader({ context }: Route.LoaderArgs) {
  requireScreen(context, "organizations-add");
  const locale = getLocale(context);
  return { countries: countryOptions(locale), timeZones: timeZoneOptions(), locale, constraint: formConstraint(organizationSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "organizations-add");
  const t = getInstance(context).getFixedT(null, "admin");
  return submitForm(request, context, {
    schema: organizationSchema,
    label: "add organization",
    call: (value) => api.call("/api/organizations", { method: "POST", json: value }),
    success: (value) => ({ to: "/organizations", message: t("organizations.created", { name: value.name }) }),
  });
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
        constraint={loaderData.constraint}
        countries={loaderData.countries}
        timeZones={loaderData.timeZones}
      />
    </div>
  );
}
