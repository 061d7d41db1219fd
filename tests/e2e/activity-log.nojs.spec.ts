import { ACCOUNTS, expect, signIn, test } from "./support";

test("the activity log filters and opens entries without JavaScript", async ({ page }) => {
  await signIn(page, ACCOUNTS.auditor, undefined, "/activity-log");
  await expect(page).toHaveTitle("Activity log — AMP");
  await page.getByLabel("Action").selectOption({ label: "Signed in" });
  await page.locator("#main").getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page).toHaveURL(/action=auth\.login/);
  const rows = page.locator("[data-slot=data-table] tbody tr");
  for (const text of await rows.allInnerTexts()) expect(text).toContain("Signed in");
  await rows.first().locator("a time").click();
  await expect(page).toHaveURL(/\/activity-log\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Signed in" })).toBeVisible();
});
