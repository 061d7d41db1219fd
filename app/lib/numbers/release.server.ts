import type { RouterContextProvider } from "react-router";
import { formatPhoneNumber } from "~/components/numbers/format";
import type { PhoneNumber } from "~/components/numbers/types";
import { getEnv } from "~/lib/cloudflare.server";
import { actionFailureText } from "~/lib/forms.server";
import type { SanctumClient } from "~/lib/sanctum/client.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getInstance } from "~/middleware/i18next";

/**
 * Releases one number (`intent=release`, `id` of the posted form), for the numbers list and a number's page
 * alike; the caller has checked `tools.phone_numbers.order`. Back to `back` with a toast: the number released,
 * or the refusal translated (not in service, the carrier's own failure, too many requests…).
 */
export async function releaseNumber(
  context: Readonly<RouterContextProvider>,
  api: SanctumClient,
  form: FormData,
  back: string,
): Promise<Response> {
  const i18n = getInstance(context);
  const t = i18n.getFixedT(null, "numbers");
  const secret = getEnv(context).SESSION_SECRET;
  const id = Number(form.get("id"));
  if (form.get("intent") !== "release" || !Number.isInteger(id) || id <= 0) {
    return redirectWithToast(back, { type: "error", message: t("errors.invalidRequest") }, secret);
  }
  try {
    const number = await api.call<PhoneNumber>(`/api/phone-numbers/${id}/release`, { method: "POST" });
    return redirectWithToast(back, { type: "success", message: t("release.done", { number: formatPhoneNumber(number.e164) }) }, secret);
  } catch (error) {
    // The carrier's refusal or timeout (`numbers.carrier.*`) is said as it is (actionFailure).
    const message = actionFailureText(i18n.t, error, `release number ${id}`, t("errors.failed"));
    return redirectWithToast(back, { type: "error", message }, secret);
  }
}
