import type { Page } from "@playwright/test";
import { ACCOUNTS, expect, signIn, test, unique, useLanguage } from "./support";

// These tests change portal-wide settings; each restores what it changed before it ends.
test.describe.configure({ mode: "serial" });

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

async function save(page: Page) {
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("System settings saved.")).toBeVisible();
}

test.describe("system settings", () => {
  test("the portal name changes the title suffix and the navbar at once", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/system-settings");
    await expect(page).toHaveTitle("System settings — AMP");
    const name = unique("Portal").slice(0, 40);
    await page.getByLabel("Portal name").fill(name);
    try {
      await save(page);
      await expect(page).toHaveTitle(`System settings — ${name}`);
      await expect(page.locator("#vertical-nav")).toContainText(name);
    } finally {
      await page.getByLabel("Portal name").fill("AMP");
      await save(page);
    }
    await expect(page).toHaveTitle("System settings — AMP");
  });

  test("a menu link shows its entry only while it is set", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/system-settings");
    const field = page.getByLabel("Billing", { exact: true });
    const original = await field.inputValue();
    const nav = page.locator("#vertical-nav");
    try {
      await field.fill("");
      await save(page);
      await expect(nav.getByRole("link", { name: /^Billing/ })).toHaveCount(0);
      await page.getByLabel("Billing", { exact: true }).fill("https://billing.example.com/portal");
      await save(page);
      await expect(nav.getByRole("link", { name: /^Billing/ })).toHaveAttribute("href", "https://billing.example.com/portal");
    } finally {
      await page.getByLabel("Billing", { exact: true }).fill(original);
      await save(page);
    }
  });

  test("invalid values show field errors and keep what was typed", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/system-settings");
    await page.getByLabel("Portal feedback").fill("not a url");
    await page.getByLabel("Minimum password length").fill("3");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Enter a valid URL.")).toBeVisible();
    await expect(page.getByText("Enter a value of at least 8.")).toBeVisible();
    await expect(page.getByLabel("Portal feedback")).toHaveValue("not a url");
    await expect(page.getByLabel("Minimum password length")).toHaveValue("3");
    await expect(page.getByLabel("Minimum password length")).toHaveAttribute("aria-invalid", "true");
  });

  test("uploads and removes a logo", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/system-settings");
    const card = page.locator('[data-logo-kind="collapsed"]');
    await expect(card).toContainText("No logo uploaded");
    await card.locator('input[type="file"]').setInputFiles({ name: "mark.png", mimeType: "image/png", buffer: PNG });
    await card.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByText("Logo uploaded.")).toBeVisible();
    const image = card.getByRole("img");
    await expect(image).toHaveAttribute("src", /\/api\/files\/logos\/collapsed/);
    // The image loads after the page renders: wait for it rather than sampling once.
    await expect.poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth > 0)).toBe(true);
    await card.getByRole("button", { name: "Remove" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("Logo removed.")).toBeVisible();
    await expect(card).toContainText("No logo uploaded");
  });

  test("refuses a file that is not an image", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/system-settings");
    const card = page.locator('[data-logo-kind="light"]');
    await card.locator('input[type="file"]').setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await card.getByRole("button", { name: "Upload" }).click();
    await expect(card.getByText("This file type is not allowed.")).toBeVisible();
    await expect(card).toContainText("No logo uploaded");
  });

  test("the form renders right to left in Arabic", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin);
    // Sign-in applies the profile language; choose Arabic afterwards.
    await useLanguage(page, "ar");
    await page.goto("/system-settings");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page).toHaveTitle(/^إعدادات النظام/);
    const label = await page.getByText("اسم البوابة", { exact: true }).boundingBox();
    const input = await page.getByLabel("اسم البوابة").boundingBox();
    // Labels start on the right edge of their field.
    expect(Math.abs((label?.x ?? 0) + (label?.width ?? 0) - ((input?.x ?? 0) + (input?.width ?? 0)))).toBeLessThan(4);
    await page.getByLabel("الحد الأدنى لطول كلمة المرور").fill("2");
    await page.getByRole("button", { name: "حفظ الإعدادات" }).click();
    await expect(page.getByText("أدخل قيمة لا تقل عن 8.")).toBeVisible();
  });

  test("is refused without the key", async ({ page }) => {
    // Provider Admins hold every key but this one.
    await signIn(page, ACCOUNTS.providerAdmin);
    const response = await page.goto("/system-settings");
    expect(response?.status()).toBe(401);
  });
});
