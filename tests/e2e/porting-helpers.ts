import type { Page } from "@playwright/test";

/** A tiny but valid PDF: the backend recognizes documents by their content. */
export const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

/** Fills the porting order form's account details, service address and LOA (the numbers are already there). */
export async function fillPortingOrder(page: Page, entity: string, billingNumber: string) {
  await page.getByLabel("Entity name").fill(entity);
  await page.getByLabel("Authorized person").fill("Pat Porter");
  await page.getByLabel("Billing telephone number").fill(billingNumber);
  await page.getByLabel("Account number").fill("ACCT-4242");
  await page.getByLabel("PIN").fill("1234");
  await page.getByLabel("House number").fill("350");
  await page.getByLabel("Street name").fill("Fifth");
  await page.getByLabel("Street suffix").fill("Ave");
  await page.getByLabel("City").fill("NEW YORK");
  await page.getByLabel("State").selectOption("NY");
  await page.getByLabel("ZIP or postal code").fill("10118");
  await page.getByLabel("Letter of authorization (LOA)").setInputFiles({ name: "loa.pdf", mimeType: "application/pdf", buffer: PDF });
}
