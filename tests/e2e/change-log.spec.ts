import { ACCOUNTS, expect, signIn, test } from "./support";

test("the change log renders CHANGELOG.md for every signed-in user", async ({ page }) => {
  // The Support Agent holds no administration key: the change log needs none.
  await signIn(page, ACCOUNTS.support, undefined, "/dashboard");
  await page.locator("#vertical-nav").getByRole("link", { name: "Change log" }).click();
  await expect(page).toHaveURL(/\/change-log$/);
  await expect(page).toHaveTitle("Change log — AMP");
  const article = page.locator("article.changelog");
  await expect(article.getByRole("heading", { level: 2 }).first()).toContainText("0.1.0");
  await expect(article.getByRole("heading", { name: "Added" })).toBeVisible();
  await expect(article.getByRole("link", { name: "Keep a Changelog" })).toHaveAttribute("rel", "noopener noreferrer");
  await expect(article.locator("script, iframe, img")).toHaveCount(0);
});
