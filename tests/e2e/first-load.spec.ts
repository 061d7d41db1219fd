import type { Locator } from "@playwright/test";
import { ACCOUNTS, DEMO_PASSWORD, expect, signIn, test, useLanguage, waitForHydration } from "./support";

// What a page downloads (issue 8): no Arabic web font on Latin pages, sonner and the confirm dialog only
// when they are used, the stylesheet before the scripts.

test("the English /login fetches no Arabic font and no toast library, and its stylesheet comes first", async ({ page }) => {
  const fetched: string[] = [];
  page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  const fonts = fetched.filter((path) => path.endsWith(".woff2"));
  expect(fonts.length).toBeGreaterThan(0);
  expect(fonts.filter((path) => path.includes("arabic"))).toEqual([]);
  // Nor the Arabic font's @font-face rules (app/arabic-font.css, linked on Arabic pages only).
  expect(fetched.filter((path) => path.includes("arabic-font"))).toEqual([]);
  expect(fetched.filter((path) => path.includes("sonner"))).toEqual([]);
  // The language switcher still offers Arabic (in the system font).
  await expect(page.getByRole("button", { name: "العربية" })).toBeVisible();

  const order = await page.evaluate(() =>
    Array.from(document.head.querySelectorAll('link[rel="stylesheet"], link[rel="modulepreload"]'), (link) => link.getAttribute("rel")),
  );
  expect(order[0]).toBe("stylesheet");
});

test("a guest page loads the guest stylesheet; signing in adds the full one after it, and the layout is drawn by it", async ({ page }) => {
  const sheets = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('link[rel="stylesheet"]'), (link) => new URL((link as HTMLLinkElement).href).pathname)
        .map((path) => path.match(/\/assets\/(guest|app)-[\w-]+\.css$/)?.[1])
        .filter(Boolean),
    );
  await page.goto("/login");
  await waitForHydration(page);
  expect(await sheets()).toEqual(["guest"]);
  // Styled by guest.css: the centred card and the full-width button.
  await expect(page.locator("main#main")).toHaveCSS("max-width", "448px");
  await page.getByLabel("Email").fill(ACCOUNTS.superAdmin);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form#login button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator("#vertical-nav")).toBeVisible();
  // A client-side navigation: the full sheet comes after the guest one (it repeats its rules, so it decides).
  expect(await sheets()).toEqual(["guest", "app"]);
  expect((await page.locator("#vertical-nav").boundingBox())?.width).toBe(256);
  await expect(page.getByTestId("navbar")).toHaveCSS("position", "sticky");
});

test("the organization form fetches libphonenumber's rules when it is first focused, and then checks phone numbers", async ({ page }) => {
  const fetched: string[] = [];
  page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
  const rules = (path: string) => /\/assets\/min-[\w-]+\.js$/.test(path);
  // The rules arrive late, as on a slow line: the field is left before they are in.
  await page.route(
    (url) => rules(url.pathname),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    },
  );
  await signIn(page, ACCOUNTS.superAdmin, undefined, "/organizations/add");
  await page.waitForLoadState("networkidle");
  expect(fetched.filter(rules)).toEqual([]);
  await page.getByLabel("Contact phone").fill("12345");
  await page.getByLabel("Contact phone").blur();
  await expect.poll(() => fetched.filter(rules).length).toBe(1);
  // Checked without the rules on leaving the field (nothing to say yet), then again once they are in.
  await expect(page.locator("#organization-add-contact_phone-error")).toHaveText("Enter a valid phone number.", { timeout: 10_000 });
});

test("the Arabic /login uses the Arabic font", async ({ page }) => {
  await useLanguage(page, "ar");
  const fetched: string[] = [];
  page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  expect(fetched.some((path) => /\/arabic-font-[\w-]+\.css$/.test(path))).toBe(true);
  expect(fetched.some((path) => path.includes("noto-sans-arabic") && path.endsWith(".woff2"))).toBe(true);
});

test("the first toast loads sonner and is shown", async ({ page }) => {
  const fetched: string[] = [];
  page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto("/login");
  await page.locator('input[name="email"]').fill(ACCOUNTS.superAdmin);
  await page.locator('input[name="password"]').fill("not-the-password");
  await page.locator('form#login button[type="submit"]').click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "These credentials do not match our records." })).toBeVisible();
  expect(fetched.some((path) => path.includes("sonner"))).toBe(true);
});

test("a list's confirm dialog loads on first use and still confirms or cancels", async ({ page }) => {
  await signIn(page, ACCOUNTS.superAdmin, undefined, "/users?search=ethan");
  const trigger = page.getByRole("button", { name: /^Delete / }).first();
  const name = (await trigger.getAttribute("aria-label"))?.replace(/^Delete /, "");
  await trigger.click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toBeVisible();
  // The row's strings are written when the dialog opens (decision 074): its title names the row.
  await expect(dialog.getByRole("heading")).toHaveText(`Delete ${name}?`);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await trigger.click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
});

test("the customizer panel is not drawn with the page: it loads on first use and stays open while the layout changes", async ({ page }) => {
  const fetched: string[] = [];
  page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
  await signIn(page, ACCOUNTS.support);
  const html = await (await page.request.get("/dashboard")).text();
  expect(html).toContain('data-testid="customizer-trigger"');
  expect(html).not.toContain('data-testid="customizer"');
  expect(fetched.some((path) => path.includes("customizer-panel"))).toBe(false);
  await page.getByTestId("customizer-trigger").click();
  const customizer = page.getByRole("dialog", { name: "Theme customizer" });
  await expect(customizer).toBeVisible();
  expect(fetched.some((path) => path.includes("customizer-panel"))).toBe(true);
  await customizer.getByRole("button", { name: "Horizontal" }).click();
  await expect(page.locator("[data-layout]")).toHaveAttribute("data-layout", "horizontal");
  await expect(customizer).toBeVisible();
  await customizer.getByRole("button", { name: "Reset to defaults" }).click();
  await expect(page.locator("[data-layout]")).toHaveAttribute("data-layout", "vertical");
  await page.keyboard.press("Escape");
  await expect(customizer).toBeHidden();
});

/** The drawn size of a navigation icon: 0×0 until the sprite's symbol is there to draw. */
const iconBox = (icon: Locator) =>
  icon.evaluate((svg) => {
    const box = (svg as SVGSVGElement).getBBox();
    return box.width * box.height;
  });

test("the navigation's icons come from one sprite, cached for good, and draw", async ({ page }) => {
  await signIn(page, ACCOUNTS.superAdmin);
  const html = await (await page.request.get("/dashboard")).text();
  const nav = /<aside id="vertical-nav"[\s\S]*?<\/aside>/.exec(html)?.[0] ?? "";
  expect(nav).toContain("<use");
  expect(nav).not.toContain("lucide-gauge");
  expect(html).not.toContain("lucide-gauge");
  const href = /<use href="([^"#]+)#dashboard"/.exec(nav)?.[1] ?? "";
  expect(href).toMatch(/^\/nav-icons\.svg\?v=[0-9a-f]{10}$/);

  const sprite = await page.request.get(href);
  expect(sprite.status()).toBe(200);
  expect(sprite.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
  expect(sprite.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(sprite.headers()["x-content-type-options"]).toBe("nosniff");
  expect(sprite.headers()["set-cookie"]).toBeUndefined();
  const text = await sprite.text();
  expect(text).toContain('<symbol id="dashboard"');
  // A page from before a deploy (another version) or a bare URL still gets the current sprite, not a 404.
  for (const other of ["/nav-icons.svg?v=0000000000", "/nav-icons.svg"]) {
    const answer = await page.request.get(other);
    expect(answer.status()).toBe(200);
    expect(await answer.text()).toBe(text);
  }
  // Without a session too: the icons are no secret.
  const guest = await page.request.get(href, { headers: { Cookie: "" } });
  expect(guest.status()).toBe(200);

  // The vertical navigation's icons draw.
  const dashboardIcon = page.locator('#vertical-nav nav a[href="/dashboard"] svg').first();
  await expect(dashboardIcon.locator("use")).toHaveAttribute("href", `${href}#dashboard`);
  await expect.poll(() => iconBox(dashboardIcon)).toBeGreaterThan(0);
  await expect.poll(() => iconBox(page.locator('#vertical-nav nav a[href="/users"] svg').first())).toBeGreaterThan(0);
  // And so do the horizontal menus'.
  await page.context().addCookies([{ name: "amp-layout", value: "horizontal", domain: "localhost", path: "/" }]);
  await page.goto("/dashboard");
  await page.locator("summary[aria-label='Tools']").click();
  const numbersIcon = page.locator('details[open] a[href="/tools/numbers"] svg');
  await expect(numbersIcon).toBeVisible();
  await expect.poll(() => iconBox(numbersIcon)).toBeGreaterThan(0);
});
