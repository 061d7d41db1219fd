import type { Page } from "@playwright/test";
import { ACCOUNTS, expect, signIn, test, unique } from "./support";

const rows = (page: Page) => page.locator("[data-slot='data-table'] tbody tr");

async function search(page: Page, text: string) {
  // Enter submits the list form, before hydration as well as after.
  await page.getByRole("searchbox", { name: "Search" }).fill(text);
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
  await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe(text);
}

async function fillRequired(page: Page, name: string, account: string) {
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Account number").fill(account);
}

test.describe("organizations", () => {
  test("a provider admin searches, filters, adds, edits and deletes an organization", async ({ page }) => {
    // A whole add-edit-delete round trip (a dozen navigations): room on a busy 2-core machine.
    test.slow();
    await signIn(page, ACCOUNTS.providerAdmin, undefined, "/organizations");
    await expect(page.getByRole("heading", { name: "Organizations", level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Type").selectOption("residential");
    await expect(page).toHaveURL(/type=residential/);
    // Registration (another spec) adds residential organizations too: Maple is there, businesses are not.
    await expect(rows(page).filter({ hasText: "Maple Street Residence" })).toHaveCount(1);
    await expect(rows(page).filter({ hasText: "Northwind Dental" })).toHaveCount(0);

    await page.goto("/organizations?per_page=5&sort=name&direction=desc");
    await expect(rows(page).first()).toContainText("Northwind Dental");

    const name = unique("Harbor Clinic");
    const account = `HC-${Date.now().toString(36)}`;
    await page.goto("/organizations/add");
    await fillRequired(page, name, account);
    await page.getByLabel("Contact phone").fill("(312) 555-0142");
    await page.getByLabel("Contact e-mail").fill("front@harbor.test");
    await page.getByLabel("Time zone").selectOption("America/Chicago");
    await page.getByRole("button", { name: "Add organization" }).click();
    await expect(page.getByText(`${name} was created.`)).toBeVisible();

    await search(page, account);
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page.getByLabel("Contact phone")).toHaveValue("+13125550142");
    await page.getByLabel("City").fill("Chicago");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(`${name} was updated.`)).toBeVisible();

    await search(page, account);
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole("button", { name: `Delete ${name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("The organization was deleted.")).toBeVisible();
  });

  test("deleting an organization with users shows the backend's refusal", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/organizations?search=Northwind");
    await page.getByRole("button", { name: "Delete Northwind Dental" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("This organization still has users, phone numbers or porting orders.")).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
  });

  test("validation errors show next to the field and typed values stay", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/organizations/add");
    await page.getByLabel("Contact phone").fill("12345");
    await page.getByLabel("City").fill("Typed City");
    await page.getByLabel("City").blur();
    await page.getByRole("button", { name: "Add organization" }).click();
    await expect(page.locator("#organization-add-name-error")).toHaveText("This field is required.");
    await expect(page.locator("#organization-add-contact_phone-error")).toHaveText("Enter a valid phone number.");
    await expect(page.getByLabel("City")).toHaveValue("Typed City");
  });

  test("an organization admin cannot open the organizations screens", async ({ page }) => {
    await signIn(page, ACCOUNTS.orgAdmin);
    expect((await page.goto("/organizations"))?.status()).toBe(401);
    expect((await page.goto("/organizations/edit/3"))?.status()).toBe(401);
  });

  test("renders right to left in Arabic", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin);
    await page.context().addCookies([{ name: "amp-language", value: "ar", domain: "localhost", path: "/" }]);
    await page.goto("/organizations/add");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { name: "إضافة مؤسسة", level: 1 })).toBeVisible();
    await expect(page.getByLabel("رقم الحساب")).toBeVisible();
  });
});
