import { ACCOUNTS, expect, signIn, test } from "./support";

test.describe("system settings without JavaScript", () => {
  test("the server validates and keeps the typed values", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/system-settings");
    await page.getByLabel("Client success center").fill("ftp://files.example.com");
    await page.getByLabel("Session idle timeout (minutes)").fill("2");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page).toHaveURL(/\/system-settings$/);
    await expect(page.getByText("Enter a valid URL.")).toBeVisible();
    await expect(page.getByText("Enter a value of at least 5.")).toBeVisible();
    await expect(page.getByLabel("Client success center")).toHaveValue("ftp://files.example.com");
    await expect(page.getByLabel("Session idle timeout (minutes)")).toHaveValue("2");
  });

  test("saves with a plain form post", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/system-settings");
    const field = page.getByLabel("Session idle timeout (minutes)");
    const original = await field.inputValue();
    await field.fill("95");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByLabel("Session idle timeout (minutes)")).toHaveValue("95");
    await page.getByLabel("Session idle timeout (minutes)").fill(original);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByLabel("Session idle timeout (minutes)")).toHaveValue(original);
  });
});
