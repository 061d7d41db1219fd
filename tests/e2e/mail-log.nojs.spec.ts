import { ACCOUNTS, expect, signIn, test } from "./support";

test("the mail log filters and shows a message without JavaScript", async ({ page }) => {
  await signIn(page, ACCOUNTS.auditor, undefined, "/mail-log");
  await page.getByLabel("Status").selectOption("failed");
  // The seeded failed relay test (other tests add failed mail of their own).
  await page.getByRole("searchbox").fill("dispatch@lakeside");
  await page.locator("#main").getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page).toHaveURL(/status=failed/);
  await page.locator("[data-slot=data-table] tbody tr").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/mail-log\/\d+$/);
  await expect(page.locator("iframe")).toHaveAttribute("sandbox", "");
  await expect(page.getByText("535 5.7.8", { exact: false }).first()).toBeVisible();
});
