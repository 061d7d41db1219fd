import { useFormErrorToast } from "~/components/admin/form-toast";
import { PageHeader } from "~/components/admin/page-header";
import { AddressOutcome } from "~/components/residential/address-outcome";
import { FailureNotice } from "~/components/residential/failure-notice";
import { residentialUrl, StepIndicator } from "~/components/residential/wizard";
import { addressDefaults } from "~/components/tools/e911-address";
import { E911AddressForm } from "~/components/tools/e911-address-form";
import { e911AddressSchema } from "~/components/tools/e911-schema";
import { formConstraint } from "~/lib/form-constraint.server";
import { useTranslation } from "~/lib/i18n";
import { saveAddressStep } from "~/lib/residential/address-step.server";
import { loadDraft } from "~/lib/residential/draft.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import type { Route } from "./+types/residential.address";

export const handle: StringsHandle = { i18n: ["residential", "admin", "porting", "e911", "validation"] };

/** Step 2: the service address, validated by the carrier with the E911 screen's form and suggestion flow. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "residential-address");
  return { draft: await loadDraft(api, params.id, "address"), constraint: formConstraint(e911AddressSchema) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "residential-address");
  const draft = await loadDraft(api, params.id, "address");
  return saveAddressStep(request, api, draft, {
    step: "address",
    next: "number",
    path: `/api/residential/drafts/${draft.id}/service-address`,
    state: (saved) => saved.service_address,
    body: (address) => address,
  });
}

export default function ResidentialAddress({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("residential");
  useFormErrorToast(actionData);
  const { draft } = loaderData;
  const state = draft.service_address;
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("title")}
        description={t("address.description", { name: draft.subscriber.name })}
        backTo={residentialUrl.start}
      />
      <StepIndicator draft={draft} current="address" />
      <FailureNotice draft={draft} />
      <AddressOutcome state={state} editAnchor="service-address" />
      <div id="service-address">
        <E911AddressForm
          key={JSON.stringify(state?.address ?? null)}
          id="residential-service-address"
          defaultValue={addressDefaults(state?.address ?? { caller_name: draft.subscriber.name })}
          lastResult={actionData?.result}
          constraint={loaderData.constraint}
          cancelTo={residentialUrl.start}
          submitLabel={t("actions.validate")}
        />
      </div>
    </div>
  );
}
