import { expect, test } from "@playwright/test";
import { ACCOUNTS, signIn } from "./support";

/**
 * Upstream calls per screen, from the portal's Server-Timing (`upstream;desc="calls=N"`). Laravel's default
 * `throttle:api` allows 60 a minute: the old 4–8 calls a page signed users out after ~8 quick navigations.
 * No call may be made twice in one request. With the bundled backend's user stamps the user comes from the
 * page's own calls (common/user-stamp.ts): no `GET /api/user` unless the page makes no call of its own. The
 * public settings are kept 30 s per isolate, so they may add one call to any page.
 */
const BUDGET: Record<string, number> = {
  // navbar organizations, dashboard figures (+ settings)
  "/dashboard": 3,
  // organization options (navbar and filter: one call), roles filter, the list (+ settings)
  "/users": 4,
  "/organizations": 3,
  "/roles": 3,
  // who is signed in (the page makes no call of its own; + settings)
  "/profile/account": 2,
  "/system-settings": 3,
};

function calls(serverTiming: string | undefined): number {
  const match = (serverTiming ?? "").match(/upstream;desc="calls=(\d+)"/);
  if (!match) throw new Error(`no upstream calls in Server-Timing: ${serverTiming}`);
  return Number(match[1]);
}

test("each screen stays within its upstream call budget and is never cached, as a document and as a client navigation", async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.superAdmin);
  for (const [path, budget] of Object.entries(BUDGET)) {
    for (const url of [path, `${path}.data`]) {
      const response = await page.request.get(url);
      expect(response.status(), url).toBe(200);
      expect(calls(response.headers()["server-timing"]), url).toBeLessThanOrEqual(budget);
      // Signed-in pages and their data are never stored by a browser or a shared cache.
      expect(response.headers()["cache-control"], url).toBe("private, no-store");
    }
  }
});

test("twelve quick navigations stay far below Laravel's 60 calls a minute", async ({ page }) => {
  await signIn(page, ACCOUNTS.superAdmin);
  let total = 0;
  for (let round = 0; round < 2; round++) {
    for (const path of Object.keys(BUDGET)) total += calls((await page.request.get(`${path}.data`)).headers()["server-timing"]);
  }
  // 24 calls of the pages themselves, and the settings now and then; without user stamps it was 36.
  expect(total).toBeLessThanOrEqual(30);
});
