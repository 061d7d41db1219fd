import type { Page } from "@playwright/test";
import { ACCOUNTS, expect, signIn, test, unique, waitForHydration } from "./support";

/** Fetches what an audio element plays, with the page's session: real, non-empty WAV. */
async function expectWav(page: Page, src: string | null) {
  expect(src).toBeTruthy();
  const response = await page.request.get(src ?? "");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("audio/wav");
  const body = await response.body();
  expect(body.subarray(0, 4).toString("latin1")).toBe("RIFF");
  expect(body.subarray(8, 12).toString("latin1")).toBe("WAVE");
  expect(body.length).toBeGreaterThan(20_000);
}

test.describe("text-to-speech with JavaScript", () => {
  test.describe.configure({ timeout: 60_000 });

  test("a French prompt: voices follow the language, Listen previews, saving renders and the player loads WAV", async ({ page }) => {
    await signIn(page, ACCOUNTS.superAdmin, undefined, "/tools/tts/add");
    const name = unique("Accueil");
    await page.getByLabel("Name", { exact: true }).fill(name);
    // Staff choose the prompt's organization: nothing is preselected (issue 25).
    await expect(page.locator("main").getByLabel("Organization", { exact: true })).toHaveValue("");
    await page.locator("main").getByLabel("Organization", { exact: true }).selectOption({ label: "Northwind Dental" });
    await page.locator("main").getByLabel("Language").selectOption("fr-FR");
    const voice = page.getByLabel("Voice", { exact: true });
    await expect(voice.locator("optgroup")).toHaveCount(1);
    await expect(voice.locator("optgroup")).toHaveAttribute("label", "French (France)");
    await voice.selectOption("fr-fr+f3");
    await page.getByLabel("Text", { exact: true }).fill("Bonjour et bienvenue. Toutes nos lignes sont occupées, merci de patienter.");

    await page.getByRole("button", { name: "Listen" }).click();
    const preview = page.getByLabel("Preview of the unsaved text");
    await expect(preview).toBeVisible();
    await expectWav(page, await preview.getAttribute("src"));
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);

    await page.getByRole("button", { name: "Save and render" }).click();
    await expect(page).toHaveURL(/\/tools\/tts\/edit\/\d+$/);
    await waitForHydration(page);
    // The page follows the render on its own.
    await expect(page.getByTestId("tts-status")).toHaveText("Ready", { timeout: 20_000 });
    const player = page.getByLabel(`Audio of ${name}`);
    await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.readyState), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await player.evaluate((audio: HTMLAudioElement) => audio.duration)).toBeGreaterThan(1);
    await expectWav(page, await player.getAttribute("src"));

    await page.goto(`/tools/tts?search=${encodeURIComponent(name)}`);
    const row = page.locator("[data-slot='data-table'] tbody tr");
    await expect(row).toHaveCount(1);
    await expect(row.getByText("French (France)")).toBeVisible();
    await expectWav(page, await row.getByLabel(`Audio of ${name}`).getAttribute("src"));
    const download = await page.request.get((await row.getByRole("link", { name: `Download ${name}` }).getAttribute("href")) ?? "");
    expect(download.headers()["content-disposition"]).toMatch(/^attachment;/);

    await row.getByRole("button", { name: `Delete ${name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Prompt deleted.")).toBeVisible();
    await expect(page.locator("[data-slot='data-table'] tbody tr")).toHaveCount(1);
    await expect(page.getByText("No prompts yet.").or(page.getByText(/match/))).toBeVisible();
  });

  test("SSML problems are named at the field", async ({ page }) => {
    await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/tts/add");
    await page.getByLabel("Name", { exact: true }).fill(unique("Menu"));
    await page.locator("main").getByLabel("Language").selectOption("en-US");
    await page.getByLabel("Voice", { exact: true }).selectOption("en-us+m3");
    await page.getByLabel("Format").selectOption("ssml");
    await page.getByLabel("Text", { exact: true }).fill('<speak>\nPress one.\n<audio src="beep.wav"/>\n</speak>');
    await page.getByRole("button", { name: "Save and render" }).click();
    await expect(page.locator("#tts-add-text-error")).toHaveText("Unsupported SSML tags on line 3: audio.");
    await page.getByLabel("Text", { exact: true }).fill("<speak>\nPress one.\n<p>\n</speak>");
    await page.getByRole("button", { name: "Save and render" }).click();
    await expect(page.locator("#tts-add-text-error")).toHaveText("The SSML is not well-formed XML (line 4).");
  });
});
