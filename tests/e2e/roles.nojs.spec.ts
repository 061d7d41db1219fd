import type { Page } from "@playwright/test";
import { ACCOUNTS, expect, signIn, test, unique } from "./support";

const rows = (page: Page) => page.locator("[data-slot='data-table'] tbody tr");

test.describe("roles without JavaScript", () => {
  test("an area's All box selects and clears the whole area on the server", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/roles/add");
    const name = unique("Night shift");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Select every permission of Users").check();
    await page.getByLabel("View the dashboard").check();
    await page.getByRole("button", { name: "Add role" }).click();
    await expect(page).toHaveURL(/\/roles$/);

    await page.goto(`/roles?search=${encodeURIComponent(name)}`);
    await expect(rows(page).first()).toContainText("6 of 32");
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page.getByLabel("Log in as another user")).toBeChecked();
    await expect(page.getByLabel("Select every permission of Users")).toBeChecked();

    // Unticking the area box clears the area, even though its key boxes are still ticked.
    await page.getByLabel("Select every permission of Users").uncheck();
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.goto(`/roles?search=${encodeURIComponent(name)}`);
    await expect(rows(page).first()).toContainText("1 of 32");

    await page.getByRole("button", { name: `Delete ${name}` }).click();
    await expect(page.getByText("No roles match this search.")).toBeVisible();
  });

  test("a failed submission keeps the expanded selection", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/roles/add");
    await page.getByLabel("Name", { exact: true }).fill(" ");
    await page.getByLabel("Select every permission of Roles").check();
    await page.getByRole("button", { name: "Add role" }).click();
    await expect(page.locator("#role-add-name-error")).toHaveText("This field is required.");
    await expect(page.getByLabel("Delete roles")).toBeChecked();
  });
});
