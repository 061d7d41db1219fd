import { ACCOUNTS, expect, signIn, test, unique } from "./support";

/** A tiny but valid PDF: the backend recognizes documents by their content. */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

function freshNumber(): string {
  return `646${500 + Math.floor(Math.random() * 400)}${1000 + Math.floor(Math.random() * 8000)}`;
}

// The e2e server's sandbox carrier moves a port one step every half second (SANDBOX_PORT_STEP_SECONDS,
// scripts/e2e-server.mjs); the budget is for uploads and page loads on a loaded machine.
test.describe.configure({ timeout: 120_000 });

test("without JavaScript: bad input keeps the values, an LOA is uploaded, the order is submitted and followed by refreshing", async ({
  page,
}) => {
  const number = freshNumber();
  const entity = unique("NoJS Port");
  await signIn(page, ACCOUNTS.orgAdmin, undefined, `/tools/porting/order/new?numbers=%2B1${number}`);
  await expect(page.getByLabel("Numbers", { exact: true })).toHaveValue(`+1${number}`);

  // A house number without the rest of the address, and a PIN: the address fields are required, the PIN is not sent back.
  await page.getByLabel("Entity name").fill(entity);
  await page.getByLabel("PIN").fill("5555");
  await page.getByLabel("House number").fill("12");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByLabel("Street name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Entity name")).toHaveValue(entity);
  await expect(page.getByLabel("House number")).toHaveValue("12");
  await expect(page.getByLabel("PIN")).toHaveValue("");

  await page.getByLabel("Authorized person").fill("Sam Static");
  await page.getByLabel("Billing telephone number").fill(number);
  await page.getByLabel("Account number").fill("NOJS-77");
  await page.getByLabel("Street name").fill("Broadway");
  await page.getByLabel("City").fill("NEW YORK");
  await page.getByLabel("State").selectOption("NY");
  await page.getByLabel("ZIP or postal code").fill("10006");
  // Not a PDF, PNG or JPEG: refused next to the field before anything is saved.
  await page.getByLabel("Latest bill").setInputFiles({ name: "bill.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("This file type is not allowed.")).toBeVisible();
  await expect(page.getByLabel("City")).toHaveValue("NEW YORK");

  await page.getByLabel("Letter of authorization (LOA)").setInputFiles({ name: "loa.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/tools\/porting\/order\/\d+$/);
  await expect(page.getByRole("status")).toContainText("Draft");
  await expect(page.getByRole("link", { name: "loa.pdf" })).toBeVisible();

  await page.getByRole("button", { name: "Submit" }).click();
  // The history has the submission (the carrier may already have moved the order on: its steps are short here).
  await expect(page.getByTestId("porting-events")).toContainText("Submitted");
  // The refresh link reads the carrier's progress.
  await expect(async () => {
    await page.getByRole("link", { name: "Refresh" }).click();
    await expect(page.getByRole("status")).toContainText("Completed", { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByTestId("porting-events")).toContainText("Carrier");
});

test("without JavaScript: an order is cancelled, and comments are added", async ({ page }) => {
  await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/porting/order/new");
  await page.getByLabel("Numbers", { exact: true }).fill(freshNumber());
  await page.getByLabel("Entity name").fill(unique("NoJS Cancel"));
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/tools\/porting\/order\/\d+$/);

  await page.getByRole("button", { name: "Add comment" }).click();
  await expect(page.getByLabel("Comment")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Comment").fill("Waiting for the customer's bill.");
  await page.getByRole("button", { name: "Add comment" }).click();
  await expect(page.getByTestId("porting-events")).toContainText("Waiting for the customer's bill.");

  // Without JavaScript the confirmation dialog cannot open: the button posts straight away.
  await page.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByRole("status")).toContainText("Cancelled");
  await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
});

test("without JavaScript: a submission the carrier would refuse is answered with every reason and saves no draft", async ({ page }) => {
  const number = freshNumber();
  const entity = unique("Refused Port");
  await signIn(page, ACCOUNTS.orgAdmin, undefined, `/tools/porting/order/new?numbers=%2B1${number}`);
  await page.getByLabel("Numbers", { exact: true }).fill(`+1${number}\n800 555 0100`);
  await page.getByLabel("Entity name").fill(entity);
  await page.getByLabel("Authorized person").fill("Sam Static");
  await page.getByLabel("Billing telephone number").fill(number);
  await page.getByLabel("Account number").fill("NOJS-88");
  await page.getByLabel("House number").fill("12");
  await page.getByLabel("Street name").fill("Broadway");
  await page.getByLabel("City").fill("NEW YORK");
  await page.getByLabel("State").selectOption("NY");
  await page.getByLabel("ZIP or postal code").fill("10006");
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  // Warned about the toll-free number before anything is sent or saved; the values are kept.
  await expect(page).toHaveURL(/\/tools\/porting\/order\/new/);
  await expect(
    page.getByText("+18005550100 is toll-free: toll-free numbers are ported through the RespOrg process, not here."),
  ).toBeVisible();
  await expect(page.getByLabel("Entity name")).toHaveValue(entity);
  await page.goto(`/tools/porting/order?search=${encodeURIComponent(entity)}`);
  await expect(page.getByRole("main")).not.toContainText(entity);
});

test("without JavaScript: “Check numbers” redraws the form with each refused number named and every value kept (issue 25)", async ({
  page,
}) => {
  const number = freshNumber();
  const refused = `${number.slice(0, 6)}9999`; // the sandbox carrier cannot port numbers ending 9999
  const entity = unique("NoJS Check");
  await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/porting/order/new");
  await page.getByLabel("Numbers", { exact: true }).fill(`+1${number}\n800 555 0100\n${refused}`);
  await page.getByLabel("Entity name").fill(entity);
  await page.getByLabel("House number").fill("12");
  await page.getByLabel("PIN").fill("4321");
  await page.getByLabel("Letter of authorization (LOA)").setInputFiles({ name: "loa.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Check numbers" }).click();
  await expect(page).toHaveURL(/\/tools\/porting\/order\/new/);
  // A page never carries a PIN or a file back: the two fields say so, the bill (not chosen) does not.
  await expect(page.getByLabel("PIN")).toHaveValue("");
  await expect(page.getByText("The check could not keep the PIN: type it again before saving.")).toBeVisible();
  await expect(page.getByText("The check could not keep the file you chose", { exact: false })).toHaveCount(1);
  await expect(page.getByLabel("Letter of authorization (LOA)")).toHaveAccessibleDescription(/could not keep the file you chose/);
  const notice = page.getByTestId("number-check");
  await expect(notice).toContainText("These numbers would be refused when you submit");
  await expect(notice).toContainText("+18005550100 is toll-free");
  await expect(notice).toContainText(`+1${refused} cannot be ported in`);
  // Values kept, and no other field's errors for a check (the address is not complete yet).
  await expect(page.getByLabel("Entity name")).toHaveValue(entity);
  await expect(page.getByLabel("House number")).toHaveValue("12");
  await expect(page.getByLabel("Street name")).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Numbers", { exact: true })).toHaveValue(`+1${number}\n800 555 0100\n${refused}`);

  // Corrected and checked again: every number can be ported; nothing was saved meanwhile.
  await page.getByLabel("Numbers", { exact: true }).fill(`+1${number}`);
  await page.getByRole("button", { name: "Check numbers" }).click();
  await expect(page.getByTestId("number-check")).toHaveText("Checked: every number can be ported.");
  const list = await page.context().newPage();
  await list.goto(`/tools/porting/order?search=${encodeURIComponent(entity)}`);
  await expect(list.getByRole("main")).not.toContainText(entity);
  await list.close();

  // Enter in a field saves the draft ("Check numbers", the first button on the form, does not take it).
  await page.getByLabel("House number").fill("");
  await page.getByLabel("Entity name").press("Enter");
  await expect(page).toHaveURL(/\/tools\/porting\/order\/\d+$/);
  await expect(page.getByRole("status")).toContainText("Draft");
});
