import type { Page } from "@playwright/test";
import { ACCOUNTS, expect, signIn, test, unique } from "./support";

const rows = (page: Page) => page.locator("[data-slot='data-table'] tbody tr");

async function search(page: Page, text: string) {
  // Enter submits the list form, before hydration as well as after.
  await page.getByRole("searchbox", { name: "Search" }).fill(text);
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
  await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe(text);
}

test.describe("users", () => {
  test("a provider admin searches, pages, adds, edits and deletes a user", async ({ page }) => {
    // A whole add-edit-delete round trip (a dozen navigations): room on a busy 2-core machine.
    test.slow();
    await signIn(page, ACCOUNTS.providerAdmin, undefined, "/users");
    await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();

    await search(page, "northwind");
    // Other specs may add Northwind users in parallel: at least the five seeded ones, and no one else.
    await expect(rows(page).filter({ hasText: "orgadmin@northwind.test" })).toHaveCount(1);
    expect(await rows(page).count()).toBeGreaterThanOrEqual(5);
    await expect(rows(page).filter({ hasText: "lakeside.test" })).toHaveCount(0);

    await page.goto("/users?per_page=5");
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/Showing 6 to 10 of \d+ entries/)).toBeVisible();

    const name = unique("Jamie");
    const email = `${name.split(" ")[1]}@lakeside.test`;
    await page.getByRole("link", { name: "Add user" }).click();
    await page.getByLabel("Full name").fill(name);
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByRole("combobox", { name: "Language" }).selectOption("fr");
    await page.getByLabel("Organization", { exact: true }).selectOption({ label: "Lakeside Logistics" });
    await page.getByLabel("Organization Admin", { exact: true }).check();
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();

    await search(page, email);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("Organization Admin");

    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page.getByRole("combobox", { name: "Language" })).toHaveValue("fr");
    const renamed = `${name} Jr`;
    await page.getByLabel("Full name").fill(renamed);
    await page.getByLabel("Status").selectOption("disabled");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(`${renamed} was updated.`)).toBeVisible();

    await search(page, email);
    await expect(rows(page).first()).toContainText("Disabled");
    await page.getByRole("button", { name: `Delete ${renamed}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("The user was deleted.")).toBeVisible();
    await expect(page.getByText("No users match these filters.")).toBeVisible();
  });

  test("validation errors show next to the field and typed values stay", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/users/add");
    await page.getByLabel("Full name").fill("Typed Name");
    await page.getByLabel("E-mail", { exact: true }).fill("not-an-email");
    // Leaving the field shows its error at once; the button is then clicked where it now is.
    await page.getByLabel("E-mail", { exact: true }).blur();
    await expect(page.locator("#user-add-email-error")).toBeVisible();
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.locator("#user-add-email-error")).toHaveText("Enter a valid email address.");
    await expect(page.locator("#user-add-organization_id-error")).toHaveText("This field is required.");
    await expect(page.getByLabel("Full name")).toHaveValue("Typed Name");
    await expect(page).toHaveURL(/\/users\/add$/);
  });

  test("the backend's refusal to disable yourself shows on the status field", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/users/edit/1");
    await page.getByLabel("Status").selectOption("disabled");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.locator("#user-edit-status-error")).toHaveText("You cannot disable your own account.");
    await expect(page.getByLabel("Status")).toHaveValue("disabled");
  });

  test("an organization admin sees only their organization and cannot open another's user", async ({ page }) => {
    await signIn(page, ACCOUNTS.orgAdmin, undefined, "/users?per_page=100");
    await expect(rows(page).filter({ hasText: "orgadmin@northwind.test" })).toHaveCount(1);
    expect(await rows(page).count()).toBeGreaterThanOrEqual(5);
    for (const row of await rows(page).all()) await expect(row).toContainText("Northwind Dental");
    await expect(page.getByLabel("Organization", { exact: true })).toHaveCount(0);

    const response = await page.goto("/users/edit/13");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Marcus Bell")).toHaveCount(0);
  });

  test("renders right to left in Arabic", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin);
    await page.context().addCookies([{ name: "amp-language", value: "ar", domain: "localhost", path: "/" }]);
    await page.goto("/users");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { name: "المستخدمون", level: 1 })).toBeVisible();
    await page.goto("/users/add");
    await expect(page.getByLabel("الاسم الكامل")).toBeVisible();
    await page.getByRole("button", { name: "إرسال الدعوة" }).click();
    await expect(page.locator("#user-add-name-error")).toHaveText("هذا الحقل مطلوب.");
  });
});
