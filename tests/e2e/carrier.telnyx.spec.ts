// The telephony screens on the Telnyx adapter (E2E_CARRIER=telnyx: the backend's CARRIER=telnyx, against the local
// Telnyx simulator, scripts/e2e-server.mjs). Nothing opens an order again after placing it: the simulator's signed
// webhooks reach the portal's /webhooks/telnyx, the backend queues a check and applies the carrier's answer, and
// the lists show the final state (issue 24: "within a minute, without opening them again").
import type { Page } from "@playwright/test";
import { placeOrder } from "./order-helpers";
import { fillPortingOrder, PDF } from "./porting-helpers";
import { ACCOUNTS, expect, signIn, test, unique } from "./support";

/**
 * Two landline numbers (exchange 500–899; 3xx and 4xx are wireless in the simulator) of one losing carrier (the
 * simulator gives even last digits to one), so the port is one carrier order.
 */
function portableNumbers(): [string, string] {
  const exchange = String(500 + Math.floor(Math.random() * 400));
  const line = () => String(1000 + 2 * Math.floor(Math.random() * 4000));
  return [`212${exchange}${line()}`, `212${exchange}${line()}`];
}

/** Reloads `path` (a list; reading it changes nothing) until `row` shows `status`, for at most a minute. */
async function waitInList(page: Page, path: string, rowText: string, status: string) {
  await expect(async () => {
    await page.goto(path);
    await expect(page.getByRole("row").filter({ hasText: rowText })).toContainText(status, { timeout: 1_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
}

/** The dashboard's "Active numbers" figure. */
async function activeNumbers(page: Page): Promise<number> {
  await page.goto("/dashboard");
  const value = await page.locator("[data-figure='active_numbers'] .tabular-nums").innerText();
  return Number(value.replace(/\D/g, ""));
}

test.describe.configure({ timeout: 150_000 });

test("two numbers ordered on Telnyx complete while no page shows the order", async ({ page }) => {
  await signIn(page, ACCOUNTS.orgAdmin);
  const label = unique("Telnyx desk");
  const before = await activeNumbers(page);
  const placed = await placeOrder(page, "212", 2, label);
  // Leave the confirmation at once: from here on only the list and the dashboard are read.
  await page.goto("/dashboard");
  await waitInList(page, `/tools/orders?search=${encodeURIComponent(label)}`, `Order #${placed.id}`, "Completed");
  // The other spec of this file may add its two ported numbers meanwhile: at least these two are counted.
  expect(await activeNumbers(page)).toBeGreaterThanOrEqual(before + 2);
  for (const number of placed.numbers) {
    await page.goto(`/tools/numbers?search=${number.slice(2)}`);
    await expect(page.getByRole("row").filter({ hasText: number.slice(-4) })).toContainText("In service");
  }
});

test("a porting order filed on Telnyx reaches Completed without being opened again", async ({ page }) => {
  const [first, second] = portableNumbers();
  const entity = unique("Telnyx Port Co");
  await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/porting/check");
  await page.getByLabel("Numbers").fill(`${first}\n${second}\n800 555 0100`);
  await page.getByRole("button", { name: "Check portability" }).click();
  // The simulator refuses toll-free ports: the check says so before any order exists.
  await expect(page.getByRole("status")).toContainText("2 of 3 numbers can be ported in.");
  await page.getByRole("link", { name: "Start a porting order with the portable ones" }).click();

  await expect(page.getByLabel("Numbers", { exact: true })).toHaveValue(`+1${first}\n+1${second}`);
  await fillPortingOrder(page, entity, first);
  // Telnyx wants the latest bill as well as the LOA (the sandbox does not).
  await page.getByLabel("Latest bill").setInputFiles({ name: "bill.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page).toHaveURL(/\/tools\/porting\/order\/\d+$/);
  await expect(page.getByText(/submitted to the carrier/)).toBeVisible();
  const orderId = new URL(page.url()).pathname.split("/").pop();

  await page.goto("/dashboard");
  await waitInList(page, `/tools/porting/order?search=${encodeURIComponent(entity)}`, `Order #${orderId}`, "Completed");
  for (const number of [first, second]) {
    await page.goto(`/tools/numbers?search=${number}`);
    await expect(page.getByRole("row").filter({ hasText: number.slice(-4) })).toContainText("In service");
  }
});
