import { ACCOUNTS, expect, signIn, test } from "./support";

test.describe("search without JavaScript", () => {
  test("the header's search form leads to a results page that finds a number in any format and opens it", async ({ page }) => {
    await signIn(page, ACCOUNTS.orgAdmin, undefined, "/dashboard");
    const form = page.getByTestId("header-search");
    await form.getByRole("textbox", { name: "Search" }).fill("+1 503 555 1007");
    await form.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=%2B1\+503\+555\+1007$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
    const numbers = page.getByTestId("search-group-numbers");
    await numbers.getByRole("link", { name: /\(503\) 555-1007/ }).click();
    await expect(page).toHaveURL(/\/tools\/numbers\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("(503) 555-1007");
  });

  test("screens the user may open are found; another tenant's rows are not", async ({ page }) => {
    await signIn(page, ACCOUNTS.orgAdmin, undefined, "/search?q=orders");
    await expect(page.getByTestId("search-group-screens").getByRole("link", { name: "Number orders" })).toBeVisible();
    await page.goto("/search?q=Lakeside");
    await expect(page.getByTestId("search-empty")).toHaveText("Nothing found for “Lakeside”.");
    await page.goto("/search?q=roles");
    await expect(page.getByTestId("search-group-screens")).toHaveCount(0);
  });

  test("provider staff find the screens only they may open", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/search?q=roles");
    await expect(page.getByTestId("search-group-screens").getByRole("link", { name: "Roles" })).toBeVisible();
  });
});
