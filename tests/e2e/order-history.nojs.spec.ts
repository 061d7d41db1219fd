import { placeOrder } from "./order-helpers";
import { ACCOUNTS, expect, signIn, test, unique } from "./support";

test.describe("order history without JavaScript", () => {
  test("the list filters and searches with plain forms; the detail page names who placed the order", async ({ page }) => {
    test.slow();
    await signIn(page, ACCOUNTS.orgAdmin);
    const label = unique("No script");
    const placed = await placeOrder(page, "617", 1, label);
    await page.goto("/tools/orders");
    const rows = page.locator("[data-slot='data-table'] tbody tr");
    await expect(rows.filter({ hasText: `Order #${placed.id}` })).toContainText(label);

    await page.getByLabel("Status", { exact: true }).selectOption({ label: "Failed" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/status=failed/);
    await expect(page.getByRole("main")).not.toContainText(`Order #${placed.id}`);

    await page.goto("/tools/orders");
    await page.getByRole("searchbox", { name: "Search" }).fill(`#${placed.id}`);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(rows).toHaveCount(1);
    await rows.getByRole("link", { name: `Order #${placed.id}` }).click();
    await expect(page).toHaveURL(`/tools/orders/${placed.id}`);
    await expect(page.getByTestId("order-created-by")).toHaveText("Priya Raman");
    await expect(page.getByRole("list", { name: "History" }).locator("li").first()).toContainText("Started a number order");
  });
});
