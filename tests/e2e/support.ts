import { spawnSync } from "node:child_process";
import { expect, type Page, test } from "@playwright/test";

export const DEMO_PASSWORD = "password";
export const ACCOUNTS = {
  superAdmin: "admin@amp.test",
  providerAdmin: "provider@amp.test",
  support: "support@amp.test",
  auditor: "auditor@amp.test",
  orgAdmin: "orgadmin@northwind.test",
} as const;

/** Signs in through the real login form (works with and without JavaScript). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, redirectTo?: string) {
  await page.goto(redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login");
  await page.getByLabel(/^(Email|E-mail|Adresse e-mail|البريد الإلكتروني)/i).fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form#login button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login/);
  // A client-side sign-in changes the URL before React has drawn the next page (its strings may still be
  // loading): until then the sign-in form, and its <main>, are what the page shows.
  await expect(page.locator("form#login")).toHaveCount(0);
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
 * The password-setup link of the newest e-mail delivered to `email`. The mail log shows such links
 * redacted, so it comes from the local dev outbox (MAIL_OUTBOX_DEV=1 in backend/.dev.vars, which the e2e
 * server sets up), read with `npm run mail:outbox` on the e2e state.
 */
export async function deliveredPasswordLink(email: string): Promise<string> {
  const output = onLocalD1("npm", ["run", "--silent", "mail:outbox", "--", email, "--json"], {
    ...process.env,
    AMP_STATE_DIR: process.env.AMP_STATE_DIR ?? ".wrangler/e2e-state",
  });
  const [newest] = JSON.parse(output) as { text: string }[];
  const link = newest?.text.match(/https?:\/\/\S+\/password-setup\?\S+/)?.[0];
  if (!link) throw new Error(`no password-setup link delivered to ${email}`);
  const url = new URL(link);
  // The mail points at APP_URL; the test browses the server under test.
  return `${url.pathname}${url.search}`;
}

/**
 * Runs a command that opens the e2e server's local D1 file and returns its output. The running server holds
 * the same SQLite file: at a moment it writes, the command fails with SQLITE_BUSY and is tried again (what
 * these commands do, a read or one idempotent update, is safe to repeat).
 */
function onLocalD1(command: string, args: string[], env: NodeJS.ProcessEnv): string {
  for (let attempt = 1; ; attempt++) {
    const result = spawnSync(command, args, { encoding: "utf8", env });
    if (result.status === 0) return result.stdout;
    if (attempt < 4 && /SQLITE_BUSY/.test(`${result.stderr}${result.stdout}`)) continue;
    throw new Error(`${command} ${args.join(" ")} failed:\n${result.stderr}${result.stdout}`);
  }
}

/**
 * Runs one SQL statement on the e2e server's local D1 (scripts/e2e-server.mjs, `.wrangler/e2e-state`): only
 * for what a browser cannot make happen in a test's time, such as a reservation reaching its expiry.
 */
export function runE2eSql(statement: string): void {
  onLocalD1(
    "npx",
    [
      "wrangler",
      "d1",
      "execute",
      "DB",
      "--local",
      "-c",
      "backend/wrangler.toml",
      "--persist-to",
      ".wrangler/e2e-state",
      "--command",
      statement,
    ],
    { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
  );
}
