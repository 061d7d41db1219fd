import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { ACCOUNTS, expect, signIn, test, useLanguage } from "./support";

const palette = (page: Page) => page.getByTestId("command-palette");
const combobox = (page: Page) => palette(page).getByRole("combobox");

async function openPalette(page: Page) {
  await page.keyboard.press("Control+k");
  await expect(palette(page)).toBeVisible();
  await expect(combobox(page)).toBeFocused();
}

test.describe("command palette", () => {
  test("Ctrl+K opens it; a number typed in another format is found and opened with the keyboard", async ({ page }) => {
    test.slow();
    await signIn(page, ACCOUNTS.orgAdmin, undefined, "/dashboard");
    await openPalette(page);
    // An empty search lists the screens of the user's menu.
    await expect(palette(page).getByRole("option", { name: "Phone numbers", exact: true })).toBeVisible();
    await expect(palette(page).getByRole("option", { name: "Roles", exact: true })).toHaveCount(0);
    await expectNoSeriousViolations(page, "command palette");

    // Stored as +15035551007; typed with dashes.
    await combobox(page).fill("503-555-1007");
    const number = palette(page).getByRole("option", { name: /\(503\) 555-1007/ });
    await expect(number).toBeVisible();
    await expect(number).toContainText("Northwind Dental");
    await expect(number).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/tools\/numbers\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("(503) 555-1007");
    await expect(palette(page)).toHaveCount(0);

    // Arrow keys move through the results; Enter opens a screen.
    await openPalette(page);
    await combobox(page).fill("order");
    await expect(palette(page).getByRole("option", { name: "Number orders", exact: true })).toBeVisible();
    const options = palette(page).getByRole("option");
    const names = await options.allInnerTexts();
    const target = names.findIndex((name) => name.trim() === "Number orders");
    expect(target).toBeGreaterThanOrEqual(0);
    for (let step = 0; step < target; step++) await page.keyboard.press("ArrowDown");
    await expect(palette(page).getByRole("option", { name: "Number orders", exact: true })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/tools\/orders$/);

    // Escape closes it; the header button opens it too.
    await page.getByTestId("palette-open").click();
    await expect(combobox(page)).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(palette(page)).toHaveCount(0);
  });

  test("an organization admin never finds another tenant's rows, and finds their own users", async ({ page }) => {
    await signIn(page, ACCOUNTS.orgAdmin, undefined, "/dashboard");
    await openPalette(page);
    await combobox(page).fill("Lakeside");
    await expect(palette(page).getByRole("status")).toHaveText("Nothing found for “Lakeside”.");
    await combobox(page).fill("(312) 555-1049");
    await expect(palette(page).getByRole("status")).toHaveText("Nothing found for “(312) 555-1049”.");
    await combobox(page).fill("Daniel");
    await expect(palette(page).getByRole("option", { name: /Daniel Kim/ })).toBeVisible();
  });

  test("provider staff find organizations, users and numbers by city", async ({ page: admin }) => {
    await signIn(admin, ACCOUNTS.superAdmin, undefined, "/dashboard");
    await openPalette(admin);
    await combobox(admin).fill("Lakeside");
    await expect(palette(admin).getByRole("group", { name: "Organizations" }).getByRole("option")).toHaveText([/Lakeside Logistics/]);
    await expect(
      palette(admin)
        .getByRole("group", { name: "Users" })
        .getByRole("option", { name: /Marcus Bell/ }),
    ).toBeVisible();
    // Numbers by city.
    await combobox(admin).fill("Chicago");
    await expect(palette(admin).getByRole("group", { name: "Phone numbers" }).getByRole("option").first()).toContainText("Chicago");
  });

  test("in Arabic the palette is right-to-left and a phone number stays whole", async ({ page }) => {
    await useLanguage(page, "ar");
    await signIn(page, ACCOUNTS.orgAdmin, undefined, "/dashboard");
    await openPalette(page);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("dialog", { name: "ابحث عن أي شيء" })).toBeVisible();
    await combobox(page).fill("5035551007");
    const number = palette(page).getByRole("option", { name: /\(503\) 555-1007/ });
    await expect(number.locator("bdi[dir='ltr']")).toHaveText("(503) 555-1007");
    await expect(palette(page).getByRole("group", { name: "أرقام الهاتف" })).toBeVisible();
  });
});
