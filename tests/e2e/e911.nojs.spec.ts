import { expect, signIn, test } from "./support";

test("E911 without JavaScript: select rows, set one address, accept the carrier's suggestion", async ({ page }) => {
  // Seeded numbers 10 and 11 belong to Lakeside Logistics. Searched for, not paged to: other specs import
  // hundreds of numbers into Lakeside that sort before them.
  const theirs = "/tools/e911?search=312555107&sort=e164&direction=asc";
  await signIn(page, "marcus.bell@lakeside.test", undefined, theirs);
  await page.getByLabel("Select (312) 555-1070").check();
  await page.getByLabel("Select (312) 555-1077").check();
  await page.getByRole("button", { name: "Set E911 address for the selected numbers" }).click();
  await expect(page).toHaveURL(/\/tools\/e911\/bulk\?.*ids=10&ids=11/);
  await expect(page.getByText("The same emergency address for 2 numbers.")).toBeVisible();
  await page.getByLabel("Caller name").fill("Lakeside Dock");
  await page.getByLabel("House number", { exact: true }).fill("2300");
  await page.getByLabel("Street name").fill("S Archer");
  await page.getByLabel("City").fill("Chicago");
  await page.getByLabel("State").selectOption("IL");
  await page.getByLabel("ZIP code").fill("6061");
  await page.getByRole("button", { name: "Validate and save" }).click();
  await expect(page.getByText("Enter a five-digit ZIP code.")).toBeVisible();
  await expect(page.getByLabel("Street name")).toHaveValue("S Archer");
  await page.getByLabel("ZIP code").fill("60616");
  await page.getByRole("button", { name: "Validate and save" }).click();
  await expect(page.getByTestId("e911-suggestion")).toContainText("2300 S Archer St, CHICAGO IL 60616-0001");
  await page.getByRole("button", { name: "Accept the suggestion" }).click();
  await expect(page).toHaveURL(/\/tools\/e911$/);
  // Without JavaScript there are no toasts: the list itself shows the outcome.
  await page.goto(theirs);
  for (const number of ["(312) 555-1070", "(312) 555-1077"]) {
    const row = page.locator("tr", { has: page.getByLabel(`Select ${number}`) });
    await expect(row).toContainText("2300 S Archer St, CHICAGO IL 60616-0001");
    await expect(row).toContainText("Provisioned");
  }
});
