import { expect, signIn, test } from "./support";

// Seeded users no other spec signs in with, so parallel tests never share a profile.
const PREFERENCES_USER = "ethan.walsh@amp.test";
const PASSWORD_USER = "taylor.brooks@amp.test";
const LANGUAGE_USER = "hannah.schultz@lakeside.test";
const ACCOUNT_USER = "ben.okafor@lakeside.test";

test.describe("profile", () => {
  test("has an account, a security and a preferences tab", async ({ page }) => {
    await signIn(page, PASSWORD_USER, undefined, "/profile");
    await expect(page).toHaveTitle("Account · Profile — AMP");
    await expect(page.getByRole("link", { name: "Account" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByLabel("E-mail address")).toHaveValue(PASSWORD_USER);
    await page.getByRole("link", { name: "Security" }).click();
    await expect(page).toHaveURL(/\/profile\/security$/);
    await expect(page).toHaveTitle("Security · Profile — AMP");
    await expect(page.getByLabel("Current password")).toBeVisible();
    await page.getByRole("link", { name: "Preferences" }).click();
    await expect(page).toHaveURL(/\/profile\/preferences$/);
    await expect(page.getByRole("radio", { name: "System" })).toBeVisible();
    const response = await page.goto("/profile/billing");
    expect(response?.status()).toBe(404);
  });

  test("a wrong current password is a field error", async ({ page }) => {
    await signIn(page, PASSWORD_USER, undefined, "/profile/security");
    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password", { exact: true }).fill("a-new-password-1");
    await page.getByLabel("Confirm the new password").fill("a-new-password-1");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The current password is incorrect.")).toBeVisible();
    await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
  });

  test("the new password must match its confirmation and the minimum length", async ({ page }) => {
    await signIn(page, PASSWORD_USER, undefined, "/profile/security");
    await page.getByLabel("Current password").fill("password");
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("Confirm the new password").fill("different");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Enter at least 8 characters.")).toBeVisible();
    await expect(page.getByText("The confirmation does not match.")).toBeVisible();
  });

  test("preferences change the theme at once and persist across reload", async ({ page }) => {
    await signIn(page, PREFERENCES_USER, undefined, "/profile/preferences");
    const form = page.locator("form#profile-preferences");
    await form.getByText("Dark", { exact: true }).click();
    await form.getByRole("radio", { name: "Colour #FF4C51" }).check({ force: true });
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Preferences saved.")).toBeVisible();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    expect(await page.locator("html").evaluate((node) => getComputedStyle(node).getPropertyValue("--primary-choice").trim())).toBe(
      "#FF4C51",
    );
    await expect(form.getByRole("radio", { name: "Dark" })).toBeChecked();
    // Back to the defaults.
    await form.getByText("System", { exact: true }).click();
    await form.getByRole("radio", { name: "Colour #7367F0" }).check({ force: true });
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Preferences saved.")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
  });

  test("the account language applies at once", async ({ page }) => {
    await signIn(page, LANGUAGE_USER, undefined, "/profile/account");
    const form = page.locator("form#profile-account");
    await form.getByLabel("Language", { exact: true }).selectOption("fr");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Informations du compte enregistrées.")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page).toHaveTitle("Compte · Profil — AMP");
    expect((await page.context().cookies()).find((cookie) => cookie.name === "amp-language")?.value).toBe("fr");
    await form.getByLabel("Langue", { exact: true }).selectOption("en");
    await form.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Account details saved.")).toBeVisible();
  });

  test("a taken e-mail address is a field error with the typed values kept", async ({ page }) => {
    await signIn(page, ACCOUNT_USER, undefined, "/profile/account");
    const form = page.locator("form#profile-account");
    await form.getByLabel("Name").fill("Ben Okafor-Typed");
    await form.getByLabel("E-mail address").fill("admin@amp.test");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByLabel("E-mail address")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Name")).toHaveValue("Ben Okafor-Typed");
    await expect(page.getByLabel("E-mail address")).toHaveValue("admin@amp.test");
  });
});
