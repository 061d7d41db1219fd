import { readFile } from "node:fs/promises";
import { importCsv } from "./import-csv";
import { ACCOUNTS, expect, signIn, test } from "./support";

test.describe("importing phone numbers without JavaScript", () => {
  test("1,000 rows for two organizations with 20 bad ones: preview, commit, progress, error report, numbers listed", async ({ page }) => {
    test.slow();
    await signIn(page, ACCOUNTS.superAdmin);
    await page.goto("/tools/import/phone_numbers");
    await expect(page.getByRole("heading", { name: "Import phone numbers" })).toBeVisible();
    await expect(page.getByTestId("column-guide")).toContainText("e911_*");

    // A file that cannot work comes back with the reason, on the same page.
    await page.setInputFiles("#import-file", {
      name: "wrong.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("phone_model,label\nX1,desk\n"),
    });
    await page.getByRole("button", { name: "Upload and check" }).click();
    await expect(page.getByText("The first row must name a “number” column.")).toBeVisible();

    const { csv } = importCsv(980, { invalid: 10, duplicates: 5, unknownOrganization: 5 });
    const name = `numbers-${Date.now()}.csv`;
    await page.setInputFiles("#import-file", { name, mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Upload and check" }).click();
    await expect(page).toHaveURL(/\/tools\/import\/phone_numbers\/\d+\/step-2$/);
    const id = page.url().match(/phone_numbers\/(\d+)\/step-2/)?.[1];
    await expect(page.getByTestId("count-rows")).toHaveText("1,000");
    await expect(page.getByTestId("count-valid")).toHaveText("980");
    await expect(page.getByTestId("count-invalid")).toHaveText("20");
    await expect(page.getByTestId("count-duplicates")).toHaveText("5");
    await expect(page.getByTestId("per-organization")).toContainText("Northwind Dental");
    await expect(page.getByTestId("per-organization")).toContainText("Lakeside Logistics");
    await expect(page.getByTestId("row-errors").locator("tbody tr")).toHaveCount(20);
    await expect(page.getByTestId("row-errors")).toContainText("This is not a valid phone number.");
    await expect(page.getByTestId("row-errors")).toContainText("No organization has this account number or name.");
    await expect(page.getByTestId("row-errors")).toContainText(/Repeated in this file: the same number as row \d+\./);

    // The error report: the header and the 20 refused rows as they were, with their reason.
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download the error report (CSV)" }).click();
    const report = await readFile(await (await downloading).path(), "utf8");
    const lines = report
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("number,organization,type,label,cnam,error,error_column");
    expect(lines).toHaveLength(21);
    expect(lines.filter((line) => line.includes("No Such Org"))).toHaveLength(5);

    // The invalid rows are left out knowingly (the backend refuses the commit without this box).
    await page.getByLabel("Import the 980 valid rows and leave out the 20 invalid ones").check();
    await page.getByRole("button", { name: "Import 980 numbers" }).click();
    await expect(page).toHaveURL(new RegExp(`/tools/import/phone_numbers/${id}/step-2$`));
    // Without JavaScript the page refreshes itself while the job runs, until it is done.
    await expect(page.getByRole("heading", { name: "Import finished" })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId("done-created")).toHaveText("980");

    await page.getByRole("link", { name: "See the imported numbers" }).click();
    await expect(page).toHaveURL(new RegExp(`/tools/numbers\\?import=${id}$`));
    await expect(page.getByText("Showing 1 to 10 of 980 entries")).toBeVisible();
    // The list says it is filtered to this import, and the chip's link clears the filter.
    await expect(page.getByText(`From import #${id}`)).toBeVisible();
    await page.getByRole("link", { name: "Show all numbers, not only this import's" }).click();
    await expect(page).toHaveURL(/\/tools\/numbers$/);
    await expect(page.getByText(`From import #${id}`)).toHaveCount(0);

    // The history on step 1 lists it as completed.
    await page.goto("/tools/import/phone_numbers");
    const entry = page.getByTestId("import-history").locator("tr", { hasText: name });
    await expect(entry).toContainText("Completed");
    await expect(entry).toContainText("980");
  });
});
