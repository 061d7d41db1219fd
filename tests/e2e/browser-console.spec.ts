import type { Page } from "@playwright/test";
import { SCREENS } from "../../app/route-table";
import { ACCOUNTS, expect, signIn, test, waitForHydration } from "./support";

/**
 * The browser console stays clean on the production build: no Content-Security-Policy violation
 * (the CSP admits no inline style attribute and no unnonced style element) and no hydration mismatch.
 * React's production build reports only text and tree mismatches (minified errors 418, 423, 425);
 * attribute mismatches are checked on the dev server (see docs/architecture.md).
 */
const HYDRATION = /hydrat|Minified React error #(418|423|425)/i;

// Each test visits many pages on purpose.
test.describe.configure({ timeout: 120_000 });

interface Collected {
  violations: string[];
  messages: string[];
}

async function watchConsole(page: Page): Promise<Collected> {
  const collected: Collected = { violations: [], messages: [] };
  await page.exposeFunction("__reportCspViolation", (text: string) => collected.violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      void report(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} ${event.sample} at ${location.pathname}`);
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") collected.messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => collected.messages.push(`pageerror: ${error.message}`));
  return collected;
}

/** Lets late violations (styles inserted after hydration, toasts) arrive: hydrated, and two frames drawn since. */
async function settle(page: Page) {
  await waitForHydration(page);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

test("no CSP violation or hydration message on the guest pages and a toast", async ({ page }) => {
  const collected = await watchConsole(page);
  await page.goto("/login");
  await settle(page);
  await page.getByLabel("Email").fill(ACCOUNTS.auditor);
  await page.locator('input[name="password"]').fill("not-the-password");
  await page.locator('form#login button[type="submit"]').click();
  // sonner's stylesheet (admitted by its hash) styles the toast: it is positioned, not in the flow.
  const toast = page.locator("[data-sonner-toast]").first();
  await expect(toast).toBeVisible();
  expect(await toast.evaluate((element) => getComputedStyle(element).position)).toBe("absolute");
  for (const path of ["/register", "/forgot-password"]) {
    await page.goto(path);
    await settle(page);
  }
  expect(collected.violations).toEqual([]);
  expect(collected.messages.filter((text) => HYDRATION.test(text) || /Content.Security.Policy/i.test(text))).toEqual([]);
});

test("no CSP violation or hydration message on the main screens, with a dialog and the customizer open", async ({ page }) => {
  const collected = await watchConsole(page);
  await signIn(page, ACCOUNTS.superAdmin);
  for (const path of [
    "/dashboard",
    "/users",
    "/organizations",
    "/roles",
    "/system-settings",
    "/profile/account",
    "/activity-log",
    "/mail-log",
  ]) {
    await page.goto(path);
    await settle(page);
  }
  // The primary palette and the content width come from a nonce'd style element and CSS, not style attributes.
  const [primary, contentMax] = await page.evaluate(() => [
    getComputedStyle(document.documentElement).getPropertyValue("--primary-base").trim(),
    getComputedStyle(document.querySelector("[data-content-width]") as Element)
      .getPropertyValue("--content-max")
      .trim(),
  ]);
  expect(primary).toMatch(/^#[0-9A-F]{6}$/i);
  expect(contentMax).toBe("1440px");
  // A confirm dialog locks scrolling with a runtime style element (radix), which must carry the nonce.
  await page.goto("/users");
  await settle(page);
  await page
    .getByRole("button", { name: /^Delete / })
    .first()
    .click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await settle(page);
  await page.getByTestId("customizer-trigger").click();
  await expect(page.getByTestId("customizer")).toBeVisible();
  await settle(page);
  expect(collected.violations).toEqual([]);
  expect(collected.messages.filter((text) => HYDRATION.test(text) || /Content.Security.Policy/i.test(text))).toEqual([]);
});

test("no hydration message on /login, /dashboard and /users in Arabic and dark theme", async ({ page }) => {
  const collected = await watchConsole(page);
  await page.context().addCookies([
    { name: "amp-language", value: "ar", domain: "localhost", path: "/" },
    { name: "amp-theme", value: "dark", domain: "localhost", path: "/" },
  ]);
  await page.goto("/login");
  await settle(page);
  await signIn(page, ACCOUNTS.providerAdmin);
  for (const path of ["/dashboard", "/users"]) {
    await page.goto(path);
    await settle(page);
  }
  expect(collected.messages.filter((text) => HYDRATION.test(text))).toEqual([]);
  expect(collected.violations).toEqual([]);
});

/**
 * Every screen of the route table hydrates without a mismatch. A mismatch makes React draw the page again
 * on the client and drops a click made meanwhile (a heading nested in CardTitle's heading did that).
 * Walked as provider staff and as an organization admin, whose screens show other things (no organization
 * column or filter, refusals where a key is missing); in parts of `SCREENS_PER_TEST`, so that the walks share the
 * workers and each fits the test timeout on a loaded 2-core machine (a half of the table did not, at load 28).
 */
const ALL_SCREENS = SCREENS.map((entry) => ("sample" in entry ? entry.sample : `/${entry.path}`));
const SCREENS_PER_TEST = 8;
const parts = Array.from({ length: Math.ceil(ALL_SCREENS.length / SCREENS_PER_TEST) }, (_, index) =>
  ALL_SCREENS.slice(index * SCREENS_PER_TEST, (index + 1) * SCREENS_PER_TEST),
);
for (const account of [ACCOUNTS.superAdmin, ACCOUNTS.orgAdmin]) {
  for (const [index, paths] of parts.entries()) {
    test(`no hydration message on any screen of the route table as ${account} (part ${index + 1} of ${parts.length})`, async ({ page }) => {
      const collected = await watchConsole(page);
      await signIn(page, account);
      const mismatches: string[] = [];
      for (const path of paths) {
        const before = collected.messages.length;
        await page.goto(path);
        await settle(page);
        const found = collected.messages.slice(before).filter((text) => HYDRATION.test(text));
        if (found.length > 0) mismatches.push(`${path}: ${found.join(" | ")}`);
      }
      expect(mismatches).toEqual([]);
      expect(collected.violations).toEqual([]);
    });
  }
}
