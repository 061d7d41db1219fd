/** Branded documents: what may be uploaded (decided by the bytes, not the name) and how names are cleaned. */
import type { Db } from "../db/client";
import { brandedDocuments, type DOCUMENT_KINDS } from "../db/schema";
import type { AppEnv, CurrentUser } from "./context";
import { isUnsafeSvg } from "./svg";

export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export interface SniffedDocument {
  kind: DocumentKind;
  contentType: string;
  extension: string;
}

/** PDF, PNG, JPEG, WebP, GIF or a script-free SVG, by content; anything else (an .exe named .pdf) is null. */
export function sniffDocument(bytes: Uint8Array): SniffedDocument | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return { kind: "pdf", contentType: "application/pdf", extension: "pdf" };
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return { kind: "gif", contentType: "image/gif", extension: "gif" };
  }
  const image = sniffImage(bytes);
  if (!image) return null;
  const kind = ({ png: "png", jpg: "jpeg", webp: "webp", svg: "svg" } as const)[image.extension as "png" | "jpg" | "webp" | "svg"];
  return kind ? { kind, contentType: image.type, extension: image.extension } : null;
}

export function svgIsUnsafe(bytes: Uint8Array): boolean {
  return isUnsafeSvg(bytes);
}

/**
 * A display/download name that is safe everywhere: no directories, control or reserved characters, at most
 * 120 characters, and the extension of the detected type (a ".exe" or ".html" name never survives).
 */
export function sanitizeDocumentName(raw: string, extension: string): string {
  const base = (raw.split(/[\\/]/).pop() ?? "")
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}<>:"|?*]/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  const stem = base.replace(/\.[^.]{1,10}$/, "").trim() || "document";
  return `${stem.slice(0, 120 - extension.length - 1)}.${extension}`;
}

/** Where a branded document's bytes live in R2: `documents/<organization id|shared>/<uuid>.<ext>`. */
export function documentObjectKey(organizationId: number | null, extension: string): string {
  return `documents/${organizationId ?? "shared"}/${crypto.randomUUID()}.${extension}`;
}

/** Stores a generated PDF (welcome letter, LOA) in an organization's branded documents; returns its id and name. */
export async function storeGeneratedPdf(
  env: AppEnv["Bindings"],
  db: Db,
  me: CurrentUser,
  organizationId: number,
  rawName: string,
  bytes: Uint8Array,
): Promise<{ id: number; name: string }> {
  const name = sanitizeDocumentName(rawName, "pdf");
  const key = documentObjectKey(organizationId, "pdf");
  await env.FILES.put(key, bytes, { httpMetadata: { contentType: "application/pdf" } });
  const now = new Date().toISOString();
  const [created] = await db
    .insert(brandedDocuments)
    .values({
      organizationId,
      name,
      kind: "pdf",
      contentType: "application/pdf",
      size: bytes.length,
      objectKey: key,
      uploadedBy: me.id,
      uploaderName: me.name,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: brandedDocuments.id });
  if (!created) throw new Error("Document insert returned no row.");
  return { id: created.id, name };
}

/** The image type by its first bytes (the declared type is not trusted); null when not an allowed image. */
export function sniffImage(bytes: Uint8Array): { type: string; extension: string } | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { type: "image/png", extension: "png" };
  if (starts(0xff, 0xd8, 0xff)) return { type: "image/jpeg", extension: "jpg" };
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.slice(8, 12)) === "WEBP") {
    return { type: "image/webp", extension: "webp" };
  }
  const head = new TextDecoder().decode(bytes.slice(0, 1024)).replace(/^\uFEFF/, "");
  // An SVG: optional XML declaration, comments and doctype, then the <svg> root.
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(head)) {
    return { type: "image/svg+xml", extension: "svg" };
  }
  return null;
}
