import { fault } from "./fault-cookie";
import { ACCOUNTS, expect, signIn, signInThroughForm, test } from "./support";

/**
 * The screens whose failure messages changed with the one action-error path (decision 039) and with posts
 * surviving a failing user call (decision 038): a throttled or failing backend says so ("too many requests",
 * "not answering, nothing was saved") instead of "the carrier failed", what was typed stays, and a session
 * that ended during a tool's call leads to the sign-in page instead of a message on the form.
 */
const UNAVAILABLE = "The service is not answering right now, so nothing was saved.";
const THROTTLED = "Too many requests: nothing was saved. Wait 7 s";

test.describe("telephony tools meeting a throttled or failing backend", () => {
  test("portability check: 429 and 500 say so (not a carrier failure), the numbers stay in the box", async ({ page }) => {
    await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/porting/check");
    await page.getByLabel("Numbers").fill("(212) 555-0100\n415-555-0101");
    for (const [kind, message] of [
      ["429", THROTTLED],
      ["500", UNAVAILABLE],
    ] as const) {
      await fault(page, `${kind}:/api/porting/check`);
      await page.getByRole("button", { name: "Check portability" }).click();
      await expect(page.getByText(message)).toBeVisible();
      // Not the carriers' "The request could not be completed" of before decision 039.
      await expect(page.getByText("The request could not be completed")).toHaveCount(0);
      await expect(page.getByLabel("Numbers")).toHaveValue("(212) 555-0100\n415-555-0101");
    }
    await fault(page, null);
    await page.getByRole("button", { name: "Check portability" }).click();
    await expect(page.getByRole("status")).toContainText("of 2 numbers can be ported in.");
  });

  test("DID lookup (a GET form): the backend's outage is the service-unavailable page, whose Try again repeats the lookup", async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.support, undefined, "/tools/vendor/did-lookup");
    await fault(page, "500:/api/numbers/lookup");
    await page.getByLabel("Phone number").fill("503.555.1007");
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByRole("heading", { name: "Service unavailable" })).toBeVisible();
    await expect(page.getByText("The request could not be completed")).toHaveCount(0);
    await fault(page, null);
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page.locator("dl")).toContainText("Demo Cable Voice");
    await expect(page.getByLabel("Phone number")).toHaveValue("503.555.1007");
  });

  test("E911 edit: a save while the backend is down keeps every typed field, and says nothing was saved", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/tools/e911/edit/9");
    await page.getByLabel("Caller name").fill("Typed during the outage");
    await page.getByLabel("House number", { exact: true }).fill("742");
    await page.getByLabel("Street name").fill("Evergreen");
    // Every required field, whatever another spec left on this entry (its address may have been removed).
    await page.getByLabel("City").fill("SPRINGFIELD");
    await page.getByLabel("State").selectOption("IL");
    await page.getByLabel("ZIP code", { exact: true }).fill("62704");
    await fault(page, "500:/api/e911/9");
    await page.getByRole("button", { name: "Validate and save" }).click();
    await expect(page.getByText(UNAVAILABLE).first()).toBeVisible();
    await expect(page.getByLabel("Caller name")).toHaveValue("Typed during the outage");
    await expect(page.getByLabel("House number", { exact: true })).toHaveValue("742");
    await expect(page.getByLabel("Street name")).toHaveValue("Evergreen");
    await fault(page, null);
  });

  test("a session that ended during a tool's call leads to the sign-in page, not to a message on the form", async ({ page }) => {
    // Its own session: the 401 ends the portal session, which the saved demo sessions of other tests share.
    await signInThroughForm(page, ACCOUNTS.orgAdmin, undefined, "/tools/porting/check");
    await page.getByLabel("Numbers").fill("(212) 555-0100");
    await fault(page, "401:/api/porting/check");
    await page.getByRole("button", { name: "Check portability" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Ftools%2Fporting%2Fcheck/);
    await fault(page, null);
  });
});
