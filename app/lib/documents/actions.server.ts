import { data, type RouterContextProvider } from "react-router";
import { isId } from "~/components/admin/list-query";
import { LOA_LOCALES } from "~/components/tools/porting-loa";
import { listUrl } from "~/lib/admin/upstream.server";
import { getEnv } from "~/lib/cloudflare.server";
import { actionFailure, readFormData } from "~/lib/forms.server";
import type { SanctumClient } from "~/lib/sanctum/client.server";
import { redirectWithToast } from "~/lib/toast.server";
import { translateError } from "~/lib/validation-message";
import { getInstance } from "~/middleware/i18next";

/** The backend's limit (10 MB); checked here too so a too large file is refused before it is forwarded. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/**
 * The actions of the branded documents screen (upload, rename, replace, delete, welcome letter); callers guard
 * with the screen and resources.manage first. The screen's action answers with a redirect and a toast (form posts, with or without
 * JavaScript); the upload resource route (`json`) answers `UploadReply` JSON to the drag-and-drop uploader,
 * which needs XMLHttpRequest for its progress bar.
 */
export type UploadReply = { ok: true } | { ok: false; errors: string[] };

export async function documentAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  api: SanctumClient,
  options: { json: boolean },
) {
  const t = getInstance(context).getFixedT(null, "documents");
  const i18n = getInstance(context);
  const secret = getEnv(context).SESSION_SECRET;
  const back = listUrl(request);
  const wantsJson = options.json;
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const id = String(formData.get("id") ?? "");
  const fail = (messages: string[]) => {
    if (wantsJson)
      return data<UploadReply>({ ok: false, errors: messages.map((message) => translateError(i18n.t, message)) }, { status: 422 });
    return redirectWithToast(
      back,
      { type: "error", message: messages.map((message) => translateError(i18n.t, message)).join(" ") },
      secret,
    );
  };

  const file = formData.get("file");
  if ((intent === "upload" || intent === "replace") && (!(file instanceof File) || file.size === 0)) return fail(["validation.file"]);
  if (file instanceof File && file.size > MAX_DOCUMENT_BYTES) return fail([`validation.file_too_large|${JSON.stringify({ max: 10 })}`]);
  if (intent !== "upload" && intent !== "welcome-letter" && !isId(id)) return fail(["admin.errors.invalidRequest"]);

  let message: string;
  try {
    if (intent === "upload") {
      const upstream = new FormData();
      upstream.append("file", file as File, (file as File).name);
      const name = String(formData.get("name") ?? "").trim();
      if (name) upstream.append("name", name);
      const organizationId = String(formData.get("organization_id") ?? "");
      if (isId(organizationId)) upstream.append("organization_id", organizationId);
      await api.call("/api/branded-documents", { method: "POST", body: upstream });
      message = t("toasts.uploaded");
    } else if (intent === "replace") {
      const upstream = new FormData();
      upstream.append("file", file as File, (file as File).name);
      await api.call(`/api/branded-documents/${id}/replace`, { method: "POST", body: upstream });
      message = t("toasts.replaced");
    } else if (intent === "rename") {
      await api.call(`/api/branded-documents/${id}`, { method: "PATCH", json: { name: String(formData.get("name") ?? "") } });
      message = t("toasts.renamed");
    } else if (intent === "delete") {
      await api.call(`/api/branded-documents/${id}`, { method: "DELETE" });
      message = t("toasts.deleted");
    } else if (intent === "welcome-letter") {
      const organizationId = String(formData.get("organization_id") ?? "");
      const requested = String(formData.get("locale") ?? "");
      const locale = LOA_LOCALES.find((code) => code === requested);
      await api.call("/api/branded-documents/welcome-letter", {
        method: "POST",
        json: { ...(isId(organizationId) ? { organization_id: Number(organizationId) } : {}), ...(locale ? { locale } : {}) },
      });
      message = t("toasts.generated");
    } else {
      return fail(["admin.errors.invalidRequest"]);
    }
  } catch (error) {
    const failure = actionFailure(error, `branded documents ${intent}`);
    return fail(failure.message ? [failure.message] : Object.values(failure.fields).flat());
  }
  if (wantsJson) return data<UploadReply>({ ok: true });
  // After a delete the panel of the deleted document closes.
  const target = new URL(back, "http://portal");
  if (intent === "delete") target.searchParams.delete("document");
  return redirectWithToast(target.pathname + target.search, { type: "success", message }, secret);
}
