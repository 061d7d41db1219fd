import { useEffect, useState, useSyncExternalStore } from "react";
import { data, Form, Link, useLocation, useNavigation, useRevalidator } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { Download, LoaderCircle } from "~/components/icons";
import { ImportTable } from "~/components/imports/import-table";
import { ImportSteps } from "~/components/imports/steps";
import { importTiming, importUrl, type NumberImport, type NumberImportDetail } from "~/components/imports/types";
import { NumberLink } from "~/components/numbers/number-link";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ErrorList } from "~/components/ui/form-field";
import { loadRecord, recordId } from "~/lib/admin/upstream.server";
import { getEnv } from "~/lib/cloudflare.server";
import { actionFailure, failureErrors, readFormData } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { formatDecimal, formatPercent, numberFormat } from "~/lib/intl";
import { can, requirePermission, requireScreen } from "~/lib/sanctum/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { cn } from "~/lib/utils";
import { translateError, useMessageStrings } from "~/lib/validation-message";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import { IMPORT_PREVIEW_ERRORS } from "../../common/number-imports";
import { formatNanp } from "../../common/phone-numbers";
import type { Route } from "./+types/tools.import.phone-numbers.step-2";

export const handle: StringsHandle = { i18n: ["imports", "admin", "e911", "validation"] };

/** Seconds between two reads of a running import (with JavaScript; without, the meta refresh). */
const POLL_SECONDS = 1;
const REFRESH_SECONDS = 3;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api, user } = requireScreen(context, "number-import-step-2");
  const job = await loadRecord<NumberImportDetail>(api, "/api/phone-number-imports/:id", params.id);
  return { job, canImport: can(user, "tools.phone_numbers.import") };
}

/** `intent=commit` (existing, skip_invalid) or `intent=resume`: both need the import permission. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "number-import-step-2");
  requirePermission(context, "tools.phone_numbers.import");
  const id = recordId(params.id);
  const t = getInstance(context).getFixedT(null, "imports");
  const form = await readFormData(request);
  const intent = form.get("intent");
  try {
    if (intent === "commit") {
      const job = await api.call<NumberImport>(`/api/phone-number-imports/${id}/commit`, {
        method: "POST",
        json: { existing: form.get("existing") === "update" ? "update" : "skip", skip_invalid: form.get("skip_invalid") === "on" },
      });
      return redirectWithToast(
        importUrl.preview(id),
        { type: "success", message: t("toasts.committed", { name: job.file_name }) },
        getEnv(context).SESSION_SECRET,
      );
    }
    if (intent === "resume") {
      const job = await api.call<NumberImport>(`/api/phone-number-imports/${id}/resume`, { method: "POST" });
      return redirectWithToast(
        importUrl.preview(id),
        { type: "success", message: t("toasts.resumed", { name: job.file_name }) },
        getEnv(context).SESSION_SECRET,
      );
    }
    return data({ errors: { "": ["imports.invalidRequest"] } as Record<string, string[]> }, { status: 400 });
  } catch (error) {
    const failure = actionFailure(error, "phone-number import commit");
    const { status } = failure;
    const errors = failureErrors(failure);
    return data({ errors }, { status });
  }
}

const noSubscribe = () => () => {};

/** Date.now() once hydrated, every second; null during SSR and without JavaScript (times then come from the server's answer). */
function useNow(active: boolean): number | null {
  const hydrated = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return hydrated ? now : null;
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-md border p-3">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="font-semibold text-xl tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export default function ImportNumbersPreview({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useTranslation("imports");
  const { job, canImport } = loaderData;
  useMessageStrings(job.errors.map((error) => error.message));
  const navigation = useNavigation();
  const location = useLocation();
  const revalidator = useRevalidator();
  const running = job.status === "queued" || job.status === "running";
  const now = useNow(running);
  const number = (value: number) => numberFormat(language).format(value);
  const duration = (seconds: number) =>
    seconds < 60
      ? t("duration.seconds", { count: seconds })
      : t("duration.minutes", { minutes: Math.floor(seconds / 60), seconds: seconds % 60 });
  const formErrors = actionData?.errors ? Object.values(actionData.errors).flat() : undefined;
  const existingRows = job.existing_rows ?? [];

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, POLL_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [running, revalidator]);

  // Without JavaScript the server's clock answers (updated_at of the last batch).
  const timing = importTiming(job, now ?? Date.parse(job.finished_at ?? job.updated_at));
  const percent = formatPercent(language, job.rows_to_commit > 0 ? job.rows_done / job.rows_to_commit : 0);
  const errorsSoFar = job.rows_invalid + job.failed_count;
  // "Nothing is in the inventory until you import" only while that is true (issue 25).
  const description =
    job.status === "completed"
      ? "preview.descriptionDone"
      : running || job.status === "interrupted"
        ? "preview.descriptionImporting"
        : "preview.description";

  return (
    <div className="space-y-6">
      {running && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant tag, no user data.
        <noscript dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${REFRESH_SECONDS}">` }} />
      )}
      <PageHeader title={t("preview.title", { name: job.file_name })} description={t(description)} backTo={importUrl.upload()} />
      <ImportSteps current="preview" />

      <Card>
        <CardHeader>
          <CardTitle>{t("preview.counts")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="import-counts">
            <Stat label={t("preview.rows")} value={number(job.rows_total)} testId="count-rows" />
            <Stat label={t("preview.valid")} value={number(job.rows_valid)} testId="count-valid" />
            <Stat label={t("preview.invalid")} value={number(job.rows_invalid)} testId="count-invalid" />
            <Stat label={t("preview.duplicates")} value={number(job.duplicates)} testId="count-duplicates" />
            <Stat label={t("preview.existing")} value={number(job.existing)} testId="count-existing" />
            {job.taken !== undefined && <Stat label={t("preview.taken")} value={number(job.taken)} testId="count-taken" />}
          </dl>
          {/* A repeat within the file and a number already in the inventory are different things (issue 25). */}
          <p className="text-sm">{t("preview.countsExplained")}</p>
          <p className="text-muted-foreground text-sm">
            {t("preview.validatedIn", { seconds: formatDecimal(language, job.validation_ms / 1000) })}
            {job.ignored_columns.length > 0 && <> {t("preview.ignoredColumns", { columns: job.ignored_columns.join(", ") })}</>}
          </p>
          {job.organizations.length > 0 && (
            <table className="w-full max-w-xl text-sm" data-testid="per-organization">
              <caption className="mb-2 text-start font-medium">{t("preview.perOrganization")}</caption>
              <thead className="border-b text-xs uppercase tracking-wide">
                <tr>
                  <th scope="col" className="py-2 text-start font-semibold">
                    {t("preview.organization")}
                  </th>
                  <th scope="col" className="py-2 text-end font-semibold">
                    {t("preview.valid")}
                  </th>
                  <th scope="col" className="py-2 text-end font-semibold">
                    {t("preview.existingColumn")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {job.organizations.map((entry) => (
                  <tr key={entry.organization_id} className="border-b last:border-b-0">
                    <td className="py-2">{entry.name}</td>
                    <td className="py-2 text-end tabular-nums">{number(entry.valid)}</td>
                    <td className="py-2 text-end tabular-nums">{number(entry.existing)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>

      {job.status === "validated" && (
        <Card>
          <CardContent className="space-y-4">
            {job.rows_valid === 0 ? (
              <Alert variant="destructive">
                <AlertDescription>{t("preview.nothingValid")}</AlertDescription>
              </Alert>
            ) : canImport ? (
              <Form method="post" className="space-y-4" data-testid="commit-form">
                <input type="hidden" name="intent" value="commit" />
                {job.existing > 0 && (
                  <fieldset className="space-y-2">
                    <legend className="mb-1 font-medium text-sm">{t("preview.existingChoice")}</legend>
                    <label className="flex items-center gap-2 text-sm">
                      <input type="radio" name="existing" value="skip" defaultChecked className="size-4 accent-primary" />
                      {t("preview.existingSkip")}
                    </label>
                    <label className="flex items-center gap-2 text-sm">
                      <input type="radio" name="existing" value="update" className="size-4 accent-primary" />
                      {t("preview.existingUpdate")}
                    </label>
                  </fieldset>
                )}
                {job.rows_invalid > 0 && (
                  <label className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name="skip_invalid" required className="size-4 accent-primary" />
                    {t("preview.skipInvalid", { count: job.rows_valid, invalid: job.rows_invalid })}
                  </label>
                )}
                <ErrorList errors={formErrors} className="font-medium" />
                <div className="flex flex-wrap items-center gap-3">
                  <Button type="submit" disabled={navigation.state === "submitting"}>
                    {navigation.state === "submitting" ? t("preview.committing") : t("preview.commit", { count: job.rows_valid })}
                  </Button>
                  <Link to={importUrl.upload()} className={buttonVariants({ variant: "outline" })}>
                    {t("preview.reupload")}
                  </Link>
                </div>
              </Form>
            ) : (
              <p className="text-sm">{t("preview.noPermission")}</p>
            )}
          </CardContent>
        </Card>
      )}

      {(running || job.status === "interrupted") && (
        <Card>
          <CardHeader>
            <CardTitle>{t("progress.title")}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            {/* Drawn by its own rules, not the browser's: at 0 % the bar is empty (issue 25). */}
            <progress
              className="h-2 w-full appearance-none overflow-hidden rounded-full bg-muted [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
              max={job.rows_to_commit || 1}
              value={job.rows_done}
              aria-label={t("progress.title")}
            >
              {percent}
            </progress>
            <div role="status" className="grid gap-1 text-sm sm:grid-cols-2" data-testid="import-progress">
              <span>{t("progress.rowsDone", { done: number(job.rows_done), total: number(job.rows_to_commit) })}</span>
              <span>{t("progress.errorsSoFar", { count: errorsSoFar })}</span>
              <span>{t("progress.elapsed", { time: duration(timing.elapsedSeconds) })}</span>
              <span>
                {timing.etaSeconds === null ? t("progress.etaUnknown") : t("progress.eta", { time: duration(timing.etaSeconds) })}
              </span>
            </div>
            {running && (
              <div className="flex flex-wrap items-center gap-3 text-sm">
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
                <span>{t("progress.refreshHint")}</span>
                <a href={location.pathname} className={cn(buttonVariants({ variant: "outline", size: "sm" }))}>
                  {t("progress.refresh")}
                </a>
              </div>
            )}
            {(job.status === "interrupted" || job.resumable) && (
              <>
                <Alert variant="destructive">
                  <AlertDescription>
                    {job.status === "interrupted" ? t("progress.interrupted", { reason: job.last_error ?? "—" }) : t("progress.stalled")}
                  </AlertDescription>
                </Alert>
                {canImport && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="resume" />
                    <ErrorList errors={formErrors} className="mb-2 font-medium" />
                    <Button type="submit">{t("progress.resume")}</Button>
                  </Form>
                )}
              </>
            )}
          </CardContent>
        </Card>
      )}

      {job.status === "completed" && (
        <Card>
          <CardHeader>
            <CardTitle>{t("done.title")}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="import-summary">
              <Stat label={t("done.created")} value={number(job.created_count)} testId="done-created" />
              <Stat label={t("done.updated")} value={number(job.updated_count)} />
              <Stat label={t("done.skipped")} value={number(job.skipped_count)} />
              <Stat label={t("done.failed")} value={number(job.failed_count)} />
              <Stat label={t("done.invalid")} value={number(job.rows_invalid)} />
            </dl>
            <p className="text-muted-foreground text-sm">{t("progress.elapsed", { time: duration(timing.elapsedSeconds) })}</p>
            <div className="flex flex-wrap gap-3">
              <Link to={importUrl.numbers(job.id)} className={buttonVariants()}>
                {t("done.viewNumbers")}
              </Link>
              <Link to={importUrl.upload()} className={buttonVariants({ variant: "outline" })}>
                {t("done.another")}
              </Link>
            </div>
          </CardContent>
        </Card>
      )}

      {existingRows.length > 0 && (
        <Card className="gap-0 py-0">
          <CardHeader className="py-4">
            <CardTitle>{t("preview.existingRows", { count: job.existing })}</CardTitle>
          </CardHeader>
          {job.existing > existingRows.length && (
            <p className="px-6 pb-4 text-sm">{t("preview.existingRowsFirst", { count: existingRows.length })}</p>
          )}
          <ImportTable testId="existing-rows" headings={[t("preview.row"), t("preview.number"), t("preview.outcome")]}>
            {existingRows.map((entry) => (
              <tr key={entry.row} className="border-b last:border-b-0" data-row={entry.row}>
                <td className="px-4 py-2 tabular-nums">{entry.row}</td>
                <td className="px-4 py-2">
                  <NumberLink label={formatNanp(entry.number)} id={entry.number_id} />
                </td>
                <td className="px-4 py-2">{t(`preview.outcomes.${entry.outcome ?? "pending"}`)}</td>
              </tr>
            ))}
          </ImportTable>
        </Card>
      )}

      <Card className="gap-0 py-0">
        <CardHeader className="py-4">
          <CardTitle>{t("preview.errors")}</CardTitle>
        </CardHeader>
        {job.errors.length === 0 ? (
          <p className="px-6 pb-6 text-sm">{t("preview.noErrors")}</p>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3 px-6 pb-4 text-sm">
              <span>{t("preview.errorsFirst", { count: Math.min(IMPORT_PREVIEW_ERRORS, job.errors.length) })}</span>
              <a href={importUrl.errors(job.id)} download className={buttonVariants({ variant: "outline", size: "sm" })}>
                <Download aria-hidden="true" />
                {t("preview.report")}
              </a>
            </div>
            <ImportTable testId="row-errors" headings={[t("preview.row"), t("preview.column"), t("preview.problem")]}>
              {job.errors.map((error) => (
                <tr key={error.row} className="border-b last:border-b-0" data-row={error.row}>
                  <td className="px-4 py-2 tabular-nums">{error.row}</td>
                  <td className="px-4 py-2 font-mono" dir="ltr">
                    {error.column ?? "—"}
                  </td>
                  <td className="px-4 py-2">{translateError(t, error.message)}</td>
                </tr>
              ))}
            </ImportTable>
          </>
        )}
      </Card>
    </div>
  );
}
