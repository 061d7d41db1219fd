import { ACCOUNTS, expect, signIn, test, unique } from "./support";

test.describe("text-to-speech without JavaScript", () => {
  test.describe.configure({ timeout: 60_000 });

  test("an Arabic greeting: a voice of another language is refused at the field, then it renders and downloads", async ({ page }) => {
    await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/tts/add");
    const name = unique("Greeting");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.locator("main").getByLabel("Language").selectOption("ar");
    // Without JavaScript every voice is listed, grouped by language.
    const voice = page.getByLabel("Voice", { exact: true });
    await expect(voice.locator("optgroup")).toHaveCount(3);
    await voice.selectOption("fr-fr+m3");
    await page.getByLabel("Text", { exact: true }).fill("مرحبا بكم في نورثويند. يرجى الانتظار.");
    await page.getByRole("button", { name: "Save and render" }).click();
    await expect(page.locator("#tts-add-voice-error")).toHaveText("This voice does not speak the chosen language.");
    await expect(page.getByLabel("Text", { exact: true })).toHaveValue("مرحبا بكم في نورثويند. يرجى الانتظار.");

    await page.getByLabel("Voice", { exact: true }).selectOption("ar+m3");
    await page.getByRole("button", { name: "Listen" }).click();
    await expect(page.getByLabel("Preview of the unsaved text")).toHaveAttribute("src", /\/tools\/tts\/preview\?/);

    await page.getByRole("button", { name: "Save and render" }).click();
    await expect(page).toHaveURL(/\/tools\/tts\/edit\/\d+$/);
    // A meta refresh follows the render without JavaScript.
    await expect(page.getByTestId("tts-status")).toHaveText("Ready", { timeout: 20_000 });
    const download = page.getByRole("link", { name: `Download ${name}` });
    const response = await page.request.get((await download.getAttribute("href")) ?? "");
    expect(response.headers()["content-type"]).toBe("audio/wav");
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename=/);
    expect((await response.body()).length).toBeGreaterThan(20_000);
  });
});
