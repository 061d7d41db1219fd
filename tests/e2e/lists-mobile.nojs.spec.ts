import { LIST_SCREENS, PHONE, sidewaysOverflow } from "./layout-helpers";
import { ACCOUNTS, expect, signIn, test } from "./support";

// Issue 25, without JavaScript: the "Filters" button is a <details> disclosure, so it opens and the list form applies.
test.use({ viewport: PHONE });

test("every list fits a phone without JavaScript", async ({ page }) => {
  test.slow();
  await signIn(page, ACCOUNTS.superAdmin, undefined, "/users");
  for (const path of LIST_SCREENS) {
    await page.goto(path);
    await expect(page.locator("[data-slot='data-table']"), path).toBeVisible();
    expect(await sidewaysOverflow(page), path).toEqual({ table: 0, page: 0, wide: [] });
  }
});

test("the Filters button opens the filters and Apply filters the list", async ({ page }) => {
  await signIn(page, ACCOUNTS.superAdmin, undefined, "/users");
  const status = page.getByLabel("Status", { exact: true });
  await expect(status).toBeHidden();
  await page.getByText("Filters", { exact: true }).click();
  await expect(status).toBeVisible();
  await status.selectOption({ label: "Active" });
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page).toHaveURL(/status=active/);
  // The filtered page is a new document: measure it once its stylesheet applies (the URL changes before that).
  await page.waitForLoadState();
  // The page comes back with the filter applied: the filters are open, and the button counts it.
  await expect(status).toBeVisible();
  await expect(status).toHaveValue("active");
  await expect(page.locator("[data-slot='list-filters'] > summary")).toContainText("1");
  const rows = page.locator("[data-slot='data-table'] tbody tr");
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.locator("td[data-label='Status']").allTextContents()) expect(text).toContain("Active");
  expect(await sidewaysOverflow(page)).toEqual({ table: 0, page: 0, wide: [] });
});

test("a long bulk action wraps inside its button on a narrow phone (E911 at 340 px)", async ({ page }) => {
  // Its name fits 390 px with the web font by a few pixels and did not with the fallback one: the button must give way.
  await page.setViewportSize({ width: 340, height: 844 });
  await signIn(page, ACCOUNTS.superAdmin, undefined, "/tools/e911");
  await expect(page.locator("[data-slot='data-table']")).toBeVisible();
  expect(await sidewaysOverflow(page)).toEqual({ table: 0, page: 0, wide: [] });
});
