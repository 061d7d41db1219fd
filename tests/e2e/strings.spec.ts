import type { Page } from "@playwright/test";
import { resources } from "../../app/locales";
import { ACCOUNTS, DEMO_PASSWORD, expect, signIn, signInThroughForm, test, useLanguage } from "./support";

/**
 * The browser loads strings per namespace (docs/decisions/024-strings-load-per-namespace.md): a page loads,
 * before hydrating, the namespaces its routes declare, and a client-side navigation to another area loads
 * that area's before the screen renders. These tests watch which string chunks the browser fetches and walk
 * every menu screen client-side in each language: no raw translation key may show, nothing may be logged.
 */

// Each walk visits about twenty screens.
test.describe.configure({ timeout: 240_000 });

type Language = keyof typeof resources;
type Tree = { [key: string]: string | Tree };

/** Every key path of every namespace with at least one dot (`list.title`): what a missing string shows. */
const RAW_KEYS = new Set<string>();
for (const namespace of Object.values(resources.en) as unknown as Tree[]) {
  const walk = (tree: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(tree)) {
      const path = prefix ? `${prefix}.${key.replace(/_(zero|one|two|few|many|other)$/, "")}` : key;
      if (typeof value === "string") {
        if (path.includes(".")) RAW_KEYS.add(path);
      } else walk(value, path);
    }
  };
  walk(namespace, "");
}

/** Raw keys shown on the page: in its text or in the labels assistive technology reads. */
async function rawKeysShown(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => [
    document.body.innerText,
    ...Array.from(document.querySelectorAll("[aria-label], [title], [placeholder]"), (element) =>
      ["aria-label", "title", "placeholder"].map((name) => element.getAttribute(name) ?? "").join(" "),
    ),
    document.title,
  ]);
  const tokens = texts.join(" ").match(/[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+/g) ?? [];
  return [...new Set(tokens.filter((token) => RAW_KEYS.has(token)))];
}

/** The string chunks (`strings-<language>-<namespace>-<hash>.js`) the page requests, in order. */
function watchStrings(page: Page): string[] {
  const requested: string[] = [];
  page.on("request", (request) => {
    const match = new URL(request.url()).pathname.match(/\/strings-(\w+)-(\w+)-[\w-]+\.js$/);
    if (match) requested.push(`${match[1]}/${match[2]}`);
  });
  return requested;
}

function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

for (const language of ["en", "ar"] as const) {
  test(`/login in ${language} loads only the namespaces its routes declare, before hydrating`, async ({ page }) => {
    await useLanguage(page, language);
    const requested = watchStrings(page);
    await page.goto("/login");
    await page.waitForLoadState("networkidle");
    expect(requested.sort()).toEqual(["auth", "common", "errors", "ui", "validation"].map((namespace) => `${language}/${namespace}`));
    expect(await rawKeysShown(page)).toEqual([]);
  });
}

const WALKS: { language: Language; dir: "ltr" | "rtl" }[] = [
  { language: "en", dir: "ltr" },
  { language: "fr", dir: "ltr" },
  { language: "ar", dir: "rtl" },
];

for (const { language, dir } of WALKS) {
  test(`every menu screen, reached client-side in ${language}, shows its strings and no raw key`, async ({ page }) => {
    const messages = watchConsole(page);
    await signIn(page, ACCOUNTS.superAdmin);
    // Signing in applies the user's saved language; choose this one for the browser.
    await useLanguage(page, language);
    const requested = watchStrings(page);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(page.locator("html")).toHaveAttribute("dir", dir);
    const onLoad = requested.length;
    expect(onLoad, "the dashboard's namespaces load with the page").toBeGreaterThan(0);

    const hrefs = await page
      .locator("#vertical-nav nav a[href^='/']:not([target])")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") as string));
    expect(hrefs.length).toBeGreaterThan(10);
    for (const href of hrefs.filter((path) => path !== "/dashboard")) {
      const title = await page.title();
      await page.locator(`#vertical-nav nav a[href='${href}']`).click();
      await expect(page).toHaveURL(new RegExp(`${href.replace(/[?]/g, "\\$&")}$`));
      // The new screen has rendered once its title is set (the previous one stays until its strings are in).
      await expect(page).not.toHaveTitle(title);
      await expect(page.locator("main h1").first()).toBeVisible();
      expect(await rawKeysShown(page), `raw keys on ${href}`).toEqual([]);
    }
    // Only this language's strings, each namespace once, and more of them than the first page needed.
    expect(requested.filter((chunk) => !chunk.startsWith(`${language}/`))).toEqual([]);
    expect(new Set(requested).size).toBe(requested.length);
    expect(requested.length).toBeGreaterThan(onLoad);
    expect(messages).toEqual([]);
  });
}

test("signing in from the English page as a user whose saved language is Arabic loads the first page in Arabic", async ({ page }) => {
  // The sign-in answers with a document redirect when the language changes: the dashboard is rendered in
  // Arabic by the server, never shown in English while the Arabic strings load.
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
  });
  await useLanguage(page, "en");
  // Hydrated first: a click before that posts the form as a document (the no-JavaScript sign-in).
  await page.goto("/login");
  await page.getByLabel("Email").fill("noor.haddad@amp.test");
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form#login button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(documents).toEqual(["/login", "/dashboard"]);
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
});

test("signing in without a change of language stays a client-side navigation", async ({ page }) => {
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
  });
  await useLanguage(page, "en");
  // This test is about the sign-in form itself: not the saved session signIn() reuses.
  await signInThroughForm(page, ACCOUNTS.superAdmin);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(documents).toEqual(["/login"]);
});
