import { ACCOUNTS, expect, runE2eSql, signIn, test, unique } from "./support";

// "Render again" in the prompt list (issue 24). A render only fails when the engine or storage does, so the
// spec sets a saved prompt `failed` directly in the server's D1 file (hence local-d1). eSpeak renders in the
// backend Worker: room for a loaded machine.
test.describe.configure({ timeout: 90_000 });
test("a failed prompt is rendered again from the list, with a toast, until its audio is ready", async ({ page }) => {
  const name = unique("Render Again");
  await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/tts/add");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.locator("main").getByLabel("Language").selectOption("en-US");
  await page.getByLabel("Voice", { exact: true }).selectOption("en-us+f3");
  await page.getByLabel("Text", { exact: true }).fill("Thank you for calling.");
  await page.getByRole("button", { name: "Save as draft" }).click();
  await expect(page.getByText(`Prompt ${name} saved as a draft.`)).toBeVisible();
  runE2eSql(`UPDATE tts_prompts SET status = 'failed', error = 'R2 unavailable' WHERE name = '${name}'`);

  await page.goto(`/tools/tts?search=${encodeURIComponent(name)}`);
  const row = page.locator("[data-slot='data-table'] tbody tr").filter({ hasText: name });
  await expect(row).toContainText("Failed");
  await row.getByRole("button", { name: `Render ${name} again` }).click();
  await expect(page.getByText(`Rendering ${name} again.`)).toBeVisible();
  // The list follows the render (it reads again while a prompt renders) until the audio is there.
  await expect(row).toContainText("Ready", { timeout: 60_000 });
  await expect(row.getByRole("button", { name: `Render ${name} again` })).toHaveCount(0);
});

test("the auditor sees failed prompts without Render again", async ({ page }) => {
  const name = unique("Render Refused");
  await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/tts/add");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.locator("main").getByLabel("Language").selectOption("en-US");
  await page.getByLabel("Voice", { exact: true }).selectOption("en-us+f3");
  await page.getByLabel("Text", { exact: true }).fill("Please hold.");
  await page.getByRole("button", { name: "Save as draft" }).click();
  await expect(page.getByText(`Prompt ${name} saved as a draft.`)).toBeVisible();
  runE2eSql(`UPDATE tts_prompts SET status = 'failed', error = 'R2 unavailable' WHERE name = '${name}'`);
  await page.context().clearCookies();
  await signIn(page, ACCOUNTS.auditor, undefined, `/tools/tts?search=${encodeURIComponent(name)}`);
  const row = page.locator("[data-slot='data-table'] tbody tr").filter({ hasText: name });
  await expect(row).toContainText("Failed");
  await expect(row.getByRole("button", { name: /again/ })).toHaveCount(0);
});
