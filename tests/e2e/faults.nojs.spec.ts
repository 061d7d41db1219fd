import { fault } from "./fault-cookie";
import { addRoleAndOpenEdit } from "./role-helpers";
import { ACCOUNTS, expect, signIn, test, unique } from "./support";

test.describe("a form post without JavaScript while the backend cannot say who is posting", () => {
  test("GET /api/user answering 500 during an edit screen's post: the page again, the values typed, nothing saved", async ({ page }) => {
    test.slow();
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/roles/add");
    const name = unique("No-JS user call");
    await addRoleAndOpenEdit(page, name);

    await page.getByLabel("Description").fill("Typed without JavaScript");
    await fault(page, "500:/api/user");
    const answer = page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/roles/edit/"));
    await page.getByRole("button", { name: "Save changes" }).click();
    expect((await answer).status()).toBe(503);
    await expect(page.getByText("The service is not answering right now, so nothing was saved.")).toBeVisible();
    await expect(page.getByLabel("Description")).toHaveValue("Typed without JavaScript");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);

    await fault(page, null);
    await page.goto(`/roles?search=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page.getByLabel("Description")).toHaveValue("");
  });
});

test.describe("a form post without JavaScript while the backend fails every call, the page's reads too", () => {
  test("the service-unavailable page keeps what was typed, and sends it again once the backend answers", async ({ page }) => {
    test.slow();
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/roles/add");
    const name = unique("No-JS outage");
    const editPath = await addRoleAndOpenEdit(page, name);

    await page.getByLabel("Description").fill("Typed while everything was down");
    await fault(page, "500");
    const answer = page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/roles/edit/"));
    await page.getByRole("button", { name: "Save changes" }).click();
    expect((await answer).status()).toBe(503);
    await expect(page.getByRole("heading", { name: "Service unavailable" })).toBeVisible();
    const kept = page.locator("form").filter({ has: page.getByRole("button", { name: "Send again" }) });
    await expect(kept.getByText("What you typed")).toBeVisible();
    await expect(kept.getByText("Typed while everything was down")).toBeVisible();
    await expect(kept.getByText(name)).toBeVisible();
    // A plain reload would drop what was typed: the page offers "Send again" instead.
    await expect(page.getByRole("link", { name: "Try again" })).toHaveCount(0);

    await fault(page, null);
    await kept.getByRole("button", { name: "Send again" }).click();
    await expect(page).toHaveURL(/\/roles$/);
    await page.goto(editPath);
    await expect(page.getByLabel("Description")).toHaveValue("Typed while everything was down");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  });
});
