import { newAccount } from "./accounts";
import { expect, signIn, test, waitingForHydration } from "./support";

test.describe("sessions", () => {
  test("the Security tab lists my sessions; ending another signs that browser out; a password change ends the rest", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const account = await newAccount(browser);
    const other = waitingForHydration(await (await browser.newContext()).newPage());
    await signIn(other, account.email, account.password);
    await signIn(page, account.email, account.password, "/profile/security");

    const rows = page.getByTestId("sessions").locator("tbody tr");
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: "This device" })).toHaveCount(1);
    // Playwright's desktop Chrome says Windows; workerd gives every local request the same made-up place.
    await expect(rows.first()).toContainText("Chrome on Windows");
    const otherRow = rows.filter({ hasNotText: "This device" });
    await otherRow.getByRole("button", { name: /^End the session on / }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "End" }).click();
    await expect(page.getByText("Session ended.")).toBeVisible();
    await expect(rows).toHaveCount(1);

    await other.goto("/dashboard");
    await expect(other).toHaveURL(/\/login/);

    // A third browser, then a password change here: it is signed out, and the toast says so.
    const third = waitingForHydration(await (await browser.newContext()).newPage());
    await signIn(third, account.email, account.password);
    await page.goto("/profile/security");
    await page.getByLabel("Current password").fill(account.password);
    await page.getByLabel("New password", { exact: true }).fill("another-long-password-2");
    await page.getByLabel("Confirm the new password").fill("another-long-password-2");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Password changed. Your other sessions were signed out.")).toBeVisible();
    await third.goto("/dashboard");
    await expect(third).toHaveURL(/\/login/);
  });
});
