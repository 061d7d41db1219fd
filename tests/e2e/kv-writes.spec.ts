import { expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD } from "./support";

/** Each portal response reports its KV writes in Server-Timing (`session;desc="kv-writes=N"`). */
function countKvWrites(page: Page) {
  const counter = { writes: 0, responses: 0 };
  page.on("response", async (response) => {
    const timing = (await response.allHeaders())["server-timing"] ?? "";
    const match = timing.match(/kv-writes=(\d+)/);
    if (match) {
      counter.writes += Number(match[1]);
      counter.responses++;
    }
  });
  return counter;
}

test("a whole session writes KV exactly twice: once at sign-in, once at sign-out", async ({ page }) => {
  const counter = countKvWrites(page);
  await page.goto("/login");
  await page.getByLabel("Email").fill("taylor.brooks@amp.test");
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form#login button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(counter.writes).toBe(1);

  // Ten pages, as documents and as client-side navigations.
  const pages = [
    "/dashboard",
    "/status",
    "/change-log",
    "/profile/account",
    "/users",
    "/organizations",
    "/roles",
    "/activity-log",
    "/mail-log",
    "/system-settings",
  ];
  for (const [index, path] of pages.entries()) {
    if (index % 2 === 0) await page.goto(path);
    else
      await page.evaluate((href) => {
        const link = document.createElement("a");
        link.href = href;
        document.body.append(link);
        link.click();
      }, path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  // Save a form: an interface preference (cookie + the user's profile upstream).
  await page.locator("summary[aria-label='Theme']").click();
  await page.locator("[data-theme-option='dark']").click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.locator("summary[aria-label='Theme']").click();
  await page.locator("[data-theme-option='light']").click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  expect(counter.writes).toBe(1);

  await page.locator("summary[aria-label='Open user menu']").click();
  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(/\/login$/);
  expect(counter.writes).toBe(2);
  expect(counter.responses).toBeGreaterThanOrEqual(15);
});
