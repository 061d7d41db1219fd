import { ACCOUNTS, expect, runE2eSql, signIn, test } from "./support";

// Runs last and alone (playwright.config.ts, project "local-d1"): it changes the server's D1 file from outside.
test.describe("ordering numbers with JavaScript", () => {
  test("an expired reservation: the review says so, refuses the order and leads back to a new search", async ({ page }) => {
    test.slow();
    await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/orders/phone-numbers");
    await page.getByLabel("Area code", { exact: true }).fill("512");
    await page.getByLabel("How many numbers to show").fill("2");
    await page.getByRole("button", { name: "Search numbers" }).click();
    await expect(page).toHaveURL(/\/step-2$/);
    await page.locator("table tbody tr").nth(0).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Reserve and continue" }).click();
    await expect(page).toHaveURL(/\/step-3$/);
    const orderId = Number(new URL(page.url()).pathname.split("/").at(-2));
    expect(orderId).toBeGreaterThan(0);

    // Thirty minutes pass: the draft's reservation (and the sandbox carrier's hold) end.
    runE2eSql(`UPDATE number_orders SET reservation_expires_at = '2000-01-01T00:00:00.000Z' WHERE id = ${orderId} AND status = 'draft'`);
    await page.reload();
    await expect(page.getByTestId("reservation-expired")).toBeVisible();
    await expect(page.getByRole("button", { name: "Place order" })).toBeDisabled();
    await page.getByTestId("reservation-expired").getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/tools/orders/phone-numbers\\?order=${orderId}$`));
    await expect(page.getByLabel("Area code", { exact: true })).toHaveValue("512");
  });
});
