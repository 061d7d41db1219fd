import type { Page } from "@playwright/test";
import { ACCOUNTS, expect, signIn, test, unique } from "./support";

async function search(page: Page, text: string) {
  // Enter submits the list form, before hydration as well as after.
  await page.getByRole("searchbox", { name: "Search" }).fill(text);
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
  await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe(text);
}

const rows = (page: Page) => page.locator("[data-slot='data-table'] tbody tr");

test.describe("roles", () => {
  test("a super admin adds a role with the matrix, edits and deletes it", async ({ page }) => {
    // A whole add-edit-delete round trip (a dozen navigations): room on a busy 2-core machine.
    test.slow();
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/roles");
    await expect(page.getByRole("heading", { name: "Roles", level: 1 })).toBeVisible();
    await expect(rows(page).filter({ hasText: "Super Admin" })).toContainText("System");
    await expect(page.getByRole("button", { name: "Delete Super Admin" })).toHaveCount(0);

    await search(page, "admin");
    await expect(rows(page)).toHaveCount(3);

    const name = unique("Billing clerk");
    await page.goto("/roles/add");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Who can hold it").selectOption("organization");
    // "All" ticks every key of the area at once; one key can then be unticked.
    await page.getByLabel("Select every permission of E911").check();
    await expect(page.getByLabel("Change E911 addresses")).toBeChecked();
    await page.getByLabel("View the dashboard").check();
    await page.getByLabel("Change E911 addresses").uncheck();
    await expect(page.getByLabel("Select every permission of E911")).not.toBeChecked();
    await expect(page.getByText("2 of 32 selected")).toBeVisible();
    await page.getByRole("button", { name: "Add role" }).click();
    await expect(page.getByText(`${name} was created.`)).toBeVisible();

    await search(page, name);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("2 of 32");
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page.getByLabel("View E911 addresses")).toBeChecked();
    await page.getByLabel("Select every permission of Resources").check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(`${name} was updated.`)).toBeVisible();

    await search(page, name);
    await expect(rows(page).first()).toContainText("4 of 32");
    await page.getByRole("button", { name: `Delete ${name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("The role was deleted.")).toBeVisible();
  });

  test("the Super Admin role's keys are read-only and an organization role refuses provider-only keys", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/roles/edit/1");
    await expect(page.getByText("This role always holds every permission")).toBeVisible();
    await expect(page.getByLabel("Change system settings")).toBeDisabled();

    await page.goto("/roles/add");
    await page.getByLabel("Name", { exact: true }).fill(unique("Too broad"));
    await page.getByLabel("Who can hold it").selectOption("organization");
    await page.getByLabel("Change system settings").check();
    await page.getByRole("button", { name: "Add role" }).click();
    await expect(page.getByText("An organization role cannot include provider-only permissions.")).toBeVisible();
    await expect(page.getByLabel("Change system settings")).toBeChecked();
  });

  test("validation errors show next to the field", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/roles/add");
    await page.getByLabel("Description").fill("Typed description");
    await page.getByLabel("Description").blur();
    await page.getByRole("button", { name: "Add role" }).click();
    await expect(page.locator("#role-add-name-error")).toHaveText("This field is required.");
    await expect(page.getByLabel("Description")).toHaveValue("Typed description");
  });

  test("an organization admin cannot open the roles screens", async ({ page }) => {
    await signIn(page, ACCOUNTS.orgAdmin);
    expect((await page.goto("/roles"))?.status()).toBe(401);
  });

  test("renders right to left in Arabic", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin);
    await page.context().addCookies([{ name: "amp-language", value: "ar", domain: "localhost", path: "/" }]);
    await page.goto("/roles");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { name: "الأدوار", level: 1 })).toBeVisible();
  });
});
