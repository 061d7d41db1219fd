import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { ACCOUNTS, expect, signIn, test, unique } from "./support";

// A 1×1 PNG and a minimal PDF: real files, recognised by their bytes.
// Real SMTP dialogues, uploads and axe on a 2-core machine: give each test room.
test.describe.configure({ timeout: 90_000 });

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
const EXE = Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]);

async function upload(page: Page, name: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const form = page.getByTestId("upload-form");
  await form.getByLabel("File").setInputFiles(file);
  await form.getByLabel("Name (optional)").fill(name);
  await form.getByRole("button", { name: "Upload" }).click();
}

test("upload with progress, preview, download, replace keeping the old version, delete", async ({ page }) => {
  await signIn(page, ACCOUNTS.orgAdmin);
  await page.goto("/branded-documents");
  await expectNoSeriousViolations(page, "branded documents");

  const name = unique("Letterhead").replaceAll(" ", "-");
  await upload(page, name, { name: "letterhead.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByText("Document uploaded.")).toBeVisible();
  await page.getByRole("searchbox").fill(name);
  await page.getByRole("searchbox").press("Enter");
  const row = page.getByRole("row").filter({ hasText: `${name}.png` });
  await expect(row).toContainText("PNG image");
  await expect(row).toContainText("Priya Raman");

  await row.getByRole("link", { name: `${name}.png`, exact: true }).click();
  const panel = page.getByTestId("document-panel");
  await expect(panel.getByRole("img", { name: `Preview of ${name}.png` })).toBeVisible();
  const downloading = page.waitForEvent("download");
  await panel.getByRole("link", { name: "Download" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${name}.png`);

  await panel.getByLabel("Replace with a new file").setInputFiles({ name: "letterhead.pdf", mimeType: "application/pdf", buffer: PDF });
  await panel.getByRole("button", { name: "Replace", exact: true }).click();
  await expect(page.getByText("Document replaced; the previous version is kept.")).toBeVisible();
  await expect(panel).toContainText("version 2");
  await expect(panel.getByRole("link", { name: `Version 1: ${name}.png` })).toBeVisible();
  const old = await page.request.get((await panel.getByRole("link", { name: `Version 1: ${name}.png` }).getAttribute("href")) ?? "");
  expect(old.headers()["content-type"]).toBe("image/png");
  expect(old.headers()["content-disposition"]).toMatch(/^attachment/);

  await page.getByRole("button", { name: `Delete ${name}.pdf` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Document deleted.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
});

test("an .exe renamed .pdf is refused by its content", async ({ page }) => {
  await signIn(page, ACCOUNTS.orgAdmin);
  await page.goto("/branded-documents");
  await upload(page, "invoice", { name: "invoice.pdf", mimeType: "application/pdf", buffer: EXE });
  await expect(page.getByTestId("upload-form").getByRole("alert")).toContainText("This file type is not allowed.");
});

test("orgadmin@northwind.test does not see another organization's files; provider-wide files are shared", async ({ browser, baseURL }) => {
  const staff = await browser.newPage({ baseURL });
  await signIn(staff, ACCOUNTS.superAdmin);
  await staff.goto("/branded-documents");
  const lakeside = unique("Lakeside-price-list").replaceAll(" ", "-");
  const form = staff.getByTestId("upload-form");
  await form.getByLabel("Organization").selectOption({ label: "Lakeside Logistics" });
  await upload(staff, lakeside, { name: "prices.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(staff.getByText("Document uploaded.")).toBeVisible();
  const shared = unique("Provider-terms").replaceAll(" ", "-");
  await form.getByLabel("Organization").selectOption({ label: "All organizations (provider-wide)" });
  await upload(staff, shared, { name: "terms.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(staff.getByText("Document uploaded.").first()).toBeVisible();
  await staff.reload();
  const lakesideHref = await staff.getByRole("link", { name: `${lakeside}.pdf`, exact: true }).getAttribute("href");
  const lakesideId = new URL(lakesideHref ?? "", "http://portal").searchParams.get("document");
  await staff.close();

  const page = await browser.newPage({ baseURL });
  await signIn(page, ACCOUNTS.orgAdmin);
  await page.goto("/branded-documents?per_page=100");
  await expect(page.getByRole("link", { name: `${shared}.pdf`, exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: `${lakeside}.pdf`, exact: true })).toHaveCount(0);
  expect((await page.request.get(`/branded-documents/${lakesideId}/file`)).status()).toBe(404);
  await page.close();
});

test("generates a welcome letter into the organization's documents", async ({ page }) => {
  await signIn(page, ACCOUNTS.orgAdmin);
  await page.goto("/branded-documents");
  await page.getByRole("button", { name: "Generate welcome letter" }).click();
  await expect(page.getByText("Welcome letter generated.")).toBeVisible();
  const link = page.getByRole("link", { name: "Welcome letter - Northwind Dental.pdf", exact: true }).first();
  await expect(link).toBeVisible();
  const id = new URL((await link.getAttribute("href")) ?? "", "http://portal").searchParams.get("document");
  const pdf = await page.request.get(`/branded-documents/${id}/file?inline=1`);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
});
