import { Form, redirect } from "react-router";
import { useFormErrorToast } from "~/components/admin/form-toast";
import { PageHeader } from "~/components/admin/page-header";
import { AddressOutcome } from "~/components/residential/address-outcome";
import { FailureNotice } from "~/components/residential/failure-notice";
import type { ResidentialDraft } from "~/components/residential/types";
import { residentialUrl, StepIndicator } from "~/components/residential/wizard";
import { AddressText } from "~/components/tools/address-text";
import { addressDefaults } from "~/components/tools/e911-address";
import { E911AddressForm } from "~/components/tools/e911-address-form";
import { e911AddressSchema } from "~/components/tools/e911-schema";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formConstraint } from "~/lib/form-constraint.server";
import { useTranslation } from "~/lib/i18n";
import { saveAddressStep } from "~/lib/residential/address-step.server";
import { loadDraft, nextStepUrl } from "~/lib/residential/draft.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import type { Route } from "./+types/residential.e911";

export const handle: StringsHandle = { i18n: ["residential", "e911", "admin", "porting", "validation"] };

/** Step 4: the E911 address — the service address (the default), or another one validated by the carrier. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "residential-e911");
  return { draft: await loadDraft(api, params.id, "e911"), constraint: formConstraint(e911AddressSchema) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "residential-e911");
  const draft = await loadDraft(api, params.id, "e911");
  const path = `/api/residential/drafts/${draft.id}/e911`;
  if ((await request.clone().formData()).get("intent") === "same") {
    const saved = await api.call<ResidentialDraft>(path, { method: "PUT", json: { same_as_service: true } });
    return redirect(nextStepUrl(saved));
  }
  return saveAddressStep(request, api, draft, {
    step: "e911",
    next: "review",
    path,
    state: (saved) => (saved.e911.same_as_service ? null : saved.e911.address),
    body: (address) => ({ same_as_service: false, address }),
  });
}

export default function ResidentialE911({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("residential");
  useFormErrorToast(actionData);
  const { draft } = loaderData;
  const different = draft.e911.same_as_service ? null : draft.e911.address;
  const service = draft.service_address?.address;
  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("e911.description", { name: draft.subscriber.name })} backTo={residentialUrl.start} />
      <StepIndicator draft={draft} current="e911" />
      <FailureNotice draft={draft} />
      <Card>
        <CardHeader>
          <CardTitle>{t("e911.same.heading")}</CardTitle>
          <CardDescription>{draft.e911.same_as_service ? t("e911.same.current") : t("e911.different.current")}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center justify-between gap-3">
          <p>
            {t("e911.same.description")} <span className="font-medium">{service ? <AddressText address={service} /> : ""}</span>
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="same" />
            <Button type="submit" variant={draft.e911.same_as_service ? "default" : "outline"}>
              {t("e911.same.submit")}
            </Button>
          </Form>
        </CardContent>
      </Card>
      <section aria-labelledby="e911-different-heading" className="space-y-4">
        <div>
          <h2 id="e911-different-heading" className="font-semibold text-lg">
            {t("e911.different.heading")}
          </h2>
          <p className="text-muted-foreground text-sm">{t("e911.different.description")}</p>
        </div>
        <AddressOutcome state={different} editAnchor="e911-address" />
        <div id="e911-address">
          <E911AddressForm
            key={JSON.stringify(different?.address ?? null)}
            id="residential-e911-address"
            defaultValue={addressDefaults(different?.address ?? { caller_name: draft.subscriber.name })}
            lastResult={actionData?.result}
            constraint={loaderData.constraint}
            cancelTo={residentialUrl.start}
            submitLabel={t("actions.validate")}
          />
        </div>
      </section>
    </div>
  );
}
