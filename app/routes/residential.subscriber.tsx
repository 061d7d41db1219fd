import { useFormErrorToast } from "~/components/admin/form-toast";
import { PageHeader } from "~/components/admin/page-header";
import { FailureNotice } from "~/components/residential/failure-notice";
import { subscriberSchema } from "~/components/residential/schema";
import { SubscriberForm } from "~/components/residential/subscriber-form";
import type { ResidentialDraft } from "~/components/residential/types";
import { residentialUrl, StepIndicator } from "~/components/residential/wizard";
import { formConstraint } from "~/lib/form-constraint.server";
import { submitForm } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { loadDraft, nextStepUrl } from "~/lib/residential/draft.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/residential.subscriber";

export const handle: StringsHandle = { i18n: ["residential", "admin", "porting", "validation"] };

/** Step 1 of a draft: the subscriber again (a draft moved to another organization chooses its number again). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { api, user } = requireScreen(context, "residential-subscriber");
  const [draft, organizations] = await Promise.all([
    loadDraft(api, params.id, "subscriber"),
    user.is_provider ? api.call<{ id: number; name: string }[]>("/api/residential/organizations") : Promise.resolve(null),
  ]);
  return { draft, organizations, constraint: formConstraint(subscriberSchema) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "residential-subscriber");
  const draft = await loadDraft(api, params.id, "subscriber");
  const t = getInstance(context).getFixedT(null, "residential");
  return submitForm(request, context, {
    schema: subscriberSchema,
    label: "residential subscriber",
    call: (value) => api.call<ResidentialDraft>(`/api/residential/drafts/${draft.id}/subscriber`, { method: "PUT", json: value }),
    success: (_value, saved) => ({ to: nextStepUrl(saved), message: t("toasts.saved") }),
  });
}

export default function ResidentialSubscriber({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("residential");
  useFormErrorToast(actionData);
  const { draft, organizations } = loaderData;
  const { subscriber } = draft;
  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("subscriber.editDescription")} backTo={residentialUrl.start} />
      <StepIndicator draft={draft} current="subscriber" />
      <FailureNotice draft={draft} />
      <SubscriberForm
        defaultValue={{
          name: subscriber.name,
          email: subscriber.email,
          phone: subscriber.phone,
          locale: subscriber.locale,
          organization_id: String(draft.organization_id),
        }}
        lastResult={actionData?.result}
        constraint={loaderData.constraint}
        organizations={organizations}
        cancelTo={residentialUrl.start}
      />
    </div>
  );
}
