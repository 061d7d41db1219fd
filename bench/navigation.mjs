// Client navigation between list screens (issue 27): in Chromium, signed in, on the production build, a menu
// click to the new screen drawn. Not a timed test: the bench prints the figures beside their goals.
//
// A navigation ends when the URL is the link's, the document title changed (React Router renders the new
// route's meta with its loader data, in the same commit as the rows) and a frame was painted after that.
// Two ways in, measured alike: a keyboard-like click (no pointer before it, so no prefetch on intent) and a
// mouse user's click, the pointer resting on the link for HOVER_MS first (what prefetch on intent uses).

export const NAVIGATION_ROUTE = ["/dashboard", "/users", "/tools/numbers", "/tools/e911", "/activity-log"];
const HOVER_MS = 150;

/** Milliseconds from `link.click()` to the next screen painted, measured inside the page. */
function clickAndWait(tab, href) {
  return tab.evaluate(async (target) => {
    const link = [...document.querySelectorAll(`nav a[href="${target}"]`)].find((a) => a.offsetParent !== null);
    if (!link) throw new Error(`no visible menu link to ${target}`);
    const before = document.title;
    const started = performance.now();
    link.click();
    await new Promise((resolve, reject) => {
      const deadline = started + 30_000;
      const check = () => {
        if (location.pathname === target && document.title !== before) requestAnimationFrame(() => resolve());
        else if (performance.now() > deadline) reject(new Error(`${target} not drawn in 30 s`));
        else requestAnimationFrame(check);
      };
      check();
    });
    return performance.now() - started;
  }, href);
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * `rounds` laps of NAVIGATION_ROUTE (dashboard → users → numbers → E911 → activity log → dashboard) in each
 * way, in a fresh browser context each. The first lap (each screen's code and strings not loaded yet) is
 * reported on its own as "first visit"; p50/p95 are over the laps after it.
 */
export async function navigationTimes({ base, cookies, chromiumArgs, rounds }) {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs });
  try {
    const ways = {};
    for (const way of ["click", "hover then click"]) {
      const context = await browser.newContext({ locale: "en-US", viewport: { width: 1440, height: 900 } });
      await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: base })));
      const tab = await context.newPage();
      await tab.goto(`${base}${NAVIGATION_ROUTE[0]}`, { waitUntil: "networkidle", timeout: 60_000 });
      const samples = Object.fromEntries(NAVIGATION_ROUTE.map((href) => [href, []]));
      const firstVisit = {};
      for (let lap = 0; lap <= rounds; lap++) {
        for (const href of [...NAVIGATION_ROUTE.slice(1), NAVIGATION_ROUTE[0]]) {
          if (way !== "click") {
            await tab.locator(`nav a[href="${href}"]:visible`).first().hover();
            await tab.waitForTimeout(HOVER_MS);
          }
          const ms = await clickAndWait(tab, href);
          if (lap > 0) samples[href].push(ms);
          else firstVisit[href] = ms;
          // Let the screen settle (hydration of lazy parts, idle prefetches) as a reader would before the next click.
          await tab.waitForLoadState("networkidle");
        }
      }
      const all = Object.values(samples).flat();
      ways[way] = {
        n: all.length,
        p50: percentile(all, 50),
        p95: percentile(all, 95),
        perScreen: Object.fromEntries(Object.entries(samples).map(([href, values]) => [href, percentile(values, 50)])),
        firstVisit,
      };
      await context.close();
    }
    return { rounds, hoverMs: HOVER_MS, ways };
  } finally {
    await browser.close();
  }
}
