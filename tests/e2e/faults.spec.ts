import type { Page } from "@playwright/test";
import { fault } from "./fault-cookie";
import { addRoleAndOpenEdit } from "./role-helpers";
import { ACCOUNTS, expect, signIn, test, unique, useLanguage } from "./support";

/**
 * The backend failing while a user works: the bundled backend answers the calls named by the `amp-fault`
 * cookie with a 500, a hang (longer than the e2e UPSTREAM_TIMEOUT_MS of 4 s), a 200 that is not JSON
 * or a 429 (see docs/architecture.md, "Fault injection"). Afterwards the user must still be signed in,
 * and typed values must still be in the form.
 */
async function stillSignedIn(page: Page) {
  await fault(page, null);
  const response = await page.goto("/dashboard");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("user-name")).toHaveText("Avery Collins");
}

test.describe("a backend outage never signs anyone out", () => {
  for (const kind of ["500", "hang", "invalid-json"]) {
    // The page's own call: with user stamps (decision 026) it is also the call that says who is signed in.
    test(`GET /api/users answering ${kind}: the service-unavailable page (503), still signed in afterwards`, async ({ page }) => {
      await signIn(page, ACCOUNTS.superAdmin);
      await fault(page, `${kind}:/api/users`);
      const response = await page.goto("/users");
      expect(response?.status()).toBe(503);
      await expect(page.getByRole("heading", { name: "Service unavailable" })).toBeVisible();
      await expect(page.getByText("You are still signed in")).toBeVisible();
      expect(response?.headers()["set-cookie"] ?? "").not.toMatch(/amp-session=;/);
      await stillSignedIn(page);
    });
  }

  test("a 429 from the backend says slow down, with the seconds to wait", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin);
    await fault(page, "429:/api/roles");
    const response = await page.goto("/roles");
    expect(response?.status()).toBe(429);
    await expect(page.getByRole("heading", { name: "Too many requests" })).toBeVisible();
    await expect(page.getByText("try again in 7 s")).toBeVisible();
    await stillSignedIn(page);
  });

  test("a list whose own call fails (client-side navigation) shows the 503 page; the menu still works", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin);
    await fault(page, "500:/api/organizations");
    await page.getByRole("link", { name: "Organizations" }).first().click();
    await expect(page.getByRole("heading", { name: "Service unavailable" })).toBeVisible();
    await stillSignedIn(page);
  });

  test("the page is translated (French, Arabic)", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin);
    // After sign-in: signing in sets the language cookie to the user's own language.
    await useLanguage(page, "fr");
    await fault(page, "500:/api/dashboard");
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Service indisponible" })).toBeVisible();
    await useLanguage(page, "ar");
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "الخدمة غير متاحة" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await stillSignedIn(page);
  });

  for (const [kind, status, message] of [
    ["500", 503, "The service is not answering right now, so nothing was saved."],
    ["hang", 503, "The service is not answering right now, so nothing was saved."],
    ["invalid-json", 503, "The service is not answering right now, so nothing was saved."],
    ["429", 429, "Too many requests: nothing was saved. Wait 7 s"],
  ] as const) {
    test(`a form post meeting ${kind}: the form again with its values and a message (${status}); saving works afterwards`, async ({
      page,
    }) => {
      // Sign-in, a failed save (up to the 4 s timeout) and a successful one.
      test.slow();
      await signIn(page, ACCOUNTS.superAdmin, undefined, "/roles/add");
      const name = unique(`Fault ${kind}`);
      await page.getByLabel("Name", { exact: true }).fill(name);
      await page.getByLabel("Description").fill("Typed before the outage");
      await page.getByLabel("Who can hold it").selectOption("organization");
      await page.getByLabel("View the dashboard").check();
      await fault(page, `${kind}:/api/roles`);
      const answer = page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/roles/add"));
      await page.getByRole("button", { name: "Add role" }).click();
      expect((await answer).status()).toBe(status);
      await expect(page.locator("form").getByText(message)).toBeVisible();
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
      await expect(page.getByLabel("Description")).toHaveValue("Typed before the outage");
      await expect(page.getByLabel("View the dashboard")).toBeChecked();

      await fault(page, null);
      await page.getByRole("button", { name: "Add role" }).click();
      await expect(page.getByText(`${name} was created.`)).toBeVisible();
      await expect(page).toHaveURL(/\/roles$/);
    });
  }

  // Issue 26.1: every post asks GET /api/user first; a throttled or failing answer to it used to escape
  // before the action and lose the form (decision 038).
  for (const [kind, status, message] of [
    ["500", 503, "The service is not answering right now, so nothing was saved."],
    ["429", 429, "Too many requests: nothing was saved. Wait 7 s"],
  ] as const) {
    test(`an edit screen's post whose GET /api/user meets ${kind}: the form again with its values (${status}); nothing saved`, async ({
      page,
    }) => {
      test.slow();
      await signIn(page, ACCOUNTS.superAdmin, undefined, "/roles/add");
      const name = unique(`User call ${kind}`);
      await addRoleAndOpenEdit(page, name);

      await page.getByLabel("Description").fill("Typed while the user call fails");
      await page.getByLabel("View the dashboard").uncheck();
      await fault(page, `${kind}:/api/user`);
      const answer = page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/roles/edit/"));
      await page.getByRole("button", { name: "Save changes" }).click();
      expect((await answer).status()).toBe(status);
      await expect(page.locator("form").getByText(message)).toBeVisible();
      await expect(page.getByLabel("Description")).toHaveValue("Typed while the user call fails");
      await expect(page.getByLabel("View the dashboard")).not.toBeChecked();

      // Nothing was saved while the backend could not say who was posting.
      await fault(page, null);
      await page.goto(`/roles?search=${encodeURIComponent(name)}`);
      await page.getByRole("link", { name: `Edit ${name}` }).click();
      await expect(page.getByLabel("Description")).toHaveValue("");
      await expect(page.getByLabel("View the dashboard")).toBeChecked();
      await page.getByLabel("Description").fill("Saved afterwards");
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect(page).toHaveURL(/\/roles$/);
      await stillSignedIn(page);
    });
  }

  test("an upstream 404 (an endpoint a Laravel backend lacks) is the not-found page inside the signed-in layout, with an honest message", async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.superAdmin);
    await fault(page, "404:/api/system-settings");
    const response = await page.goto("/system-settings");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByText("the record may have been deleted, or this tool is not available")).toBeVisible();
    await expect(page.getByText("try again in a moment")).toHaveCount(0);
    await expect(page).toHaveTitle(/^404 Page not found — /);
    // Drawn inside the layout (decision 040): the user's name and the navigation are there.
    await expect(page.getByTestId("user-name")).toHaveText("Avery Collins");
    await expect(page.getByRole("navigation").getByRole("link", { name: "Dashboard" })).toBeVisible();

    // The same page reached by a client navigation (a `.data` request) is drawn inside the layout too.
    await page.getByRole("navigation").getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await fault(page, "403:/api/system-settings");
    await page.getByRole("navigation").getByRole("link", { name: "System settings" }).click();
    await expect(page.getByRole("heading", { name: "You are not authorized!" })).toBeVisible();
    await expect(page.getByTestId("user-name")).toHaveText("Avery Collins");
    await stillSignedIn(page);
  });
});
