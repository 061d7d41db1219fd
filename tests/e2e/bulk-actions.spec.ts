import { addedUsers, importedNumbers, listRows } from "./bulk-helpers";
import { ACCOUNTS, expect, signIn, test, unique } from "./support";

test.describe.configure({ timeout: 120_000 });

/**
 * The toast saying `text`. Not "the last toast": sonner puts the newest first, and a toast still showing from the
 * step before made a check of `.last()` wait for it to expire (a fresh-clone CI run failed that way when the
 * older toast's timer restarted as the new one arrived).
 */
const toast = (page: import("@playwright/test").Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const CHOOSE_ORGANIZATION = "Choose an organization to assign, or “Unassigned”.";

test("numbers with JavaScript: ticked rows, every row matching the filter, assign, release through the confirm dialog", async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.superAdmin);
  const list = await importedNumbers(page, 6);
  await page.goto(list);
  await expect(listRows(page)).toHaveCount(6);
  const bar = page.getByTestId("bulk-bar");

  // Two ticked rows get a label; the header box ticks the whole page.
  const first = unique("Desk");
  await listRows(page).nth(0).getByRole("checkbox").check();
  await listRows(page).nth(1).getByRole("checkbox").check();
  await expect(bar.getByLabel("Apply to")).toHaveValue("selected");
  await expect(bar.getByLabel("Apply to").locator("option:checked")).toHaveText("Ticked rows (2)");
  await bar.getByLabel("Label", { exact: true }).fill(first);
  await bar.getByRole("button", { name: "Set label" }).click();
  await expect(toast(page, "2 labelled")).toBeVisible();
  await expect(listRows(page).filter({ hasText: first })).toHaveCount(2);
  // The selection starts afresh after the action.
  await expect(page.locator("[data-slot='data-table'] tbody input[type=checkbox]:checked")).toHaveCount(0);

  // Every number matching the filter: the filter goes to the backend, not ids.
  const all = unique("Floor");
  await bar.getByLabel("Apply to").selectOption("all");
  await bar.getByLabel("Label", { exact: true }).fill(all);
  await bar.getByRole("button", { name: "Set label" }).click();
  await expect(toast(page, "6 labelled")).toBeVisible();
  await expect(listRows(page).filter({ hasText: all })).toHaveCount(6);

  // Assigning needs a choice: no silent default. The refusal is said next to the choice, and the ticked page stays
  // ticked (it was a redirect with a toast, and the page that followed started the selection afresh).
  const wholePage = page.getByRole("checkbox", { name: "Select every row on this page" });
  await wholePage.check();
  await bar.getByRole("button", { name: "Assign" }).click();
  const organization = bar.getByLabel("Organization", { exact: true });
  await expect(organization).toHaveAttribute("aria-invalid", "true");
  await expect(organization).toHaveAccessibleDescription(CHOOSE_ORGANIZATION);
  await expect(wholePage).toBeChecked();
  await expect(bar.getByLabel("Apply to").locator("option:checked")).toHaveText("Ticked rows (6)");
  await expect(toast(page, CHOOSE_ORGANIZATION)).toHaveCount(0);
  await organization.selectOption({ label: "Maple Street Residence" });
  await bar.getByRole("button", { name: "Assign" }).click();
  await expect(toast(page, "6 assigned")).toBeVisible();
  await expect(listRows(page).filter({ hasText: "Maple Street Residence" })).toHaveCount(6);

  // Release asks first, in the shared dialog; cancelling changes nothing.
  await listRows(page).nth(0).getByRole("checkbox").check();
  await bar.getByRole("button", { name: "Release" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Release the selected numbers?");
  await expect(dialog).toContainText("Selected: 1.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(listRows(page).filter({ hasText: "Disconnected" })).toHaveCount(0);
  await bar.getByRole("button", { name: "Release" }).click();
  await dialog.getByRole("button", { name: "Release (1)" }).click();
  await expect(toast(page, "1 released")).toBeVisible();
  await expect(listRows(page).filter({ hasText: "Disconnected" })).toHaveCount(1);

  // The page again, with the released one among it: counted as skipped, by reason.
  await bar.getByLabel("Apply to").selectOption("page");
  await bar.getByRole("button", { name: "Release" }).click();
  await dialog.getByRole("button", { name: "Release (6)" }).click();
  await expect(toast(page, "5 released, 1 skipped: Only numbers in service can be released (1)")).toBeVisible();
  await expect(listRows(page).filter({ hasText: "Disconnected" })).toHaveCount(6);
});

test("users with JavaScript: resend invitations to the filtered set, deactivate after confirming", async ({ page }) => {
  await signIn(page, ACCOUNTS.superAdmin);
  const prefix = unique("Bulk");
  await addedUsers(page, prefix, 2);
  await page.goto(`/users?search=${encodeURIComponent(prefix)}`);
  await expect(listRows(page)).toHaveCount(2);
  const bar = page.getByTestId("bulk-bar");
  await bar.getByLabel("Apply to").selectOption("all");
  await bar.getByRole("button", { name: "Resend invitation" }).click();
  await expect(toast(page, "2 invited again")).toBeVisible();

  await page.getByRole("checkbox", { name: `Select ${prefix} 0` }).check();
  await bar.getByRole("button", { name: "Deactivate" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Deactivate (1)" }).click();
  await expect(toast(page, "1 deactivated")).toBeVisible();
  await expect(listRows(page).filter({ hasText: `${prefix} 0` })).toContainText("Disabled");
  await expect(listRows(page).filter({ hasText: `${prefix} 1` })).toContainText("Active");
});

test("an organization member sees no assign control and no other organization's rows", async ({ page }) => {
  await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/numbers");
  const bar = page.getByTestId("bulk-bar");
  await expect(bar.getByRole("button", { name: "Set label" })).toBeVisible();
  await expect(bar.getByRole("button", { name: "Assign" })).toHaveCount(0);
});

test("no bulk bar for a user without the order permission", async ({ page }) => {
  await signIn(page, ACCOUNTS.auditor, undefined, "/tools/numbers");
  await expect(listRows(page).first()).toBeVisible();
  await expect(page.getByTestId("bulk-bar")).toHaveCount(0);
  await expect(page.locator("[data-slot='data-table'] tbody input[type=checkbox]")).toHaveCount(0);
});
