import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { placeOrder } from "./order-helpers";
import { ACCOUNTS, expect, signIn, test, unique, useLanguage } from "./support";

const resultRows = (page: Page) => page.locator("table tbody tr");
const listRows = (page: Page) => page.locator("[data-slot='data-table'] tbody tr");

test.describe("ordering numbers with JavaScript", () => {
  test("wizard with inline validation and a live countdown; the confirmation updates itself", async ({ page }) => {
    test.slow();
    await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/orders/phone-numbers");
    await expect(page.getByRole("navigation", { name: "Ordering steps" }).locator("[aria-current='step']")).toContainText("Search");
    // Inline validation before any post.
    await page.getByLabel("Area code", { exact: true }).fill("1");
    await page.getByLabel("Area code", { exact: true }).blur();
    await expect(page.getByText("Enter a three-digit area code such as 212.")).toBeVisible();
    await page.getByLabel("Area code", { exact: true }).fill("303");
    await page.getByLabel("Pattern", { exact: true }).fill("77");
    await page.getByLabel("SMS").check();
    await page.getByLabel("How many numbers to show").fill("4");
    await page.getByRole("button", { name: "Search numbers" }).click();

    await expect(page).toHaveURL(/\/step-2$/);
    await expect(resultRows(page)).toHaveCount(4);
    await expectNoSeriousViolations(page, "step 2");
    await resultRows(page).nth(0).getByRole("checkbox").check();
    await resultRows(page).nth(1).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Reserve and continue" }).click();

    await expect(page).toHaveURL(/\/step-3$/);
    await expect(page.getByRole("timer")).toContainText(/Reservation expires in\s*(30:00|29:\d\d)/);
    await expectNoSeriousViolations(page, "step 3");
    await page.getByLabel("Label", { exact: true }).fill(unique("Denver desk"));
    await page.getByRole("button", { name: "Place order" }).click();

    await expect(page).toHaveURL(/\/order-confirmed$/);
    await expect(page.getByTestId("order-status")).toHaveText("In progress");
    await expectNoSeriousViolations(page, "order confirmed");
    // Polling through the loader: no reload, no click.
    await expect(page.getByTestId("order-status")).toHaveText("Completed", { timeout: 20_000 });
    await expect(page.getByTestId("order-items").getByText("Complete")).toHaveCount(2);
  });

  test("the numbers list: search by formatted digits, edit label and CNAM, release with confirmation", async ({ page }) => {
    test.slow();
    await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/numbers");
    await expectNoSeriousViolations(page, "numbers list");
    // A number of its own: other specs order, release and relabel numbers of the same organization meanwhile.
    const placed = await placeOrder(page, "602", 1, unique("List desk"));
    await expect(page.getByTestId("order-status")).toHaveText("Completed", { timeout: 20_000 });
    const digits = (placed.numbers[0] as string).slice(2);
    await page.goto(`/tools/numbers?status=in_service&type=local&sort=e164&direction=asc&per_page=5&search=${digits}`);
    await expect(listRows(page)).toHaveCount(1);
    const first = listRows(page).first();
    // The first cell ticks the row for bulk actions; the number is the row's link to its page.
    const number = (await first.getByRole("link", { name: /^\(\d{3}\) \d{3}-\d{4}$/ }).innerText()).trim();
    expect(number).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);

    await first.getByRole("link", { name: `Edit ${number}` }).click();
    await expect(page.getByRole("heading", { name: `Edit ${number}` })).toBeVisible();
    await page.getByLabel("Caller ID name (CNAM)").fill("NORTHWIND DENTAL CO");
    await page.getByLabel("Caller ID name (CNAM)").blur();
    await expect(page.getByText("Enter at most 15 characters.")).toBeVisible();
    const label = unique("Lab");
    await page.getByLabel("Label", { exact: true }).fill(label);
    await page.getByLabel("Caller ID name (CNAM)").fill("NORTHWIND");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/tools\/numbers$/);
    await expect(page.getByText(`${number} saved.`)).toBeVisible();

    await page.getByRole("searchbox", { name: "Search" }).fill(number.replace(/\D/g, "").slice(3));
    await page.getByRole("searchbox", { name: "Search" }).press("Enter");
    await expect(listRows(page)).toHaveCount(1);
    await expect(listRows(page)).toContainText(label);
    // The caller ID name column is off by default (the list fits 1280 px): the number's own page shows it.
    await listRows(page).getByRole("link", { name: number, exact: true }).click();
    await expect(page.getByRole("main")).toContainText("NORTHWIND");
    await page.goBack();
    await expect(listRows(page)).toHaveCount(1);

    await listRows(page)
      .getByRole("button", { name: `Release ${number}` })
      .click();
    await expect(page.getByRole("alertdialog")).toContainText(`Release ${number}?`);
    await page.getByRole("alertdialog").getByRole("button", { name: "Release" }).click();
    await expect(page.getByText(`${number} released.`)).toBeVisible();
    await expect(listRows(page)).toContainText("Disconnected");
    await expect(listRows(page).getByRole("button", { name: `Release ${number}` })).toHaveCount(0);
  });

  test("Arabic: the wizard's step indicator runs right to left", async ({ page }) => {
    test.slow();
    await signIn(page, "elena.novak@maple.test");
    // After signing in: sign-in makes the user's saved language the browser's.
    await useLanguage(page, "ar");
    await page.goto("/tools/orders/phone-numbers");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const steps = page.getByRole("navigation", { name: "خطوات الطلب" }).locator("li");
    await expect(steps).toHaveCount(4);
    const firstBox = await steps.nth(0).boundingBox();
    const lastBox = await steps.nth(3).boundingBox();
    expect(firstBox && lastBox && firstBox.x > lastBox.x).toBe(true);
    await expectNoSeriousViolations(page, "step 1 (ar)");
    await page.goto("/tools/numbers");
    await expectNoSeriousViolations(page, "numbers list (ar)");
  });
});
