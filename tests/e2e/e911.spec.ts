import { expectNoSeriousViolations } from "./axe";
import { ACCOUNTS, expect, signIn, test, useLanguage } from "./support";

test.describe.configure({ timeout: 120_000 });

test("E911: a suggested correction is shown side by side, accepted and provisioned; then removed after confirmation", async ({ page }) => {
  // Seeded number 9 belongs to Lakeside Logistics (312 block).
  await signIn(page, "marcus.bell@lakeside.test", undefined, "/tools/e911");
  await expectNoSeriousViolations(page, "e911 list");
  await page.goto("/tools/e911/edit/9");
  await page.getByLabel("Caller name").fill("Lakeside Front Desk");
  await page.getByLabel("House number", { exact: true }).fill("455");
  await page.getByLabel("Street name").fill("Cityfront Plaza");
  await page.getByLabel("Street suffix").fill("");
  await page.getByLabel("Unit, suite or floor").fill("");
  await page.getByLabel("City").fill("Chicago");
  await page.getByLabel("State").selectOption("IL");
  await page.getByLabel("ZIP code").fill("60611");
  await page.getByLabel("ZIP+4").fill("");
  await page.getByRole("button", { name: "Validate and save" }).click();
  const suggestion = page.getByTestId("e911-suggestion");
  await expect(suggestion).toContainText("455 Cityfront Plaza St, CHICAGO IL 60611-0001");
  await expect(suggestion).toContainText("455 Cityfront Plaza, Chicago IL 60611");
  await expectNoSeriousViolations(page, "e911 suggestion");
  await suggestion.getByRole("button", { name: "Accept the suggestion" }).click();
  await expect(page.getByText("The address is valid and E911 is provisioned for (312) 555-1063.")).toBeVisible();
  await expect(page.getByTestId("e911-suggestion")).toHaveCount(0);
  await expect(page.locator("dl")).toContainText("Provisioned");
  // The form below shows the accepted address, not the one typed before.
  await expect(page.getByLabel("Street suffix")).toHaveValue("St");
  await expect(page.getByLabel("City")).toHaveValue("CHICAGO");
  await expect(page.getByLabel("ZIP+4")).toHaveValue("0001");
  // The form below shows the accepted address, not the one typed before.
  await expect(page.getByLabel("Street suffix")).toHaveValue("St");
  await expect(page.getByLabel("City")).toHaveValue("CHICAGO");
  await expect(page.getByLabel("ZIP+4")).toHaveValue("0001");

  await page.getByRole("button", { name: "Remove E911" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("a 911 call from it will reach a national call center");
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove E911" }).click();
  await expect(page).toHaveURL(/\/tools\/e911$/);
  await expect(page.getByText("E911 was removed from (312) 555-1063.")).toBeVisible();
});

test("E911: bad input keeps the typed values with messages next to the fields", async ({ page }) => {
  await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/e911/edit/3");
  await page.getByLabel("Country").selectOption("CA");
  await page.getByLabel("Province").selectOption("ON");
  await page.getByLabel("Postal code").fill("12345");
  await page.getByRole("button", { name: "Validate and save" }).click();
  await expect(page.getByText("Enter a postal code like K1A 0B1.")).toBeVisible();
  await expect(page.getByLabel("Postal code")).toHaveValue("12345");
  await expect(page.getByLabel("Caller name")).not.toHaveValue("");
});

test("E911 in Arabic: an address that starts with its house number stays in one left-to-right piece", async ({ page }) => {
  await useLanguage(page, "ar");
  await signIn(page, "marcus.bell@lakeside.test", undefined, "/tools/e911");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const address = page.locator("[data-slot='data-table'] tbody bdi[data-address]").first();
  await expect(address).toHaveAttribute("dir", "ltr");
  await expect(address).toHaveText(/^\d+ .+, [A-Za-z ]+ [A-Z]{2} \d{5}/);
});
