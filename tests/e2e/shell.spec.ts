import type { Page } from "@playwright/test";
import { ACCOUNTS, expect, signIn, test, useLanguage } from "./support";

/** The primary colour in force (a CSS variable on :root, set by the nonce'd palette stylesheet). */
const primaryChoice = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--primary-choice").trim().toUpperCase());

test.describe("signed-in layout", () => {
  test("at 1440 px the vertical navigation sits beside boxed content", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin);
    await expect(page).toHaveURL(/\/dashboard$/);
    const nav = page.locator("#vertical-nav");
    await expect(nav).toBeInViewport();
    const navBox = await nav.boundingBox();
    const mainBox = await page.locator("main#main").boundingBox();
    expect(navBox?.width).toBe(256);
    expect(mainBox?.x).toBeGreaterThanOrEqual(256);
    await expect(page.getByTestId("nav-open")).toBeHidden();
    await expect(page.getByTestId("navbar")).toHaveCSS("position", "sticky");
    await expect(page.getByTestId("navbar")).toHaveAttribute("data-blur", "true");
    // Menu entries come from the route table and the user's keys.
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: /System status/ })).toBeVisible();
  });

  test("the menu marks the page's entry after a client navigation and the entry used keeps the focus", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin);
    // The menu's entries are drawn as one HTML string (decision 075): a client navigation marks the new entry in
    // place rather than drawing the menu again, which would take the focus off the entry just used.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const nav = page.locator("#vertical-nav nav");
    const users = nav.getByRole("link", { name: "Users", exact: true });
    await users.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.locator("[data-slot='data-table']")).toBeVisible();
    await expect(users).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current");
    await expect(nav.locator("[aria-current]")).toHaveCount(1);
    await expect(users).toBeFocused();
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    // Back to the dashboard with the mouse: the marks follow.
    await nav.getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expect(users).not.toHaveAttribute("aria-current");
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  });

  test("below 1280 px the navigation is an overlay", async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, ACCOUNTS.superAdmin);
    const nav = page.locator("#vertical-nav");
    await expect(nav).not.toBeInViewport();
    await expect(page.locator("main#main")).toBeVisible();
    const main = await page.locator("main#main").boundingBox();
    expect(main?.x).toBeLessThan(40);
    await page.getByTestId("nav-open").click();
    await expect(nav).toBeInViewport();
    await nav.getByRole("link", { name: /System status/ }).click();
    await expect(page).toHaveURL(/\/status$/);
  });

  test("the up-arrow appears after 200 px of scrolling and scrolls to the top", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 400 });
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/status");
    const button = page.getByTestId("scroll-to-top");
    await expect(button).toBeHidden();
    await page.evaluate(() => {
      document.body.style.minHeight = "3000px";
      window.scrollTo(0, 150);
    });
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 260));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("page titles carry the portal suffix", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/status");
    await expect(page).toHaveTitle("System status — AMP");
    await page.goto("/login");
    await expect(page).toHaveTitle(/— AMP$/);
  });
});

test.describe("theme", () => {
  // Theme choices are saved to the user: each test that changes them uses its own account.
  test("dark theme renders on the server (no flash) and persists across reload", async ({ page }) => {
    await signIn(page, "daniel.kim@northwind.test");
    await page.locator("summary[aria-label='Theme']").click();
    await page.locator("[data-theme-option='dark']").click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    // The server's HTML already carries the class: no light first paint.
    const html = await (await page.request.get("/status")).text();
    expect(html).toMatch(/<html[^>]*class="dark"/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.locator("summary[aria-label='Theme']").click();
    await page.locator("[data-theme-option='light']").click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });

  test("system theme follows the OS scheme", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await signIn(page, "marcus.bell@lakeside.test");
    await page.locator("summary[aria-label='Theme']").click();
    await page.locator("[data-theme-option='system']").click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.locator("summary[aria-label='Theme']").click();
    await page.locator("[data-theme-option='light']").click();
  });

  test("primary colour and semi-dark menu persist", async ({ page }) => {
    await signIn(page, "sofia.alvarez@lakeside.test");
    await page.getByTestId("customizer-trigger").click();
    const customizer = page.getByTestId("customizer");
    await expect(customizer).toBeInViewport();
    await customizer.getByRole("button", { name: "#0D9394" }).click();
    await expect.poll(() => primaryChoice(page)).toBe("#0D9394");
    await customizer.getByRole("button", { name: "Semi-dark menu" }).click();
    await expect(page.locator("#vertical-nav")).toHaveAttribute("data-semi-dark", "true");
    await page.reload();
    await expect.poll(() => primaryChoice(page)).toBe("#0D9394");
    await expect(page.locator("#vertical-nav")).toHaveAttribute("data-semi-dark", "true");
    // Reset brings the defaults back.
    await page.getByTestId("customizer-trigger").click();
    await customizer.getByRole("button", { name: "Reset to defaults" }).click();
    await expect.poll(() => primaryChoice(page)).toBe("#7367F0");
    await expect(page.locator("#vertical-nav")).not.toHaveAttribute("data-semi-dark", "true");
  });

  test("guests always see the light theme", async ({ page }) => {
    await page.context().addCookies([{ name: "amp-theme", value: "dark", domain: "localhost", path: "/" }]);
    await page.goto("/login");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });
});

test.describe("languages and errors", () => {
  test("Arabic renders right to left", async ({ page }) => {
    await useLanguage(page, "ar");
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await signIn(page, ACCOUNTS.superAdmin);
    // Signing in applies the user's saved language; choose Arabic again for this browser.
    await useLanguage(page, "ar");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const nav = await page.locator("#vertical-nav").boundingBox();
    const viewport = page.viewportSize();
    expect(nav && viewport && nav.x + nav.width).toBe(viewport?.width);
  });

  test("the language menu switches and persists the language", async ({ page }) => {
    await signIn(page, ACCOUNTS.auditor);
    await page.locator("summary[aria-label='Language']").click();
    await page.getByRole("button", { name: "Français" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === "amp-language")?.value).toBe("fr");
    await page.locator("summary[aria-label='Langue']").click();
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("unknown paths show the not-found page with a 404", async ({ page }) => {
    const response = await page.goto("/definitely/not/here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page).toHaveTitle("404 Page not found — AMP");
    const favicon = await page.request.get("/favicon.ico");
    expect(favicon.status()).toBe(404);
  });
});
