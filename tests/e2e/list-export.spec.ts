import { readFile } from "node:fs/promises";
import type { Download, Page } from "@playwright/test";
import { ACCOUNTS, expect, signIn, test } from "./support";

/** The records of a downloaded CSV (no quoted line breaks in these exports), BOM dropped. */
async function records(download: Download): Promise<string[][]> {
  const text = await readFile(await download.path(), "utf8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return text
    .slice(1)
    .split("\r\n")
    .filter((line) => line !== "")
    .map((line) => line.split(","));
}

async function exportList(page: Page): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("list-export").click()]);
  return records(download);
}

/** The list's total as its footer states it ("Showing 1 to 10 of 44 entries"). */
async function listTotal(page: Page): Promise<number> {
  const text = await page.getByText(/Showing \d+ to \d+ of [\d,]+ entries/).innerText();
  return Number((/of ([\d,]+) entries/.exec(text)?.[1] ?? "0").replace(/,/g, ""));
}

test.describe("list exports", () => {
  test("the numbers list exports the rows its filters select, all pages, as a member sees them", async ({ page }) => {
    await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/numbers?per_page=5");
    const total = await listTotal(page);
    expect(total).toBeGreaterThan(5);
    await expect(page.getByTestId("list-export")).toHaveAttribute("href", "/exports/numbers");
    const [header, ...rows] = await exportList(page);
    expect(header?.slice(0, 3)).toEqual(["e164", "organization", "status"]);
    expect(rows).toHaveLength(total);
    expect(rows.every((row) => row[1] === "Northwind Dental")).toBe(true);

    await page.goto("/tools/numbers?status=in_service&per_page=5");
    const inService = await listTotal(page);
    await expect(page.getByTestId("list-export")).toHaveAttribute("href", "/exports/numbers?status=in_service");
    const filtered = await exportList(page);
    expect(filtered.slice(1)).toHaveLength(inService);
    expect(filtered.slice(1).every((row) => row[2] === "in_service")).toBe(true);
  });

  test("provider staff export every organization's numbers: the whole inventory streams in one file", async ({ page }) => {
    test.slow();
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/tools/numbers");
    const total = await listTotal(page);
    const response = await page.request.get("/exports/numbers");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    // Streamed through: the portal never knows the length in advance.
    expect(response.headers()["content-length"]).toBeUndefined();
    const lines = (await response.text()).split("\r\n").filter((line) => line !== "");
    expect(lines).toHaveLength(total + 1);
  });

  test("the order history exports with its filters; a user without the list's key is refused", async ({ page, browser }) => {
    await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/orders?status=failed");
    await expect(page.getByTestId("list-export")).toHaveAttribute("href", "/exports/orders?status=failed");
    const [header, ...rows] = await exportList(page);
    expect(header?.slice(0, 4)).toEqual(["order", "status", "organization", "placed_by"]);
    expect(rows.every((row) => row[1] === "failed")).toBe(true);

    const other = await browser.newPage();
    await signIn(other, "grace.liu@northwind.test");
    expect((await other.request.get("/exports/numbers")).status()).toBe(401);
    expect((await other.request.get("/exports/nothing")).status()).toBe(404);
    await other.close();
  });
});

test("the users list and the activity log export their filtered rows", async ({ page }) => {
  await signIn(page, ACCOUNTS.superAdmin, undefined, "/users?status=disabled");
  const users = await exportList(page);
  expect(users[0]?.slice(0, 3)).toEqual(["id", "name", "email"]);
  expect(users.slice(1)).toHaveLength(await listTotal(page));
  expect(users.slice(1).every((row) => row[5] === "disabled")).toBe(true);

  // Other tests sign in meanwhile: the export holds the sign-ins counted before it, and at most those counted after.
  await page.goto("/activity-log?action=auth.login");
  const before = await listTotal(page);
  const entries = await exportList(page);
  await page.reload();
  expect(entries.length - 1).toBeGreaterThanOrEqual(before);
  expect(entries.length - 1).toBeLessThanOrEqual(await listTotal(page));
  expect(entries.slice(1).every((row) => row[2] === "auth.login")).toBe(true);
});

test("the E911 list exports its coverage filter; TTS prompts export", async ({ page }) => {
  await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/e911?coverage=without");
  await expect(page.getByTestId("list-export")).toHaveAttribute("href", "/exports/e911?coverage=without");
  const e911 = await exportList(page);
  expect(e911[0]?.slice(0, 3)).toEqual(["e164", "organization", "e911_status"]);
  expect(e911.slice(1)).toHaveLength(await listTotal(page));
  expect(e911.slice(1).every((row) => row[2] !== "provisioned")).toBe(true);

  await page.goto("/tools/tts");
  const prompts = await exportList(page);
  expect(prompts[0]?.slice(0, 3)).toEqual(["id", "name", "organization"]);
  expect(prompts.slice(1).every((row) => row[2] === "Northwind Dental")).toBe(true);
});

test("the porting orders list exports its status filter, in the member's organization", async ({ page }) => {
  await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/porting/order?status=draft");
  await expect(page.getByTestId("list-export")).toHaveAttribute("href", "/exports/porting-orders?status=draft");
  const orders = await exportList(page);
  expect(orders[0]?.slice(0, 4)).toEqual(["id", "organization", "status", "numbers"]);
  expect(orders.slice(1)).toHaveLength(await listTotal(page));
  expect(orders.slice(1).every((row) => row[1] === "Northwind Dental" && row[2] === "draft")).toBe(true);
});
