import { addedUsers, importedNumbers, listRows } from "./bulk-helpers";
import { ACCOUNTS, expect, signIn, test, unique } from "./support";

test.describe.configure({ timeout: 120_000 });

test("numbers without JavaScript: ticked rows, then the whole page released after confirming in the page", async ({ page }) => {
  await signIn(page, ACCOUNTS.superAdmin);
  const list = await importedNumbers(page, 4);
  await page.goto(list);
  await expect(listRows(page)).toHaveCount(4);
  const bar = page.getByTestId("bulk-bar");

  // Nothing ticked: said next to "Apply to", the typed label kept, nothing changed.
  await bar.getByLabel("Label", { exact: true }).fill("Nothing");
  await bar.getByRole("button", { name: "Set label" }).click();
  await expect(bar.getByLabel("Apply to")).toHaveAttribute("aria-invalid", "true");
  await expect(bar.getByLabel("Apply to")).toHaveAccessibleDescription(
    "Tick at least one row, or choose “All on this page” or “All matching the filter”.",
  );
  await expect(bar.getByLabel("Label", { exact: true })).toHaveValue("Nothing");
  await expect(listRows(page).filter({ hasText: "Nothing" })).toHaveCount(0);

  // Assigning without choosing an organization: said next to the choice; the ticked row comes back ticked.
  await listRows(page).nth(1).getByRole("checkbox").check();
  await bar.getByRole("button", { name: "Assign" }).click();
  const organization = bar.getByLabel("Organization", { exact: true });
  await expect(organization).toHaveAttribute("aria-invalid", "true");
  await expect(organization).toHaveAccessibleDescription("Choose an organization to assign, or “Unassigned”.");
  await expect(listRows(page).nth(1).getByRole("checkbox")).toBeChecked();
  await expect(listRows(page).nth(0).getByRole("checkbox")).not.toBeChecked();
  await organization.selectOption({ label: "Lakeside Logistics" });
  await bar.getByRole("button", { name: "Assign" }).click();
  await expect(page).toHaveURL(/\/tools\/numbers\?import=\d+/);
  await expect(listRows(page).nth(1)).toContainText("Lakeside Logistics");
  await expect(listRows(page).nth(0)).not.toContainText("Lakeside Logistics");
  await expect(bar.getByLabel("Organization", { exact: true })).not.toHaveAttribute("aria-invalid");

  const label = unique("Desk");
  await listRows(page).nth(0).getByRole("checkbox").check();
  await listRows(page).nth(2).getByRole("checkbox").check();
  await bar.getByLabel("Label", { exact: true }).fill(label);
  await bar.getByRole("button", { name: "Set label" }).click();
  await expect(page).toHaveURL(/\/tools\/numbers\?import=\d+/);
  await expect(listRows(page).nth(0)).toContainText(label);
  await expect(listRows(page).nth(1)).not.toContainText(label);
  await expect(listRows(page).nth(2)).toContainText(label);

  // A destructive action asks in the page first; cancelling changes nothing.
  await bar.getByLabel("Apply to").selectOption("page");
  await bar.getByRole("button", { name: "Release" }).click();
  const confirmation = page.getByTestId("bulk-confirmation");
  await expect(confirmation).toContainText("Release the selected numbers (4)?");
  await confirmation.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByTestId("bulk-confirmation")).toHaveCount(0);
  await expect(listRows(page).filter({ hasText: "Disconnected" })).toHaveCount(0);

  await bar.getByLabel("Apply to").selectOption("page");
  await bar.getByRole("button", { name: "Release" }).click();
  await confirmation.getByRole("button", { name: "Release (4)" }).click();
  await expect(page).toHaveURL(/\/tools\/numbers\?import=\d+/);
  await expect(listRows(page).filter({ hasText: "Disconnected" })).toHaveCount(4);
});

test("users without JavaScript: every user matching the search deactivated after confirming", async ({ page }) => {
  await signIn(page, ACCOUNTS.superAdmin);
  const prefix = unique("Nojs bulk");
  await addedUsers(page, prefix, 2);
  await page.goto(`/users?search=${encodeURIComponent(prefix)}`);
  await expect(listRows(page)).toHaveCount(2);
  const bar = page.getByTestId("bulk-bar");
  await bar.getByLabel("Apply to").selectOption("all");
  await bar.getByRole("button", { name: "Deactivate" }).click();
  const confirmation = page.getByTestId("bulk-confirmation");
  await expect(confirmation).toContainText("Deactivate the selected users (2)?");
  await confirmation.getByRole("button", { name: "Deactivate (2)" }).click();
  await expect(listRows(page)).toHaveCount(2);
  await expect(listRows(page).filter({ hasText: "Disabled" })).toHaveCount(2);
});
