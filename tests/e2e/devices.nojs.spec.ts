import type { Page } from "@playwright/test";
import { ACCOUNTS, expect, signIn, test } from "./support";

function uniqueMac(): string {
  const hex = (Date.now() * 1000 + Math.floor(Math.random() * 1000)).toString(16).padStart(12, "0").slice(-12);
  return (hex.match(/../g) ?? []).join(":").toUpperCase();
}

// Several round trips each on a shared 2-core machine.
test.describe.configure({ timeout: 90_000 });

const overrideRows = (page: Page) => page.locator("table:has(caption:text-matches('Overrides of')) tbody tr:has(input)");

for (const account of [ACCOUNTS.superAdmin, ACCOUNTS.orgAdmin]) {
  test(`device overrides without JavaScript as ${account}: Add row and Remove keep what was typed`, async ({ page }) => {
    await signIn(page, account, undefined, "/tools/devices/overrides");
    const mac = uniqueMac();
    await page.locator("form#add-device").getByLabel("MAC address").fill("00:1A:2B");
    await page.locator("form#add-device").getByLabel("Vendor").fill("Grandstream");
    await page.getByRole("button", { name: "Add device" }).click();
    await expect(page.locator("#add-device-mac-error")).toHaveText("Enter a MAC address of 12 hexadecimal digits.");
    // Staff must choose the organization: both mistakes are reported by the one answer.
    if (account === ACCOUNTS.superAdmin) await expect(page.locator("form#add-device")).toContainText("This field is required.");
    await expect(page.locator("form#add-device").getByLabel("Vendor")).toHaveValue("Grandstream");
    await page.locator("form#add-device").getByLabel("MAC address").fill(mac);
    if (account === ACCOUNTS.superAdmin)
      await page.locator("form#add-device").getByLabel("Organization").selectOption({ label: "Northwind Dental" });
    await page.getByRole("button", { name: "Add device" }).click();
    await expect(page.getByRole("heading", { name: `Overrides of ${mac}` })).toBeVisible();

    await page.getByRole("button", { name: "Add row" }).click();
    await page.getByLabel("Key — Row 1").fill("sip.port");
    await page.getByLabel("Value — Row 1").fill("not a number");
    await page.getByLabel("Type — Row 1").selectOption("integer");
    await page.getByRole("button", { name: "Add row" }).click();
    // The server answered the posted row plus an empty one.
    await expect(page.getByLabel("Key — Row 1")).toHaveValue("sip.port");
    await page.getByLabel("Key — Row 2").fill("sip.port");
    await page.getByLabel("Value — Row 2").fill("x");
    await page.getByRole("button", { name: "Add row" }).click();
    await page.getByLabel("Key — Row 3").fill("display.name");
    await page.getByLabel("Value — Row 3").fill("Lobby");
    await expect(overrideRows(page)).toHaveCount(3);

    await page.getByRole("button", { name: "Save overrides" }).click();
    await expect(page.getByText("Enter a whole number.")).toBeVisible();
    await expect(page.getByText("This key is already used by another row.")).toBeVisible();
    await expect(page.getByLabel("Value — Row 1")).toHaveValue("not a number");

    await page.getByLabel("Value — Row 1").fill("5062");
    await page.getByLabel("Key — Row 2").fill("lcd.backlight");
    await page.getByLabel("Value — Row 2").fill("false");
    await page.getByLabel("Type — Row 2").selectOption("boolean");
    await page.getByRole("button", { name: "Save overrides" }).click();
    await expect(overrideRows(page)).toHaveCount(3);
    await expect(page.getByLabel("Value — Row 1")).toHaveValue("5062");

    await page.getByRole("button", { name: "Remove row 2" }).click();
    await expect(overrideRows(page)).toHaveCount(2);
    await expect(page.getByLabel("Key — Row 2")).toHaveValue("display.name");
    // The save redirects back to the page: reload only once that page has arrived (reloading during it raced).
    const savedPage = page.waitForResponse(
      (response) => response.request().isNavigationRequest() && response.request().method() === "GET" && response.status() === 200,
    );
    await page.getByRole("button", { name: "Save overrides" }).click();
    await savedPage;
    await page.waitForLoadState("load");
    await page.reload();
    await expect(overrideRows(page)).toHaveCount(2);
    await expect(page.getByLabel("Key — Row 1")).toHaveValue("sip.port");
    await expect(page.getByLabel("Key — Row 2")).toHaveValue("display.name");

    const csv = await page.request.get((await page.getByRole("link", { name: "Export CSV" }).getAttribute("href")) ?? "");
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect(await csv.text()).toContain("sip.port,5062,integer,true,");
  });
}
