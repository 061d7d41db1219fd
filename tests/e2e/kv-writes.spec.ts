import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, test } from "./support";

/**
 * Each portal response reports its KV writes in Server-Timing (`session;desc="kv-writes=N"`). Reading a
 * response's headers is asynchronous: `settled()` waits until no request is in flight and every response
 * seen so far is counted, so an assertion never runs before a late response was added.
 */
function countKvWrites(page: Page) {
  const counter = { writes: 0, responses: 0 };
  const pending: Promise<void>[] = [];
  let inFlight = 0;
  page.on("request", () => inFlight++);
  page.on("requestfinished", () => inFlight--);
  page.on("requestfailed", () => inFlight--);
  page.on("response", (response) => {
    pending.push(
      response.allHeaders().then((headers) => {
        const match = (headers["server-timing"] ?? "").match(/kv-writes=(\d+)/);
        if (match) {
          counter.writes += Number(match[1]);
          counter.responses++;
        }
      }),
    );
  });
  const settled = async () => {
    await expect.poll(() => inFlight).toBe(0);
    await Promise.all(pending);
    return counter;
  };
  return { counter, settled };
}

test("a whole session writes KV exactly twice: once at sign-in, once at sign-out", async ({ page }) => {
  // Fifteen page loads and a sign-in: more than the default budget on a busy machine.
  test.slow();
  const { counter, settled } = countKvWrites(page);
  await page.goto("/login");
  await page.getByLabel("Email").fill("taylor.brooks@amp.test");
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form#login button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await settled()).writes).toBe(1);

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
  expect((await settled()).writes).toBe(1);
  // Save a form: an interface preference (cookie + the user's profile upstream).
  await page.locator("summary[aria-label='Theme']").click();
  await page.locator("[data-theme-option='dark']").click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.locator("summary[aria-label='Theme']").click();
  await page.locator("[data-theme-option='light']").click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  expect((await settled()).writes).toBe(1);

  await page.locator("summary[aria-label='Open user menu']").click();
  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await settled()).writes).toBe(2);
  expect(counter.responses).toBeGreaterThanOrEqual(15);
});
