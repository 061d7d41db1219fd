import { expectNoSeriousViolations } from "./axe";
import { LIST_SCREENS, PHONE, sidewaysOverflow } from "./layout-helpers";
import { ACCOUNTS, expect, signIn, test, useLanguage } from "./support";

// Issue 25: at 390 px every list is cards, nothing scrolls sideways, and the filters sit behind a "Filters" button.
test.use({ viewport: PHONE });

const filtersButton = (page: import("@playwright/test").Page) => page.locator("[data-slot='list-filters'] > summary");

test("every list fits a phone: rows are cards, the filters wait behind a button", async ({ page }) => {
  test.slow();
  await signIn(page, ACCOUNTS.superAdmin, undefined, "/users");
  for (const path of LIST_SCREENS) {
    await page.goto(path);
    await expect(page.locator("[data-slot='data-table']"), path).toBeVisible();
    expect(await sidewaysOverflow(page), path).toEqual({ table: 0, page: 0, wide: [] });
    const button = filtersButton(page);
    if ((await button.count()) === 0) continue;
    const fieldset = page.locator("[data-slot='list-filters'] > fieldset");
    await expect(fieldset, path).toBeHidden();
    await button.click();
    await expect(fieldset, path).toBeVisible();
    expect(await sidewaysOverflow(page), `${path}, filters open`).toEqual({ table: 0, page: 0, wide: [] });
  }
});

test("a filter applied from behind the button: the list follows, the filters stay open and count it", async ({ page }) => {
  await signIn(page, ACCOUNTS.superAdmin, undefined, "/tools/numbers");
  await expect(page.getByLabel("Status", { exact: true })).toBeHidden();
  await page.getByText("Filters", { exact: true }).click();
  await page.getByLabel("Status", { exact: true }).selectOption({ label: "In service" });
  await expect(page).toHaveURL(/status=in_service/);
  const rows = page.locator("[data-slot='data-table'] tbody tr");
  await expect(rows.first()).toBeVisible();
  for (const badge of await rows.getByText(/^(In service|Available|Reserved|Porting|Released)$/).allTextContents()) {
    expect(badge).toBe("In service");
  }
  await expect(filtersButton(page)).toContainText("1");
  // Drawn afresh with a filter applied, the disclosure is open.
  await page.reload();
  await expect(page.getByLabel("Status", { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, "numbers at 390 px, filters open");
  // A row is a card: its cells name their column.
  await expect(rows.first().locator("td[data-label='Status']")).toBeVisible();
});

test("on a wide screen the filters show without the button", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ACCOUNTS.superAdmin, undefined, "/users");
  await expect(filtersButton(page)).toBeHidden();
  await expect(page.getByLabel("Status", { exact: true })).toBeVisible();
});

test("in Arabic, right to left: cards, no sideways scroll, the filters behind their button", async ({ page }) => {
  await useLanguage(page, "ar");
  await signIn(page, ACCOUNTS.superAdmin, undefined, "/tools/e911");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect(await sidewaysOverflow(page)).toEqual({ table: 0, page: 0, wide: [] });
  await page.getByText("عوامل التصفية", { exact: true }).click();
  await expect(page.locator("[data-slot='list-filters'] > fieldset")).toBeVisible();
  expect(await sidewaysOverflow(page)).toEqual({ table: 0, page: 0, wide: [] });
  await expectNoSeriousViolations(page, "E911 at 390 px in Arabic");
});
