import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { ACCOUNTS, sessionFile, signInThroughForm, test } from "./support";

// The `sign-in` project (playwright.config.ts) runs first: each demo account signs in once through the form
// and its browser state is saved for signIn() (support.ts) to reuse in every spec, instead of one form
// sign-in per test. tests/e2e/.sessions/ is not committed.
for (const email of Object.values(ACCOUNTS)) {
  test(`sign in as ${email}`, async ({ page }) => {
    await signInThroughForm(page, email);
    const file = sessionFile(email);
    mkdirSync(dirname(file), { recursive: true });
    await page.context().storageState({ path: file });
  });
}
