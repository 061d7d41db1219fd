import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { placeOrder } from "./order-helpers";
import { ACCOUNTS, expect, signIn, test, unique, useLanguage, waitingForHydration } from "./support";

const listRows = (page: Page) => page.locator("[data-slot='data-table'] tbody tr");

test.describe("a number's page", () => {
  test("an ordered number tells its order and who placed it; edit and release from the page, named in its history", async ({ page }) => {
    test.slow();
    await signIn(page, ACCOUNTS.orgAdmin);
    const placed = await placeOrder(page, "404", 1, unique("Page desk"));
    await expect(page.getByTestId("order-status")).toHaveText("Completed", { timeout: 20_000 });
    const digits = (placed.numbers[0] as string).slice(2);
    const formatted = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;

    // The numbers list links each number to its page.
    await page.goto(`/tools/numbers?search=${digits}`);
    await listRows(page).getByRole("link", { name: formatted, exact: true }).click();
    await expect(page).toHaveURL(/\/tools\/numbers\/\d+$/);
    await expect(page.getByRole("heading", { name: formatted })).toBeVisible();
    await expect(page.getByTestId("number-details")).toContainText("In service");
    await expect(page.getByTestId("number-details")).toContainText("Northwind Dental");
    await expect(page.getByTestId("number-origins")).toContainText(`Ordered · Order #${placed.id}`);
    await expect(page.getByTestId("number-origins")).toContainText("by Priya Raman");
    await expect(page.getByTestId("number-e911")).toContainText("No E911 address");
    await expect(page.getByTestId("number-e911").getByRole("link", { name: "Set the E911 address" })).toBeVisible();
    await expectNoSeriousViolations(page, "number page");

    await page.getByRole("button", { name: "Release" }).click();
    await expect(page.getByRole("alertdialog")).toContainText(`Release ${formatted}?`);
    await page.getByRole("alertdialog").getByRole("button", { name: "Release" }).click();
    await expect(page.getByText(`${formatted} released.`)).toBeVisible();
    await expect(page.getByTestId("number-details")).toContainText("Disconnected");
    await expect(page.getByRole("list", { name: "History" }).locator("li").last()).toContainText(/Released a phone number.*by Priya Raman/);
    await expect(page.getByRole("button", { name: "Release" })).toHaveCount(0);

    // The order's page links back to the number.
    await page
      .getByTestId("number-orders")
      .getByRole("link", { name: `Order #${placed.id}` })
      .click();
    await expect(page).toHaveURL(`/tools/orders/${placed.id}`);
  });

  test("a number of another organization is not found; Arabic keeps the number whole", async ({ page, browser }) => {
    // Two sign-ins in two browser contexts on a shared, busy machine.
    test.slow();
    await signIn(page, ACCOUNTS.orgAdmin);
    await page.goto("/tools/numbers?status=in_service&per_page=5");
    const href = (await listRows(page).first().getByRole("link").first().getAttribute("href")) as string;
    await useLanguage(page, "ar");
    await page.goto(href);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(/^\(\d{3}\) \d{3}-\d{4}$/);
    await expect(page.getByTestId("number-details")).toContainText("في الخدمة");

    const other = waitingForHydration(await browser.newPage());
    await signIn(other, "marcus.bell@lakeside.test");
    await other.goto(href);
    await expect(other.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await other.close();
  });
});
