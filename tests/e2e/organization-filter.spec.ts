import { ACCOUNTS, expect, signIn, test } from "./support";

const rows = (page: import("@playwright/test").Page) => page.locator("[data-slot='data-table'] tbody tr");

test("provider staff scope every list with the navbar organization filter, for the session", async ({ page }) => {
  // Seven page loads, one of them 100 users: ~19 s alone, past 30 s beside other specs on 2 cores.
  test.slow();
  await signIn(page, ACCOUNTS.auditor);
  await page.goto("/users?per_page=5&page=2");
  const filter = page.getByTestId("organization-filter").getByRole("combobox");
  await expect(filter).toHaveValue("");
  await filter.selectOption({ label: "Lakeside Logistics" });
  // The page number is dropped: it meant nothing under the old scope.
  await expect(page).toHaveURL(/\/users\?per_page=5$/);
  await page.goto("/users?per_page=100");
  await expect(rows(page).filter({ hasText: "marcus.bell@lakeside.test" })).toHaveCount(1);
  for (const row of await rows(page).all()) await expect(row).toContainText("Lakeside Logistics");
  // The dashboard's figures follow the filter too: one organization.
  await page.goto("/dashboard");
  await expect(page.locator('[data-figure="organizations"]')).toContainText(/(^|\D)1(\D|$)/);
  // Another list, same scope.
  await page.goto("/activity-log");
  await expect(page.getByTestId("organization-filter").getByRole("combobox")).toHaveValue(/\d+/);
  const cookie = (await page.context().cookies()).find((entry) => entry.name === "amp-organization");
  expect(cookie?.expires).toBe(-1);
  // Back to all organizations.
  await page.getByTestId("organization-filter").getByRole("combobox").selectOption("");
  await expect.poll(async () => (await page.context().cookies()).some((entry) => entry.name === "amp-organization")).toBe(false);
  await page.goto("/users?search=northwind");
  await expect(rows(page).filter({ hasText: "orgadmin@northwind.test" })).toHaveCount(1);
});

test("organization members have no filter and cannot set one", async ({ page }) => {
  await signIn(page, ACCOUNTS.orgAdmin, undefined, "/users");
  await expect(page.getByTestId("organization-filter")).toHaveCount(0);
  const response = await page.request.post("/organization-filter", {
    form: { organization_id: "3", redirectTo: "/users" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(401);
  expect((await page.context().cookies()).find((entry) => entry.name === "amp-organization")).toBeUndefined();
  await page.goto("/users?per_page=100");
  await expect(rows(page).filter({ hasText: "lakeside.test" })).toHaveCount(0);
});

test("a list's own organization filter (its options one string, decision 058) shows the chosen organization and narrows the list", async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.auditor);
  await page.goto("/tools/e911");
  // The list's filter, not the navbar's (both are named organization_id).
  const filter = page.locator('select[name="organization_id"]:not(#organization-filter)');
  await expect(filter).toHaveValue("");
  await expect(filter.locator("option")).not.toHaveCount(1);
  await filter.selectOption({ label: "Lakeside Logistics" });
  await expect(page).toHaveURL(/[?&]organization_id=\d+/);
  const chosen = new URL(page.url()).searchParams.get("organization_id");
  await expect(page.locator('select[name="organization_id"]:not(#organization-filter)')).toHaveValue(chosen as string);
  await expect(rows(page).first()).toBeVisible();
  for (const row of await rows(page).all()) await expect(row).toContainText("Lakeside Logistics");
  // Drawn by the server with the choice marked (what a page without JavaScript shows).
  await page.reload();
  await expect(page.locator(`select[name="organization_id"]:not(#organization-filter) option[value="${chosen}"]`)).toHaveAttribute(
    "selected",
    "",
  );
});
