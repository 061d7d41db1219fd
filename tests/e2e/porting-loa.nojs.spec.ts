import { ACCOUNTS, expect, signIn, test, unique } from "./support";

test("without JavaScript: Generate LOA posts the form and comes back to the order, which lists the letter", async ({ page }) => {
  const number = `628${500 + Math.floor(Math.random() * 400)}${1000 + Math.floor(Math.random() * 8000)}`;
  const entity = unique("NoJS LOA");
  await signIn(page, ACCOUNTS.orgAdmin, undefined, `/tools/porting/order/new?numbers=%2B1${number}`);
  await page.getByLabel("Entity name").fill(entity);
  await page.getByLabel("Authorized person").fill("Noor Static");
  await page.getByLabel("Billing telephone number").fill(number);
  await page.getByLabel("Account number").fill("NOJS-LOA-1");
  await page.getByLabel("House number").fill("77");
  await page.getByLabel("Street name").fill("Mission");
  await page.getByLabel("City").fill("SAN FRANCISCO");
  await page.getByLabel("State").selectOption("CA");
  await page.getByLabel("ZIP or postal code").fill("94103");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/tools\/porting\/order\/\d+$/);
  const orderPath = new URL(page.url()).pathname;
  const orderId = orderPath.split("/").pop();

  await page.getByLabel("Language of the letter").selectOption("ar");
  await page.getByRole("button", { name: "Generate LOA" }).click();
  // Toasts need JavaScript: the order's documents show the outcome.
  await expect(page).toHaveURL(orderPath);
  await expect(page.getByRole("listitem").filter({ hasText: `LOA-order-${orderId}.pdf` })).toContainText("Generated, to be signed");
  const link = page.getByRole("link", { name: `LOA-order-${orderId}.pdf` });
  await expect(link).toBeVisible();
  const file = await page.request.get((await link.getAttribute("href")) ?? "");
  expect(file.headers()["content-type"]).toBe("application/pdf");
  expect(file.headers()["content-disposition"]).toMatch(/^attachment/);

  await page.goto(`/branded-documents?search=${encodeURIComponent(`LOA - order ${orderId}`)}`);
  await expect(page.getByRole("link", { name: `LOA - order ${orderId} - ${entity}.pdf`, exact: true })).toBeVisible();
});
