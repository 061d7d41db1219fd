import { waitForMessageTo } from "./mail-catcher";
import { expect, signIn, test, unique } from "./support";

// The carrier completes a new number after SANDBOX_ORDER_DELAY_SECONDS (5 s in backend/wrangler.toml).
test.setTimeout(90_000);

test("without JavaScript: a subscriber with a newly ordered number and an E911 address other than the service address", async ({
  page,
}) => {
  const name = unique("Dee Newcomer");
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@residents.test`;
  await signIn(page, "admin@amp.test", undefined, "/residential/add");

  // 1. Subscriber: a typo comes back next to its field with the values kept.
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Mobile or contact phone").fill("617 555");
  await page.getByRole("combobox", { name: "Language" }).selectOption("ar");
  await page.getByLabel("Residential organization").selectOption({ label: "Maple Street Residence" });
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Enter a valid phone number.")).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue(name);
  await page.getByLabel("Mobile or contact phone").fill("(617) 555-0188");
  await page.getByRole("button", { name: "Continue" }).click();

  // 2. Service address: valid as typed.
  await expect(page).toHaveURL(/\/residential\/add\/\d+\/address$/);
  await expect(page.getByLabel("Caller name")).toHaveValue(name);
  await page.getByLabel("House number", { exact: true }).fill("12");
  await page.getByLabel("Street name").fill("Elm");
  await page.getByLabel("Street suffix").fill("St");
  await page.getByLabel("City").fill("SOMERVILLE");
  await page.getByLabel("State").selectOption("MA");
  await page.getByLabel("ZIP code").fill("02144");
  await page.getByLabel("ZIP+4").fill("1000");
  await page.getByRole("button", { name: "Validate and continue" }).click();

  // 3. Number: search the carrier and reserve one, inline.
  await expect(page).toHaveURL(/\/number$/);
  const section = page.locator("#new-number");
  await section.getByLabel("Area code", { exact: true }).fill("303");
  await section.getByLabel("How many numbers to show").fill("3");
  await section.getByRole("button", { name: "Search numbers" }).click();
  await expect(page).toHaveURL(/\/number\?order=\d+/);
  const first = section.getByRole("radio").first();
  const number = ((await first.getAttribute("aria-label")) ?? "").replace(/^Select /, "");
  await first.check();
  await section.getByRole("button", { name: "Reserve and continue" }).click();

  // 4. E911: another address, which the carrier completes; the suggestion is accepted.
  await expect(page).toHaveURL(/\/e911$/);
  await expect(page.getByText("E911 uses the service address.")).toBeVisible();
  await page.getByLabel("House number", { exact: true }).fill("12");
  await page.getByLabel("Street name").fill("Elm");
  await page.getByLabel("Unit").fill("Apt 3");
  await page.getByLabel("City").fill("Somerville");
  await page.getByLabel("State").selectOption("MA");
  await page.getByLabel("ZIP code").fill("02144");
  await page.getByRole("button", { name: "Validate and continue" }).click();
  await expect(page.getByTestId("e911-suggestion")).toContainText("12 Elm St, Apt 3, SOMERVILLE MA 02144-0001");
  await page.getByRole("button", { name: "Accept the suggestion" }).click();

  // 5. Review: each step has its edit link; submit.
  await expect(page).toHaveURL(/\/review$/);
  await expect(page.getByRole("link", { name: "Edit: E911 address" })).toBeVisible();
  await expect(page.getByText("12 Elm St, Apt 3, SOMERVILLE MA 02144-0001")).toBeVisible();
  await expect(page.getByText("12 Elm St, SOMERVILLE MA 02144-1000")).toBeVisible();
  await page.getByRole("button", { name: "Create the subscriber" }).click();

  // The carrier completes the number a moment later: "Check again" reads the submission on.
  await expect(page).toHaveURL(/\/done$/);
  await expect(async () => {
    if ((await page.getByTestId("residential-waiting").count()) > 0) await page.getByRole("link", { name: "Check again" }).click();
    await expect(page.getByTestId("residential-waiting")).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const done = page.getByTestId("residential-done");
  await expect(done).toContainText(number);
  await expect(done).toContainText("In service");
  await expect(done).toContainText("Provisioned");

  // The invitation reached the local inbox, in the subscriber's language.
  const invitation = await waitForMessageTo(email);
  expect(invitation.text).toContain("/password-setup?token=");

  // The number and its E911 record are in their lists.
  await done.getByRole("link", { name: "Open the number" }).click();
  const numberRow = page.locator("tr", { hasText: number });
  await expect(numberRow).toContainText("Maple Street Residence");
  await expect(numberRow).toContainText("In service");
  await page.goto(`/tools/e911?search=${number.replace(/\D/g, "").slice(-7)}`);
  const e911Row = page.locator("tr", { hasText: number });
  await expect(e911Row).toContainText("12 Elm St, Apt 3, SOMERVILLE MA 02144-0001");
  await expect(e911Row).toContainText("Provisioned");
  await page.goto(`/users?search=${encodeURIComponent(email)}`);
  await expect(page.locator("tr", { hasText: email })).toContainText("Maple Street Residence");
});
