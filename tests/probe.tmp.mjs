import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage();
page.on("console", (m) => console.log("console", m.type(), m.text()));
page.on("pageerror", (e) => console.log("pageerror", e.message));
page.on("requestfailed", (r) => console.log("reqfailed", r.url(), r.failure()?.errorText));
await page.goto("http://localhost:4317/login");
await page.getByLabel(/^(Email|E-mail)/i).fill("admin@amp.test");
await page.locator('input[name="password"]').fill("password");
await page.locator('form#login button[type="submit"]').click();
await page.waitForURL(/dashboard/);
for (const url of process.argv.slice(2)) {
  await page.goto("http://localhost:4317" + url);
  await page.waitForTimeout(4000);
  console.log(url, "hydrated:", await page.locator("html").getAttribute("data-hydrated"));
}
await browser.close();
