import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./support";

/**
 * Fails on any serious or critical axe violation (WCAG 2.0 and 2.1, A and AA) on the page as it stands once
 * its finite animations have ended. A toast or a dialog that is still fading in has half-transparent colours,
 * which axe reads as low contrast: that failed the E911 spec once in CI.
 */
export async function expectNoSeriousViolations(page: Page, label: string) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
    label,
  ).toEqual([]);
}
