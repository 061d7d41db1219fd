import { ACCOUNTS, expect, signIn, test } from "./support";

test("the vertical navigation collapses to icons and expands again", async ({ page }) => {
  await signIn(page, "taylor.brooks@amp.test");
  const nav = page.locator("#vertical-nav");
  await nav.getByRole("button", { name: "Collapse navigation" }).click();
  await expect(nav).toHaveAttribute("data-collapsed", "true");
  // The width animates: wait for it to settle.
  await expect.poll(async () => (await nav.boundingBox())?.width).toBe(72);
  await page.reload();
  await expect(nav).toHaveAttribute("data-collapsed", "true");
  await page.getByTestId("customizer-trigger").click();
  await page.getByTestId("customizer").getByRole("button", { name: "Reset to defaults" }).click();
  await expect(nav).not.toHaveAttribute("data-collapsed", "true");
});

test("horizontal navigation: a hidden navbar becomes sticky and the vertical navigation un-collapses", async ({ page }) => {
  await signIn(page, ACCOUNTS.auditor);
  const customizer = page.getByTestId("customizer");
  await page.getByTestId("customizer-trigger").click();
  await customizer.getByRole("button", { name: "Hidden" }).first().click();
  await expect(page.getByTestId("navbar")).toHaveCount(0);
  await customizer.getByRole("button", { name: "Horizontal" }).click();
  await expect(page.getByTestId("navbar")).toBeVisible();
  await expect(page.getByTestId("navbar")).toHaveCSS("position", "sticky");
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === "amp-navbar-type")?.value).toBe("sticky");
  expect(cookies.find((cookie) => cookie.name === "amp-nav-collapsed")?.value).toBe("false");
  // The menu is now a bar of section menus above the content.
  await expect(page.locator("#vertical-nav")).not.toBeInViewport();
  await customizer.getByRole("button", { name: "Close" }).click();
  await expect(customizer).toBeHidden();
  await page.locator("summary[aria-label='Resources']").click();
  await page.locator("details[open]").getByRole("link", { name: "System status" }).click();
  await expect(page).toHaveURL(/\/status$/);
  await page.getByTestId("customizer-trigger").click();
  await customizer.getByRole("button", { name: "Reset to defaults" }).click();
  await expect(page.locator("#vertical-nav")).toBeInViewport();
});

test("wide content uses the full width; boxed caps it", async ({ page }) => {
  await page.setViewportSize({ width: 2000, height: 900 });
  await signIn(page, ACCOUNTS.support);
  // The signed-in layout has rendered (the sign-in page's <main> may still be on screen a moment).
  await expect(page.locator("[data-content-width] main#main")).toBeVisible();
  const boxed = await page.locator("main#main").boundingBox();
  expect(boxed?.width).toBeLessThanOrEqual(1440);
  await page.getByTestId("customizer-trigger").click();
  await page.getByTestId("customizer").getByRole("button", { name: "Wide" }).click();
  await expect.poll(async () => (await page.locator("main#main").boundingBox())?.width ?? 0).toBeGreaterThan(1500);
  await page.getByTestId("customizer").getByRole("button", { name: "Boxed" }).click();
});
