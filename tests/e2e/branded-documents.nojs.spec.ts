import { ACCOUNTS, expect, signIn, test, unique } from "./support";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

test("without JavaScript: upload by form post, rename, replace, download", async ({ page }) => {
  await signIn(page, ACCOUNTS.orgAdmin);
  await page.goto("/branded-documents");
  const name = unique("Nojs-letterhead").replaceAll(" ", "-");
  const form = page.getByTestId("upload-form");
  await form.getByLabel("File").setInputFiles({ name: "letterhead.pdf", mimeType: "application/pdf", buffer: PDF });
  await form.getByLabel("Name (optional)").fill(name);
  await form.getByRole("button", { name: "Upload" }).click();
  // Toasts need JavaScript: the result is the list itself.
  await expect(page).toHaveURL(/\/branded-documents$/);

  await page.goto(`/branded-documents?search=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name: `${name}.pdf`, exact: true }).click();
  const panel = page.getByTestId("document-panel");
  await panel.getByLabel("Name", { exact: true }).fill(`${name}-renamed`);
  await panel.getByRole("button", { name: "Rename" }).click();
  await expect(panel.getByRole("heading", { name: `${name}-renamed.pdf` })).toBeVisible();

  await panel.getByLabel("Replace with a new file").setInputFiles({ name: "new.png", mimeType: "image/png", buffer: PNG });
  await panel.getByRole("button", { name: "Replace", exact: true }).click();
  await expect(panel.getByRole("link", { name: `Version 1: ${name}-renamed.pdf` })).toBeVisible();

  const href = await panel.getByRole("link", { name: "Download" }).getAttribute("href");
  const file = await page.request.get(href ?? "");
  expect(file.headers()["content-type"]).toBe("image/png");
  expect(file.headers()["content-disposition"]).toContain(`filename="${name}-renamed.png"`);
  expect(file.headers()["content-security-policy"]).toContain("sandbox");
});
