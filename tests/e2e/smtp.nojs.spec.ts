import { CATCHER_SMTP_PORT, waitForMessageTo } from "./mail-catcher";
import { ACCOUNTS, expect, signIn, test } from "./support";

test("without JavaScript: send a test with the typed settings, then save the relay", async ({ page }) => {
  await signIn(page, ACCOUNTS.orgAdmin);
  await page.goto("/organization/smtp");
  await page.getByLabel("Host").fill("127.0.0.1");
  await page.getByLabel("Port").fill(String(CATCHER_SMTP_PORT));
  await page.getByLabel("Encryption").selectOption("none");
  await page.getByLabel("The server requires authentication").uncheck();
  await page.getByLabel("From address").fill("relay@northwind.test");
  const to = `nojs-${Date.now().toString(36)}@example.test`;
  await page.getByLabel("Send the test to").fill(to);
  await page.getByRole("button", { name: "Send test e-mail" }).click();
  await expect(page.getByTestId("smtp-test-result")).toContainText("Accepted");
  await expect(page.getByTestId("smtp-test-result")).toContainText("250");
  await waitForMessageTo(to);

  await expect(page.getByLabel("From address")).toHaveValue("relay@northwind.test");
  await page.getByLabel("Host").fill("bad host!");
  await page.getByRole("button", { name: "Save relay" }).click();
  await expect(page.getByText("Enter a host name or an IP address.")).toBeVisible();
  await expect(page.getByLabel("From address")).toHaveValue("relay@northwind.test");
  await page.getByLabel("Host").fill("127.0.0.1");
  await page.getByRole("button", { name: "Save relay" }).click();
  // Saved (toasts need JavaScript): the page is loaded again from the stored relay.
  await expect(page.getByText("Enter a host name or an IP address.")).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel("Host")).toHaveValue("127.0.0.1");
  await expect(page.getByLabel("From address")).toHaveValue("relay@northwind.test");
});
