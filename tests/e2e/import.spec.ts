import { expectNoSeriousViolations } from "./axe";
import { importCsv } from "./import-csv";
import { ACCOUNTS, expect, signIn, test, useLanguage } from "./support";

test.describe.configure({ timeout: 120_000 });

test("with JavaScript: the header check, preview, live progress and the numbers, with axe on both steps", async ({ page }) => {
  await signIn(page, ACCOUNTS.superAdmin);
  await page.goto("/tools/import/phone_numbers");
  await expectNoSeriousViolations(page, "step 1");

  // The first line is read in the browser before anything is sent.
  await page.setInputFiles("#import-file", { name: "wrong.csv", mimeType: "text/csv", buffer: Buffer.from("phone;label\n") });
  await expect(page.getByTestId("header-check")).toHaveText(/Columns found: phone, label\./);
  await page.setInputFiles("#import-file", { name: "wrong.csv", mimeType: "text/csv", buffer: Buffer.from("model;label\n") });
  await expect(page.getByTestId("header-check")).toContainText("no “number” column");

  const { csv } = importCsv(300, { invalid: 2 });
  await page.setInputFiles("#import-file", { name: "js-import.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Upload and check" }).click();
  await expect(page).toHaveURL(/\/step-2$/);
  await expect(page.getByTestId("count-valid")).toHaveText("300");
  await expectNoSeriousViolations(page, "step 2 preview");

  await page.getByLabel("Import the 300 valid rows and leave out the 2 invalid ones").check();
  await page.getByRole("button", { name: "Import 300 numbers" }).click();
  // Polled while it runs, no reload needed.
  await expect(page.getByRole("heading", { name: "Import finished" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("done-created")).toHaveText("300");
  // Once imported, the page no longer says nothing is in the inventory (issue 25).
  await expect(page.getByRole("main")).toContainText("The import is finished: its numbers are in the inventory.");
  await expect(page.getByRole("main")).not.toContainText("Nothing is in the inventory until you import.");
  // axe after the "import started" toast (5 s) has gone: it measures a fading toast's contrast mid-animation.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
  await expectNoSeriousViolations(page, "step 2 done");
});

test("pasted rows as an organization member: previewed, refused rows named, no import without the key", async ({ page }) => {
  await signIn(page, ACCOUNTS.orgAdmin);
  await page.goto("/tools/import/phone_numbers");
  const { csv } = importCsv(3);
  await page.getByLabel("CSV text").fill(`${csv.trim()}\r\n+12125550100,Lakeside Logistics,,,`);
  await page.getByRole("button", { name: "Check pasted rows" }).click();
  await expect(page).toHaveURL(/\/step-2$/);
  await expect(page.getByTestId("row-errors")).toContainText("You can import numbers into your own organization only.");
  await expect(page.getByText("importing them needs the “import phone numbers” permission")).toContainText("Your provider's staff have it");
  await expect(page.getByTestId("commit-form")).toHaveCount(0);
});

test("in Arabic: right to left, translated guide and row messages", async ({ page }) => {
  await signIn(page, ACCOUNTS.superAdmin);
  await useLanguage(page, "ar");
  await page.goto("/tools/import/phone_numbers");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "استيراد أرقام الهاتف" })).toBeVisible();
  await page.setInputFiles("#import-file", {
    name: "arabic.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("number,organization\n12345,BUS-10021\n"),
  });
  await page.getByRole("button", { name: "رفع وتحقق" }).click();
  await expect(page).toHaveURL(/\/step-2$/);
  await expect(page.getByTestId("row-errors")).toContainText("هذا ليس رقم هاتف صالحًا.");
  await expectNoSeriousViolations(page, "step 2 in Arabic");
});

test("duplicates in the file and numbers already in the inventory: counted apart, each count matching the rows listed (issue 25)", async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.superAdmin);
  // Two numbers put in the inventory first: one for Business 10021, one for Lakeside Logistics.
  const first = importCsv(2);
  const [ours, lakeside] = first.numbers;
  await page.goto("/tools/import/phone_numbers");
  await page.setInputFiles("#import-file", { name: "first.csv", mimeType: "text/csv", buffer: Buffer.from(first.csv) });
  await page.getByRole("button", { name: "Upload and check" }).click();
  await expect(page).toHaveURL(/\/step-2$/);
  await page.getByRole("button", { name: "Import 2 numbers" }).click();
  await expect(page.getByRole("heading", { name: "Import finished" })).toBeVisible({ timeout: 30_000 });

  const fresh = importCsv(1).numbers[0];
  const spaced = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;
  const csv = [
    "number,organization",
    `${ours},BUS-10021`, // row 2: already this organization's
    `${lakeside},BUS-10021`, // row 3: another organization holds it
    `${fresh},BUS-10021`, // row 4: new
    `${spaced(fresh)},BUS-10021`, // row 5: repeats row 4
    `${spaced(ours)},BUS-10021`, // row 6: repeats row 2
    "",
  ].join("\r\n");
  await page.goto("/tools/import/phone_numbers");
  await page.setInputFiles("#import-file", { name: "second.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Upload and check" }).click();
  await expect(page).toHaveURL(/\/step-2$/);

  await expect(page.getByTestId("count-rows")).toHaveText("5");
  await expect(page.getByTestId("count-valid")).toHaveText("2");
  await expect(page.getByTestId("count-invalid")).toHaveText("3");
  await expect(page.getByTestId("count-duplicates")).toHaveText("2");
  await expect(page.getByTestId("count-existing")).toHaveText("1");
  await expect(page.getByTestId("count-taken")).toHaveText("1");
  await expect(page.getByTestId("import-counts")).toContainText("Repeated in this file");
  await expect(page.getByTestId("import-counts")).toContainText("Already in the inventory, same organization");
  await expect(page.getByTestId("import-counts")).toContainText("Already in the inventory, another owner");

  // The organization's own number is listed apart from the problems, as a valid row.
  const existing = page.getByTestId("existing-rows").locator("tbody tr");
  await expect(existing).toHaveCount(1);
  await expect(existing.first()).toHaveAttribute("data-row", "2");
  await expect(existing.first()).toContainText("Not imported yet");
  // The problems: exactly the two repeats and the number held by another organization, each saying which.
  const problems = page.getByTestId("row-errors").locator("tbody tr");
  await expect(problems).toHaveCount(3);
  await expect(page.getByTestId("row-errors").locator("tbody tr[data-row='3']")).toContainText(
    "Already in the inventory: another organization or the provider's stock holds this number.",
  );
  await expect(page.getByTestId("row-errors").locator("tbody tr[data-row='5']")).toContainText(
    "Repeated in this file: the same number as row 4.",
  );
  await expect(page.getByTestId("row-errors").locator("tbody tr[data-row='6']")).toContainText(
    "Repeated in this file: the same number as row 2.",
  );
  await expect(problems.filter({ hasText: "Repeated in this file" })).toHaveCount(2);

  await page.getByLabel("Import the 2 valid rows and leave out the 3 invalid ones").check();
  await page.getByRole("button", { name: "Import 2 numbers" }).click();
  await expect(page.getByRole("heading", { name: "Import finished" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("done-created")).toHaveText("1");
  await expect(existing.first()).toContainText("Left as it was");

  // French: the check's duration is a decimal written the French way (comma), through the shared formatter.
  await useLanguage(page, "fr");
  await page.reload();
  await expect(page.getByRole("main")).toContainText(/Vérifié en \d+,\d s\./);
  await expect(page.getByTestId("import-counts")).toContainText("Répétés dans le fichier");
});
