import { useRef, useState } from "react";
import { Form, Link, useRevalidator, useSearchParams } from "react-router";
import { formatDateTime } from "~/components/admin/format";
import { isId, listApiQuery, oneOf, redirectPastLastPage } from "~/components/admin/list-query";
import { PageHeader } from "~/components/admin/page-header";
import { DELETE_ROW, RowActions } from "~/components/admin/row-actions";
import { Download, FileText, Trash2, Upload } from "~/components/icons";
import { notify } from "~/components/toasts";
import { LetterLanguageSelect } from "~/components/tools/porting-loa";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { ColumnDef } from "~/components/ui/data-table";
import { DataTable } from "~/components/ui/data-table";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { FilterSelect, OrganizationFilter } from "~/components/ui/list-filters";
import { NativeSelect } from "~/components/ui/select";
import { organizationOptions } from "~/lib/admin/options.server";
import { documentAction, type UploadReply } from "~/lib/documents/actions.server";
import { useTranslation } from "~/lib/i18n";
import { formatFileSize } from "~/lib/intl";
import { type Paginated, parseListParams } from "~/lib/list-params";
import { organizationFilter } from "~/lib/organization-filter.server";
import { can, requirePermission, requireScreen, UpstreamError } from "~/lib/sanctum/context.server";
import { cn } from "~/lib/utils";
import type { StringsHandle } from "~/locales/types";
import type { Route } from "./+types/branded-documents";

export const handle: StringsHandle = { i18n: ["documents", "admin", "loa"] };

const DOCUMENT_KINDS = ["pdf", "png", "jpeg", "webp", "gif", "svg"] as const;
const SCOPES = ["organization", "shared"] as const;
const SORTS = ["name", "kind", "size", "updated_at", "uploader_name"] as const;
const ACCEPT = ".pdf,.png,.jpg,.jpeg,.webp,.gif,.svg,application/pdf,image/png,image/jpeg,image/webp,image/gif,image/svg+xml";

interface BrandedDocument {
  id: number;
  organization_id: number | null;
  organization_name: string | null;
  name: string;
  kind: (typeof DOCUMENT_KINDS)[number];
  content_type: string;
  size: number;
  version: number;
  uploader_name: string;
  created_at: string;
  updated_at: string;
}

interface DocumentDetail extends BrandedDocument {
  versions: { version: number; name: string; size: number; uploader_name: string; created_at: string }[];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "branded-documents");
  const url = new URL(request.url);
  const list = parseListParams(url);
  const query = listApiQuery(list, {
    sorts: SORTS,
    filters: { kind: oneOf(DOCUMENT_KINDS), scope: oneOf(SCOPES), ...(user.is_provider ? { organization_id: isId } : {}) },
    organizationId: organizationFilter(request, user),
  });
  const selected = url.searchParams.get("document");
  const [page, organizations, detail] = await Promise.all([
    api.call<Paginated<BrandedDocument>>("/api/branded-documents", { query }),
    user.is_provider ? organizationOptions(api) : null,
    selected && isId(selected)
      ? api.call<DocumentDetail>(`/api/branded-documents/${selected}`).catch((error: unknown) => {
          if (error instanceof UpstreamError && error.status === 404) return null;
          throw error;
        })
      : null,
  ]);
  redirectPastLastPage(request, page);
  return {
    page,
    organizations,
    detail,
    canManage: can(user, "resources.manage"),
    isProvider: user.is_provider,
    filters: list.filters,
    defaultOrganizationId: organizationFilter(request, user),
  };
}

/** Upload, rename, replace, delete and "generate welcome letter" (see documentAction). */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "branded-documents");
  requirePermission(context, "resources.manage");
  return documentAction(request, context, api, { json: false });
}

const fileUrl = (id: number, options: { inline?: boolean; version?: number } = {}) => {
  const params = new URLSearchParams();
  if (options.inline) params.set("inline", "1");
  if (options.version) params.set("version", String(options.version));
  const search = params.toString();
  return `/branded-documents/${id}/file${search ? `?${search}` : ""}`;
};

export default function BrandedDocuments({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation(["documents", "admin"]);
  const [searchParams] = useSearchParams();
  const { page, organizations, detail, canManage, isProvider, filters, defaultOrganizationId } = loaderData;
  const locale = language;
  const manageable = (document: BrandedDocument) => canManage && (isProvider || document.organization_id !== null);
  const documentLink = (id: number) => {
    const params = new URLSearchParams(searchParams);
    params.set("document", String(id));
    return `?${params.toString()}`;
  };

  const columns: ColumnDef<BrandedDocument>[] = [
    {
      id: "name",
      meta: { label: t("columns.name"), sortable: true },
      enableHiding: false,
      cell: ({ row }) => (
        <Link to={documentLink(row.original.id)} className="font-medium text-primary hover:underline">
          {row.original.name}
        </Link>
      ),
    },
    {
      id: "kind",
      meta: { label: t("columns.type"), sortable: true },
      cell: ({ row }) => <Badge variant="secondary">{t(`kinds.${row.original.kind}`)}</Badge>,
    },
    {
      id: "size",
      meta: { label: t("columns.size"), sortable: true },
      cell: ({ row }) => <span className="whitespace-nowrap">{formatFileSize(locale, row.original.size)}</span>,
    },
    { id: "uploader_name", meta: { label: t("columns.uploader"), sortable: true }, cell: ({ row }) => row.original.uploader_name },
    {
      id: "updated_at",
      meta: { label: t("columns.date"), sortable: true },
      cell: ({ row }) => (
        <time dateTime={row.original.updated_at} className="whitespace-nowrap">
          {formatDateTime(locale, row.original.updated_at)}
        </time>
      ),
    },
    ...(isProvider
      ? [
          {
            id: "organization",
            meta: { label: t("columns.organization"), truncate: true },
            cell: ({ row }) => row.original.organization_name ?? <Badge variant="info">{t("shared")}</Badge>,
          } satisfies ColumnDef<BrandedDocument>,
        ]
      : []),
    {
      id: "actions",
      enableHiding: false,
      header: () => <span className="sr-only">{t("admin:actions.actions")}</span>,
      meta: { label: t("admin:actions.actions"), className: "text-end" },
      cell: ({ row }) => (
        <RowActions>
          <a
            href={fileUrl(row.original.id)}
            download
            aria-label={t("actions.downloadNamed", { name: row.original.name })}
            title={t("actions.download")}
            className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "text-muted-foreground")}
          >
            <Download aria-hidden="true" />
          </a>
          {manageable(row.original) && <DeleteDocument document={row.original} />}
        </RowActions>
      ),
    },
  ];

  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("description")} />
      {detail && <DocumentPanel document={detail} canManage={manageable(detail)} />}
      {canManage && <UploadCard organizations={organizations} defaultOrganizationId={defaultOrganizationId} />}
      <Card className="gap-0 py-0">
        <DataTable
          columns={columns}
          page={page}
          label={t("title")}
          getRowId={(row) => String(row.id)}
          rowForms={canManage ? [DELETE_ROW] : undefined}
          searchPlaceholder={t("search")}
          emptyMessage={t("empty")}
          filters={
            <>
              <FilterSelect
                name="kind"
                label={t("filters.type")}
                value={filters.kind}
                allLabel={t("filters.all")}
                options={DOCUMENT_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
              />
              <FilterSelect
                name="scope"
                label={t("filters.scope")}
                value={filters.scope}
                allLabel={t("filters.all")}
                options={SCOPES.map((scope) => ({ value: scope, label: t(`scopes.${scope}`) }))}
              />
              <OrganizationFilter
                organizations={organizations}
                label={t("columns.organization")}
                allLabel={t("filters.allOrganizations")}
                value={filters.organization_id}
              />
            </>
          }
        />
      </Card>
    </div>
  );
}

function DeleteDocument({ document }: { document: BrandedDocument }) {
  const { t } = useTranslation(["documents", "admin"]);
  return (
    <ConfirmDialog
      destructive
      title={() => t("delete.title")}
      description={() => t("delete.description", { name: document.name })}
      confirmLabel={t("admin:actions.delete")}
      row={{ form: DELETE_ROW, name: "id", value: document.id }}
      triggerProps={{
        variant: "ghost",
        size: "icon",
        "aria-label": t("actions.deleteNamed", { name: document.name }),
        title: t("actions.delete"),
        className: "text-muted-foreground hover:text-destructive",
      }}
    >
      <Trash2 aria-hidden="true" />
    </ConfirmDialog>
  );
}

/** Preview, download, versions; rename and replace for those who may manage it. Opened by `?document=<id>`. */
function DocumentPanel({ document, canManage }: { document: DocumentDetail; canManage: boolean }) {
  const { t, language } = useTranslation(["documents", "admin"]);
  const [searchParams] = useSearchParams();
  const close = new URLSearchParams(searchParams);
  close.delete("document");
  const image = document.kind !== "pdf";
  return (
    <Card data-testid="document-panel">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>{document.name}</CardTitle>
          <CardDescription>
            {t(`kinds.${document.kind}`)} · {formatFileSize(language, document.size)} · {t("versionN", { version: document.version })}
          </CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={fileUrl(document.id)} download className={buttonVariants({ variant: "default" })}>
            <Download aria-hidden="true" />
            {t("actions.download")}
          </a>
          {!image && (
            <a
              href={fileUrl(document.id, { inline: true })}
              target="_blank"
              rel="noopener"
              className={buttonVariants({ variant: "outline" })}
            >
              <FileText aria-hidden="true" />
              {t("actions.openPdf")}
            </a>
          )}
          <Link to={`?${close.toString()}`} className={buttonVariants({ variant: "ghost" })}>
            {t("actions.close")}
          </Link>
        </div>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-2">
        <div className="flex min-h-40 items-center justify-center rounded-md border bg-muted/40 p-4">
          {image ? (
            <img
              src={fileUrl(document.id, { inline: true })}
              alt={t("previewOf", { name: document.name })}
              className="max-h-80 max-w-full object-contain"
            />
          ) : (
            <p className="text-muted-foreground text-sm">{t("pdfPreviewHint")}</p>
          )}
        </div>
        <div className="space-y-6">
          {canManage && (
            <>
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="rename" />
                <input type="hidden" name="id" value={document.id} />
                <div className="flex min-w-52 flex-1 flex-col gap-1.5">
                  <Label htmlFor="rename-document">{t("rename.label")}</Label>
                  <Input id="rename-document" name="name" defaultValue={document.name} required maxLength={200} />
                </div>
                <Button type="submit" variant="outline">
                  {t("rename.submit")}
                </Button>
              </Form>
              <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="replace" />
                <input type="hidden" name="id" value={document.id} />
                <div className="flex min-w-52 flex-1 flex-col gap-1.5">
                  <Label htmlFor="replace-document">{t("replace.label")}</Label>
                  <Input id="replace-document" name="file" type="file" accept={ACCEPT} required />
                </div>
                <Button type="submit" variant="outline">
                  {t("replace.submit")}
                </Button>
              </Form>
            </>
          )}
          <div>
            <h3 className="mb-2 font-medium">{t("versions.title")}</h3>
            {document.versions.length === 0 ? (
              <p className="text-muted-foreground text-sm">{t("versions.none")}</p>
            ) : (
              <ul className="space-y-1 text-sm">
                {document.versions.map((version) => (
                  <li key={version.version} className="flex flex-wrap items-center gap-2">
                    <a href={fileUrl(document.id, { version: version.version })} download className="text-primary hover:underline">
                      {t("versions.entry", { version: version.version, name: version.name })}
                    </a>
                    <span className="text-muted-foreground">
                      {formatFileSize(language, version.size)} · {version.uploader_name} · {formatDateTime(language, version.created_at)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * Upload: a plain multipart form post (works without JavaScript). With JavaScript, files can be dropped on
 * it and the upload shows its progress (XMLHttpRequest, which fetch cannot do for uploads).
 */
function UploadCard({
  organizations,
  defaultOrganizationId,
}: {
  organizations: { id: number; name: string }[] | null;
  defaultOrganizationId: number | null;
}) {
  const { t } = useTranslation("documents");
  const revalidator = useRevalidator();
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  const submitWithProgress = (form: HTMLFormElement) => {
    const request = new XMLHttpRequest();
    // A resource route answers JSON (a document POST would answer the page's HTML).
    request.open("POST", "/branded-documents/upload");
    request.setRequestHeader("X-Requested-With", "XMLHttpRequest");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) setProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      setProgress(null);
      let reply: UploadReply = { ok: false, errors: [t("uploadFailed")] };
      try {
        reply = JSON.parse(request.responseText) as UploadReply;
      } catch {
        // A non-JSON answer (an error page) keeps the generic message.
      }
      if (reply.ok) {
        form.reset();
        setErrors([]);
        notify({ type: "success", message: t("toasts.uploaded") });
        revalidator.revalidate();
      } else {
        setErrors(reply.errors);
        for (const message of reply.errors) notify({ type: "error", message });
      }
    };
    request.onerror = () => {
      setProgress(null);
      setErrors([t("uploadFailed")]);
    };
    setProgress(0);
    request.send(new FormData(form));
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("upload.title")}</CardTitle>
        <CardDescription>{t("upload.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form
          method="post"
          encType="multipart/form-data"
          data-testid="upload-form"
          onSubmit={(event) => {
            event.preventDefault();
            submitWithProgress(event.currentTarget);
          }}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            if (!fileInput.current || event.dataTransfer.files.length === 0) return;
            fileInput.current.files = event.dataTransfer.files;
            submitWithProgress(event.currentTarget);
          }}
          className={cn("grid gap-4 rounded-md border-2 border-dashed p-4 md:grid-cols-2", dragging && "border-primary bg-primary-subtle")}
        >
          <input type="hidden" name="intent" value="upload" />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="upload-file">{t("upload.file")}</Label>
            <Input ref={fileInput} id="upload-file" name="file" type="file" accept={ACCEPT} required aria-describedby="upload-hint" />
            <p id="upload-hint" className="text-[0.8125rem] text-muted-foreground">
              {t("upload.hint")}
            </p>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="upload-name">{t("upload.name")}</Label>
            <Input id="upload-name" name="name" maxLength={200} aria-describedby="upload-name-hint" />
            <p id="upload-name-hint" className="text-[0.8125rem] text-muted-foreground">
              {t("upload.nameHint")}
            </p>
          </div>
          {organizations && (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="upload-organization">{t("columns.organization")}</Label>
              <NativeSelect
                id="upload-organization"
                name="organization_id"
                defaultValue={defaultOrganizationId ? String(defaultOrganizationId) : ""}
              >
                <option value="">{t("sharedOption")}</option>
                {organizations.map((organization) => (
                  <option key={organization.id} value={organization.id}>
                    {organization.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
          <div className="flex flex-wrap items-end gap-3 md:col-span-2">
            <Button type="submit" disabled={progress !== null}>
              <Upload aria-hidden="true" />
              {t("upload.submit")}
            </Button>
            <span className="text-muted-foreground text-sm">{t("upload.drop")}</span>
            {progress !== null && (
              <progress max={100} value={progress} aria-label={t("upload.progress")} className="h-2 w-48" data-testid="upload-progress" />
            )}
          </div>
          {errors.length > 0 && (
            <Alert variant="destructive" className="md:col-span-2" role="alert">
              <AlertDescription>{errors.join(" ")}</AlertDescription>
            </Alert>
          )}
        </form>
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="welcome-letter" />
          {organizations && (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="letter-organization">{t("letter.organization")}</Label>
              <NativeSelect
                id="letter-organization"
                name="organization_id"
                defaultValue={defaultOrganizationId ? String(defaultOrganizationId) : ""}
                required
              >
                <option value="">{t("letter.choose")}</option>
                {organizations.map((organization) => (
                  <option key={organization.id} value={organization.id}>
                    {organization.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
          <LetterLanguageSelect id="letter-locale" />
          <Button type="submit" variant="outline">
            <FileText aria-hidden="true" />
            {t("letter.generate")}
          </Button>
          <span className="text-muted-foreground text-sm">{t("letter.hint")}</span>
        </Form>
      </CardContent>
    </Card>
  );
}
