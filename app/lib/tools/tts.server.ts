import { data, type RouterContextProvider } from "react-router";
import type { TtsCatalogue, TtsPrompt } from "~/components/tools/tts";
import { ttsSchema } from "~/components/tools/tts-schema";
import { getEnv } from "~/lib/cloudflare.server";
import { parseWithZod } from "~/lib/form-parse";
import { type FormReply, readFormData, replyWithErrors, saveFailed } from "~/lib/forms.server";
import type { SanctumClient } from "~/lib/sanctum/client.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getInstance } from "~/middleware/i18next";

export interface TtsReply extends FormReply {
  previewUrl?: string;
}

export function ttsCatalogue(api: SanctumClient): Promise<TtsCatalogue> {
  return api.call<TtsCatalogue>("/api/tts/voices");
}

/** The text the preview speaks: at most `limit` characters, cut at a word for plain text. */
function previewText(text: string, format: string, limit: number): string {
  if (format === "ssml" || text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const space = cut.lastIndexOf(" ");
  return space > limit / 2 ? cut.slice(0, space) : cut;
}

/**
 * The add and edit action: "Listen" asks the backend to render the unsaved text once (so its refusals show
 * at the fields) and answers the URL the player loads; "Save and render" and "Save as draft" save and go to
 * the prompt's page, whose status follows the render.
 */
export async function submitPrompt(
  request: Request,
  context: Readonly<RouterContextProvider>,
  api: SanctumClient,
  existing: TtsPrompt | null,
  { chooseOrganization = false }: { chooseOrganization?: boolean } = {},
) {
  const i18n = getInstance(context);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: ttsSchema });
  if (submission.status !== "success") return data<TtsReply>({ result: submission.reply() }, { status: 400 });
  const { intent, organization_id, ...values } = submission.value;
  // A new prompt by provider staff names its organization (issue 25); listening needs none.
  if (chooseOrganization && !existing && intent !== "preview" && !organization_id) {
    return replyWithErrors(submission, { organization_id: ["validation.required"] }, { status: 400 });
  }
  const label = existing ? "edit prompt" : "add prompt";

  if (intent === "preview") {
    const catalogue = await ttsCatalogue(api);
    const speech = {
      text: previewText(values.text, values.format, catalogue.preview_limit),
      format: values.format,
      language: values.language,
      voice: values.voice,
    };
    try {
      const response = await api.raw("/api/tts/preview", { method: "POST", json: speech });
      if (response.status === 422) {
        const body = (await response.json()) as { errors?: Record<string, string[]> };
        return replyWithErrors(submission, body.errors ?? { "": ["tts.previewFailed"] }, { status: 422 });
      }
      if (!response.ok) return replyWithErrors(submission, { "": ["tts.previewFailed"] }, { status: 502 });
      await response.body?.cancel();
    } catch (error) {
      return saveFailed(submission, error, label);
    }
    const previewUrl = `/tools/tts/preview?${new URLSearchParams(speech)}`;
    return data<TtsReply>({ result: submission.reply(), previewUrl });
  }

  const render = intent === "render";
  try {
    const saved = existing
      ? await api.call<TtsPrompt>(`/api/tts/${existing.id}`, { method: "PUT", json: { ...values, render } })
      : await api.call<TtsPrompt>("/api/tts", { method: "POST", json: { ...values, render, organization_id } });
    const key = `${existing ? "updated" : "created"}${render ? "" : "Draft"}` as const;
    const message = i18n.t(key, { ns: "tts", name: saved.name });
    return redirectWithToast(`/tools/tts/edit/${saved.id}`, { type: "success", message }, getEnv(context).SESSION_SECRET);
  } catch (error) {
    return saveFailed(submission, error, label);
  }
}
