import type { Page } from "@playwright/test";
import { ACCOUNTS, expect, signIn, test, useLanguage } from "./support";

/**
 * Issue 25: the menu labels fit, in English, French and Arabic. Every entry of the navigation a super admin sees (all of them), in the
 * vertical menu and in the horizontal menus, at 1280 and 1440 px: no label cut off (an ellipsis hides words)
 * and none wrapping onto a second line.
 */
async function misfits(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements.flatMap((element) => {
      const text = (element.textContent ?? "").trim();
      if (!text) return [];
      // The lines the label's words sit on (its text only: an icon beside it is no line of its own).
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const lines = new Set<number>();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of Array.from(range.getClientRects())) if (rect.width > 0) lines.add(Math.round(rect.top));
      }
      const clipped = element.scrollWidth > element.clientWidth + 1;
      return clipped || lines.size > 1 ? [`${text} (${clipped ? "cut off" : `${lines.size} lines`})`] : [];
    }),
  );
}

const LANGUAGES = [
  { language: "en", name: "English", dashboard: "Dashboard" },
  { language: "fr", name: "French", dashboard: "Tableau de bord" },
  { language: "ar", name: "Arabic", dashboard: "لوحة التحكم" },
] as const;

for (const { language, name, dashboard } of LANGUAGES)
  for (const width of [1280, 1440]) {
    test(`${name} menu labels fit at ${width} px, vertical and horizontal`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await useLanguage(page, language);
      await signIn(page, ACCOUNTS.superAdmin);
      await page.goto("/dashboard");
      const vertical = page.locator("#vertical-nav");
      await expect(vertical.getByRole("link", { name: dashboard })).toBeVisible();
      expect(await misfits(page, "#vertical-nav nav a > span, #vertical-nav nav h2, #vertical-nav nav [data-section]")).toEqual([]);

      await page.context().addCookies([{ name: "amp-layout", value: "horizontal", domain: "localhost", path: "/" }]);
      await page.reload();
      const bar = page.locator("nav[aria-label] > ul").last();
      await expect(bar).toBeVisible();
      // Every section menu open at once, its entries measured.
      await page.locator("details:has(> summary[aria-label])").evaluateAll((menus) => {
        for (const menu of menus) menu.setAttribute("open", "");
      });
      expect(await misfits(page, "details[open] li > a")).toEqual([]);
      // The bar of sections stays one row.
      const rows = await bar.evaluate(
        (list) => new Set(Array.from(list.children).map((item) => Math.round(item.getBoundingClientRect().top))).size,
      );
      expect(rows).toBe(1);
    });
  }
