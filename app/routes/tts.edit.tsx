import { useFormErrorToast } from "~/components/admin/form-toast";
import { formatDateTime } from "~/components/admin/format";
import { PageHeader } from "~/components/admin/page-header";
import { Download } from "~/components/icons";
import { useFollowRendering } from "~/components/tools/follow-rendering";
import { audioUrl, formatDuration, STATUS_VARIANTS, type TtsPrompt } from "~/components/tools/tts";
import { TtsForm } from "~/components/tools/tts-form";
import { ttsSchema } from "~/components/tools/tts-schema";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { loadRecord } from "~/lib/admin/upstream.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { useTranslation } from "~/lib/i18n";
import { requireScreen } from "~/lib/sanctum/context.server";
import { submitPrompt, ttsCatalogue } from "~/lib/tools/tts.server";
import type { StringsHandle } from "~/locales/types";
import type { Route } from "./+types/tts.edit";

export const handle: StringsHandle = { i18n: ["tts", "admin", "validation"] };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "tts-edit");
  const [record, catalogue] = await Promise.all([loadRecord<TtsPrompt>(api, "/api/tts/:id", params.id), ttsCatalogue(api)]);
  return { record, catalogue, constraint: formConstraint(ttsSchema) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "tts-edit");
  const record = await loadRecord<TtsPrompt>(api, "/api/tts/:id", params.id);
  return submitPrompt(request, context, api, record);
}

export default function EditPrompt({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useTranslation("tts");
  const { record, catalogue } = loaderData;
  useFormErrorToast(actionData);
  const refresh = useFollowRendering(record.status === "rendering");
  const date = record.rendered_at ? formatDateTime(language, record.rendered_at) : "";
  return (
    <div className="space-y-6">
      {refresh}
      <PageHeader title={t("editTitle", { name: record.name })} description={t("editDescription")} backTo="/tools/tts" />
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center gap-3">
          <CardTitle>{t("status.heading")}</CardTitle>
          <Badge variant={STATUS_VARIANTS[record.status]} data-testid="tts-status">
            {t(`statuses.${record.status}`)}
          </Badge>
        </CardHeader>
        <CardContent className="space-y-3" aria-live="polite">
          {record.status === "ready" && record.audio_url ? (
            <>
              <div className="flex flex-wrap items-center gap-3">
                {/* biome-ignore lint/a11y/useMediaCaption: synthesized speech of the prompt's text, shown below. */}
                <audio controls preload="metadata" src={audioUrl(record.id)} aria-label={t("audioOf", { name: record.name })} />
                <a href={audioUrl(record.id, true)} download className={buttonVariants({ variant: "outline" })}>
                  <Download aria-hidden="true" />
                  {t("download", { name: record.name })}
                </a>
              </div>
              <p className="text-muted-foreground text-sm">
                {record.rendered_by
                  ? t("status.ready", { name: record.rendered_by.name, date, duration: formatDuration(language, record.duration_ms) })
                  : t("status.readyNoUser", { date, duration: formatDuration(language, record.duration_ms) })}
              </p>
            </>
          ) : record.status === "failed" ? (
            <Alert variant="destructive">
              <AlertTitle>{t("statuses.failed")}</AlertTitle>
              <AlertDescription>{t("status.failed", { error: record.error ?? "" })}</AlertDescription>
            </Alert>
          ) : (
            <p className="text-muted-foreground text-sm">{t(`status.${record.status}`)}</p>
          )}
        </CardContent>
      </Card>
      <TtsForm
        key={record.updated_at}
        mode="edit"
        defaultValue={{
          name: record.name,
          description: record.description ?? "",
          format: record.format,
          text: record.text,
          language: record.language,
          voice: record.voice,
        }}
        lastResult={actionData?.result}
        constraint={loaderData.constraint}
        catalogue={catalogue}
        organizations={null}
        previewUrl={actionData && "previewUrl" in actionData ? String(actionData.previewUrl) : null}
      />
    </div>
  );
}
