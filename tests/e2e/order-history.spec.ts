import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { placeOrder } from "./order-helpers";
import { ACCOUNTS, expect, signIn, test, unique, useLanguage, waitingForHydration } from "./support";

const listRows = (page: Page) => page.locator("[data-slot='data-table'] tbody tr");

test.describe("order history", () => {
  test("the confirmation links to the order; the list finds it by number, status and organization; numbers link to their pages", async ({
    page,
  }) => {
    test.slow();
    await signIn(page, ACCOUNTS.orgAdmin);
    const label = unique("History desk");
    const placed = await placeOrder(page, "206", 2, label);
    await expect(page.getByTestId("order-status")).toHaveText("Completed", { timeout: 20_000 });

    await page.getByRole("link", { name: "See the order's details" }).click();
    await expect(page).toHaveURL(`/tools/orders/${placed.id}`);
    await expect(page.getByRole("heading", { name: `Order #${placed.id}` })).toBeVisible();
    await expect(page.getByTestId("order-status")).toHaveText("Completed");
    await expect(page.getByTestId("order-created-by")).toHaveText("Priya Raman");
    await expect(page.getByTestId("order-items").locator("tbody tr")).toHaveCount(2);
    const history = page.getByRole("list", { name: "History" });
    await expect(history.locator("li")).toHaveText([
      /Started a number order.*by Priya Raman/,
      /Reserved phone numbers.*by Priya Raman/,
      /Updated a number order.*by Priya Raman/,
      /Ordered phone numbers.*by Priya Raman/,
      /A number order finished.*by Priya Raman/,
    ]);
    await expectNoSeriousViolations(page, "order detail");

    // Completed numbers are links to their own page.
    const numberLink = page.getByTestId("order-items").getByRole("link").first();
    await expect(numberLink).toHaveAttribute("href", /^\/tools\/numbers\/\d+$/);

    await page.goto("/tools/orders");
    await expectNoSeriousViolations(page, "order history");
    const row = listRows(page).filter({ hasText: `Order #${placed.id}` });
    await expect(row).toContainText("Completed");
    await expect(row).toContainText("Numbers: 2");
    await expect(row).toContainText("Priya Raman");
    await expect(row).toContainText(label);

    // Search by a number in any formatting.
    const digits = (placed.numbers[0] as string).slice(2);
    await page.getByRole("searchbox", { name: "Search" }).fill(`${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`);
    await page.getByRole("searchbox", { name: "Search" }).press("Enter");
    await expect(listRows(page)).toHaveCount(1);
    await expect(listRows(page)).toContainText(`Order #${placed.id}`);

    await page.goto("/tools/orders?status=failed");
    await expect(page.getByRole("heading", { name: "Number orders" })).toBeVisible();
    await expect(page.getByRole("main")).not.toContainText(`Order #${placed.id}`);
  });

  test("provider staff see every organization's orders and filter by one; Arabic keeps numbers in one piece", async ({ page, browser }) => {
    test.slow();
    const member = waitingForHydration(await browser.newPage());
    await signIn(member, ACCOUNTS.orgAdmin);
    const placed = await placeOrder(member, "212", 1, unique("Staff view"));
    await member.close();
    await signIn(page, ACCOUNTS.providerAdmin, undefined, "/tools/orders");
    await expect(listRows(page).filter({ hasText: `Order #${placed.id}` })).toContainText("Northwind Dental");
    await page.getByRole("main").getByLabel("Organization", { exact: true }).selectOption({ label: "Lakeside Logistics" });
    await expect(page).toHaveURL(/organization_id=3/);
    await expect(page.getByRole("main")).not.toContainText(`Order #${placed.id}`);

    await useLanguage(page, "ar");
    await page.goto(`/tools/orders/${placed.id}`);
    await expect(page.getByRole("heading", { name: `الطلب رقم ${placed.id}` })).toBeVisible();
    const number = page.getByTestId("order-items").locator("bdi").first();
    await expect(number).toHaveAttribute("dir", "ltr");
    await expect(number).toHaveText(/^\(212\) \d{3}-\d{4}$/);
  });
});
