import type { Page } from "@playwright/test";
import { expect } from "./support";

/**
 * Adds an organization role named `name` through the form (the page is on /roles/add) and opens its edit screen;
 * returns that screen's path. The outage specs need a record of their own to edit, with or without JavaScript.
 */
export async function addRoleAndOpenEdit(page: Page, name: string): Promise<string> {
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Who can hold it").selectOption("organization");
  await page.getByLabel("View the dashboard").check();
  await page.getByRole("button", { name: "Add role" }).click();
  await expect(page).toHaveURL(/\/roles$/);
  await page.goto(`/roles?search=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  return new URL(page.url()).pathname;
}
