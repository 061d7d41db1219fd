import { ACCOUNTS, expect, signIn, test } from "./support";

const rows = (page: import("@playwright/test").Page) => page.locator("[data-slot=data-table] tbody tr");

test.describe("mail log", () => {
  test("lists the seeded e-mails and filters by status", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/mail-log");
    await expect(page).toHaveTitle("Mail log — AMP");
    // Other specs send mail meanwhile: the seeded rows are found by search, not by their place on the first page.
    await page.goto("/mail-log?search=omar.farouk%40northwind.test");
    await expect(page.locator("[data-slot=data-table] tbody")).toContainText("omar.farouk@northwind.test");
    await page.goto("/mail-log?search=dispatch%40lakeside.test");
    await page.getByLabel("Status").selectOption("failed");
    await expect(page).toHaveURL(/status=failed/);
    await expect(rows(page).first()).toContainText("dispatch@lakeside.test");
    const statuses = await page
      .locator("[data-slot=data-table] tbody [data-status]")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-status")));
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(["failed"]));
    // The list names the reason in the reader's language; the detail keeps the server's own reply.
    await expect(rows(page).first()).toContainText("Authentication failed");
    await rows(page).first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/mail-log\/\d+$/);
    await expect(page.getByText("535 5.7.8")).toBeVisible();
  });

  test("opens an e-mail with its HTML in a sandboxed frame and its text", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/mail-log?template=invitation");
    await rows(page).first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/mail-log\/\d+$/);
    await expect(page).toHaveTitle(/· Mail log — AMP$/);
    const frame = page.locator("iframe");
    await expect(frame).toHaveAttribute("sandbox", "");
    expect(await frame.getAttribute("srcdoc")).toBeTruthy();
    // The newest invitation may be the seed's ("invited") or one an admin sent meanwhile ("created an account").
    const invitation = /invited|created an account for you/;
    await expect(page.frameLocator("iframe").locator("body")).toContainText(invitation);
    await expect(page.getByRole("heading", { name: "Text version" })).toBeVisible();
    await expect(page.locator("pre")).toContainText(invitation);
  });

  test("an organization admin sees their organization's e-mails only", async ({ page }) => {
    await signIn(page, ACCOUNTS.orgAdmin, undefined, "/mail-log?per_page=100");
    await expect(page).toHaveTitle("Mail log — AMP");
    const body = page.locator("[data-slot=data-table] tbody");
    await expect(body).toContainText("@northwind.test");
    await expect(body).not.toContainText("@lakeside.test");
    await expect(body).not.toContainText("@maple.test");
    await expect(page.getByLabel("Organization", { exact: true })).toHaveCount(0);
  });
});
