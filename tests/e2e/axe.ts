import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./support";

const TOASTER = "[data-sonner-toaster]";

/**
 * Fails on any serious or critical axe violation (WCAG 2.0 and 2.1, A and AA) on the page as it stands once
 * its finite animations have ended (a dialog fading in has half-transparent colours, which axe reads as low
 * contrast).
 *
 * Toasts are left out of a page's scan: they come and go on their own clock, and a toast that arrives or
 * leaves while axe runs (seconds on a loaded machine), or sits collapsed behind another one with its text at
 * opacity 0, was read as low contrast (the E911 spec failed twice in CI that way), and one over a button changes
 * the colours axe reads for it: they are hidden while the page is scanned. `{ only: "toasts" }` scans the toasts
 * alone, for the spec that shows one and waits for it to settle.
 */
export async function expectNoSeriousViolations(page: Page, label: string, options: { only?: "toasts" } = {}) {
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  // A toast floats over the page: one still showing over a header's button made axe read that button's colours
  // through it (CI, porting-loa). The page is judged without it, the toasts on their own (`only: "toasts"`).
  const toasterVisibility = (visibility: string) =>
    page.evaluate(
      ([selector, value]) => {
        document.querySelectorAll<HTMLElement>(selector).forEach((toaster) => {
          toaster.style.visibility = value;
        });
      },
      [TOASTER, visibility] as const,
    );
  if (options.only !== "toasts") await toasterVisibility("hidden");
  // The pointer rests where it clicked last: on a button, its hover colours fade in (a transition) as soon as a
  // toast over it is hidden, and axe read a primary button's colours halfway (CI, porting-loa). It leaves the page's
  // controls before the scan, and the scan waits for what that starts to end.
  if (options.only !== "toasts") await page.mouse.move(0, 0);
  // The transition that leaving starts exists only once the browser has restyled: two frames, then the wait below sees
  // it (CI, porting-orders: a "check" button under the pointer after a client navigation, read halfway).
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll("[data-sonner-toast]")).every((toast) => toast.getAttribute("data-mounted") === "true") &&
      document
        .getAnimations()
        .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
  const results = await (options.only === "toasts" ? builder.include(TOASTER) : builder.exclude(TOASTER)).analyze();
  if (options.only !== "toasts") await toasterVisibility("");
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
    label,
  ).toEqual([]);
}
