import { expect, signIn, test } from "./support";

const PASSWORD_USER = "riley.chen@amp.test";
const PREFERENCES_USER = "fatima.zahra@amp.test";

test.describe("profile without JavaScript", () => {
  test("tabs are links and a wrong current password is a field error", async ({ page }) => {
    await signIn(page, PASSWORD_USER, undefined, "/profile");
    // Riley reads the portal in French (the profile's language).
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await page.getByRole("link", { name: "Sécurité" }).click();
    await expect(page).toHaveURL(/\/profile\/security$/);
    await page.getByLabel("Mot de passe actuel").fill("wrong-password");
    await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("another-password-2");
    await page.getByLabel("Confirmez le nouveau mot de passe").fill("another-password-2");
    await page.getByRole("button", { name: "Changer le mot de passe" }).click();
    await expect(page.getByText("Le mot de passe actuel est incorrect.")).toBeVisible();
    await expect(page.getByLabel("Mot de passe actuel")).toHaveAttribute("aria-invalid", "true");
    // Secrets are never sent back into the page.
    await expect(page.getByLabel("Mot de passe actuel")).toHaveValue("");
    await expect(page.getByLabel("Nouveau mot de passe", { exact: true })).toHaveValue("");
  });

  test("preferences post as a plain form and change the theme", async ({ page }) => {
    await signIn(page, PREFERENCES_USER, undefined, "/profile/preferences");
    await page.locator('input[name="theme"][value="dark"]').check({ force: true });
    await page.locator('input[name="theme_primary_color"][value="custom"]').check({ force: true });
    await page.locator('input[name="custom_color"]').fill("#0d9394");
    await page.locator('form#profile-preferences button[type="submit"]').click();
    await expect(page).toHaveURL(/\/profile\/preferences$/);
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    expect(await page.locator("html").evaluate((node) => getComputedStyle(node).getPropertyValue("--primary-choice").trim())).toBe(
      "#0D9394",
    );
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.locator('input[name="theme"][value="system"]').check({ force: true });
    await page.locator('input[name="theme_primary_color"][value="#7367F0"]').check({ force: true });
    await page.locator('form#profile-preferences button[type="submit"]').click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
  });
});
