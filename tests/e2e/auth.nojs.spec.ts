import { ACCOUNTS, DEMO_PASSWORD, expect, test } from "./support";

test("without JavaScript: wrong password, then sign in and out", async ({ page }) => {
  await page.goto("/login?redirectTo=%2Fstatus");
  await page.getByLabel("Email").fill(ACCOUNTS.auditor);
  await page.locator('input[name="password"]').fill("wrong");
  await page.locator('form#login button[type="submit"]').click();
  await expect(page.getByText("These credentials do not match our records.")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(ACCOUNTS.auditor);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form#login button[type="submit"]').click();
  await expect(page).toHaveURL(/\/status$/);
  await page.locator("summary[aria-label='Open user menu']").click();
  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(/\/login$/);
});

test("without JavaScript: forgot password and register forms answer", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Send link" }).click();
  await expect(page.getByText(/valid email/i)).toBeVisible();
  await page.getByLabel("Email").fill("nobody@nowhere.test");
  await page.getByRole("button", { name: "Send link" }).click();
  await expect(page.getByTestId("forgot-sent")).toBeVisible();
  await page.goto("/register");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByText(/required/i).first()).toBeVisible();
});
