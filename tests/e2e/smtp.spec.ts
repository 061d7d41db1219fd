import { expectNoSeriousViolations } from "./axe";
import { CATCHER_SMTP_PORT, waitForMessageTo } from "./mail-catcher";
import { ACCOUNTS, expect, signIn, test } from "./support";

// Real SMTP dialogues, uploads and axe on a 2-core machine: give each test room.
test.describe.configure({ timeout: 90_000 });

const address = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.test`;

test("an organization admin configures the relay, sends a test through the real SMTP server and finds it in the mail log", async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.orgAdmin);
  await page.goto("/organization/smtp");
  await expect(page.getByRole("heading", { name: "SMTP relay" })).toBeVisible();
  await expectNoSeriousViolations(page, "SMTP relay");

  await page.getByLabel("Host").fill("127.0.0.1");
  await page.getByLabel("Port").fill(String(CATCHER_SMTP_PORT));
  await page.getByLabel("Encryption").selectOption("none");
  await page.getByLabel("The server requires authentication").uncheck();
  await page.getByLabel("From address").fill("noreply@northwind.test");
  await page.getByLabel("From name").fill("Northwind Dental");
  const to = address("smtp-test");
  await page.getByLabel("Send the test to").fill(to);
  await page.getByRole("button", { name: "Send test e-mail" }).click();

  const result = page.getByTestId("smtp-test-result");
  await expect(result).toContainText(`Accepted: the server took the message for ${to}.`);
  await expect(result).toContainText(/250 2\.0\.0 Ok: queued as \d+/);
  const delivered = await waitForMessageTo(to);
  expect(delivered.from).toContain("noreply@northwind.test");
  expect(delivered.subject).toBe("SMTP test for Northwind Dental");

  // The typed values were kept (the test does not save); now save them.
  await expect(page.getByLabel("Host")).toHaveValue("127.0.0.1");
  await page.getByRole("button", { name: "Save relay" }).click();
  await expect(page.getByText("SMTP relay saved.")).toBeVisible();

  await page.goto(`/mail-log?search=${encodeURIComponent(to)}`);
  const row = page.getByRole("row").filter({ hasText: to });
  await expect(row).toContainText("Sent");
});

test("bad settings are refused at their fields with the typed values kept; unworkable port/encryption pairs are warned about", async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.orgAdmin);
  await page.goto("/organization/smtp");
  await page.getByLabel("Port").fill("465");
  await page.getByLabel("Encryption").selectOption("starttls");
  await expect(page.getByTestId("port-warning")).toContainText("Port 465 expects TLS");
  await page.getByLabel("Host").fill("bad host!");
  await page.getByLabel("Port").fill("70000");
  await page.getByLabel("From address").fill("not-an-address");
  await page.getByRole("button", { name: "Save relay" }).click();
  await expect(page.getByText("Enter a host name or an IP address.")).toBeVisible();
  await expect(page.getByText("Enter a value of at most 65535.")).toBeVisible();
  await expect(page.getByLabel("Host")).toHaveValue("bad host!");
});

test("a refused connection is reported in plain words", async ({ page }) => {
  await signIn(page, ACCOUNTS.orgAdmin);
  await page.goto("/organization/smtp");
  await page.getByLabel("Host").fill("127.0.0.1");
  // Port 9 (discard) is closed on the test machine.
  await page.getByLabel("Port").fill("9");
  await page.getByLabel("Encryption").selectOption("none");
  await page.getByLabel("The server requires authentication").uncheck();
  await page.getByLabel("From address").fill("noreply@northwind.test");
  await page.getByLabel("Send the test to").fill(address("refused"));
  await page.getByRole("button", { name: "Send test e-mail" }).click();
  // A closed port and a silent one read the same (no port probing through the test).
  await expect(page.getByTestId("smtp-test-result")).toContainText("Unreachable: no SMTP server answered on this host and port");
});

test("the stored password is not sent to a host typed afterwards: it must be typed again", async ({ page }) => {
  // An organization no other spec configures (the relay stays disabled, so its mail is unaffected).
  await signIn(page, ACCOUNTS.superAdmin);
  await page.goto("/organization/smtp");
  await page.getByLabel("Organization", { exact: true }).selectOption({ label: "Maple Street Residence" });
  await page.getByRole("button", { name: "Open" }).click();
  await page.getByLabel("Host").fill("127.0.0.1");
  await page.getByLabel("Port").fill(String(CATCHER_SMTP_PORT));
  await page.getByLabel("Encryption").selectOption("none");
  await page.getByLabel("The server requires authentication").check();
  await page.getByLabel("Username").fill("relay");
  await page.getByLabel("Password", { exact: true }).fill("stored-secret");
  await page.getByLabel("From address").fill("noreply@northwind.test");
  await page.getByRole("button", { name: "Save relay" }).click();
  await expect(page.getByText("SMTP relay saved.")).toBeVisible();
  // A later visit: the password is stored, not in the form.
  await page.reload();
  await expect(page.getByText("A password is stored for this host and port.")).toBeVisible();

  await page.getByLabel("Host").fill("localhost");
  await page.getByLabel("Send the test to").fill(address("retype"));
  await page.getByRole("button", { name: "Send test e-mail" }).click();
  await expect(page.getByText("Type the password again: the stored one is only sent to the host and port it was saved for")).toBeVisible();
  await expect(page.getByLabel("Host")).toHaveValue("localhost");
  await expect(page.getByTestId("smtp-test-result")).toHaveCount(0);
});

test("provider staff pick the organization on the page", async ({ page }) => {
  await signIn(page, ACCOUNTS.superAdmin);
  await page.goto("/organization/smtp");
  await expect(page.getByText("Choose an organization above")).toBeVisible();
  await page.getByLabel("Organization", { exact: true }).selectOption({ label: "Lakeside Logistics" });
  await page.getByRole("button", { name: "Open" }).click();
  await expect(page.getByText("The mail server Lakeside Logistics's e-mails go through.", { exact: false })).toBeVisible();
});

test("a password reset is delivered over SMTP to the local mail catcher", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill("daniel.kim@northwind.test");
  await page.getByRole("button", { name: /send/i }).click();
  const message = await waitForMessageTo("daniel.kim@northwind.test");
  expect(message.text).toMatch(/\/password-setup\?token=[A-Za-z0-9]{64}&email=/);
});
