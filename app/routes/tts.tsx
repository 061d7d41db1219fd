import { useMemo } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { formatDateTime } from "~/components/admin/format";
import { listApiQuery, oneOf, redirectPastLastPage } from "~/components/admin/list-query";
import { PageHeader } from "~/components/admin/page-header";
import { DELETE_ROW, DeleteButton, EditLink, RowActions } from "~/components/admin/row-actions";
import { Download, Plus, RotateCcw } from "~/components/icons";
import { useFollowRendering } from "~/components/tools/follow-rendering";
import { audioUrl, formatDuration, STATUS_VARIANTS, TTS_LANGUAGES, TTS_STATUSES, type TtsPrompt } from "~/components/tools/tts";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { ColumnDef } from "~/components/ui/data-table";
import { DataTable } from "~/components/ui/data-table";
import { FilterSelect } from "~/components/ui/list-filters";
import { listUrl } from "~/lib/admin/upstream.server";
import { getEnv } from "~/lib/cloudflare.server";
import { actionFailureText, readFormData } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { type Paginated, parseListParams } from "~/lib/list-params";
import { organizationFilter } from "~/lib/organization-filter.server";
import { can, requirePermission, requireScreen } from "~/lib/sanctum/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { cn } from "~/lib/utils";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/tts";

export const handle: StringsHandle = { i18n: ["tts", "admin"] };

const SORTS = ["name", "language", "status", "duration_ms", "created_at", "rendered_at"] as const;

/** Prompts: search, language and status filters, an inline player per ready row. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "tts");
  const list = parseListParams(new URL(request.url));
  const query = listApiQuery(list, {
    sorts: SORTS,
    filters: { language: oneOf(TTS_LANGUAGES), status: oneOf(TTS_STATUSES) },
    organizationId: organizationFilter(request, user),
  });
  const page = await api.call<Paginated<TtsPrompt>>("/api/tts", { query });
  redirectPastLastPage(request, page);
  return { page, allowed: { modify: can(user, "tools.text_to_speech.modify") }, showOrganization: user.is_provider };
}

/**
 * Row actions (`id` and `intent`): `delete` a prompt, or `render` a failed one again (`POST /api/tts/{id}/render`,
 * on the queue); back to the same list with a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "tts");
  requirePermission(context, "tools.text_to_speech.modify");
  const i18n = getInstance(context);
  const secret = getEnv(context).SESSION_SECRET;
  const back = listUrl(request);
  const form = await readFormData(request);
  const id = Number(form.get("id"));
  const intent = form.get("intent");
  if ((intent !== "delete" && intent !== "render") || !Number.isInteger(id) || id <= 0) {
    return redirectWithToast(back, { type: "error", message: i18n.t("errors.invalidRequest", { ns: "admin" }) }, secret);
  }
  if (intent === "render") {
    try {
      const prompt = await api.call<{ name: string }>(`/api/tts/${id}/render`, { method: "POST" });
      return redirectWithToast(back, { type: "success", message: i18n.t("renderQueued", { ns: "tts", name: prompt.name }) }, secret);
    } catch (error) {
      const message = actionFailureText(i18n.t, error, `render prompt ${id}`, "tts:renderAgainFailed");
      return redirectWithToast(back, { type: "error", message }, secret);
    }
  }
  try {
    await api.call(`/api/tts/${id}`, { method: "DELETE" });
    return redirectWithToast(back, { type: "success", message: i18n.t("deleted", { ns: "tts" }) }, secret);
  } catch (error) {
    const message = actionFailureText(i18n.t, error, `delete prompt ${id}`, "tts:deleteFailed");
    return redirectWithToast(back, { type: "error", message }, secret);
  }
}

/** "Render again" on a failed prompt: a plain form post to this list's action (works without JavaScript). */
function RenderAgainButton({ prompt }: { prompt: Pick<TtsPrompt, "id" | "name"> }) {
  const { t } = useTranslation("tts");
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("id") === String(prompt.id);
  const label = t("renderAgainLabel", { name: prompt.name });
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value="render" />
      <input type="hidden" name="id" value={prompt.id} />
      <Button type="submit" variant="ghost" size="sm" aria-label={label} title={label} disabled={pending}>
        <RotateCcw aria-hidden="true" />
        {t("renderAgain")}
      </Button>
    </Form>
  );
}

export default function TextToSpeech({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation("tts");
  const { t: ta } = useTranslation("admin");
  const [searchParams] = useSearchParams();
  const { page, allowed, showOrganization } = loaderData;
  const filters = parseListParams(searchParams).filters;
  const locale = language;
  const refresh = useFollowRendering(page.data.some((prompt) => prompt.status === "rendering"));

  const columns = useMemo<ColumnDef<TtsPrompt>[]>(
    () => [
      {
        id: "name",
        meta: { label: t("columns.name"), sortable: true },
        enableHiding: false,
        cell: ({ row }) => (
          <div className="flex flex-col">
            <span className="font-medium text-foreground">{row.original.name}</span>
            {row.original.description && <span className="text-[0.8125rem]">{row.original.description}</span>}
          </div>
        ),
      },
      ...(showOrganization
        ? [
            {
              id: "organization",
              meta: { label: t("columns.organization"), truncate: true },
              cell: ({ row }) => row.original.organization.name,
            } as ColumnDef<TtsPrompt>,
          ]
        : []),
      {
        id: "language",
        meta: { label: t("columns.language"), sortable: true },
        cell: ({ row }) => t(`languages.${row.original.language}`),
      },
      {
        id: "status",
        meta: { label: t("columns.status"), sortable: true },
        cell: ({ row }) => (
          <Badge variant={STATUS_VARIANTS[row.original.status]} title={row.original.error ?? undefined}>
            {t(`statuses.${row.original.status}`)}
          </Badge>
        ),
      },
      {
        id: "duration_ms",
        meta: { label: t("columns.duration"), sortable: true, className: "tabular-nums" },
        cell: ({ row }) => formatDuration(locale, row.original.duration_ms),
      },
      {
        id: "audio",
        meta: { label: t("columns.audio") },
        cell: ({ row }) =>
          row.original.status === "ready" && row.original.audio_url ? (
            // biome-ignore lint/a11y/useMediaCaption: synthesized speech of a text shown on the prompt's page.
            <audio
              controls
              preload="none"
              src={audioUrl(row.original.id)}
              aria-label={t("audioOf", { name: row.original.name })}
              className="h-9 w-64 max-w-full"
            />
          ) : (
            "—"
          ),
      },
      {
        id: "rendered_at",
        meta: { label: t("columns.renderedAt"), sortable: true },
        cell: ({ row }) => (row.original.rendered_at ? formatDateTime(locale, row.original.rendered_at) : "—"),
      },
      {
        id: "actions",
        enableHiding: false,
        header: () => <span className="sr-only">{ta("actions.actions")}</span>,
        meta: { label: ta("actions.actions"), className: "text-end" },
        cell: ({ row }) => {
          const prompt = row.original;
          return (
            <RowActions>
              {prompt.status === "ready" && (
                <a
                  href={audioUrl(prompt.id, true)}
                  download
                  aria-label={t("download", { name: prompt.name })}
                  title={t("download", { name: prompt.name })}
                  className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "text-muted-foreground")}
                >
                  <Download aria-hidden="true" />
                </a>
              )}
              {allowed.modify && prompt.status === "failed" && <RenderAgainButton prompt={prompt} />}
              {allowed.modify && <EditLink to={`/tools/tts/edit/${prompt.id}`} label={t("edit", { name: prompt.name })} />}
              {allowed.modify && (
                <DeleteButton
                  id={prompt.id}
                  label={t("delete", { name: prompt.name })}
                  title={() => t("deleteTitle", { name: prompt.name })}
                  description={() => t("deleteDescription")}
                />
              )}
            </RowActions>
          );
        },
      },
    ],
    [t, ta, locale, allowed, showOrganization],
  );

  return (
    <div className="space-y-6">
      {refresh}
      <PageHeader title={t("title")} description={t("description")} />
      <Card className="gap-0 py-0">
        <DataTable
          columns={columns}
          page={page}
          label={t("tableLabel")}
          getRowId={(row) => String(row.id)}
          rowForms={allowed.modify ? [DELETE_ROW] : undefined}
          searchPlaceholder={t("searchPlaceholder")}
          emptyMessage={t("empty")}
          exportTo="/exports/tts"
          filters={
            <>
              <FilterSelect
                name="language"
                label={t("filters.language")}
                allLabel={t("filters.allLanguages")}
                value={filters.language}
                options={TTS_LANGUAGES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
              />
              <FilterSelect
                name="status"
                label={t("filters.status")}
                allLabel={t("filters.allStatuses")}
                value={filters.status}
                options={TTS_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
              />
            </>
          }
          toolbar={
            allowed.modify && (
              <Link to="/tools/tts/add" className={buttonVariants()}>
                <Plus aria-hidden="true" />
                {t("add")}
              </Link>
            )
          }
        />
      </Card>
    </div>
  );
}
