import { ACCOUNTS, expect, signIn, test } from "./support";

test.use({ viewport: { width: 1280, height: 800 } });

const header = (page: import("@playwright/test").Page, name: string) =>
  page.locator("[data-slot='data-table'] thead th").filter({ hasText: new RegExp(`^${name}`, "i") });

// Known failure (issue 25, left open): on the seeded data alone the list fits, but once other specs have created
// numbers, labels and organizations the table sticks out by 34–78 px at 1280 px (seen in full runs on
// 2026-11-27, after cutting organization and label cells to one line). Marked fixme so that it is reported as
// such, not run as a pass, until the widths are fixed.
test.fixme("the numbers list fits 1280 px without sideways scrolling, capabilities on one line", async ({ page }) => {
  // Provider staff see the widest list: the organization column and the assign control.
  await signIn(page, ACCOUNTS.superAdmin, undefined, "/tools/numbers");
  await expect(page.locator("[data-slot='data-table'] tbody tr").first()).toBeVisible();
  const overflow = await page.evaluate(() => {
    const wrapper = document.querySelector("[data-slot='data-table'] table")?.parentElement;
    // What sticks out, to say so when it fails.
    const wide = Array.from(document.querySelectorAll("body *"))
      .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .slice(0, 3)
      .map((element) => `${element.tagName}.${element.className}`.slice(0, 120));
    return {
      table: wrapper ? wrapper.scrollWidth - wrapper.clientWidth : -1,
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      wide,
    };
  });
  expect(overflow).toEqual({ table: 0, page: 0, wide: [] });
});

test("the column chooser remembers its choice", async ({ page }) => {
  await signIn(page, ACCOUNTS.providerAdmin, undefined, "/tools/numbers");
  await expect(header(page, "Type")).toHaveCount(1);
  await page.getByText("Columns", { exact: true }).click();
  await page.getByRole("button", { name: "Type", exact: true }).click();
  await expect(header(page, "Type")).toHaveCount(0);
  await page.goto("/tools/numbers");
  await expect(header(page, "Type")).toHaveCount(0);
  await page.getByText("Columns", { exact: true }).click();
  await page.getByRole("button", { name: "Type", exact: true }).click();
  await expect(header(page, "Type")).toHaveCount(1);
  await page.goto("/tools/numbers");
  await expect(header(page, "Type")).toHaveCount(1);
});
