import type { Page } from "@playwright/test";
import { ACCOUNTS, expect, signIn, test, unique } from "./support";

const rows = (page: Page) => page.locator("[data-slot='data-table'] tbody tr");

test.describe("organizations without JavaScript", () => {
  test("add with server validation, edit and delete with plain forms", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/organizations/add");
    const name = unique("Bayview Dental");
    const account = `BD-${Date.now().toString(36)}`;
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Account number").fill(account);
    await page.getByLabel("Contact phone").fill("555");
    await page.getByRole("button", { name: "Add organization" }).click();
    await expect(page.locator("#organization-add-contact_phone-error")).toHaveText("Enter a valid phone number.");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
    await expect(page.getByLabel("Contact phone")).toHaveValue("555");

    await page.getByLabel("Contact phone").fill("+44 20 7946 0958");
    await page.getByRole("button", { name: "Add organization" }).click();
    await expect(page).toHaveURL(/\/organizations$/);

    await page.getByRole("searchbox", { name: "Search" }).fill(account);
    await page.getByRole("searchbox", { name: "Search" }).press("Enter");
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await page.getByLabel("Status").selectOption("suspended");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(/\/organizations$/);

    await page.goto(`/organizations?search=${account}&status=suspended`);
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole("button", { name: `Delete ${name}` }).click();
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByText("No organizations match these filters.")).toBeVisible();
  });
});
