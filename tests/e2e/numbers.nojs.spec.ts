import type { Page } from "@playwright/test";
import { ACCOUNTS, expect, signIn, test, unique } from "./support";

const resultRows = (page: Page) => page.locator("table tbody tr");
const listRows = (page: Page) => page.locator("[data-slot='data-table'] tbody tr");

/** Step 1 → step 2 with the given criteria (labels as the form shows them). */
async function search(page: Page, criteria: { areaCode?: string; pattern?: string; mode?: string; quantity?: string }) {
  await page.goto("/tools/orders/phone-numbers");
  if (criteria.areaCode) await page.getByLabel("Area code", { exact: true }).fill(criteria.areaCode);
  if (criteria.pattern) await page.getByLabel("Pattern", { exact: true }).fill(criteria.pattern);
  if (criteria.mode) await page.getByLabel("Pattern position").selectOption(criteria.mode);
  await page.getByLabel("How many numbers to show").fill(criteria.quantity ?? "5");
  await page.getByRole("button", { name: "Search numbers" }).click();
  await expect(page).toHaveURL(/\/tools\/orders\/phone-numbers\/\d+\/step-2$/);
}

test.describe("ordering numbers without JavaScript", () => {
  test("the whole wizard: search, choose, review, then the order completes and the numbers are in service", async ({ page }) => {
    // Four steps, the carrier's activation delay, then the list as two users.
    test.slow();
    await signIn(page, ACCOUNTS.superAdmin);
    // Validation errors come back next to the fields with the values as typed.
    await page.goto("/tools/orders/phone-numbers");
    await page.getByLabel("Area code", { exact: true }).fill("12");
    await page.getByLabel("How many numbers to show").fill("500");
    await page.getByRole("button", { name: "Search numbers" }).click();
    await expect(page.getByText("Enter a three-digit area code such as 212.")).toBeVisible();
    await expect(page.getByText("Enter a value of at most 100.")).toBeVisible();
    await expect(page.getByLabel("Area code", { exact: true })).toHaveValue("12");

    await search(page, { areaCode: "415", quantity: "5" });
    await expect(page.getByRole("heading", { name: "Order phone numbers" })).toBeVisible();
    await expect(resultRows(page)).toHaveCount(5);
    await expect(resultRows(page).first()).toContainText("San Francisco, CA");
    await expect(resultRows(page).first()).toContainText("$1.00");
    const chosen: string[] = [];
    for (let index = 0; index < 3; index++) {
      const box = resultRows(page).nth(index).getByRole("checkbox");
      chosen.push((await box.getAttribute("value")) as string);
      await box.check();
    }
    await page.getByRole("button", { name: "Reserve and continue" }).click();

    await expect(page).toHaveURL(/\/step-3$/);
    await expect(page.getByTestId("reservation-countdown")).toContainText(/Reserved until .* \((30|29) min left\)/);
    await expect(page.getByTestId("review-numbers").locator("li")).toHaveCount(3);
    await expect(page.getByTestId("total-monthly")).toHaveText("$3.00");
    const label = unique("Reception");
    // Staff choose the owning organization: nothing is preselected (issue 25).
    await expect(page.getByLabel("Organization", { exact: true })).toHaveValue("");
    await page.getByLabel("Organization", { exact: true }).selectOption({ label: "Northwind Dental" });
    await page.getByLabel("Label", { exact: true }).fill(label);
    await page.getByRole("button", { name: "Place order" }).click();

    await expect(page).toHaveURL(/\/order-confirmed$/);
    await expect(page.getByTestId("order-items").locator("tbody tr")).toHaveCount(3);
    await expect(page.getByRole("link", { name: "Refresh status" })).toBeVisible();
    // The page refreshes itself (meta refresh) until the carrier completes every number.
    await expect(page.getByTestId("order-status")).toHaveText("Completed", { timeout: 20_000 });
    await expect(page.getByRole("link", { name: "Refresh status" })).toHaveCount(0);
    await expect(page.getByTestId("order-items")).not.toContainText("Pending");

    await page.getByRole("link", { name: "Go to the numbers list" }).click();
    await page.getByRole("searchbox", { name: "Search" }).fill(label);
    await page.getByRole("searchbox", { name: "Search" }).press("Enter");
    await expect(listRows(page)).toHaveCount(3);
    await expect(listRows(page).first()).toContainText("In service");
    await expect(listRows(page).first()).toContainText("Northwind Dental");

    // The organization admin of Northwind sees them, found by the digits in any formatting.
    await page.context().clearCookies();
    await signIn(page, ACCOUNTS.orgAdmin);
    const digits = (chosen[0] as string).slice(2);
    await page.goto(`/tools/numbers?search=${encodeURIComponent(`(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`)}`);
    await expect(listRows(page)).toHaveCount(1);
    await expect(listRows(page)).toContainText(label);
  });

  test("a number ending in 0000 fails and never enters the inventory", async ({ page }) => {
    test.slow();
    await signIn(page, ACCOUNTS.orgAdmin);
    await search(page, { areaCode: "702", pattern: "0000", mode: "ends_with", quantity: "1" });
    const box = resultRows(page).first().getByRole("checkbox");
    const number = (await box.getAttribute("value")) as string;
    expect(number).toMatch(/0000$/);
    await box.check();
    await page.getByRole("button", { name: "Reserve and continue" }).click();
    // Members do not choose the organization: it is theirs.
    await expect(page.getByLabel("Organization", { exact: true })).toHaveCount(0);
    await expect(page.getByText("Northwind Dental")).toBeVisible();
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByTestId("order-status")).toHaveText("Failed", { timeout: 20_000 });
    await expect(page.getByTestId("order-items")).toContainText("The carrier rejected this number.");
    await page.goto(`/tools/numbers?search=${encodeURIComponent(number)}`);
    await expect(page.getByText("No phone numbers match.")).toBeVisible();
  });

  test("another organization's draft answers 404; a user without the key gets the 401 page", async ({ page, browser }) => {
    // Two users in two browser contexts on a shared, busy machine.
    test.slow();
    await signIn(page, ACCOUNTS.superAdmin);
    await search(page, { areaCode: "206", quantity: "2" });
    const draftUrl = new URL(page.url()).pathname;

    const other = await browser.newContext({ javaScriptEnabled: false });
    const member = await other.newPage();
    await signIn(member, ACCOUNTS.orgAdmin);
    for (const url of [draftUrl, draftUrl.replace("step-2", "step-3"), draftUrl.replace("step-2", "order-confirmed")]) {
      const response = await member.goto(url);
      expect(response?.status(), url).toBe(404);
      await expect(member.getByRole("heading", { name: "Page not found" })).toBeVisible();
    }
    await other.close();

    await page.context().clearCookies();
    await signIn(page, ACCOUNTS.auditor);
    const refused = await page.goto("/tools/orders/phone-numbers");
    expect(refused?.status()).toBe(401);
    await expect(page.getByRole("heading", { name: "You are not authorized!" })).toBeVisible();
    // The auditor may read the list, without the order and release actions.
    await page.goto("/tools/numbers");
    await expect(listRows(page).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Order numbers" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Release / })).toHaveCount(0);
  });
});
