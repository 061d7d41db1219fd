import type * as React from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { DetailList } from "~/components/logs/detail-list";
import { phoneFormatter } from "~/components/numbers/format";
import { FailureNotice } from "~/components/residential/failure-notice";
import type { ResidentialDraft } from "~/components/residential/types";
import { residentialUrl, type Step, StepIndicator } from "~/components/residential/wizard";
import { AddressText } from "~/components/tools/address-text";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { getEnv } from "~/lib/cloudflare.server";
import { actionFailure, actionFailureText, readFormData } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { phoneLabels } from "~/lib/numbers/phone-format.server";
import { loadDraft } from "~/lib/residential/draft.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { cn } from "~/lib/utils";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/residential.review";

export const handle: StringsHandle = { i18n: ["residential", "admin", "porting", "e911", "validation"] };

/** Step 5: everything on one page with a link back to each step, and the submission. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "residential-review");
  const draft = await loadDraft(api, params.id, "review");
  return { draft, phoneLabels: phoneLabels(draft) };
}

/**
 * Submits with the idempotency key the page was rendered with: a double post or a retry after a lost answer
 * replays the same submission. A failure (everything undone) comes back here, where the draft shows which part.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "residential-review");
  const draft = await loadDraft(api, params.id, "review");
  const key = String((await readFormData(request)).get("idempotency_key") ?? "");
  const here = residentialUrl.step(draft.id, "review");
  const secret = getEnv(context).SESSION_SECRET;
  const t = getInstance(context).getFixedT(null, "residential");
  try {
    const submitted = await api.call<ResidentialDraft>(`/api/residential/drafts/${draft.id}/submit`, {
      method: "POST",
      json: { idempotency_key: key },
    });
    if (submitted.status === "completed") {
      return redirectWithToast(
        residentialUrl.step(draft.id, "done"),
        { type: "success", message: t("toasts.completed", { name: submitted.subscriber.name }) },
        secret,
      );
    }
    return redirect(residentialUrl.step(draft.id, "done"));
  } catch (error) {
    const failure = actionFailure(error, `submit residential draft ${draft.id}`, "residential.failed");
    if (failure.status === 409 && failure.message === "residential.already_submitted")
      return redirect(residentialUrl.step(draft.id, "done"));
    const message = actionFailureText(getInstance(context).t, error, `submit residential draft ${draft.id}`, "residential.failed");
    return redirectWithToast(here, { type: "error", message }, secret);
  }
}

function Section({ title, step, draft, children }: { title: string; step: Step; draft: ResidentialDraft; children: React.ReactNode }) {
  const { t } = useTranslation("residential");
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{title}</CardTitle>
        <Link
          to={residentialUrl.step(draft.id, step)}
          className={cn(buttonVariants({ variant: "outline", size: "sm" }))}
          aria-label={t("review.editNamed", { step: title })}
        >
          {t("review.edit")}
        </Link>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export default function ResidentialReview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("residential");
  const { t: tc } = useTranslation();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const { draft } = loaderData;
  const formatPhoneNumber = phoneFormatter(loaderData.phoneLabels);
  const { subscriber, number } = draft;
  const service = draft.service_address?.address;
  const e911 = draft.e911.same_as_service ? null : draft.e911.address?.address;

  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("review.description")} backTo={residentialUrl.start} />
      <StepIndicator draft={draft} current="review" />
      <FailureNotice draft={draft} />
      <Section title={t("review.subscriber")} step="subscriber" draft={draft}>
        <DetailList
          items={[
            { label: t("subscriber.name"), value: subscriber.name },
            { label: t("subscriber.email"), value: <span dir="ltr">{subscriber.email}</span> },
            { label: t("review.phone"), value: <span dir="ltr">{formatPhoneNumber(subscriber.phone)}</span> },
            { label: t("review.language"), value: tc(`languages.${subscriber.locale}`) },
            { label: t("review.organization"), value: draft.organization_name },
          ]}
        />
      </Section>
      <Section title={t("review.serviceAddress")} step="address" draft={draft}>
        <p>{service ? <AddressText address={service} /> : "—"}</p>
      </Section>
      <Section title={t("review.number")} step="number" draft={draft}>
        {number && (
          <div className="space-y-1">
            <p>
              <span dir="ltr" className="font-semibold tabular-nums">
                {formatPhoneNumber(number.e164)}
              </span>{" "}
              ({t(`number.kinds.${number.kind}`)})
            </p>
            {number.kind === "port" && <p className="text-muted-foreground text-sm">{t("review.portNote")}</p>}
            {number.kind === "new" && <p className="text-muted-foreground text-sm">{t("review.newNote")}</p>}
          </div>
        )}
      </Section>
      <Section title={t("review.e911")} step="e911" draft={draft}>
        <p>{e911 ? <AddressText address={e911} /> : t("review.sameAsService")}</p>
      </Section>
      <Card>
        <CardContent className="flex justify-end">
          <Form method="post">
            <input type="hidden" name="idempotency_key" value={draft.idempotency_key} />
            <Button type="submit" disabled={submitting}>
              {submitting ? t("actions.submitting") : t("actions.submit")}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
