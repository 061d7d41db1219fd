import type { Page } from "@playwright/test";

/**
 * What sticks out sideways on a list screen: the list's own scroll (the table's box), the page's, and the first
 * elements past the right edge (left edge in Arabic), to say so when it fails. The navigation drawer, which waits
 * off-canvas on narrow screens, is not counted.
 */
export async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const wrapper = document.querySelector("[data-slot='data-table-body']");
    const width = document.documentElement.clientWidth;
    const rtl = document.documentElement.dir === "rtl";
    const wide = Array.from(document.querySelectorAll("main *"))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (rtl ? box.left < -1 : box.right > width + 1);
      })
      .slice(0, 3)
      .map((element) => `${element.tagName}.${element.className}`.slice(0, 120));
    return {
      table: wrapper ? wrapper.scrollWidth - wrapper.clientWidth : -1,
      page: document.documentElement.scrollWidth - width,
      wide,
    };
  });
}

/** Every list screen drawn by the shared data table (components/ui/data-table.tsx), as a super admin sees it. */
export const LIST_SCREENS = [
  "/users",
  "/organizations",
  "/roles",
  "/activity-log",
  "/mail-log",
  "/tools/numbers",
  "/tools/e911",
  "/tools/porting/order",
  "/tools/orders",
  "/tools/tts",
  "/tools/devices/overrides",
  "/branded-documents",
] as const;

/** A phone's screen. */
export const PHONE = { width: 390, height: 844 } as const;
