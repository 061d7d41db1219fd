import { enrolSecondFactor, newAccount, passwordStep, totpCode } from "./accounts";
import { newestMessageId, waitForMessageTo } from "./mail-catcher";
import { ACCOUNTS, expect, signIn, test, waitingForHydration } from "./support";

test.describe("two-factor sign-in", () => {
  test("enrol with the QR code's key, then sign in with a code, and with a recovery code once", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const account = await newAccount(browser);
    await signIn(page, account.email, account.password);
    const { secret, recoveryCodes } = await enrolSecondFactor(page, account.password);
    expect(new Set(recoveryCodes).size).toBe(10);
    // Shown once: the next visit of the tab shows no codes.
    await page.goto("/profile/security");
    await expect(page.getByTestId("recovery-codes")).toHaveCount(0);

    await page.context().clearCookies();
    await passwordStep(page, account.email, account.password);
    await page.getByLabel("Authentication code").fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.locator("#two-factor-code-code-error")).toHaveText(
      "That code is not right. Enter the current code from your authenticator app.",
    );
    // The enrolment used the current step's code; the next step's is accepted too, once.
    await page.getByLabel("Authentication code").fill(totpCode(secret, 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("user-name")).toHaveText(account.name);

    await page.context().clearCookies();
    await passwordStep(page, account.email, account.password);
    await page.getByRole("link", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCodes[0] ?? "");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.context().clearCookies();
    await passwordStep(page, account.email, account.password);
    await page.getByRole("link", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCodes[0] ?? "");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.locator("#two-factor-recovery-recovery_code-error")).toHaveText(
      "That recovery code is not right, or it was already used.",
    );
  });

  test("the challenge page needs the password step first", async ({ page }) => {
    await page.goto("/two-factor-challenge");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("an administrator resets a user's second factor; the user is told by e-mail and signs in with the password", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const account = await newAccount(browser);
    await signIn(page, account.email, account.password);
    await enrolSecondFactor(page, account.password);

    const admin = waitingForHydration(await (await browser.newContext()).newPage());
    await signIn(admin, ACCOUNTS.superAdmin, undefined, `/users?search=${encodeURIComponent(account.email)}`);
    await admin.getByRole("row").filter({ hasText: account.email }).getByRole("link").first().click();
    const before = await newestMessageId(account.email);
    await admin.getByRole("button", { name: "Reset two-factor sign-in" }).click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Reset" }).click();
    await expect(admin.getByText(`Two-factor sign-in of ${account.name} reset; they were told by e-mail.`)).toBeVisible();
    const mail = await waitForMessageTo(account.email, before);
    expect(mail.subject).toContain("your two-factor sign-in was reset");

    await page.context().clearCookies();
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
