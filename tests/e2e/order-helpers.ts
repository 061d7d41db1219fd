import type { Page } from "@playwright/test";
import { expect } from "./support";

/** Places an order of the first `count` numbers offered in `areaCode` through the wizard; returns its id and numbers. */
export async function placeOrder(page: Page, areaCode: string, count: number, label: string): Promise<{ id: number; numbers: string[] }> {
  await page.goto("/tools/orders/phone-numbers");
  await page.getByLabel("Area code", { exact: true }).fill(areaCode);
  await page.getByLabel("How many numbers to show").fill(String(count));
  await page.getByRole("button", { name: "Search numbers" }).click();
  await expect(page).toHaveURL(/\/step-2$/);
  const numbers: string[] = [];
  for (let index = 0; index < count; index++) {
    const box = page.locator("table tbody tr").nth(index).getByRole("checkbox");
    numbers.push((await box.getAttribute("value")) as string);
    await box.check();
  }
  await page.getByRole("button", { name: "Reserve and continue" }).click();
  await expect(page).toHaveURL(/\/step-3$/);
  await page.getByLabel("Label", { exact: true }).fill(label);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/order-confirmed$/);
  const id = Number(/phone-numbers\/(\d+)\//.exec(page.url())?.[1]);
  return { id, numbers };
}
