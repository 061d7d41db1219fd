import { ACCOUNTS, expect, signIn, test } from "./support";

test("without JavaScript: sign in, the shell renders, the overlay and theme menus work", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, ACCOUNTS.support);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("user-name")).toHaveText(/.+/);
  // The overlay navigation is a checkbox toggle: no script needed.
  await page.getByTestId("nav-open").click();
  await expect(page.locator("#vertical-nav")).toBeInViewport();
  // The icons are plain SVG referencing the sprite: they draw without a script.
  const statusIcon = page.locator('#vertical-nav a[href="/status"] svg');
  await expect
    .poll(() =>
      statusIcon.evaluate((svg) => {
        const box = (svg as SVGSVGElement).getBBox();
        return box.width * box.height;
      }),
    )
    .toBeGreaterThan(0);
  await page
    .locator("#vertical-nav")
    .getByRole("link", { name: /System status/ })
    .click();
  await expect(page).toHaveURL(/\/status$/);
  // The theme menu is a <details> with real forms.
  await page.locator("summary[aria-label='Theme']").click();
  await page.locator("[data-theme-option='dark']").click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.locator("summary[aria-label='Theme']").click();
  await page.locator("[data-theme-option='light']").click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  // The language menu is one form whose buttons carry the language: Arabic, right to left, and back.
  const languageMenu = page.locator("details:has(button[lang='ar']) > summary");
  await languageMenu.click();
  await page.locator("button[lang='ar']").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page).toHaveURL(/\/status$/);
  await languageMenu.click();
  await page.locator("button[lang='en']").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("without JavaScript the customizer is a screen: a choice posts, comes back, and the back link returns", async ({ page }) => {
  await signIn(page, ACCOUNTS.support);
  await page.goto("/status");
  await page.getByTestId("customizer-trigger").click();
  await expect(page).toHaveURL(/\/customize\?redirectTo=%2Fstatus$/);
  await expect(page.getByRole("heading", { level: 1, name: "Theme customizer" })).toBeVisible();
  // Without JavaScript nothing previews: each choice is a page load that applies it.
  await expect(page.getByText("Each choice applies as soon as you make it.")).toBeVisible();
  await page.getByRole("button", { name: "Wide" }).click();
  await expect(page).toHaveURL(/\/customize\?redirectTo=%2Fstatus$/);
  await expect(page.getByRole("button", { name: "Wide" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("[data-content-width]")).toHaveAttribute("data-content-width", "wide");
  await page.getByRole("button", { name: "Reset to defaults" }).click();
  await expect(page.getByRole("button", { name: "Boxed" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("link", { name: "Back", exact: true }).click();
  await expect(page).toHaveURL(/\/status$/);
});
