import type { Page } from "@playwright/test";
import { ACCOUNTS, expect, signIn, test, unique } from "./support";

const rows = (page: Page) => page.locator("[data-slot='data-table'] tbody tr");

async function search(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Search" }).fill(text);
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
}

test.describe("users without JavaScript", () => {
  test("search, paginate, add, edit and delete with plain forms", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/users?per_page=5");
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page.getByText(/Showing 6 to 10 of \d+ entries/)).toBeVisible();

    await page.goto("/users/add");
    const name = unique("Robin");
    const email = `${name.split(" ")[1]}@northwind.test`;
    // The browser accepts this address; the server's schema does not: the page comes back with the values kept.
    await page.getByLabel("Full name").fill(name);
    await page.getByLabel("E-mail", { exact: true }).fill("typed@localhost");
    await page.getByLabel("Organization", { exact: true }).selectOption({ label: "Northwind Dental" });
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.locator("#user-add-email-error")).toHaveText("Enter a valid email address.");
    await expect(page.getByLabel("Full name")).toHaveValue(name);
    await expect(page.getByLabel("Organization", { exact: true })).toHaveValue(/\d+/);

    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page).toHaveURL(/\/users$/);

    await search(page, email);
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await page.getByLabel("Full name").fill(`${name} B`);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(/\/users$/);

    await search(page, email);
    await expect(rows(page).first()).toContainText(`${name} B`);
    // Without JavaScript the delete button posts its form directly.
    await page.getByRole("button", { name: `Delete ${name} B` }).click();
    await expect(page).toHaveURL(/\/users\?.*search=/);
    await expect(page.getByText("No users match these filters.")).toBeVisible();
  });

  test("an organization admin's list and forms stay within their organization", async ({ page }) => {
    await signIn(page, ACCOUNTS.orgAdmin, undefined, "/users?per_page=100");
    await expect(rows(page).filter({ hasText: "orgadmin@northwind.test" })).toHaveCount(1);
    expect(await rows(page).count()).toBeGreaterThanOrEqual(5);
    for (const row of await rows(page).all()) await expect(row).toContainText("Northwind Dental");
    await page.goto("/users/add");
    await expect(page.getByLabel("Organization", { exact: true }).locator("option")).toHaveText(["Northwind Dental"]);
    const response = await page.goto("/users/edit/15");
    expect(response?.status()).toBe(404);
  });
});
