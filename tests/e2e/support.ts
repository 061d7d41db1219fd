import { expect, type Page, test } from "@playwright/test";

export const DEMO_PASSWORD = "password";
export const ACCOUNTS = {
  superAdmin: "admin@amp.test",
  providerAdmin: "provider@amp.test",
  support: "support@amp.test",
  auditor: "auditor@amp.test",
  orgAdmin: "orgadmin@northwind.test",
} as const;

/** Signs in through the real login form (works with and without JavaScript). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, redirectTo?: string) {
  await page.goto(redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login");
  await page.getByLabel(/^(Email|E-mail|Adresse e-mail|البريد الإلكتروني)/i).fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form#login button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login/);
  await waitForHydration(page);
}

/** With JavaScript on, waits until React has hydrated the page (root sets data-hydrated on <html>). */
export async function waitForHydration(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

/** Chooses the interface language for this browser context before the first page load. */
export async function useLanguage(page: Page, language: "en" | "fr" | "ar") {
  await page.context().addCookies([{ name: "amp-language", value: language, domain: "localhost", path: "/" }]);
}

/** A name unique to this test run, so parallel tests never collide on seeded data. */
export function unique(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}
