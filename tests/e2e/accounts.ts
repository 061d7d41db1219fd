import { createHmac } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { newestMessageId, passwordSetupPath, waitForMessageTo } from "./mail-catcher";
import { ACCOUNTS, expect, signIn, unique, waitingForHydration } from "./support";

/**
 * A new account of its own for a spec that changes how its user signs in (a second factor, ended sessions):
 * the super admin invites it through /users/add, and the invitation's link sets its password. Seeded accounts
 * are shared by every spec running in parallel and must keep signing in with their password alone.
 */
export async function newAccount(
  browser: Browser,
  options: { organization?: string; role?: string } = {},
): Promise<{ name: string; email: string; password: string }> {
  const name = unique("Second Factor");
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}@lakeside.test`;
  const password = "a-long-password-1";
  const context = await browser.newContext();
  const page = waitingForHydration(await context.newPage());
  await signIn(page, ACCOUNTS.superAdmin, undefined, "/users/add");
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Organization", { exact: true }).selectOption({ label: options.organization ?? "Lakeside Logistics" });
  await page.getByLabel(options.role ?? "Organization Admin", { exact: true }).check();
  const before = await newestMessageId(email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page).toHaveURL(/\/users$/);
  const link = passwordSetupPath(await waitForMessageTo(email, before));
  await context.clearCookies();
  await page.goto(link);
  await page.getByLabel("New password").fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await context.close();
  return { name, email, password };
}

function base32Decode(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/\s|=/g, "").toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** What an authenticator app shows for `secret`, `steps` periods of 30 s from now (Node's own HMAC, not the backend's). */
export function totpCode(secret: string, steps = 0): string {
  const counter = Math.floor(Date.now() / 30_000) + steps;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", base32Decode(secret)).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, "0");
}

/**
 * Turns on the second factor from the Security tab (with or without JavaScript): password, the key shown
 * next to the QR code, a code. Returns the key and the ten recovery codes shown once.
 */
export async function enrolSecondFactor(page: Page, password: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.goto("/profile/security");
  const card = page.locator("form#two-factor-enable");
  await card.getByLabel("Your password").fill(password);
  await card.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("two-factor-qr")).toBeVisible();
  const secret = (await page.getByTestId("two-factor-key").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const confirm = page.locator("form#two-factor-confirm");
  await confirm.getByLabel("Code from the app").fill(totpCode(secret));
  await confirm.getByRole("button", { name: "Confirm" }).click();
  const codes = page.getByTestId("recovery-codes").locator("li");
  await expect(codes).toHaveCount(10);
  await expect(page.getByTestId("two-factor-state")).toHaveText("On");
  return { secret, recoveryCodes: await codes.allTextContents() };
}

/** The password step of the sign-in form, which then leads to the second step. */
export async function passwordStep(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form#login button[type="submit"]').click();
  await expect(page).toHaveURL(/\/two-factor-challenge/);
}
