import { and, desc, eq, inArray, like } from "drizzle-orm";
import type { PDFDocument, PDFImage } from "pdf-lib";
import type { Db } from "../../db/client";
import { brandedDocuments } from "../../db/schema";
import type { AppEnv } from "../context";
import { getSettings } from "../settings";

/**
 * The logo a generated document carries: the organization's newest PNG or JPEG branded document whose name
 * contains "logo", else the portal's light logo when it is PNG or JPEG, else none.
 */
export async function organizationLogo(
  env: AppEnv["Bindings"],
  db: Db,
  pdf: PDFDocument,
  organizationId: number,
): Promise<PDFImage | null> {
  const [own] = await db
    .select({ key: brandedDocuments.objectKey, kind: brandedDocuments.kind })
    .from(brandedDocuments)
    .where(
      and(
        eq(brandedDocuments.organizationId, organizationId),
        inArray(brandedDocuments.kind, ["png", "jpeg"]),
        like(brandedDocuments.name, "%logo%"),
      ),
    )
    .orderBy(desc(brandedDocuments.updatedAt))
    .limit(1);
  let source: { key: string; kind: string } | null = own ?? null;
  if (!source) {
    const logo = (await getSettings(db)).logos.light;
    if (logo && (logo.content_type === "image/png" || logo.content_type === "image/jpeg")) {
      source = { key: logo.key, kind: logo.content_type === "image/png" ? "png" : "jpeg" };
    }
  }
  if (!source) return null;
  const object = await env.FILES.get(source.key);
  if (!object) return null;
  const bytes = new Uint8Array(await object.arrayBuffer());
  try {
    return source.kind === "png" ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
  } catch {
    // An image pdf-lib cannot read (e.g. an interlaced PNG) leaves the document without a logo rather than failing.
    return null;
  }
}
