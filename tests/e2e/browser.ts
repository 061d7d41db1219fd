import { existsSync } from "node:fs";
import type { LaunchOptions } from "@playwright/test";

/**
 * The browser of both Playwright configs (playwright.config.ts, playwright.laravel.config.ts): Debian's Chromium build
 * without the browser UI, `chromium-headless-shell` (the "old headless" Playwright itself runs headless tests in;
 * `.ci/run` installs it). The same Chromium release as the `chromium` package, at about half the CPU per test
 * (docs/ci.md, decision 055). Without it, Debian's full Chromium in `--headless` mode; `CHROMIUM_PATH` picks another.
 * Playwright's own browser download is not reachable here.
 */
export const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
export const FULL_CHROMIUM = "/usr/bin/chromium";

export const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);

// Said once, by the runner (its workers load the config again): a run on the full browser costs about twice the CPU.
if (chromiumPath === FULL_CHROMIUM && !process.env.CHROMIUM_PATH && process.env.TEST_WORKER_INDEX === undefined) {
  console.warn(`${HEADLESS_SHELL} is missing (apt-get install chromium-headless-shell): the e2e run uses ${FULL_CHROMIUM}.`);
}

export const launchOptions: LaunchOptions = {
  executablePath: chromiumPath,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    // The shell hints glyphs fully by default, which rounds their advances: "Client success center" measured 156 px
    // instead of the full browser's 149 and the menu-label spec saw it cut off. Without hinting it lays text out to
    // the pixel as the full browser does (docs/ci.md).
    ...(chromiumPath === FULL_CHROMIUM ? [] : ["--font-render-hinting=none"]),
  ],
};
