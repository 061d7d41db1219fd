import type { Page } from "@playwright/test";
import { importCsv } from "./import-csv";
import { expect } from "./support";

export const listRows = (page: Page) => page.locator("[data-slot='data-table'] tbody tr");

/**
 * Numbers of this test's own (pasted into the importer as super admin, committed), so bulk actions change no
 * other spec's rows; returns the numbers list filtered to them (`?import=<id>`). Works with or without JavaScript.
 */
export async function importedNumbers(page: Page, count: number): Promise<string> {
  await page.goto("/tools/import/phone_numbers");
  const { csv } = importCsv(count);
  await page.getByLabel("CSV text").fill(csv);
  await page.getByRole("button", { name: "Check pasted rows" }).click();
  await expect(page).toHaveURL(/\/tools\/import\/phone_numbers\/\d+\/step-2$/);
  const id = page.url().match(/phone_numbers\/(\d+)\/step-2/)?.[1];
  await page.getByRole("button", { name: `Import ${count} numbers` }).click();
  await expect(page.getByRole("heading", { name: "Import finished" })).toBeVisible({ timeout: 60_000 });
  return `/tools/numbers?import=${id}&sort=e164&direction=asc`;
}

/** Users of this test's own (the add form, Northwind Dental), found together by `prefix` in the users list. */
export async function addedUsers(page: Page, prefix: string, count: number): Promise<void> {
  for (let index = 0; index < count; index++) {
    await page.goto("/users/add");
    await page.getByLabel("Full name").fill(`${prefix} ${index}`);
    await page.getByLabel("E-mail", { exact: true }).fill(`${prefix.replace(/\W+/g, ".").toLowerCase()}.${index}@northwind.test`);
    await page.getByLabel("Organization", { exact: true }).selectOption({ label: "Northwind Dental" });
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page).toHaveURL(/\/users$/);
  }
}
