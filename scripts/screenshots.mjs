// Screenshots of portal screens for review: each path at each width and language, signed in as a demo account,
// against a running server (`npm run preview`, or the e2e server of a worktree). PNGs are palette-compressed
// when sharp can be loaded (it comes with miniflare), as they are kept in docs/screenshots/.
//
//   node scripts/screenshots.mjs [--base http://localhost:4317] [--out docs/screenshots] [--widths 1440,390]
//     [--languages en,ar] [--account admin@amp.test] [--full] /tools/numbers /users ...
//
// A file is named after the path (and query), the width and the language: tools-numbers-390-ar.png.
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const [value] = args.splice(index, 2).slice(1);
  return value;
};
const base = option("base", `http://localhost:${process.env.E2E_PORT ?? 4317}`);
const out = option("out", "docs/screenshots");
const widths = option("widths", "1440,390").split(",").map(Number);
const languages = option("languages", "en,ar").split(",");
const account = option("account", "admin@amp.test");
const full = args.includes("--full");
const paths = args.filter((arg) => arg.startsWith("/"));
if (paths.length === 0) {
  console.error("usage: node scripts/screenshots.mjs [options] /path ...");
  process.exit(1);
}

let sharp = null;
try {
  sharp = (await import("sharp")).default;
} catch {
  console.warn("sharp is not available: PNGs are written uncompressed");
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
mkdirSync(out, { recursive: true });
try {
  for (const language of languages) {
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await page.goto("/login");
    await page.locator('input[name="email"]').fill(account);
    await page.locator('input[name="password"]').fill("password");
    await page.locator('form#login button[type="submit"]').click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    // After signing in, which applies the account's own language (decision 006).
    await context.addCookies([{ name: "amp-language", value: language, url: base }]);
    for (const width of widths) {
      await page.setViewportSize({ width, height: width < 640 ? 844 : 900 });
      for (const path of paths) {
        await page.goto(path);
        await page.locator("html[data-hydrated]").waitFor();
        // Fonts and the toasts' arrival settle before the picture.
        await page.evaluate(() => document.fonts.ready);
        const png = await page.screenshot({ fullPage: full, animations: "disabled" });
        const slug =
          path
            .replace(/^\//, "")
            .replace(/[^a-z0-9]+/gi, "-")
            .replace(/-$/, "") || "home";
        const name = `${slug}-${width}-${language}.png`;
        const file = join(out, name);
        writeFileSync(file, sharp ? await sharp(png).png({ palette: true, quality: 80, compressionLevel: 9 }).toBuffer() : png);
        console.log(`${file} ${Math.round(statSync(file).size / 1024)} KiB`);
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
}
