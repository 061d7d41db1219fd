import type { Page } from "@playwright/test";
import { PHONE, sidewaysOverflow } from "./layout-helpers";
import { ACCOUNTS, expect, signIn, test, unique } from "./support";

test.use({ viewport: { width: 1280, height: 800 } });

const header = (page: Page, name: string) =>
  page.locator("[data-slot='data-table'] thead th").filter({ hasText: new RegExp(`^${name}`, "i") });

/** The interface language for the next page load (support's `useLanguage`, in a loop: not a React hook). */
const chooseLanguage = (page: Page, language: "en" | "fr" | "ar") =>
  page.context().addCookies([{ name: "amp-language", value: language, domain: "localhost", path: "/" }]);

/**
 * Long data of the test's own, whatever other specs did: an organization with a 150-character name and two
 * numbers of it with 100-character labels (the longest a label may be) and a caller ID name, imported as pasted
 * rows. Returns the list filtered to those numbers.
 */
async function longData(page: Page): Promise<{ list: string; organization: string; label: string }> {
  const organization = unique(`Greater Metropolitan Regional Healthcare Cooperative of the Northern Lakes and Valleys ${"X".repeat(40)}`);
  const account = `LONG-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await page.goto("/organizations/add");
  await page.getByLabel("Name", { exact: true }).fill(organization);
  await page.getByLabel("Account number").fill(account);
  await page.getByRole("button", { name: "Add organization" }).click();
  await expect(page.getByText(`${organization} was created.`)).toBeVisible();

  const label = `Front desk overflow line for the after-hours answering service ${"Z".repeat(100)}`.slice(0, 100);
  // A random Chicago exchange and block (NXX 230–549 without N11), so runs against the same database never collide.
  let exchange = 230 + Math.floor(Math.random() * 320);
  if (exchange % 100 === 11) exchange++;
  const block = String(Math.floor(Math.random() * 500) * 2).padStart(3, "0");
  const rows = [0, 1].map((index) => `+1312${exchange}${block}${index},${account},local,${label},LONGCALLERNAMEX`);
  await page.goto("/tools/import/phone_numbers");
  await page.getByLabel("CSV text").fill(`number,organization,type,label,cnam\r\n${rows.join("\r\n")}\r\n`);
  await page.getByRole("button", { name: "Check pasted rows" }).click();
  await expect(page).toHaveURL(/\/tools\/import\/phone_numbers\/\d+\/step-2$/);
  const id = page.url().match(/phone_numbers\/(\d+)\/step-2/)?.[1];
  await page.getByRole("button", { name: "Import 2 numbers" }).click();
  await expect(page.getByRole("heading", { name: "Import finished" })).toBeVisible({ timeout: 60_000 });
  return { list: `/tools/numbers?import=${id}`, organization, label };
}

test("the numbers list fits 1280 px without sideways scrolling, with long names and labels", async ({ page }) => {
  test.slow();
  // Provider staff see the widest list: the organization column, its filter and the bulk bar's organization choice.
  await signIn(page, ACCOUNTS.superAdmin, undefined, "/tools/numbers");
  const { list, organization, label } = await longData(page);

  await page.goto(list);
  const rows = page.locator("[data-slot='data-table'] tbody tr");
  await expect(rows).toHaveCount(2);
  // Long cells are cut to one line; the whole text is one hover away.
  await expect(rows.first().locator(`[title="${organization}"]`)).toBeVisible();
  await expect(rows.first().locator(`[title="${label}"]`)).toBeVisible();
  // Capabilities on one line.
  const capabilities = rows.first().locator("[data-slot='capabilities']");
  await expect(capabilities).toBeVisible();
  expect((await capabilities.boundingBox())?.height ?? 0).toBeLessThan(24);
  expect(await sidewaysOverflow(page)).toEqual({ table: 0, page: 0, wide: [] });

  // The whole list (the long organization is in the filter and bulk choices too), and every column shown.
  await page.goto("/tools/numbers");
  await expect(rows.first()).toBeVisible();
  expect(await sidewaysOverflow(page)).toEqual({ table: 0, page: 0, wide: [] });
  await page.goto(`${list}&hidden=-`);
  await expect(header(page, "Caller ID")).toHaveCount(1);
  expect(await sidewaysOverflow(page)).toEqual({ table: 0, page: 0, wide: [] });

  // French and Arabic headers and capability names are longer: the list still fits.
  for (const language of ["fr", "ar"] as const) {
    await chooseLanguage(page, language);
    await page.goto(list);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    expect(await sidewaysOverflow(page), language).toEqual({ table: 0, page: 0, wide: [] });
  }
  await chooseLanguage(page, "en");

  // On a phone the same rows are cards, the long texts wrapped in full.
  await page.setViewportSize(PHONE);
  await page.goto(list);
  await expect(rows.first().locator("td[data-label='Label']")).toContainText(label);
  expect(await sidewaysOverflow(page)).toEqual({ table: 0, page: 0, wide: [] });
});

test("the column chooser remembers its choice", async ({ page }) => {
  await signIn(page, ACCOUNTS.providerAdmin, undefined, "/tools/numbers");
  await expect(header(page, "Type")).toHaveCount(1);
  await page.getByText("Columns", { exact: true }).click();
  await page.getByRole("button", { name: "Type", exact: true }).click();
  await expect(header(page, "Type")).toHaveCount(0);
  await page.goto("/tools/numbers");
  await expect(header(page, "Type")).toHaveCount(0);
  await page.getByText("Columns", { exact: true }).click();
  await page.getByRole("button", { name: "Type", exact: true }).click();
  await expect(header(page, "Type")).toHaveCount(1);
  await page.goto("/tools/numbers");
  await expect(header(page, "Type")).toHaveCount(1);
});
