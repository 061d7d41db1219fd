import { ACCOUNTS, expect, signIn, test } from "./support";

test("DID lookup works as a plain GET form without JavaScript", async ({ page }) => {
  await signIn(page, ACCOUNTS.support, undefined, "/tools/vendor/did-lookup");
  await page.getByLabel("Phone number").fill("(617) 555-0142");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page).toHaveURL(/\/tools\/vendor\/did-lookup\?number=/);
  await expect(page.locator("dl")).toContainText("BOSTON");
  await expect(page.locator("dl")).toContainText("Sandbox Telco");
  await page.getByLabel("Phone number").fill("12");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByText("Too few digits for a North American number (10 digits).")).toBeVisible();
  await expect(page.getByLabel("Phone number")).toHaveValue("12");
});

test("portability check posts and renders its results without JavaScript", async ({ page }) => {
  await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/porting/check");
  await page.getByLabel("Numbers").fill("312 555 0142 312 555 0143 800 555 0100");
  await page.getByRole("button", { name: "Check portability" }).click();
  await expect(page.getByText("2 of 3 numbers can be ported in.")).toBeVisible();
  await expect(page.locator("tr[data-number='+13125550143']")).toContainText("Fast-portable");
  await expect(page.getByLabel("Numbers")).toHaveValue("312 555 0142 312 555 0143 800 555 0100");
});
