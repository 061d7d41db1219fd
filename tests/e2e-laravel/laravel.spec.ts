import type { Page } from "@playwright/test";
import { addRoleAndOpenEdit } from "../e2e/role-helpers";
import { expect, test } from "../e2e/support";

/**
 * The portal against a Laravel backend (issue 26): the Laravel-shaped fake of scripts/laravel-fake/server.mjs
 * answers as Laravel 11 + Sanctum + Fortify do (laravel_session and XSRF-TOKEN re-issued encrypted on every
 * answer, 419 on a CSRF mismatch, `{data, links, meta}` lists, Laravel's English 422 messages, capabilities
 * none of AMP's optional areas). Each test signs in through the form: the fake's sessions are its own.
 */
const FAKE = `http://127.0.0.1:${process.env.LARAVEL_FAKE_PORT ?? 4328}`;
const EMAIL = "lara@laravel.test";
const PASSWORD = "secret-password";

async function signIn(page: Page, path = "/dashboard", email = EMAIL) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(path)}`);
  await page.getByLabel("Email").fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form#login button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.locator("form#login")).toHaveCount(0);
}

async function fakeStats(page: Page): Promise<{ csrfMismatches: number; unauthenticated: number }> {
  return (await page.request.get(`${FAKE}/__fake/stats`)).json();
}

test.describe("the portal against a Laravel backend", () => {
  test("sign-in: Laravel's own refusal next to the field, then the dashboard under the backend's portal name", async ({ page }) => {
    await page.goto("/login");
    await expect(page).toHaveTitle("Sign in — Acme Laravel");
    await page.getByLabel("Email").fill(EMAIL);
    await page.locator('input[name="password"]').fill("wrong-password");
    await page.locator('form#login button[type="submit"]').click();
    await expect(page.locator("form#login").getByText("These credentials do not match our records.")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(EMAIL);

    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('form#login button[type="submit"]').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("user-name")).toHaveText("Lara Vel");
    await expect(page).toHaveTitle(/ — Acme Laravel$/);

    // Signing out ends the Laravel session too: the portal asks for the sign-in page again.
    await page.getByLabel("Open user menu").click();
    await page.getByTestId("sign-out").click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login/);
  });

  test("a list of an API Resource collection ({data, links, meta}) counts and pages", async ({ page }) => {
    await signIn(page, "/roles?per_page=5");
    await expect(page.getByRole("heading", { name: "Roles", level: 1 })).toBeVisible();
    // Seven seeded roles, and those the CSRF and throttle tests may have added meanwhile.
    await expect(page.getByText(/^Showing 1 to 5 of [789] entries$/)).toBeVisible();
    await expect(page.getByRole("table").getByRole("row").filter({ hasText: "Administrator" })).toBeVisible();
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/^Showing 6 to [789] of [789] entries$/)).toBeVisible();
    await expect(page.getByRole("table").getByRole("row").filter({ hasText: "Support" })).toBeVisible();
  });

  test("a 422 from Laravel: its message next to the field, what was typed kept", async ({ page }) => {
    await signIn(page, "/roles/add");
    await page.getByLabel("Name", { exact: true }).fill("Billing");
    await page.getByLabel("Description").fill("Typed against Laravel");
    await page.getByLabel("Who can hold it").selectOption("organization");
    await page.getByLabel("View the dashboard").check();
    await page.getByRole("button", { name: "Add role" }).click();
    await expect(page.locator("#role-add-name-error")).toHaveText("The name has already been taken.");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Billing");
    await expect(page.getByLabel("Description")).toHaveValue("Typed against Laravel");
    await expect(page.getByLabel("View the dashboard")).toBeChecked();
  });

  test("tools the backend does not offer are hidden, and say so when opened; a route it lacks is a 404 inside the layout", async ({
    page,
  }) => {
    await signIn(page);
    const navigation = page.getByRole("navigation");
    await expect(navigation.getByRole("link", { name: "Roles" })).toBeVisible();
    // The user holds tools.phone_numbers.read, but the backend lists no `phone-numbers` capability.
    await expect(navigation.getByRole("link", { name: "Phone numbers" })).toHaveCount(0);
    const response = await page.goto("/tools/numbers");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Not available here" })).toBeVisible();
    await expect(page.getByTestId("user-name")).toHaveText("Lara Vel");

    // A core screen whose endpoint this Laravel app lacks (no GET /api/activity-log): Laravel's 404 is the
    // honest not-found page, with the navigation around it.
    const missing = await page.goto("/activity-log");
    expect(missing?.status()).toBe(404);
    await expect(page.getByText("the record may have been deleted, or this tool is not available")).toBeVisible();
    await expect(page.getByTestId("user-name")).toHaveText("Lara Vel");
  });

  test("a CSRF token Laravel regenerated meanwhile (419): a fresh token, the post goes through once", async ({ page }) => {
    await signIn(page, "/roles/add", "csrf@laravel.test");
    const before = await fakeStats(page);
    // As when another request of the session regenerates it between the portal's GET /api/user and its post.
    expect((await page.request.post(`${FAKE}/__fake/regenerate-csrf?email=csrf@laravel.test`)).status()).toBe(204);
    const name = `Night desk ${Date.now().toString(36)}`;
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Who can hold it").selectOption("organization");
    await page.getByLabel("View the dashboard").check();
    await page.getByRole("button", { name: "Add role" }).click();
    await expect(page.getByText(`${name} was created.`)).toBeVisible();
    await expect(page).toHaveURL(/\/roles$/);
    const after = await fakeStats(page);
    expect(after.csrfMismatches).toBeGreaterThan(before.csrfMismatches);
  });

  test("a session Laravel ended (401): the next page asks to sign in again, and comes back after it", async ({ page }) => {
    await signIn(page, "/roles", "expiry@laravel.test");
    expect((await page.request.post(`${FAKE}/__fake/expire-sessions?email=expiry@laravel.test`)).status()).toBe(204);
    await page.goto("/roles?per_page=5");
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await page.getByLabel("Email").fill("expiry@laravel.test");
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('form#login button[type="submit"]').click();
    await expect(page).toHaveURL(/\/roles\?per_page=5$/);
    await expect(page.getByText(/^Showing 1 to 5 of [789] entries$/)).toBeVisible();
  });

  test("a post whose GET /api/user meets throttle:api (429): the form again with its values, nothing saved, then saved", async ({
    page,
  }) => {
    await signIn(page, "/roles/add", "throttle@laravel.test");
    const name = `Throttled desk ${Date.now().toString(36)}`;
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Description").fill("Typed while Laravel throttles");
    await page.getByLabel("Who can hold it").selectOption("organization");
    await page.getByLabel("View the dashboard").check();
    // The post's first call, GET /api/user, is the one Laravel throttles (issue 26.1).
    expect((await page.request.post(`${FAKE}/__fake/throttle-next?email=throttle@laravel.test&count=1`)).status()).toBe(204);
    await page.getByRole("button", { name: "Add role" }).click();
    await expect(page.locator("form").getByText(/^Too many requests: nothing was saved\. Wait \d+ s/)).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
    await expect(page.getByLabel("Description")).toHaveValue("Typed while Laravel throttles");
    await expect(page.getByLabel("View the dashboard")).toBeChecked();

    await page.getByRole("button", { name: "Add role" }).click();
    await expect(page.getByText(`${name} was created.`)).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test("an edit saved while Laravel throttles every call, the page's own reads too: what was typed is kept and sent again", async ({
    browser,
    baseURL,
  }) => {
    // A context of its own: the suite's `page` waits for hydration, which never comes without JavaScript.
    const page = await (await browser.newContext({ javaScriptEnabled: false, baseURL })).newPage();
    await signIn(page, "/roles/add", "nojs@laravel.test");
    const name = `No-JS desk ${Date.now().toString(36)}`;
    const editPath = await addRoleAndOpenEdit(page, name);

    await page.getByLabel("Description").fill("Typed while Laravel throttled everything");
    // Every API call of the post meets throttle:api: the user call, the record, the reads that would draw the form again.
    expect((await page.request.post(`${FAKE}/__fake/throttle-next?email=nojs@laravel.test&count=50`)).status()).toBe(204);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("heading", { name: "Too many requests" })).toBeVisible();
    const kept = page.locator("form").filter({ has: page.getByRole("button", { name: "Send again" }) });
    await expect(kept.getByText(name)).toBeVisible();
    await expect(kept.getByText("Typed while Laravel throttled everything")).toBeVisible();

    expect((await page.request.post(`${FAKE}/__fake/throttle-next?email=nojs@laravel.test&count=0`)).status()).toBe(204);
    await kept.getByRole("button", { name: "Send again" }).click();
    await expect(page).toHaveURL(/\/roles$/);
    await page.goto(editPath);
    await expect(page.getByLabel("Description")).toHaveValue("Typed while Laravel throttled everything");
  });
});
