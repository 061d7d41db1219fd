import { expectNoSeriousViolations } from "./axe";
import { ACCOUNTS, endMasqueradeThatIsNotRunning, expect, signIn, test, useLanguage } from "./support";

/** axe finds no serious or critical violation on the main screens, in light, dark and Arabic. */
// axe analyses each page for a second or more on a 2-core machine: give the walks room.
test.describe.configure({ timeout: 120_000 });

const SCREENS = [
  "/dashboard",
  "/users",
  "/users/add",
  "/organizations",
  "/roles",
  "/activity-log",
  "/mail-log",
  "/profile/account",
  "/status",
];

test("guest pages", async ({ page }) => {
  for (const path of ["/login", "/register", "/forgot-password"]) {
    await page.goto(path);
    await expectNoSeriousViolations(page, path);
  }
});

test("signed-in screens in the light theme", async ({ page }) => {
  await signIn(page, ACCOUNTS.superAdmin);
  for (const path of SCREENS) {
    await page.goto(path);
    await expectNoSeriousViolations(page, path);
  }
});

test("signed-in screens in the dark theme and in Arabic", async ({ page }) => {
  await signIn(page, "elena.novak@maple.test");
  await page.locator("summary[aria-label='Theme']").click();
  await page.locator("[data-theme-option='dark']").click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await useLanguage(page, "ar");
  for (const path of ["/dashboard", "/users", "/status"]) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expectNoSeriousViolations(page, `${path} (dark, ar)`);
  }
  await useLanguage(page, "en");
  await page.goto("/status");
  await page.locator("summary[aria-label='Theme']").click();
  await page.locator("[data-theme-option='light']").click();
});

test("toasts are readable once they have settled, in the light and dark themes", async ({ page }) => {
  await page.goto("/login");
  await page.locator('input[name="email"]').fill(ACCOUNTS.auditor);
  await page.locator('input[name="password"]').fill("not-the-password");
  await page.locator('form#login button[type="submit"]').click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "These credentials do not match our records." })).toBeVisible();
  await expectNoSeriousViolations(page, "error toast (light)", { only: "toasts" });

  await signIn(page, "elena.novak@maple.test");
  await page.locator("summary[aria-label='Theme']").click();
  await page.locator("[data-theme-option='dark']").click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await endMasqueradeThatIsNotRunning(page);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Failed to stop masquerading." })).toBeVisible();
  await expectNoSeriousViolations(page, "error toast (dark)", { only: "toasts" });
  await page.locator("summary[aria-label='Theme']").click();
  await page.locator("[data-theme-option='light']").click();
});
