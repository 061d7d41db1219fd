import { ACCOUNTS, expect, runE2eSql, signIn, test } from "./support";

/**
 * The two_factor_required setting covers every provider staff member at once, so this spec runs in the
 * local-d1 project (last, alone): in parallel it would send the other specs' staff to enrol. It puts the
 * setting back with runE2eSql, since the admin who set it is covered too and has no second factor.
 */
test("requiring two-factor sign-in for staff sends a staff member without one to enrol first", async ({ page }) => {
  try {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/system-settings");
    await page.getByLabel("Two-factor sign-in required for").selectOption("staff");
    await page.getByRole("button", { name: "Save settings" }).first().click();
    await expect(page).toHaveURL(/\/profile\/security$/);
    await expect(page.getByTestId("two-factor-required")).toContainText("Your administrator requires two-factor sign-in.");
    // Every other page leads back to enrolment.
    await page.goto("/users");
    await expect(page).toHaveURL(/\/profile\/security$/);
    await expect(page.locator("form#two-factor-enable")).toBeVisible();
  } finally {
    runE2eSql(`UPDATE system_settings SET value = '"off"' WHERE key = 'two_factor_required'`);
  }
});
