import { Link, redirect } from "react-router";
import { useFormErrorToast } from "~/components/admin/form-toast";
import { formatDateTime } from "~/components/admin/format";
import { PageHeader } from "~/components/admin/page-header";
import { phoneFormatter } from "~/components/numbers/format";
import { subscriberSchema } from "~/components/residential/schema";
import { SubscriberForm } from "~/components/residential/subscriber-form";
import type { ResidentialDraft } from "~/components/residential/types";
import { residentialUrl, StepIndicator } from "~/components/residential/wizard";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { getEnv } from "~/lib/cloudflare.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { actionFailureText, readFormData, submitForm } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { phoneLabels } from "~/lib/numbers/phone-format.server";
import { organizationFilter } from "~/lib/organization-filter.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { cn } from "~/lib/utils";
import type { StringsHandle } from "~/locales/types";
import { getInstance, getLocale } from "~/middleware/i18next";
import type { Route } from "./+types/residential.add";

export const handle: StringsHandle = { i18n: ["residential", "admin", "validation"] };

/** Step 1 of a new sign-up, and the unfinished ones to resume (drafts live 7 days after their last change). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, user } = requireScreen(context, "residential-add");
  const [drafts, organizations] = await Promise.all([
    api.call<{ data: ResidentialDraft[]; total: number }>("/api/residential/drafts", { query: { per_page: "20" } }),
    user.is_provider ? api.call<{ id: number; name: string }[]>("/api/residential/organizations") : Promise.resolve(null),
  ]);
  const filtered = organizationFilter(request, user);
  const preset =
    organizations?.length === 1 ? organizations[0]?.id : organizations?.some((entry) => entry.id === filtered) ? filtered : null;
  // A member of a business organization holding the key has nowhere to sign residential subscribers up.
  const residential = user.is_provider || user.organization?.type === "residential";
  return {
    drafts: drafts.data,
    phoneLabels: phoneLabels(drafts.data),
    total: drafts.total,
    organizations,
    residential,
    preset: preset ? String(preset) : undefined,
    locale: getLocale(context),
    constraint: formConstraint(subscriberSchema),
  };
}

/** `intent=discard` drops a draft; otherwise the subscriber form starts a draft and goes on to the address. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "residential-add");
  const t = getInstance(context).getFixedT(null, "residential");
  const formData = await readFormData(request);
  if (formData.get("intent") === "discard") {
    const id = Number(formData.get("id"));
    const secret = getEnv(context).SESSION_SECRET;
    if (!Number.isInteger(id) || id <= 0) return redirect(residentialUrl.start);
    try {
      await api.call(`/api/residential/drafts/${id}`, { method: "DELETE" });
      return redirectWithToast(residentialUrl.start, { type: "success", message: t("toasts.discarded") }, secret);
    } catch (error) {
      const message = actionFailureText(getInstance(context).t, error, `discard residential draft ${id}`, t("toasts.notDiscarded"), {
        backendMessage: false,
      });
      return redirectWithToast(residentialUrl.start, { type: "error", message }, secret);
    }
  }
  return submitForm(request, context, {
    formData,
    schema: subscriberSchema,
    label: "residential subscriber",
    call: (value) => api.call<ResidentialDraft>("/api/residential/drafts", { method: "POST", json: value }),
    success: (_value, draft) => ({
      to: residentialUrl.step(draft.id, "address"),
      message: t("toasts.started", { name: draft.subscriber.name }),
    }),
  });
}

export default function ResidentialAdd({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useTranslation("residential");
  useFormErrorToast(actionData);
  const { drafts, organizations } = loaderData;
  const formatPhoneNumber = phoneFormatter(loaderData.phoneLabels);
  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("description")} />
      {drafts.length > 0 && (
        <Card data-testid="residential-drafts">
          <CardHeader>
            <CardTitle>{t("drafts.heading")}</CardTitle>
            <CardDescription>{t("drafts.description")}</CardDescription>
          </CardHeader>
          <CardContent className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{t("drafts.heading")}</caption>
              <thead className="border-b text-start text-xs uppercase tracking-wide">
                <tr>
                  <th scope="col" className="px-3 py-2 text-start font-semibold">
                    {t("drafts.subscriber")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start font-semibold">
                    {t("drafts.organization")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start font-semibold">
                    {t("drafts.next")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start font-semibold">
                    {t("drafts.updated")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-end font-semibold">
                    <span className="sr-only">{t("drafts.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {drafts.map((draft) => (
                  <tr key={draft.id} className="border-b last:border-b-0">
                    <td className="px-3 py-2">
                      <span className="font-medium">{draft.subscriber.name}</span>
                      <span className="block text-muted-foreground text-xs" dir="ltr">
                        {draft.subscriber.email}
                      </span>
                    </td>
                    <td className="px-3 py-2">{draft.organization_name}</td>
                    <td className="px-3 py-2">
                      {draft.status === "submitting" ? t("drafts.submitting") : t(`steps.${draft.next_step}`)}
                      {draft.number && (
                        <span className="block text-muted-foreground text-xs" dir="ltr">
                          {formatPhoneNumber(draft.number.e164)}
                        </span>
                      )}
                    </td>
                    <td className="px-3 py-2">{formatDateTime(language, draft.updated_at)}</td>
                    <td className="px-3 py-2">
                      <div className="flex flex-wrap justify-end gap-2">
                        <Link
                          to={residentialUrl.step(draft.id, draft.status === "submitting" ? "done" : draft.next_step)}
                          className={cn(buttonVariants({ variant: "outline", size: "sm" }))}
                          aria-label={t("drafts.resumeNamed", { name: draft.subscriber.name })}
                        >
                          {t("drafts.resume")}
                        </Link>
                        {draft.status === "draft" && (
                          <ConfirmDialog
                            destructive
                            title={t("drafts.discardTitle", { name: draft.subscriber.name })}
                            description={t("drafts.discardDescription")}
                            confirmLabel={t("drafts.discard")}
                            fields={{ intent: "discard", id: String(draft.id) }}
                            triggerProps={{
                              variant: "ghost",
                              size: "sm",
                              "aria-label": t("drafts.discardNamed", { name: draft.subscriber.name }),
                            }}
                          >
                            {t("drafts.discard")}
                          </ConfirmDialog>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </CardContent>
        </Card>
      )}
      <StepIndicator draft={null} current="subscriber" />
      {!loaderData.residential && (
        <Alert data-testid="residential-not-residential">
          <AlertDescription>{t("not_residential")}</AlertDescription>
        </Alert>
      )}
      <SubscriberForm
        defaultValue={{ locale: loaderData.locale, ...(loaderData.preset ? { organization_id: loaderData.preset } : {}) }}
        lastResult={actionData?.result}
        constraint={loaderData.constraint}
        organizations={organizations}
        cancelTo="/dashboard"
      />
    </div>
  );
}
