import { ACCOUNTS, expect, signIn, test, useLanguage } from "./support";

const rows = (page: import("@playwright/test").Page) => page.locator("[data-slot=data-table] tbody tr");

function daysAgo(days: number) {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

test.describe("activity log", () => {
  test("lists the seeded activity with translated titles", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/activity-log");
    await expect(page).toHaveTitle("Activity log — AMP");
    await expect(rows(page)).toHaveCount(10);
    await expect(page.getByText(/Showing 1 to 10 of \d+ entries/)).toBeVisible();
    await expect(page.locator("[data-slot=data-table] tbody")).toContainText("Signed in");
  });

  test("filters by action and by date range", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/activity-log");
    await page.getByLabel("Action").selectOption({ label: "Signed in" });
    await expect(page).toHaveURL(/action=auth\.login/);
    await expect(rows(page).first()).toContainText("Signed in");
    for (const text of await rows(page).allInnerTexts()) expect(text).toContain("Signed in");

    const day = daysAgo(3);
    await page.goto(`/activity-log?from=${day}&to=${day}&per_page=100`);
    await expect(page.getByLabel("From", { exact: true })).toHaveValue(day);
    await expect(page.getByLabel("To", { exact: true })).toHaveValue(day);
    const times = await page
      .locator("[data-slot=data-table] tbody time")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("datetime")));
    expect(times.length).toBeGreaterThan(0);
    for (const time of times) expect(time?.slice(0, 10)).toBe(day);
  });

  test("opens an entry with its changed fields", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/activity-log?action=users.updated");
    await rows(page).first().locator("a time").click();
    await expect(page).toHaveURL(/\/activity-log\/\d+$/);
    await expect(page).toHaveTitle("Updated a user · Activity log — AMP");
    await expect(page.getByRole("heading", { level: 1, name: "Updated a user" })).toBeVisible();
    await expect(page.getByText("Browser (user agent)")).toBeVisible();
    const changes = page.getByRole("table", { name: "Changed fields" });
    await expect(changes.getByRole("columnheader", { name: "Before" })).toBeVisible();
    await expect(changes.locator("tbody tr").first()).toBeVisible();
    await page.getByRole("link", { name: "Back to the activity log" }).click();
    await expect(page).toHaveURL(/\/activity-log$/);
  });

  test("an unknown entry is not found", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin);
    const response = await page.goto("/activity-log/999999");
    expect(response?.status()).toBe(404);
  });

  test("an organization admin sees their organization's entries only", async ({ page }) => {
    // A Lakeside user: present for provider staff…
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/activity-log?search=Sofia+Alvarez");
    await expect(rows(page).first()).toContainText("Sofia Alvarez");
    await page.context().clearCookies();
    // …absent for Northwind's administrator, who has no organization filter either.
    await signIn(page, ACCOUNTS.orgAdmin, undefined, "/activity-log?search=Sofia+Alvarez");
    await expect(page).toHaveTitle("Activity log — AMP");
    await expect(page.getByText("No activity matches these filters.")).toBeVisible();
    await expect(page.getByLabel("Organization", { exact: true })).toHaveCount(0);
    await page.goto("/activity-log?search=Priya+Raman");
    await expect(rows(page).first()).toContainText("Priya Raman");
  });

  test("renders right to left in Arabic", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin);
    // Sign-in applies the profile language; choose Arabic afterwards.
    await useLanguage(page, "ar");
    await page.goto("/activity-log");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page).toHaveTitle(/^سجل النشاط/);
    await expect(page.getByRole("heading", { level: 1, name: "سجل النشاط" })).toBeVisible();
    const time = await page.getByRole("columnheader", { name: /الوقت/ }).boundingBox();
    const ip = await page.getByRole("columnheader", { name: /عنوان IP/ }).boundingBox();
    // The first column starts on the right.
    expect(time?.x ?? 0).toBeGreaterThan(ip?.x ?? 0);
    await expect(rows(page).first()).toContainText(/تسجيل الدخول|[\u0600-\u06FF]/);
  });
});
