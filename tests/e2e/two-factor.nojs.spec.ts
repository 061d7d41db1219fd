import { enrolSecondFactor, newAccount, passwordStep, totpCode } from "./accounts";
import { expect, signIn, test } from "./support";

test("without JavaScript: enrol, then sign in with a code and with a recovery code", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const account = await newAccount(browser);
  await signIn(page, account.email, account.password);
  const { secret, recoveryCodes } = await enrolSecondFactor(page, account.password);

  await page.context().clearCookies();
  await passwordStep(page, account.email, account.password);
  await page.getByLabel("Authentication code").fill(totpCode(secret, 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.context().clearCookies();
  await passwordStep(page, account.email, account.password);
  await page.getByRole("link", { name: "Use a recovery code instead" }).click();
  await expect(page).toHaveURL(/recovery=1/);
  await page.getByLabel("Recovery code").fill(recoveryCodes[9] ?? "");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
