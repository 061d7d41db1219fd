import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { type Client, json, signedIn } from "./helpers";

type Doc = { id: number; name: string; kind: string; size: number; version: number; organization_id: number | null; uploader_name: string };
type Page = { data: Doc[]; total: number };
type Invalid = { errors: Record<string, string[]> };

const PDF = new Uint8Array(new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"));
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]);
const SVG_SCRIPT = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

function upload(
  client: Client,
  bytes: Uint8Array<ArrayBuffer> | string,
  filename: string,
  fields: Record<string, string> = {},
  path = "/api/branded-documents",
) {
  const form = new FormData();
  form.append("file", new File([bytes], filename, { type: "application/octet-stream" }));
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return client.fetch(path, { method: "POST", body: form });
}

describe("/api/branded-documents", () => {
  it("uploads by content with a sanitised name, lists, downloads as an attachment and previews inline sandboxed", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const response = await upload(member, PDF, "../../Letter<head>?.exe.pdf");
    expect(response.status).toBe(201);
    const doc = await json<Doc>(response);
    expect(doc).toMatchObject({ name: "Letterhead.exe.pdf", kind: "pdf", organization_id: 2, version: 1, uploader_name: "Priya Raman" });

    const page = await json<Page>(await member.get("/api/branded-documents?search=Letterhead"));
    expect(page.data.map((row) => row.id)).toContain(doc.id);

    const download = await member.get(`/api/branded-documents/${doc.id}/file`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="Letterhead\.exe\.pdf"/);
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);
    const preview = await member.get(`/api/branded-documents/${doc.id}/file?inline=1`);
    expect(preview.headers.get("content-disposition")).toMatch(/^inline/);
    await preview.arrayBuffer();
  });

  it("refuses files by content: an .exe renamed .pdf, an SVG with scripts, an empty or too large file", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    expect((await json<Invalid>(await upload(member, EXE, "invoice.pdf"))).errors.file).toEqual(["validation.file_type"]);
    expect((await json<Invalid>(await upload(member, SVG_SCRIPT, "logo.svg"))).errors.file).toEqual(["validation.svg_unsafe"]);
    expect((await json<Invalid>(await upload(member, new Uint8Array(0), "empty.pdf"))).errors.file).toEqual(["validation.file"]);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PDF);
    expect((await json<Invalid>(await upload(member, big, "big.pdf"))).errors.file).toEqual(['validation.file_too_large|{"max":10}']);
  });

  it("keeps tenants apart: members see their own and provider-wide documents only, and cannot change provider-wide ones", async () => {
    const admin = await signedIn("admin@amp.test");
    const shared = await json<Doc>(await upload(admin, PNG, "shared-price-list.png"));
    expect(shared.organization_id).toBeNull();
    const lakeside = await json<Doc>(await upload(admin, PDF, "lakeside-only.pdf", { organization_id: "3" }));
    expect(lakeside.organization_id).toBe(3);

    const member = await signedIn("orgadmin@northwind.test");
    const visible = (await json<Page>(await member.get("/api/branded-documents?per_page=100"))).data.map((row) => row.id);
    expect(visible).toContain(shared.id);
    expect(visible).not.toContain(lakeside.id);
    expect((await member.get(`/api/branded-documents/${lakeside.id}`)).status).toBe(404);
    expect((await member.get(`/api/branded-documents/${lakeside.id}/file`)).status).toBe(404);
    expect((await member.fetch(`/api/branded-documents/${lakeside.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await member.fetch(`/api/branded-documents/${shared.id}`, { method: "PATCH", json: { name: "mine" } })).status).toBe(403);
    // Naming another organization on upload is refused.
    expect((await upload(member, PDF, "x.pdf", { organization_id: "3" })).status).toBe(403);
    // The organization filter of staff shows what that organization sees.
    const filtered = (await json<Page>(await admin.get("/api/branded-documents?organization_id=2&per_page=100"))).data;
    expect(filtered.every((row) => row.organization_id === 2 || row.organization_id === null)).toBe(true);
  });

  it("renames, replaces keeping the previous version downloadable, and deletes every version", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const doc = await json<Doc>(await upload(member, PDF, "rates.pdf"));
    const renamed = await json<Doc>(
      await member.fetch(`/api/branded-documents/${doc.id}`, { method: "PATCH", json: { name: "Rates 2027.html" } }),
    );
    expect(renamed.name).toBe("Rates 2027.pdf");

    const replaced = await upload(member, PNG, "new.png", {}, `/api/branded-documents/${doc.id}/replace`);
    expect(replaced.status).toBe(200);
    const detail = await json<Doc & { versions: { version: number; name: string }[] }>(replaced);
    expect(detail).toMatchObject({ version: 2, kind: "png", name: "Rates 2027.png" });
    expect(detail.versions).toEqual([expect.objectContaining({ version: 1, name: "Rates 2027.pdf" })]);
    const old = await member.get(`/api/branded-documents/${doc.id}/file?version=1`);
    expect(old.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await old.arrayBuffer())).toEqual(PDF);

    expect((await member.fetch(`/api/branded-documents/${doc.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await member.get(`/api/branded-documents/${doc.id}`)).status).toBe(404);
    const log = await env.DB.prepare(
      "SELECT action FROM activity_log WHERE subject_type = 'branded_document' AND subject_id = ? ORDER BY id",
    )
      .bind(doc.id)
      .all<{ action: string }>();
    expect(log.results.map((row) => row.action)).toEqual([
      "documents.uploaded",
      "documents.renamed",
      "documents.replaced",
      "documents.deleted",
    ]);
  });

  it("needs resources.manage to upload and resources.read to list", async () => {
    const auditor = await signedIn("auditor@amp.test");
    expect((await auditor.get("/api/branded-documents")).status).toBe(200);
    expect((await upload(auditor, PDF, "x.pdf")).status).toBe(403);
  });

  it("generates a welcome letter PDF into the organization's library", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const response = await member.post("/api/branded-documents/welcome-letter", {});
    expect(response.status).toBe(201);
    const doc = await json<Doc>(response);
    expect(doc).toMatchObject({ kind: "pdf", organization_id: 2, name: "Welcome letter - Northwind Dental.pdf" });
    const file = await member.get(`/api/branded-documents/${doc.id}/file`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(1000);
  });
});
