import { useFormErrorToast } from "~/components/admin/form-toast";
import { OrganizationForm } from "~/components/admin/organization-form";
import { PageHeader } from "~/components/admin/page-header";
import type { Organization } from "~/components/admin/types";
import { organizationSchema } from "~/lib/admin/organization-schema.server";
import { countryOptions, timeZoneOptions } from "~/lib/admin/regions.server";
import { loadRecord, recordId } from "~/lib/admin/upstream.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { submitForm } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import { getInstance, getLocale } from "~/middleware/i18next";
import type { Route } from "./+types/organizations.edit";

export const handle: StringsHandle = { i18n: ["admin", "validation"] };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "organizations-edit");
  const record = await loadRecord<Organization>(api, "/api/organizations/:id", params.id);
  const timeZones = timeZoneOptions();
  // A zone the runtime no longer lists (renamed upstream) stays choosable for this record.
  if (record.timezone && !timeZones.includes(record.timezone)) timeZones.unshift(record.timezone);
  return { record, countries: countryOptions(getLocale(context)), timeZones, constraint: formConstraint(organizationSchema) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "organizations-edit");
  const id = recordId(params.id);
  const t = getInstance(context).getFixedT(null, "admin");
  return submitForm(request, context, {
    schema: organizationSchema,
    label: "edit organization",
    call: (value) => api.call(`/api/organizations/${id}`, { method: "PUT", json: value }),
    success: (value) => ({ to: "/organizations", message: t("organizations.updated", { name: value.name }) }),
  });
}

export default function EditOrganization({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { record } = loaderData;
  useFormErrorToast(actionData);
  const text = (value: string | null | undefined) => value ?? undefined;
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("organizations.editTitle", { name: record.name })}
        description={t("organizations.editDescription")}
        backTo="/organizations"
      />
      <OrganizationForm
        mode="edit"
        defaultValue={{
          name: record.name,
          account_number: record.account_number,
          status: record.status,
          type: record.type,
          contact_name: text(record.contact_name),
          contact_email: text(record.contact_email),
          contact_phone: text(record.contact_phone),
          address_line1: text(record.address_line1),
          address_line2: text(record.address_line2),
          city: text(record.city),
          state: text(record.state),
          postal_code: text(record.postal_code),
          country: record.country,
          timezone: record.timezone,
          default_locale: record.default_locale,
        }}
        lastResult={actionData?.result}
        constraint={loaderData.constraint}
        countries={loaderData.countries}
        timeZones={loaderData.timeZones}
      />
    </div>
  );
}
