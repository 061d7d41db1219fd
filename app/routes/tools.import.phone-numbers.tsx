import { useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { formatDateTime } from "~/components/admin/format";
import { PageHeader } from "~/components/admin/page-header";
import { Download, Upload } from "~/components/icons";
import { ImportTable } from "~/components/imports/import-table";
import { ImportSteps } from "~/components/imports/steps";
import { importUrl, type NumberImport } from "~/components/imports/types";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ErrorList } from "~/components/ui/form-field";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { organizationOptions } from "~/lib/admin/options.server";
import { actionFailure, failureErrors, readFormData } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { numberFormat } from "~/lib/intl";
import { type Paginated, parseListParams } from "~/lib/list-params";
import { organizationFilter } from "~/lib/organization-filter.server";
import { can, requireScreen } from "~/lib/sanctum/context.server";
import { cn } from "~/lib/utils";
import type { StringsHandle } from "~/locales/types";
import {
  detectDelimiter,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_PASTE_CHARS,
  IMPORT_MAX_ROWS,
  IMPORT_UPLOAD_PERMISSIONS,
  type ImportStatus,
  importColumn,
} from "../../common/number-imports";
import type { Route } from "./+types/tools.import.phone-numbers";

export const handle: StringsHandle = { i18n: ["imports", "admin", "e911", "validation"] };

/** An upload is validated while it streams: 200k rows take longer than an ordinary call may. */
const UPLOAD_TIMEOUT_MS = 180_000;
const HISTORY_PAGE_SIZE = 10;

const STATUS_VARIANTS: Record<ImportStatus, "default" | "info" | "success" | "warning" | "destructive"> = {
  validating: "default",
  validated: "info",
  queued: "info",
  running: "info",
  interrupted: "warning",
  completed: "success",
};

/** Uploading is a write: a role that can add numbers (order or import), as the backend checks it. */
const canUpload = (user: Parameters<typeof can>[0]) => IMPORT_UPLOAD_PERMISSIONS.some((key) => can(user, key));

/** Step 1: the upload forms, the template and column guide, and the import history (tenant-scoped by the backend). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, user } = requireScreen(context, "number-import");
  // The list rules: a page that is not a positive integer of at most 9 digits (`1e30`, `-1`, `x`) is page 1.
  const { page } = parseListParams(new URL(request.url));
  const [history, organizations] = await Promise.all([
    api.call<Paginated<NumberImport>>("/api/phone-number-imports", { query: { page, per_page: HISTORY_PAGE_SIZE } }),
    user.is_provider ? organizationOptions(api) : Promise.resolve(null),
  ]);
  return { history, organizations, defaultOrganization: organizationFilter(request, user) ?? null, canUpload: canUpload(user) };
}

/**
 * A file (multipart) is passed through to the backend as it arrives, never read here; pasted rows
 * (urlencoded, bounded) are forwarded as a form and come back with the page when they are refused.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, user } = requireScreen(context, "number-import");
  // Read-only roles (Auditor) see the history, never upload (issue 23, item 7).
  if (!canUpload(user)) throw data({ permission: IMPORT_UPLOAD_PERMISSIONS[0] }, { status: 401, statusText: "Not authorized" });
  const contentType = request.headers.get("Content-Type") ?? "";
  const streamed = /^multipart\/form-data/i.test(contentType) && request.body !== null;
  // Anything but a form is refused here (415/400), before the backend is involved (issue 23, item 7).
  const form = streamed ? null : await readFormData(request);
  let pasted: string | null = null;
  try {
    let created: NumberImport;
    if (!form && request.body) {
      created = await api.call<NumberImport>("/api/phone-number-imports", {
        method: "POST",
        stream: { body: request.body, contentType },
        timeoutMs: UPLOAD_TIMEOUT_MS,
      });
    } else {
      if (!form) throw new Error("unreachable: a form body was read above");
      pasted = String(form.get("text") ?? "").slice(0, IMPORT_MAX_PASTE_CHARS + 1);
      const body = new FormData();
      const organizationId = String(form.get("organization_id") ?? "");
      if (organizationId) body.set("organization_id", organizationId);
      body.set("text", pasted);
      created = await api.call<NumberImport>("/api/phone-number-imports", { method: "POST", body, timeoutMs: UPLOAD_TIMEOUT_MS });
    }
    return redirect(importUrl.preview(created.id));
  } catch (error) {
    const failure = actionFailure(error, "phone-number import upload");
    const { status } = failure;
    const errors = failureErrors(failure);
    return data({ errors, pasted, form: pasted === null ? "file" : "paste" }, { status });
  }
}

/** The file input as a drop zone that also reads the first line and says whether the upload can work. */
function FileDrop({ describedBy }: { describedBy: string }) {
  const { t } = useTranslation("imports");
  const input = useRef<HTMLInputElement>(null);
  const [hint, setHint] = useState<{ ok: boolean; text: string } | null>(null);
  const [dragging, setDragging] = useState(false);

  async function check(file: File | undefined) {
    if (!file) return setHint(null);
    const head = await file.slice(0, 64 * 1024).text();
    const firstLine = head.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/, 1)[0] ?? "";
    const headers = firstLine.split(detectDelimiter(firstLine)).map((header) => header.replace(/^"|"$/g, "").trim());
    const columns = headers.filter(Boolean).join(", ");
    const ok = headers.some((header) => importColumn(header) === "number");
    setHint({ ok, text: ok ? t("upload.headerOk", { columns }) : t("upload.headerMissingNumber", { columns: columns || "—" }) });
  }

  return (
    <div className="space-y-2">
      <label
        htmlFor="import-file"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (input.current && event.dataTransfer.files.length > 0) {
            input.current.files = event.dataTransfer.files;
            void check(event.dataTransfer.files[0]);
          }
        }}
        className={cn(
          "flex cursor-pointer flex-col items-center gap-2 rounded-md border border-dashed p-6 text-center text-sm",
          dragging ? "border-primary bg-primary-subtle" : "border-input",
        )}
      >
        <Upload aria-hidden="true" className="size-6 text-muted-foreground" />
        <span className="font-medium">{t("upload.drop")}</span>
      </label>
      <input
        ref={input}
        id="import-file"
        name="file"
        type="file"
        required
        accept=".csv,.txt,.tsv,text/csv,text/plain"
        aria-describedby={describedBy}
        onChange={(event) => void check(event.currentTarget.files?.[0])}
        className="block w-full text-sm file:me-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1.5 file:font-medium file:text-secondary-foreground"
      />
      <p
        aria-live="polite"
        data-testid="header-check"
        className={cn("text-[0.8125rem]", hint && !hint.ok ? "text-destructive" : "text-muted-foreground")}
      >
        {hint?.text}
      </p>
    </div>
  );
}

function OrganizationSelect({
  id,
  organizations,
  defaultValue,
  errors,
}: {
  id: string;
  organizations: { id: number; name: string }[];
  defaultValue: string;
  errors?: string[];
}) {
  const { t } = useTranslation("imports");
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="font-medium text-sm">
        {t("upload.organization")}
      </label>
      <NativeSelect id={id} name="organization_id" defaultValue={defaultValue} aria-describedby={`${id}-description`}>
        <option value="">{t("upload.organizationNone")}</option>
        {organizations.map((organization) => (
          <option key={organization.id} value={organization.id}>
            {organization.name}
          </option>
        ))}
      </NativeSelect>
      <p id={`${id}-description`} className="text-[0.8125rem] text-muted-foreground">
        {t("upload.organizationDescription")}
      </p>
      <ErrorList errors={errors} />
    </div>
  );
}

export default function ImportNumbersUpload({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useTranslation("imports");
  const navigation = useNavigation();
  const { history, organizations, defaultOrganization, canUpload: uploads } = loaderData;
  const busy = navigation.state === "submitting";
  const errors = actionData?.errors ?? {};
  const fileErrors = actionData?.form === "file" ? [...(errors[""] ?? []), ...(errors.file ?? [])] : undefined;
  const pasteErrors = actionData?.form === "paste" ? [...(errors[""] ?? []), ...(errors.file ?? []), ...(errors.text ?? [])] : undefined;
  const page = history.current_page;
  const number = (value: number) => numberFormat(language).format(value);

  return (
    <div className="space-y-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        backTo="/tools/numbers"
        actions={
          <a href={importUrl.template()} download className={buttonVariants({ variant: "outline" })}>
            <Download aria-hidden="true" />
            {t("template.download")}
          </a>
        }
      />
      <ImportSteps current="upload" />
      {!uploads && (
        <p className="rounded-md border p-4 text-sm" data-testid="import-read-only">
          {t("upload.readOnly")}
        </p>
      )}
      {uploads && (
        <div className="grid gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>{t("upload.section")}</CardTitle>
            </CardHeader>
            <CardContent>
              {/* A real multipart post: works without JavaScript; the portal streams it to the backend. */}
              <Form method="post" encType="multipart/form-data" className="space-y-4" aria-label={t("upload.section")}>
                {organizations && (
                  <OrganizationSelect
                    id="file-organization"
                    organizations={organizations}
                    defaultValue={defaultOrganization ? String(defaultOrganization) : ""}
                    errors={actionData?.form === "file" ? errors.organization_id : undefined}
                  />
                )}
                <FileDrop describedBy="import-file-description" />
                <p id="import-file-description" className="text-[0.8125rem] text-muted-foreground">
                  {t("upload.fileDescription", { maxMb: IMPORT_MAX_BYTES / 1024 / 1024, maxRows: number(IMPORT_MAX_ROWS) })}
                </p>
                <ErrorList errors={fileErrors} className="font-medium" />
                <Button type="submit" disabled={busy}>
                  {busy ? t("upload.submitting") : t("upload.submit")}
                </Button>
              </Form>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t("upload.paste")}</CardTitle>
            </CardHeader>
            <CardContent>
              <Form method="post" className="space-y-4" aria-label={t("upload.paste")}>
                {organizations && (
                  <OrganizationSelect
                    id="paste-organization"
                    organizations={organizations}
                    defaultValue={defaultOrganization ? String(defaultOrganization) : ""}
                    errors={actionData?.form === "paste" ? errors.organization_id : undefined}
                  />
                )}
                <div className="space-y-1.5">
                  <label htmlFor="import-text" className="font-medium text-sm">
                    {t("upload.pasteLabel")}
                  </label>
                  <Textarea
                    id="import-text"
                    name="text"
                    rows={8}
                    required
                    dir="ltr"
                    maxLength={IMPORT_MAX_PASTE_CHARS}
                    defaultValue={actionData?.pasted ?? ""}
                    aria-describedby="import-text-description"
                    aria-invalid={pasteErrors && pasteErrors.length > 0 ? true : undefined}
                    className="font-mono text-[0.8125rem]"
                    placeholder={"number,organization,label\n+1 212 555 0142,BUS-10021,Front desk"}
                  />
                  <p id="import-text-description" className="text-[0.8125rem] text-muted-foreground">
                    {t("upload.pasteDescription")}
                  </p>
                  <ErrorList errors={pasteErrors} className="font-medium" />
                </div>
                <Button type="submit" variant="secondary" disabled={busy}>
                  {t("upload.pasteSubmit")}
                </Button>
              </Form>
            </CardContent>
          </Card>
        </div>
      )}

      <Card>
        <CardHeader>
          <CardTitle>{t("template.title")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3 text-sm">
          <p>{t("template.intro")}</p>
          <table className="w-full text-sm" data-testid="column-guide">
            <thead className="border-b text-xs uppercase tracking-wide">
              <tr>
                <th scope="col" className="py-2 pe-4 text-start font-semibold">
                  {t("template.column")}
                </th>
                <th scope="col" className="py-2 text-start font-semibold">
                  {t("template.meaning")}
                </th>
              </tr>
            </thead>
            <tbody>
              {(["number", "organization", "type", "label", "cnam", "e911"] as const).map((column) => (
                <tr key={column} className="border-b last:border-b-0 align-top">
                  <th scope="row" className="py-2 pe-4 text-start font-mono font-medium" dir="ltr">
                    {column === "e911" ? "e911_*" : column}
                  </th>
                  <td className="py-2">{t(`template.columns.${column}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>

      <Card className="gap-0 py-0">
        <CardHeader className="py-4">
          <CardTitle>{t("history.title")}</CardTitle>
        </CardHeader>
        <ImportTable
          testId="import-history"
          headings={(["file", "by", "when", "rows", "valid", "invalid", "status"] as const).map((column) => t(`history.${column}`))}
        >
          {history.data.length === 0 && (
            <tr>
              <td colSpan={7} className="px-4 py-6 text-center text-muted-foreground">
                {t("history.empty")}
              </td>
            </tr>
          )}
          {history.data.map((entry) => (
            <tr key={entry.id} className="border-b last:border-b-0">
              <td className="px-4 py-3 font-medium">
                <Link
                  to={importUrl.preview(entry.id)}
                  aria-label={t("history.open", { name: entry.file_name })}
                  className="underline-offset-4 hover:underline"
                >
                  {entry.file_name}
                </Link>
              </td>
              <td className="px-4 py-3">{entry.created_by_name ?? "—"}</td>
              <td className="whitespace-nowrap px-4 py-3">{formatDateTime(language, entry.created_at)}</td>
              <td className="px-4 py-3 tabular-nums">{number(entry.rows_total)}</td>
              <td className="px-4 py-3 tabular-nums">{number(entry.rows_valid)}</td>
              <td className="px-4 py-3 tabular-nums">{number(entry.rows_invalid)}</td>
              <td className="px-4 py-3">
                <Badge variant={STATUS_VARIANTS[entry.status]}>{t(`statuses.${entry.status}`)}</Badge>
              </td>
            </tr>
          ))}
        </ImportTable>
        {history.last_page > 1 && (
          <nav className="flex items-center justify-end gap-2 border-t px-4 py-3" aria-label={t("history.title")}>
            {page > 1 && (
              <Link to={`?page=${page - 1}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
                {page - 1}
              </Link>
            )}
            <span className="text-sm" aria-current="page">
              {page} / {history.last_page}
            </span>
            {page < history.last_page && (
              <Link to={`?page=${page + 1}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
                {page + 1}
              </Link>
            )}
          </nav>
        )}
      </Card>
    </div>
  );
}
