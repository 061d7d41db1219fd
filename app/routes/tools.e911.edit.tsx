import type { TFunction } from "i18next";
import { data } from "react-router";
import { useFormErrorToast } from "~/components/admin/form-toast";
import { PageHeader } from "~/components/admin/page-header";
import { DetailList } from "~/components/logs/detail-list";
import { AddressSuggestion } from "~/components/tools/address-suggestion";
import { AddressText } from "~/components/tools/address-text";
import { ADDRESS_FIELDS, addressBody, addressDefaults, type E911Entry } from "~/components/tools/e911-address";
import { E911AddressForm } from "~/components/tools/e911-address-form";
import { e911AddressSchema } from "~/components/tools/e911-schema";
import { E911StatusBadge, ValidationBadge } from "~/components/tools/e911-status";
import { formatNanp } from "~/components/tools/format";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { loadRecord, recordId } from "~/lib/admin/upstream.server";
import { getEnv } from "~/lib/cloudflare.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { actionFailureText, CARRIER_FAILED, type FormReply, parseForm, saveFailed } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { requirePermission, requireScreen } from "~/lib/sanctum/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { translateError } from "~/lib/validation-message";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/tools.e911.edit";

export const handle: StringsHandle = { i18n: ["e911", "porting", "admin", "validation"] };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "e911-edit");
  const entry = await loadRecord<E911Entry>(api, "/api/e911/:id", params.id);
  return { entry, constraint: formConstraint(e911AddressSchema) };
}

/** The outcome of a save as a toast: provisioned, suggestion to review, invalid, or provisioning failed. */
function outcomeToast(entry: E911Entry, t: TFunction<"e911">) {
  const number = formatNanp(entry.e164);
  if (entry.e911_status === "provisioned") return { type: "success" as const, message: t("toasts.provisioned", { number }) };
  if (entry.address?.validation_status === "suggested") return { type: "info" as const, message: t("toasts.suggested") };
  if (entry.address?.validation_status === "invalid") return { type: "error" as const, message: t("toasts.invalid") };
  return { type: "error" as const, message: t("toasts.failed") };
}

/**
 * Three intents: `save` (the form: validated and provisioned by the carrier), `accept` (the carrier's
 * suggestion, sent back as the address) and `remove` (after the confirmation). Each redirects back with
 * its outcome, so the page works the same without JavaScript.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "e911-edit");
  requirePermission(context, "tools.e911.modify");
  const id = recordId(params.id);
  const t = getInstance(context).getFixedT(null, "e911");
  const secret = getEnv(context).SESSION_SECRET;
  const intent = (await request.clone().formData()).get("intent");
  const here = `/tools/e911/edit/${id}`;

  if (intent === "remove" || intent === "accept") {
    try {
      if (intent === "remove") {
        const entry = await api.call<E911Entry>(`/api/e911/${id}`, { method: "DELETE" });
        return redirectWithToast(
          "/tools/e911",
          { type: "success", message: t("toasts.removed", { number: formatNanp(entry.e164) }) },
          secret,
        );
      }
      const current = await api.call<E911Entry>(`/api/e911/${id}`);
      const suggestion = current.address?.suggestion;
      if (!suggestion) return redirectWithToast(here, { type: "error", message: t("toasts.invalid") }, secret);
      const body = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, suggestion[field] ?? null]));
      const entry = await api.call<E911Entry>(`/api/e911/${id}`, { method: "PUT", json: body });
      return redirectWithToast(here, outcomeToast(entry, t), secret);
    } catch (error) {
      const message = actionFailureText(getInstance(context).t, error, `e911 ${intent}`, CARRIER_FAILED);
      return redirectWithToast(here, { type: "error", message }, secret);
    }
  }

  const { submission } = await parseForm(request, e911AddressSchema);
  if (submission.status !== "success") return data<FormReply>({ result: submission.reply() }, { status: 400 });
  try {
    const entry = await api.call<E911Entry>(`/api/e911/${id}`, { method: "PUT", json: addressBody(submission.value) });
    return redirectWithToast(here, outcomeToast(entry, t), secret);
  } catch (error) {
    return saveFailed(submission, error, "e911 save", { fallback: CARRIER_FAILED });
  }
}

export default function E911Edit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("e911");
  const { entry } = loaderData;
  useFormErrorToast(actionData);
  const number = formatNanp(entry.e164);
  const address = entry.address;
  const suggestion = address?.validation_status === "suggested" ? address.suggestion : null;
  const defaults = addressDefaults(address);

  return (
    <div className="space-y-6">
      <PageHeader
        title={t("editTitle", { number })}
        description={t("editDescription")}
        backTo="/tools/e911"
        actions={
          entry.e911_status && entry.e911_status !== "removed" ? (
            <ConfirmDialog
              destructive
              title={t("remove.title", { number })}
              description={t("remove.description")}
              confirmLabel={t("remove.confirm")}
              fields={{ intent: "remove" }}
              triggerProps={{ variant: "outline" }}
            >
              {t("remove.button")}
            </ConfirmDialog>
          ) : null
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>{t("status.heading")}</CardTitle>
        </CardHeader>
        <CardContent>
          <DetailList
            items={[
              { label: t("columns.address"), value: address ? <AddressText address={address} /> : t("noAddress") },
              { label: t("status.validation"), value: address ? <ValidationBadge status={address.validation_status} /> : "—" },
              { label: t("status.provisioning"), value: <E911StatusBadge status={entry.e911_status} /> },
              ...(entry.e911_error
                ? [
                    {
                      label: t("status.lastError"),
                      value: <span className="text-destructive">{translateError(t, `porting:${entry.e911_error}`)}</span>,
                    },
                  ]
                : []),
            ]}
          />
        </CardContent>
      </Card>

      {suggestion && address && <AddressSuggestion entered={address} suggestion={suggestion} editAnchor="e911-address" />}

      <div id="e911-address">
        {/* Keyed by the stored address: once the suggestion is accepted (or any save lands), the form shows the
            address as now stored instead of keeping what it was first drawn with. */}
        <E911AddressForm
          key={JSON.stringify(defaults)}
          id="e911-address-form"
          defaultValue={defaults}
          lastResult={actionData?.result}
          constraint={loaderData.constraint}
          cancelTo="/tools/e911"
          submitLabel={t("save")}
        />
      </div>
    </div>
  );
}
