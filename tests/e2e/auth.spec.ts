import type { Page } from "@playwright/test";
import { newestMessageId, passwordSetupPath, waitForMessageTo } from "./mail-catcher";
import {
  ACCOUNTS,
  DEMO_PASSWORD,
  endMasqueradeThatIsNotRunning,
  expect,
  signInThroughForm,
  test,
  unique,
  waitingForHydration,
} from "./support";

async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form#login button[type="submit"]').click();
}

test("sign in, land on the requested page, sign out", async ({ page }) => {
  await page.goto("/status");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fstatus$/);
  await submitLogin(page, ACCOUNTS.superAdmin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByTestId("user-name")).toHaveText("Avery Collins");
  await page.locator("summary[aria-label='Open user menu']").click();
  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("You have been signed out.")).toBeVisible();
  // The old session is gone: signed-in pages send us back to sign in.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
});

test("a wrong password shows the server's message next to the field and as a toast", async ({ page }) => {
  await page.goto("/login");
  await submitLogin(page, ACCOUNTS.auditor, "not-the-password");
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "These credentials do not match our records." })).toBeVisible();
  await expect(page.locator("#login").getByText("These credentials do not match our records.")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(ACCOUNTS.auditor);
});

test("the sign-in form checks its fields in the browser and keeps a faulty submit there", async ({ page }) => {
  await page.goto("/login");
  const email = page.getByLabel("Email");
  const form = page.locator("form#login");
  // A field is checked when it loses focus…
  await email.fill("someone@");
  await page.locator('input[name="password"]').focus();
  await expect(form.getByText("Enter a valid email address.")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  // …and again as it is corrected.
  await email.fill("someone@amp.test");
  await expect(form.getByText("Enter a valid email address.")).toHaveCount(0);
  await expect(email).not.toHaveAttribute("aria-invalid", "true");
  // A submit without a password stays in the browser: no request, the password field takes the focus.
  let posted = false;
  page.on("request", (request) => {
    if (request.method() === "POST") posted = true;
  });
  await form.locator('button[type="submit"]').click();
  await expect(form.getByText("This field is required.")).toBeVisible();
  await expect(page.locator('input[name="password"]')).toBeFocused();
  expect(posted).toBe(false);
  await expect(page).toHaveURL(/\/login$/);
});

test("too many attempts are throttled: the catalogue's toast, the time to wait next to the field", async ({ page }) => {
  const email = `${unique("throttle").replace(/\s/g, "-")}@amp.test`;
  await page.goto("/login");
  for (let attempt = 0; attempt < 5; attempt++) {
    await submitLogin(page, email, "wrong-password");
    await expect(page.locator("#login").getByText("These credentials do not match our records.")).toBeVisible();
  }
  await submitLogin(page, email, "wrong-password");
  await expect(page.locator("#login").getByText(/Too many sign-in attempts\. Please try again in \d+ seconds\./)).toBeVisible();
  // §8: a login failure other than 422 toasts "Login failed. Please try again."
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Login failed. Please try again." })).toBeVisible();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Too many sign-in attempts" })).toHaveCount(0);
});

test("open redirects are refused after sign-in", async ({ page }) => {
  // Six full sign-ins in one test: on a loaded 2-core machine they exceed the default 30 s.
  test.slow();
  for (const target of [
    "https://evil.example/",
    "//evil.example/x",
    "/\\evil.example",
    "/.//evil.example",
    "/..//evil.example",
    "/%2e//evil.example",
  ]) {
    await page.context().clearCookies();
    await page.goto(`/login?redirectTo=${encodeURIComponent(target)}`);
    await submitLogin(page, ACCOUNTS.support, DEMO_PASSWORD);
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/dashboard$/);
  }
});

test("register a new organization account", async ({ page }) => {
  const name = unique("Casey");
  const email = `${name.replace(/\s/g, ".").toLowerCase()}@example.test`;
  await page.goto("/register");
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Organization name").fill(`${name} Household`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm password").fill("different");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByText("Enter at least 8 characters.")).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue(name);
  await page.getByLabel("Password", { exact: true }).fill("a-long-password");
  await page.getByLabel("Confirm password").fill("a-long-password");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("user-name")).toHaveText(name);
});

test("forgot password → delivered link → set password → sign in", async ({ page, browser }) => {
  // Two browser contexts and a delivery through the local mail catcher.
  test.setTimeout(90_000);
  const email = "aisha.bello@lakeside.test";
  const before = await newestMessageId(email);
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send link" }).click();
  await expect(page.getByTestId("forgot-sent")).toBeVisible();
  const link = passwordSetupPath(await waitForMessageTo(email, before));
  // The mail log shows the same message with the link redacted.
  const admin = await browser.newContext();
  const adminPage = waitingForHydration(await admin.newPage());
  await signInThroughForm(adminPage, ACCOUNTS.superAdmin);
  await adminPage.goto(`/mail-log?search=${encodeURIComponent(email)}`);
  await adminPage.getByRole("row").filter({ hasText: email }).first().getByRole("link").first().click();
  await expect(adminPage.locator("pre")).toContainText("password-setup?token=[redacted]");
  await expect(adminPage.locator("pre")).not.toContainText(new URL(link, "http://x").searchParams.get("token") ?? "-");
  await admin.close();
  await page.goto(link);
  await page.getByLabel("New password").fill("a-brand-new-password");
  await page.getByLabel("Confirm password").fill("a-brand-new-password");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Your password is set. You can sign in now.")).toBeVisible();
  await submitLogin(page, email, "a-brand-new-password");
  await expect(page).toHaveURL(/\/dashboard$/);
  // The link works once.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByLabel("New password").fill("another-password-1");
  await page.getByLabel("Confirm password").fill("another-password-1");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText("This password link is invalid or has expired.")).toBeVisible();
});

test("guest-only pages send signed-in users to the dashboard", async ({ page }) => {
  // A sign-in through the form and four redirected pages: 34 s once on 2 cores at load 28.
  test.slow();
  await signInThroughForm(page, ACCOUNTS.auditor);
  for (const path of ["/login", "/forgot-password", "/password-setup?token=x&email=y@z.test", "/register"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
  }
});

test("masquerade: log in as another user, banner on every page, end", async ({ page }) => {
  // Sign-in, the users list, two masquerade round trips and a page between: near 30 s on 2 loaded cores.
  test.slow();
  await signInThroughForm(page, ACCOUNTS.superAdmin);
  await page.goto("/users?search=taylor.brooks");
  await page.getByRole("row").filter({ hasText: "taylor.brooks@amp.test" }).getByRole("button", { name: "Log in as" }).click();
  // The dialog loads on first use: wait for it rather than checking at once.
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: /Log in as|Confirm/ })
    .click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Masquerading started successfully!" })).toBeVisible();
  await expect(page.getByTestId("masquerade-banner")).toContainText("Avery Collins");
  await expect(page.getByTestId("masquerade-banner")).toContainText("Taylor Brooks");
  await expect(page.getByTestId("user-name")).toHaveText("Taylor Brooks");
  await page.goto("/status");
  await expect(page.getByTestId("masquerade-banner")).toBeVisible();
  await page.getByTestId("masquerade-banner").getByRole("button", { name: "End masquerade" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Masquerading ended successfully!" })).toBeVisible();
  await expect(page.getByTestId("masquerade-banner")).toBeHidden();
  await expect(page.getByTestId("user-name")).toHaveText("Avery Collins");
});

test("ending a masquerade that is not running says it failed", async ({ page }) => {
  await signInThroughForm(page, ACCOUNTS.superAdmin);
  await endMasqueradeThatIsNotRunning(page);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Failed to stop masquerading." })).toBeVisible();
});
