import type { RouterContextProvider } from "react-router";
import { getEnv } from "~/lib/cloudflare.server";
import { actionFailureText, readFormData } from "~/lib/forms.server";
import { requirePermission, requireScreen } from "~/lib/sanctum/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getInstance } from "~/middleware/i18next";

/** Who may send an e-mail of the mail log again: the mail log and the SMTP settings (whoever fixes the relay). */
export const MAIL_RETRY_PERMISSION = "organization_settings-update_smtp" as const;

/**
 * The "Retry" post of the mail log and of one e-mail (`intent=retry`, `id`): `POST /api/mail-log/{id}/retry`,
 * then back to `back` with a toast (the backend's refusal, translated, when it refuses).
 */
export async function retryMailAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  screen: "mail-log" | "mail-log-detail",
  back: string,
): Promise<Response> {
  const { api } = requireScreen(context, screen);
  requirePermission(context, MAIL_RETRY_PERMISSION);
  const t = getInstance(context).getFixedT(null, "logs");
  const secret = getEnv(context).SESSION_SECRET;
  const form = await readFormData(request);
  const id = Number(form.get("id"));
  if (form.get("intent") !== "retry" || !Number.isInteger(id) || id <= 0) {
    return redirectWithToast(back, { type: "error", message: t("errors.invalidRequest", { ns: "admin" }) }, secret);
  }
  try {
    const mail = await api.call<{ to: string }>(`/api/mail-log/${id}/retry`, { method: "POST" });
    return redirectWithToast(back, { type: "success", message: t("mail.retried", { to: mail.to }) }, secret);
  } catch (error) {
    const message = actionFailureText(t, error, `retry mail ${id}`, "logs:mail.retryFailed");
    return redirectWithToast(back, { type: "error", message }, secret);
  }
}
