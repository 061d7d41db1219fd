import { expectNoSeriousViolations } from "./axe";
import { ACCOUNTS, expect, signIn, test, useLanguage } from "./support";

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
