import { expectNoSeriousViolations } from "./axe";
import { ACCOUNTS, expect, signIn, test, useLanguage } from "./support";

test.describe.configure({ timeout: 120_000 });

test("DID lookup: a formatted number gives the holder, a shareable URL and a link into the inventory", async ({ page }) => {
  await signIn(page, ACCOUNTS.support, undefined, "/tools/vendor/did-lookup");
  await page.getByLabel("Phone number").fill("503.555.1007");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page).toHaveURL(/number=503\.555\.1007/);
  await expect(page.getByText("(503) 555-1007")).toBeVisible();
  const details = page.locator("dl");
  await expect(details).toContainText("Demo Cable Voice");
  await expect(details).toContainText("993C");
  await expect(details).toContainText("PORTLAND");
  await expect(details).toContainText("Yes, on");
  await expect(page.getByRole("link", { name: "Open it in the numbers list" })).toHaveAttribute(
    "href",
    "/tools/numbers?search=15035551007",
  );
  await expectNoSeriousViolations(page, "did lookup result");

  // The URL is the result: opening it again shows the same answer.
  await page.goto("/tools/vendor/did-lookup?number=%2B1%20212%20555%200100");
  await expect(page.locator("dl")).toContainText("Sandbox Telco");
  await expect(page.getByText("This number is not in our inventory.")).toBeVisible();

  await page.getByLabel("Phone number").fill("+44 20 7946 0958");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByText("Only North American (+1) numbers can be looked up.")).toBeVisible();
  await expect(page.getByLabel("Phone number")).toHaveValue("+44 20 7946 0958");
  await expect(page.getByLabel("Phone number")).toHaveAttribute("aria-invalid", "true");
});

test("portability check: pasted numbers grouped by losing carrier, rejects listed, and CSV", async ({ page }) => {
  await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/porting/check");
  await page.getByLabel("Numbers").fill("(212) 555-0100\n415-555-0101, 212 555 0102 212 555 0103\n800 555 0100; 212-555-9999\nhello");
  await page.getByRole("button", { name: "Check portability" }).click();
  await expect(page.getByRole("status")).toContainText("4 of 6 numbers can be ported in.");
  await expect(page.getByRole("heading", { name: /Demo Cable Voice/, level: 3 })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Sandbox Telco/, level: 3 })).toBeVisible();
  await expect(page.locator("tr[data-number='+18005550100']")).toContainText("Toll-free numbers are ported through the RespOrg process");
  await expect(page.locator("tr[data-number='+12125550100']")).toContainText("Fast-portable");
  await expect(page.getByRole("cell", { name: "hello" })).toBeVisible();
  await expect(page.getByText("Not a phone number")).toBeVisible();
  // Typed text is kept for another try.
  await expect(page.getByLabel("Numbers")).toHaveValue(/212-555-9999/);
  const download = page.getByRole("link", { name: "Download CSV" });
  await expect(download).toHaveAttribute("download", "portability-check.csv");
  expect(decodeURIComponent((await download.getAttribute("href")) ?? "")).toContain("+12125559999,not_portable,carrier.not_portable");
  await expectNoSeriousViolations(page, "portability check results");

  await useLanguage(page, "ar");
  await page.goto("/tools/porting/check");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expectNoSeriousViolations(page, "portability check (ar)");
  await useLanguage(page, "en");
});

test("portability check: a CSV upload is read, and an empty submission is refused next to the field", async ({ page }) => {
  await signIn(page, ACCOUNTS.support, undefined, "/tools/porting/check");
  await page.getByRole("button", { name: "Check portability" }).click();
  await expect(page.locator("#check-numbers-error")).toHaveText("This field is required.");
  await page.getByLabel("Or upload a CSV file").setInputFiles({
    name: "numbers.csv",
    mimeType: "text/csv",
    buffer: Buffer.from('number,label\n"+1 (312) 555-0142",Front desk\n"617-555-0199",Fax\n'),
  });
  await page.getByRole("button", { name: "Check portability" }).click();
  await expect(page.getByRole("status")).toContainText("2 of 2 numbers can be ported in.");
  await expect(page.getByRole("cell", { name: "Front desk" })).toBeVisible();
});
