import { ACCOUNTS, expect, signIn, test, useLanguage } from "./support";

// What a page downloads (issue 8): no Arabic web font on Latin pages, sonner and the confirm dialog only
// when they are used, the stylesheet before the scripts.

test("the English /login fetches no Arabic font and no toast library, and its stylesheet comes first", async ({ page }) => {
  const fetched: string[] = [];
  page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  const fonts = fetched.filter((path) => path.endsWith(".woff2"));
  expect(fonts.length).toBeGreaterThan(0);
  expect(fonts.filter((path) => path.includes("arabic"))).toEqual([]);
  expect(fetched.filter((path) => path.includes("sonner"))).toEqual([]);
  // The language switcher still offers Arabic (in the system font).
  await expect(page.getByRole("button", { name: "العربية" })).toBeVisible();

  const order = await page.evaluate(() =>
    Array.from(document.head.querySelectorAll('link[rel="stylesheet"], link[rel="modulepreload"]'), (link) => link.getAttribute("rel")),
  );
  expect(order[0]).toBe("stylesheet");
});

test("the Arabic /login uses the Arabic font", async ({ page }) => {
  await useLanguage(page, "ar");
  const fetched: string[] = [];
  page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  expect(fetched.some((path) => path.includes("noto-sans-arabic") && path.endsWith(".woff2"))).toBe(true);
});

test("the first toast loads sonner and is shown", async ({ page }) => {
  const fetched: string[] = [];
  page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto("/login");
  await page.locator('input[name="email"]').fill(ACCOUNTS.superAdmin);
  await page.locator('input[name="password"]').fill("not-the-password");
  await page.locator('form#login button[type="submit"]').click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "These credentials do not match our records." })).toBeVisible();
  expect(fetched.some((path) => path.includes("sonner"))).toBe(true);
});

test("a list's confirm dialog loads on first use and still confirms or cancels", async ({ page }) => {
  await signIn(page, ACCOUNTS.superAdmin, undefined, "/users?search=ethan");
  const trigger = page.getByRole("button", { name: /^Delete / }).first();
  await trigger.click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await trigger.click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
});

test("the customizer panel is not drawn with the page: it loads on first use and stays open while the layout changes", async ({ page }) => {
  const fetched: string[] = [];
  page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
  await signIn(page, ACCOUNTS.support);
  const html = await (await page.request.get("/dashboard")).text();
  expect(html).toContain('data-testid="customizer-trigger"');
  expect(html).not.toContain('data-testid="customizer"');
  expect(fetched.some((path) => path.includes("customizer-panel"))).toBe(false);
  await page.getByTestId("customizer-trigger").click();
  const customizer = page.getByRole("dialog", { name: "Theme customizer" });
  await expect(customizer).toBeVisible();
  expect(fetched.some((path) => path.includes("customizer-panel"))).toBe(true);
  await customizer.getByRole("button", { name: "Horizontal" }).click();
  await expect(page.locator("[data-layout]")).toHaveAttribute("data-layout", "horizontal");
  await expect(customizer).toBeVisible();
  await customizer.getByRole("button", { name: "Reset to defaults" }).click();
  await expect(page.locator("[data-layout]")).toHaveAttribute("data-layout", "vertical");
  await page.keyboard.press("Escape");
  await expect(customizer).toBeHidden();
});
