import type { Page } from "@playwright/test";
import { ACCOUNTS, expect, signIn, test } from "./support";

/** A MAC no other test uses, with colons and upper case as people type it. */
function uniqueMac(): string {
  const hex = (Date.now() * 1000 + Math.floor(Math.random() * 1000)).toString(16).padStart(12, "0").slice(-12);
  return (hex.match(/../g) ?? []).join(":").toUpperCase();
}

// Several round trips each on a shared 2-core machine.
test.describe.configure({ timeout: 90_000 });

const overrideRows = (page: Page) => page.locator("table:has(caption:text-matches('Overrides of')) tbody tr:has(input)");

async function fillRow(page: Page, number: number, key: string, value: string, type: "string" | "integer" | "boolean") {
  await page.getByLabel(`Key — Row ${number}`).fill(key);
  await page.getByLabel(`Value — Row ${number}`).fill(value);
  await page.getByLabel(`Type — Row ${number}`).selectOption(type);
}

for (const account of [ACCOUNTS.superAdmin, ACCOUNTS.orgAdmin]) {
  test(`device overrides with JavaScript as ${account}`, async ({ page }) => {
    await signIn(page, account, undefined, "/tools/devices/overrides");
    const mac = uniqueMac();
    await page.locator("form#add-device").getByLabel("MAC address").fill(mac.toLowerCase().replace(/:/g, "-"));
    await page.locator("form#add-device").getByLabel("Vendor").fill("Yealink");
    await page.locator("form#add-device").getByLabel("Model").fill("T54W");
    if (account === ACCOUNTS.superAdmin)
      await page.locator("form#add-device").getByLabel("Organization").selectOption({ label: "Northwind Dental" });
    await page.getByRole("button", { name: "Add device" }).click();
    await expect(page.getByText(`Device ${mac} added.`)).toBeVisible();
    await expect(page.getByRole("heading", { name: `Overrides of ${mac}` })).toBeVisible();

    // Rows are added in place: no request, nothing reloads.
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posts += 1;
    });
    for (let count = 1; count <= 3; count += 1) await page.getByRole("button", { name: "Add row" }).click();
    await expect(overrideRows(page)).toHaveCount(3);
    expect(posts).toBe(0);
    await fillRow(page, 1, "sip.port", "5060", "integer");
    await fillRow(page, 2, "lcd.backlight", "true", "boolean");
    await fillRow(page, 3, "display.name", "Front desk", "string");
    await page.getByRole("button", { name: "Save overrides" }).click();
    await expect(page.getByText(`Overrides of ${mac} saved.`)).toBeVisible();
    await expect(overrideRows(page)).toHaveCount(3);

    await page.getByRole("button", { name: "Remove row 2" }).click();
    await expect(overrideRows(page)).toHaveCount(2);
    // The first save's toast may still show the same words: wait for this save's answer before reloading.
    const saved = page.waitForResponse((response) => response.request().method() === "POST" && response.status() < 400);
    await page.getByRole("button", { name: "Save overrides" }).click();
    await saved;
    await expect(page.getByText(`Overrides of ${mac} saved.`).first()).toBeVisible();
    await page.reload();
    await expect(overrideRows(page)).toHaveCount(2);
    await expect(page.getByLabel("Key — Row 2")).toHaveValue("display.name");

    // Search by MAC in another format finds the device.
    await page.getByRole("searchbox", { name: "Search" }).fill(mac.replace(/:/g, "").toLowerCase());
    await page.getByRole("searchbox", { name: "Search" }).press("Enter");
    await expect(page.locator("[data-slot='data-table'] tbody tr")).toHaveCount(1);
    await expect(page.locator("[data-slot='data-table'] tbody tr").getByText(mac)).toBeVisible();
  });
}

test("a MAC registered in another organization is refused without naming it", async ({ page }) => {
  const mac = uniqueMac();
  await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/devices/overrides");
  await page.locator("form#add-device").getByLabel("MAC address").fill(mac);
  await page.locator("form#add-device").getByLabel("Vendor").fill("Poly");
  await page.getByRole("button", { name: "Add device" }).click();
  await expect(page.getByText(`Device ${mac} added.`)).toBeVisible();
  await page.context().clearCookies();
  await signIn(page, "marcus.bell@lakeside.test", undefined, "/tools/devices/overrides");
  await page.locator("form#add-device").getByLabel("MAC address").fill(mac.replace(/:/g, ""));
  await page.locator("form#add-device").getByLabel("Vendor").fill("Poly");
  await page.getByRole("button", { name: "Add device" }).click();
  await expect(page.locator("#add-device-mac-error")).toHaveText("This MAC address is registered to another organization.");
  await expect(page.getByText("Northwind")).toHaveCount(0);
});
