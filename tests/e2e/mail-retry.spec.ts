import type { Page } from "@playwright/test";
import { CATCHER_SMTP_PORT, waitForMessageTo } from "./mail-catcher";
import { ACCOUNTS, expect, signIn, test, unique } from "./support";

// Mail on the queue (issue 24): an e-mail whose relay does not answer is retried, then shown failed with
// "Retry"; once the relay answers, "Retry" sends it. An organization of its own, so that pointing its relay at
// a closed port changes no other spec's mail. The e2e server retries 1 s apart (MAIL_RETRY_DELAYS_SECONDS).
test.describe.configure({ timeout: 120_000 });

async function saveRelay(page: Page, organization: string, port: number) {
  await page.goto("/organization/smtp");
  await page.getByLabel("Organization", { exact: true }).selectOption({ label: organization });
  await page.getByRole("button", { name: "Open" }).click();
  await page.getByLabel("Use this relay").check();
  await page.getByLabel("Host").fill("127.0.0.1");
  await page.getByLabel("Port").fill(String(port));
  await page.getByLabel("Encryption").selectOption("none");
  await page.getByLabel("The server requires authentication").uncheck();
  await page.getByLabel("From address").fill("noreply@retry.test");
  await page.getByRole("button", { name: "Save relay" }).click();
  await expect(page.getByText("SMTP relay saved.")).toBeVisible();
}

test("an e-mail the relay never took ends failed after its retries, and Retry sends it once the relay answers", async ({
  page,
  browser,
}) => {
  const organization = unique("Mail Retry Clinic");
  const email = `${organization.toLowerCase().replace(/\W+/g, ".")}@retry.test`;
  await signIn(page, ACCOUNTS.superAdmin, undefined, "/organizations/add");
  await page.getByLabel("Name", { exact: true }).fill(organization);
  await page.getByLabel("Account number").fill(`MR-${Date.now().toString(36)}`);
  await page.getByRole("button", { name: "Add organization" }).click();
  await expect(page.getByText(`${organization} was created.`)).toBeVisible();

  // Port 9 (discard) is closed on the test machine: nobody answers.
  await saveRelay(page, organization, 9);
  await page.goto("/users/add");
  await page.getByLabel("Full name").fill("Retry Invitee");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Organization", { exact: true }).selectOption({ label: organization });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page).toHaveURL(/\/users$/);

  const logUrl = `/mail-log?search=${encodeURIComponent(email)}`;
  const row = page.locator("[data-slot='data-table'] tbody tr").filter({ hasText: email });
  await expect
    .poll(
      async () => {
        await page.goto(logUrl);
        return row.locator("[data-status]").getAttribute("data-status");
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe("failed");
  await expect(row).toContainText("Unreachable");
  await page.getByRole("link", { name: email }).click();
  await expect(page.getByRole("button", { name: `Send the e-mail to ${email} again` })).toBeVisible();

  // The relay answers now; Retry from the list, without JavaScript (a plain form post).
  await saveRelay(page, organization, CATCHER_SMTP_PORT);
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies(await page.context().cookies());
  const plain = await context.newPage();
  await plain.goto(logUrl);
  const plainRow = plain.locator("[data-slot='data-table'] tbody tr").filter({ hasText: email });
  await plainRow.getByRole("button", { name: `Send the e-mail to ${email} again` }).click();
  // Back on the same page (toasts need JavaScript): the e-mail is queued again, or already sent.
  await expect(plainRow.locator("[data-status]")).toHaveAttribute("data-status", /^(queued|sent)$/);
  const delivered = await waitForMessageTo(email);
  expect(delivered.from).toContain("noreply@retry.test");
  await context.close();

  await expect
    .poll(
      async () => {
        await page.goto(logUrl);
        return row.locator("[data-status]").getAttribute("data-status");
      },
      { timeout: 15_000, intervals: [1_000] },
    )
    .toBe("sent");
  await expect(row.getByRole("button", { name: /again/ })).toHaveCount(0);
});

test("the auditor reads the mail log but is offered no Retry", async ({ page }) => {
  await signIn(page, ACCOUNTS.auditor, undefined, "/mail-log?status=failed");
  await expect(page.locator("[data-slot='data-table'] tbody tr").first()).toBeVisible();
  await expect(page.getByRole("button", { name: /again/ })).toHaveCount(0);
});
