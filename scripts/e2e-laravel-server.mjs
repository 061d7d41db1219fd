// The server of the e2e project "laravel" (playwright.laravel.config.ts): the production build of the portal
// Worker in workerd (`wrangler dev` on build/server), pointed by SANCTUM_URL at the Laravel-shaped fake
// (scripts/laravel-fake/server.mjs) instead of the bundled backend. No database, no mail: the portal keeps
// only its KV sessions (.wrangler/e2e-laravel). Builds first unless E2E_SKIP_BUILD is set (npm test builds once).
//   E2E_LARAVEL_PORT (4327): the portal; LARAVEL_FAKE_PORT (4328): the fake.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { createLaravelFake } from "./laravel-fake/server.mjs";
import { ensureLocalEnv, wranglerEnv } from "./local-env.mjs";

const portalPort = process.env.E2E_LARAVEL_PORT ?? "4327";
const fakePort = Number(process.env.LARAVEL_FAKE_PORT ?? 4328);
const stateDir = ".wrangler/e2e-laravel";

ensureLocalEnv();
if (!process.env.E2E_SKIP_BUILD || !existsSync("build/server/index.js")) {
  const built = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", env: wranglerEnv });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// `throttle:api` as Laravel ships it would throttle one user clicking through the suite's parallel tests:
// README's advice for a portal's traffic (300 a minute) is what the fake's operator would set.
const fake = createLaravelFake({ statefulDomains: [`localhost:${portalPort}`], apiPerMinute: 300 });
await fake.listen(fakePort);

rmSync(stateDir, { recursive: true, force: true });
mkdirSync(stateDir, { recursive: true });
// wrangler reads the portal's own local settings (its SESSION_SECRET) from .dev.vars next to wrangler.toml;
// `--var` wins over them: the upstream is the fake, not the bundled backend .dev.vars names.
const vars = { SANCTUM_URL: `http://127.0.0.1:${fakePort}`, UPSTREAM_ORIGIN: "", UPSTREAM_TIMEOUT_MS: "4000" };

const server = spawn(
  "npx",
  [
    "wrangler",
    "dev",
    "-c",
    "build/server/wrangler.json",
    ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    "--port",
    portalPort,
    "--ip",
    "localhost",
    "--persist-to",
    `${stateDir}/state`,
    "--show-interactive-dev-session=false",
  ],
  // Its own dev registry: the bundled backend of another local run must not answer the BACKEND binding.
  { stdio: "inherit", env: { ...wranglerEnv, WRANGLER_REGISTRY_PATH: `${stateDir}/registry` } },
);
server.on("exit", async (code) => {
  await fake.close();
  process.exit(code ?? 0);
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
