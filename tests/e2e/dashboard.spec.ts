import { ACCOUNTS, expect, signIn, test, useLanguage } from "./support";

test.describe("dashboard", () => {
  test("shows the figures, the recent activity and 30 days of activity", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/dashboard");
    await expect(page).toHaveTitle("Dashboard — AMP");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    for (const figure of ["organizations", "users", "active_numbers", "open_porting_orders", "numbers_without_e911"]) {
      await expect(page.locator(`[data-figure="${figure}"]`)).toHaveText(/\d/);
    }
    await expect(page.locator('[data-figure="organizations"]')).toContainText("Organizations");
    await expect(page.getByTestId("recent-activity").getByRole("listitem")).toHaveCount(10);
    // Translated titles, not action keys.
    await expect(page.getByTestId("recent-activity")).not.toContainText(/\b(auth|users|profile)\.[a-z_]+/);

    const chart = page.getByTestId("activity-chart");
    await expect(chart).toHaveAttribute("role", "img");
    await expect(chart.locator("title").first()).toHaveText("Activity per day");
    await expect(chart.locator("desc")).toContainText("30");
    const bars = chart.locator("g[data-date]");
    await expect(bars).toHaveCount(30);
    await expect(bars.first().locator("title")).toContainText("changes:");
    // Time runs left to right: the first day's bar is leftmost.
    const first = await bars.first().locator("rect").last().boundingBox();
    const last = await bars.last().locator("rect").last().boundingBox();
    expect(first?.x ?? 0).toBeLessThan(last?.x ?? 0);
  });

  test("the chart is mirrored in Arabic", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin);
    // Sign-in applies the profile language; choose Arabic afterwards.
    await useLanguage(page, "ar");
    await page.goto("/dashboard");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: "لوحة المعلومات" })).toBeVisible();
    const bars = page.getByTestId("activity-chart").locator("g[data-date]");
    const first = await bars.first().locator("rect").last().boundingBox();
    const last = await bars.last().locator("rect").last().boundingBox();
    expect(first?.x ?? 0).toBeGreaterThan(last?.x ?? 0);
  });

  test("the figures' data table is available without a chart", async ({ page }) => {
    await signIn(page, ACCOUNTS.orgAdmin, undefined, "/dashboard");
    await expect(page).toHaveTitle("Dashboard — AMP");
    await page.getByText("Show the figures").click();
    await expect(page.getByRole("table", { name: "Activity per day" }).locator("tbody tr")).toHaveCount(30);
  });
});
