import { expectNoSeriousViolations } from "./axe";
import { ACCOUNTS, expect, signIn, test, useLanguage } from "./support";

// axe takes seconds per page on a loaded 2-core machine.
test.describe.configure({ timeout: 240_000 });

for (const language of ["en", "ar"] as const) {
  test(`the tools screens have no serious axe violation (${language})`, async ({ page }) => {
    await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/devices/overrides");
    // A device open in the override editor, with one row.
    const mac = (Date.now() * 1000 + (language === "en" ? 7 : 9)).toString(16).padStart(12, "0").slice(-12);
    await page.locator("form#add-device").getByLabel("MAC address").fill(mac);
    await page.locator("form#add-device").getByLabel("Vendor").fill("Snom");
    await page.getByRole("button", { name: "Add device" }).click();
    await expect(page.getByRole("heading", { name: /^Overrides of/ })).toBeVisible();
    await page.getByRole("button", { name: "Add row" }).click();
    const editor = new URL(page.url()).pathname + new URL(page.url()).search;
    await useLanguage(page, language);
    for (const path of ["/tools/tts", "/tools/tts/add", editor]) {
      await page.goto(path);
      if (language === "ar") await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expectNoSeriousViolations(page, `${path} (${language})`);
    }
    await useLanguage(page, "en");
  });
}
