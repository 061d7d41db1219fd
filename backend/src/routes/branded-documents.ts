import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, asc, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { brandedDocuments, brandedDocumentVersions, DOCUMENT_KINDS, LOCALES, organizations } from "../db/schema";
import { logActivity } from "../lib/activity";
import { currentUser, requireAuth, requirePermission } from "../lib/auth";
import type { AppEnv, CurrentUser } from "../lib/context";
import {
  documentObjectKey,
  MAX_DOCUMENT_BYTES,
  type SniffedDocument,
  sanitizeDocumentName,
  sniffDocument,
  storeGeneratedPdf,
  svgIsUnsafe,
} from "../lib/documents";
import { forbidden, notFound, validationError } from "../lib/errors";
import { errorResponses, jsonBody, jsonContent } from "../lib/openapi";
import { likePattern, listQuerySchema, paginate, paginatorSchema } from "../lib/pagination";
import { sharedTenantScope, writableOrganizationId } from "../lib/tenant";
import { validationHook } from "../lib/validation";
import { welcomeLetterPdf } from "../lib/welcome-letter";

/**
 * Branded documents: each organization's files plus provider-wide ones (organization_id null) that every
 * organization sees. Files live in R2 under `documents/…`; replacing keeps the previous object as a version.
 * Reading needs `resources.read`; uploading, renaming, replacing, deleting and generating `resources.manage`.
 * Provider-wide documents are managed by provider staff only.
 */
export const brandedDocumentsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const VersionSchema = z.object({
  version: z.number().int(),
  name: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  content_type: z.string(),
  size: z.number().int(),
  uploader_name: z.string(),
  created_at: z.string(),
});

const DocumentSchema = z
  .object({
    id: z.number().int(),
    organization_id: z.number().int().nullable().openapi({ description: "null: provider-wide, visible to every organization" }),
    organization_name: z.string().nullable(),
    name: z.string(),
    kind: z.enum(DOCUMENT_KINDS),
    content_type: z.string(),
    size: z.number().int(),
    version: z.number().int(),
    uploader_name: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("BrandedDocument");

const DocumentDetailSchema = DocumentSchema.extend({ versions: z.array(VersionSchema) }).openapi("BrandedDocumentDetail");

const columns = {
  id: brandedDocuments.id,
  organization_id: brandedDocuments.organizationId,
  organization_name: organizations.name,
  name: brandedDocuments.name,
  kind: brandedDocuments.kind,
  content_type: brandedDocuments.contentType,
  size: brandedDocuments.size,
  version: brandedDocuments.version,
  uploader_name: brandedDocuments.uploaderName,
  created_at: brandedDocuments.createdAt,
  updated_at: brandedDocuments.updatedAt,
};

const SORTS = {
  name: brandedDocuments.name,
  kind: brandedDocuments.kind,
  size: brandedDocuments.size,
  updated_at: brandedDocuments.updatedAt,
  uploader_name: brandedDocuments.uploaderName,
} as const;

const idParam = z.object({ id: z.coerce.number().int().positive() });
const fileForm = z.object({
  file: z.any().openapi({ type: "string", format: "binary" }),
  name: z.string().max(200).optional(),
  organization_id: z.string().optional().openapi({ description: "Staff: the owning organization; empty = provider-wide" }),
});

/** One document the caller can see, or 404 (another organization's is never revealed). */
async function findDocument(db: Db, me: CurrentUser, id: number) {
  const [row] = await db
    .select(columns)
    .from(brandedDocuments)
    .leftJoin(organizations, eq(organizations.id, brandedDocuments.organizationId))
    .where(and(eq(brandedDocuments.id, id), sharedTenantScope(me, brandedDocuments.organizationId)));
  if (!row) throw notFound();
  return row;
}

/** Members may change their organization's documents, not the provider-wide ones they can see. */
function assertManageable(me: CurrentUser, document: { organization_id: number | null }) {
  if (document.organization_id === null && !me.isProvider) throw forbidden();
}

/** Validates an uploaded file by its bytes; the 422 keys match the portal's validation namespace. */
async function readUpload(file: unknown): Promise<{ bytes: Uint8Array; sniffed: SniffedDocument; originalName: string }> {
  if (!(file instanceof File) || file.size === 0) throw validationError({ file: ["validation.file"] });
  if (file.size > MAX_DOCUMENT_BYTES) {
    throw validationError({ file: [`validation.file_too_large|${JSON.stringify({ max: MAX_DOCUMENT_BYTES / 1024 / 1024 })}`] });
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sniffed = sniffDocument(bytes);
  if (!sniffed) throw validationError({ file: ["validation.file_type"] });
  if (sniffed.kind === "svg" && svgIsUnsafe(bytes)) throw validationError({ file: ["validation.svg_unsafe"] });
  return { bytes, sniffed, originalName: file.name };
}

async function documentDetail(db: Db, me: CurrentUser, id: number) {
  const document = await findDocument(db, me, id);
  const versions = await db
    .select({
      version: brandedDocumentVersions.version,
      name: brandedDocumentVersions.name,
      kind: brandedDocumentVersions.kind,
      content_type: brandedDocumentVersions.contentType,
      size: brandedDocumentVersions.size,
      uploader_name: brandedDocumentVersions.uploaderName,
      created_at: brandedDocumentVersions.createdAt,
    })
    .from(brandedDocumentVersions)
    .where(eq(brandedDocumentVersions.documentId, id))
    .orderBy(desc(brandedDocumentVersions.version));
  return { ...document, versions };
}

brandedDocumentsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/branded-documents",
    tags: ["Branded documents"],
    summary: "The documents the caller can see: their organization's and the provider-wide ones",
    middleware: [requireAuth, requirePermission("resources.read")] as const,
    request: {
      query: listQuerySchema.extend({
        sort: z.enum(["name", "kind", "size", "updated_at", "uploader_name"]).default("updated_at"),
        kind: z.enum(DOCUMENT_KINDS).optional(),
        scope: z.enum(["organization", "shared"]).optional().openapi({ description: "organization-owned only, or provider-wide only" }),
      }),
    },
    responses: { 200: jsonContent(paginatorSchema(DocumentSchema), "One page of documents"), ...errorResponses(401, 403, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const query = c.req.valid("query");
    const db = c.get("db");
    const conditions: (SQL | undefined)[] = [
      sharedTenantScope(me, brandedDocuments.organizationId, query.organization_id),
      query.kind ? eq(brandedDocuments.kind, query.kind) : undefined,
      query.scope === "shared" ? isNull(brandedDocuments.organizationId) : undefined,
      query.scope === "organization" ? sql`${brandedDocuments.organizationId} IS NOT NULL` : undefined,
      query.search ? sql`${brandedDocuments.name} LIKE ${likePattern(query.search)} ESCAPE '\\'` : undefined,
    ];
    const where = and(...conditions);
    const order = query.direction === "asc" ? asc : desc;
    const [rows, totals] = await Promise.all([
      db
        .select(columns)
        .from(brandedDocuments)
        .leftJoin(organizations, eq(organizations.id, brandedDocuments.organizationId))
        .where(where)
        .orderBy(order(SORTS[query.sort]), order(brandedDocuments.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page),
      db.select({ total: count() }).from(brandedDocuments).where(where),
    ]);
    return c.json(paginate(rows, totals[0]?.total ?? 0, query.page, query.per_page), 200);
  },
);

brandedDocumentsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/branded-documents/{id}",
    tags: ["Branded documents"],
    summary: "One document with its previous versions",
    middleware: [requireAuth, requirePermission("resources.read")] as const,
    request: { params: idParam },
    responses: { 200: jsonContent(DocumentDetailSchema, "The document"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => c.json(await documentDetail(c.get("db"), currentUser(c), c.req.valid("param").id), 200),
);

brandedDocumentsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/branded-documents/{id}/file",
    tags: ["Branded documents"],
    summary: "The file (or `version`); `inline=1` for a preview, otherwise an attachment",
    description:
      "Sent with its detected type, `X-Content-Type-Options: nosniff` and a CSP that sandboxes it (no script of an SVG ever runs). PDFs previewed inline get `default-src 'none'` without `sandbox`, which would stop the browser's PDF viewer.",
    middleware: [requireAuth, requirePermission("resources.read")] as const,
    request: {
      params: idParam,
      query: z.object({ version: z.coerce.number().int().positive().optional(), inline: z.enum(["0", "1"]).optional() }),
    },
    responses: {
      200: { description: "The bytes", content: { "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) } } },
      ...errorResponses(401, 403, 404),
    },
  }),
  async (c) => {
    const me = currentUser(c);
    const { id } = c.req.valid("param");
    const query = c.req.valid("query");
    const db = c.get("db");
    const document = await findDocument(db, me, id);
    let file = { key: "", name: document.name, contentType: document.content_type, kind: document.kind };
    if (query.version && query.version !== document.version) {
      const [version] = await db
        .select()
        .from(brandedDocumentVersions)
        .where(and(eq(brandedDocumentVersions.documentId, id), eq(brandedDocumentVersions.version, query.version)));
      if (!version) throw notFound();
      file = { key: version.objectKey, name: version.name, contentType: version.contentType, kind: version.kind };
    } else {
      const [row] = await db.select({ key: brandedDocuments.objectKey }).from(brandedDocuments).where(eq(brandedDocuments.id, id));
      file.key = row?.key ?? "";
    }
    const object = await c.env.FILES.get(file.key);
    if (!object) throw notFound();
    const inline = query.inline === "1";
    const encoded = encodeURIComponent(file.name);
    const ascii = file.name.replace(/[^\x20-\x7e]|["\\]/g, "_");
    return new Response(object.body, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Length": String(object.size),
        "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encoded}`,
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy":
          inline && file.kind === "pdf"
            ? "default-src 'none'; frame-ancestors 'self'"
            : "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
        "Cache-Control": "private, no-store",
      },
    });
  },
);

brandedDocumentsRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/branded-documents",
    tags: ["Branded documents"],
    summary: "Upload a document (multipart `file`): PDF, PNG, JPEG, WebP, GIF or SVG by content, at most 10 MB",
    middleware: [requireAuth, requirePermission("resources.manage")] as const,
    request: { body: { required: true, content: { "multipart/form-data": { schema: fileForm } } } },
    responses: { 201: jsonContent(DocumentSchema, "The new document"), ...errorResponses(401, 403, 419, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const form = c.req.valid("form");
    const db = c.get("db");
    const { bytes, sniffed, originalName } = await readUpload(form.file);
    // Staff: the chosen organization, or provider-wide when none; members: always their own organization.
    const requested = form.organization_id && /^\d+$/.test(form.organization_id) ? Number(form.organization_id) : null;
    const organizationId = me.isProvider ? requested : writableOrganizationId(me, requested);
    if (organizationId !== null) {
      const [exists] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId));
      if (!exists) throw validationError({ organization_id: ["validation.in"] });
    }
    const name = sanitizeDocumentName(form.name?.trim() || originalName, sniffed.extension);
    const key = documentObjectKey(organizationId, sniffed.extension);
    await c.env.FILES.put(key, bytes, { httpMetadata: { contentType: sniffed.contentType } });
    const now = new Date().toISOString();
    const [created] = await db
      .insert(brandedDocuments)
      .values({
        organizationId,
        name,
        kind: sniffed.kind,
        contentType: sniffed.contentType,
        size: bytes.length,
        objectKey: key,
        uploadedBy: me.id,
        uploaderName: me.name,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: brandedDocuments.id });
    if (!created) throw new Error("Document insert returned no row.");
    await logActivity(c, {
      action: "documents.uploaded",
      subject_type: "branded_document",
      subject_id: created.id,
      subject_label: name,
      organization_id: organizationId,
      after: { name, type: sniffed.contentType, size: bytes.length, organization_id: organizationId },
    });
    return c.json(await findDocument(db, me, created.id), 201);
  },
);

brandedDocumentsRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/api/branded-documents/{id}",
    tags: ["Branded documents"],
    summary: "Rename a document (the extension follows its type)",
    middleware: [requireAuth, requirePermission("resources.manage")] as const,
    request: { params: idParam, body: jsonBody(z.object({ name: z.string().trim().min(1).max(200) })) },
    responses: { 200: jsonContent(DocumentSchema, "The renamed document"), ...errorResponses(401, 403, 404, 419, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const { id } = c.req.valid("param");
    const db = c.get("db");
    const document = await findDocument(db, me, id);
    assertManageable(me, document);
    const extension = document.name.split(".").pop() ?? document.kind;
    const name = sanitizeDocumentName(c.req.valid("json").name, extension);
    await db.update(brandedDocuments).set({ name, updatedAt: new Date().toISOString() }).where(eq(brandedDocuments.id, id));
    await logActivity(c, {
      action: "documents.renamed",
      subject_type: "branded_document",
      subject_id: id,
      subject_label: name,
      organization_id: document.organization_id,
      before: { name: document.name },
      after: { name },
    });
    return c.json(await findDocument(db, me, id), 200);
  },
);

brandedDocumentsRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/branded-documents/{id}/replace",
    tags: ["Branded documents"],
    summary: "Replace the file (multipart `file`); the previous one stays downloadable as a version",
    middleware: [requireAuth, requirePermission("resources.manage")] as const,
    request: { params: idParam, body: { required: true, content: { "multipart/form-data": { schema: fileForm.pick({ file: true }) } } } },
    responses: { 200: jsonContent(DocumentDetailSchema, "The document with its versions"), ...errorResponses(401, 403, 404, 419, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const { id } = c.req.valid("param");
    const db = c.get("db");
    const document = await findDocument(db, me, id);
    assertManageable(me, document);
    const { bytes, sniffed, originalName } = await readUpload(c.req.valid("form").file);
    const [current] = await db.select().from(brandedDocuments).where(eq(brandedDocuments.id, id));
    if (!current) throw notFound();
    const key = documentObjectKey(current.organizationId, sniffed.extension);
    await c.env.FILES.put(key, bytes, { httpMetadata: { contentType: sniffed.contentType } });
    const stem = current.name.replace(/\.[^.]+$/, "");
    const name = sanitizeDocumentName(`${stem}.${sniffed.extension}`, sniffed.extension);
    await db.insert(brandedDocumentVersions).values({
      documentId: id,
      version: current.version,
      name: current.name,
      kind: current.kind,
      contentType: current.contentType,
      size: current.size,
      objectKey: current.objectKey,
      uploaderName: current.uploaderName,
      createdAt: current.updatedAt,
    });
    await db
      .update(brandedDocuments)
      .set({
        name,
        kind: sniffed.kind,
        contentType: sniffed.contentType,
        size: bytes.length,
        objectKey: key,
        version: current.version + 1,
        uploadedBy: me.id,
        uploaderName: me.name,
        updatedAt: new Date().toISOString(),
      })
      .where(eq(brandedDocuments.id, id));
    await logActivity(c, {
      action: "documents.replaced",
      subject_type: "branded_document",
      subject_id: id,
      subject_label: name,
      organization_id: current.organizationId,
      before: { version: current.version, size: current.size, type: current.contentType },
      after: { version: current.version + 1, size: bytes.length, type: sniffed.contentType, file: originalName },
    });
    return c.json(await documentDetail(db, me, id), 200);
  },
);

brandedDocumentsRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/api/branded-documents/{id}",
    tags: ["Branded documents"],
    summary: "Delete a document and all its versions",
    middleware: [requireAuth, requirePermission("resources.manage")] as const,
    request: { params: idParam },
    responses: { 204: { description: "Deleted" }, ...errorResponses(401, 403, 404, 419) },
  }),
  async (c) => {
    const me = currentUser(c);
    const { id } = c.req.valid("param");
    const db = c.get("db");
    const document = await findDocument(db, me, id);
    assertManageable(me, document);
    const [current] = await db.select({ key: brandedDocuments.objectKey }).from(brandedDocuments).where(eq(brandedDocuments.id, id));
    const versions = await db
      .select({ key: brandedDocumentVersions.objectKey })
      .from(brandedDocumentVersions)
      .where(eq(brandedDocumentVersions.documentId, id));
    await db.delete(brandedDocumentVersions).where(eq(brandedDocumentVersions.documentId, id));
    await db.delete(brandedDocuments).where(eq(brandedDocuments.id, id));
    await c.env.FILES.delete([current?.key ?? "", ...versions.map((version) => version.key)].filter(Boolean));
    await logActivity(c, {
      action: "documents.deleted",
      subject_type: "branded_document",
      subject_id: id,
      subject_label: document.name,
      organization_id: document.organization_id,
      before: { name: document.name, size: document.size, versions: versions.length + 1 },
    });
    return c.body(null, 204);
  },
);

brandedDocumentsRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/branded-documents/welcome-letter",
    tags: ["Branded documents"],
    summary: "Generate the organization's welcome letter (PDF with its logo and details) into its library",
    description:
      "The logo is the organization's newest PNG or JPEG document whose name contains “logo”, else the portal's light logo when it is PNG or JPEG. The letter is in `locale` (en, fr or ar), by default the organization's language; Arabic is shaped and laid out right to left with an embedded Arabic font.",
    middleware: [requireAuth, requirePermission("resources.manage")] as const,
    request: {
      body: jsonBody(
        z.object({
          organization_id: z.number().int().positive().optional(),
          locale: z.enum(LOCALES).optional().openapi({ description: "The letter's language; default: the organization's" }),
        }),
      ),
    },
    responses: { 201: jsonContent(DocumentSchema, "The generated document"), ...errorResponses(401, 403, 404, 419, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const { organization_id: requested, locale } = c.req.valid("json");
    const organizationId = writableOrganizationId(me, requested);
    const [organization] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
    if (!organization) throw notFound();
    const bytes = await welcomeLetterPdf(c.env, db, organization, locale ?? organization.defaultLocale);
    const { id, name } = await storeGeneratedPdf(c.env, db, me, organization.id, `Welcome letter - ${organization.name}`, bytes);
    await logActivity(c, {
      action: "documents.generated",
      subject_type: "branded_document",
      subject_id: id,
      subject_label: name,
      organization_id: organization.id,
      after: { name, kind: "welcome_letter", locale: locale ?? organization.defaultLocale, size: bytes.length },
    });
    return c.json(await findDocument(db, me, id), 201);
  },
);
