import type { RouterContextProvider } from "react-router";
import { LOA_LOCALES } from "~/components/tools/porting-loa";
import { getEnv } from "~/lib/cloudflare.server";
import { actionFailure, CARRIER_FAILED, failureMessage } from "~/lib/forms.server";
import type { SanctumClient } from "~/lib/sanctum/client.server";
import { redirectWithToast } from "~/lib/toast.server";
import { translateError } from "~/lib/validation-message";
import { getInstance } from "~/middleware/i18next";

/**
 * "Generate LOA" on an order's page (form post, with or without JavaScript): asks the backend for the letter
 * in the chosen language (none: the organization's), then back to the order with a toast. Missing account
 * holder details come back as one toast naming the fields, a refusal (not editable) as its reason.
 */
export async function generateLoa(context: Readonly<RouterContextProvider>, api: SanctumClient, orderId: string, formData: FormData) {
  const t = getInstance(context).getFixedT(null, "loa");
  const porting = getInstance(context).getFixedT(null, "porting");
  // Field names come from the backend's 422, so these keys are only known at run time.
  const fieldLabel = porting as unknown as (key: string) => string;
  const secret = getEnv(context).SESSION_SECRET;
  const here = `/tools/porting/order/${orderId}`;
  const requested = String(formData.get("locale") ?? "");
  const locale = LOA_LOCALES.find((code) => code === requested);
  try {
    await api.call(`/api/porting/orders/${orderId}/loa`, { method: "POST", json: locale ? { locale } : {} });
  } catch (error) {
    const failure = actionFailure(error, "generate LOA", CARRIER_FAILED);
    const fields = Object.keys(failure.fields);
    const message =
      fields.length > 0
        ? t("toasts.incomplete", { fields: fields.map((field) => fieldLabel(`order.fields.${field}`)).join(", ") })
        : t("toasts.failed", { reason: translateError(porting, failureMessage(failure, CARRIER_FAILED)) });
    return redirectWithToast(here, { type: "error", message }, secret);
  }
  return redirectWithToast(here, { type: "success", message: t("toasts.generated") }, secret);
}
