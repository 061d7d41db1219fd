import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { test as base, type Cookie, expect, type Page, type Response } from "@playwright/test";

/**
 * Playwright's `test`, whose `page` waits for React: with JavaScript on, `page.goto` and `page.reload` return
 * once an HTML page has hydrated. Before that, a click on an enhanced control does what it does without
 * JavaScript (a confirm trigger posts at once, an area's "all" box ticks only itself), and a spec that clicked
 * that early failed on loaded machines. Specs import `test` and `expect` from here.
 */
export const test = base.extend({
  page: async ({ page }, use, testInfo) => {
    const log = recordBrowserLog(page);
    await use(waitingForHydration(page));
    // A first failure in CI keeps no trace (it is recorded on the retry): what the browser said is attached instead.
    if (testInfo.status !== testInfo.expectedStatus && log.length > 0) {
      await testInfo.attach("browser-log", { body: log.join("\n"), contentType: "text/plain" });
    }
  },
});
export { expect };

/**
 * What the page reported while the test ran, each line with its time since the test started: console errors and
 * warnings, uncaught exceptions, requests that failed and answers of 500 and more, and every navigation.
 */
function recordBrowserLog(page: Page): string[] {
  const started = Date.now();
  const log: string[] = [];
  const add = (line: string) => log.push(`${String(Date.now() - started).padStart(6)} ms ${line}`);
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") add(`console.${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => add(`uncaught: ${error.stack ?? error.message}`));
  page.on("requestfailed", (request) => add(`failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`));
  page.on("response", (response) => {
    if (response.status() >= 500) add(`${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) add(`navigated: ${frame.url()}`);
  });
  return log;
}

/** Makes `goto` and `reload` of a page the test opened itself (browser.newPage()) wait for hydration too. */
export function waitingForHydration(page: Page): Page {
  if (test.info().project.use.javaScriptEnabled === false) return page;
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const hydrated = async (response: Response | null) => {
    if (response?.headers()["content-type"]?.includes("text/html")) await waitForHydration(page);
    return response;
  };
  page.goto = async (url, options) => hydrated(await goto(url, options));
  page.reload = async (options) => hydrated(await reload(options));
  return page;
}

export const DEMO_PASSWORD = "password";
export const ACCOUNTS = {
  superAdmin: "admin@amp.test",
  providerAdmin: "provider@amp.test",
  support: "support@amp.test",
  auditor: "auditor@amp.test",
  orgAdmin: "orgadmin@northwind.test",
} as const;

/** Where the `sign-in` setup project (sign-in.setup.ts) keeps a demo account's signed-in browser state. */
export function sessionFile(email: string): string {
  return `tests/e2e/.sessions/${email}.json`;
}

/**
 * Signs in as `email`. A demo account (ACCOUNTS, demo password) reuses the session the `sign-in` setup project
 * saved for it, so a test starts on its page at once; any other account, or a saved session the server no
 * longer knows, goes through the login form. Specs that test signing in itself, or that end or rotate the
 * session (sign-out, masquerade), call signInThroughForm: they must not touch the shared sessions.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, redirectTo?: string) {
  const saved = sessionFile(email);
  if (password === DEMO_PASSWORD && Object.values<string>(ACCOUNTS).includes(email) && existsSync(saved)) {
    const { cookies } = JSON.parse(readFileSync(saved, "utf8")) as { cookies: Cookie[] };
    // Cookies the test chose first (language, theme) stay as the test set them.
    const chosen = new Set((await page.context().cookies()).map((cookie) => cookie.name));
    await page.context().addCookies(cookies.filter((cookie) => !chosen.has(cookie.name)));
    await page.goto(redirectTo ?? "/dashboard");
    if (!new URL(page.url()).pathname.startsWith("/login")) {
      await waitForHydration(page);
      return;
    }
  }
  await signInThroughForm(page, email, password, redirectTo);
}

/** Signs in through the real login form (works with and without JavaScript). */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD, redirectTo?: string) {
  await page.goto(redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login");
  await page.getByLabel(/^(Email|E-mail|Adresse e-mail|البريد الإلكتروني)/i).fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form#login button[type="submit"]').click();
  // The password check (PBKDF2, 100,000 rounds in workerd) took more than the 7 s default on a loaded machine, with the
  // `sign-in` project's five accounts signing in at once; what is tested here is that the sign-in succeeds.
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
  // A client-side sign-in changes the URL before React has drawn the next page (its strings may still be
  // loading): until then the sign-in form, and its <main>, are what the page shows.
  await expect(page.locator("form#login")).toHaveCount(0);
  // Without JavaScript the next page is a new document, and the URL changes as soon as it starts to arrive: until
  // its stylesheet applies, elements sit where the unstyled page puts them (a hidden radio 5,000 px further down),
  // and a click or a measurement made meanwhile lands elsewhere once the page is styled.
  await page.waitForLoadState();
  await waitForHydration(page);
}

/** With JavaScript on, waits until React has hydrated the page (root sets data-hydrated on <html>). */
export async function waitForHydration(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

/** Chooses the interface language for this browser context before the first page load. */
export async function useLanguage(page: Page, language: "en" | "fr" | "ar") {
  await page.context().addCookies([{ name: "amp-language", value: language, domain: "localhost", path: "/" }]);
}

/** A name unique to this test run, so parallel tests never collide on seeded data. */
export function unique(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/**
 * Runs one SQL statement on the e2e server's local D1 (scripts/e2e-server.mjs, `.wrangler/e2e-state`): only
 * for what a browser cannot make happen in a test's time, such as a reservation reaching its expiry.
 *
 * Only specs named `*.local-d1.spec.ts` may call it: Playwright runs them last and one at a time. The server
 * holds the same SQLite file and workerd does not wait for a lock, so a request that lands while this command
 * holds the file fails with SQLITE_BUSY (it failed another spec's reservation that way). The command itself
 * meets the same lock when the server writes, and is tried again: one idempotent statement is safe to repeat.
 */
export function runE2eSql(statement: string): void {
  if (!/\.local-d1\.spec\.ts$/.test(test.info().file)) throw new Error("runE2eSql is for *.local-d1.spec.ts files only");
  const args = ["wrangler", "d1", "execute", "DB", "--local", "-c", "backend/wrangler.toml", "--persist-to", ".wrangler/e2e-state"];
  const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
  for (let attempt = 1; ; attempt++) {
    const result = spawnSync("npx", [...args, "--command", statement], { encoding: "utf8", env });
    if (result.status === 0) return;
    if (attempt < 4 && /SQLITE_BUSY/.test(`${result.stderr}${result.stdout}`)) continue;
    throw new Error(`runE2eSql failed:\n${result.stderr}${result.stdout}`);
  }
}

/**
 * Posts "end masquerade" as a plain form while no masquerade runs: the portal answers with its error toast
 * ("Failed to stop masquerading."), an error toast any signed-in page can show.
 */
export async function endMasqueradeThatIsNotRunning(page: Page) {
  await page.evaluate(() => {
    const form = document.createElement("form");
    form.method = "post";
    form.action = "/masquerade";
    form.innerHTML = '<input name="intent" value="end">';
    document.body.append(form);
    form.submit();
  });
}
