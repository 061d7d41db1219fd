// Generates the Workers' binding and runtime types (`wrangler types`) for the portal and the backend.
// The files are git-ignored: `npm run typecheck` makes them when they are missing or older than their
// wrangler.toml; `npm run cf-typegen` (this script with --force) always regenerates them.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const force = process.argv.includes("--force");
const targets = [
  { config: "wrangler.toml", output: "worker-configuration.d.ts", envInterface: "PortalEnv" },
  { config: "backend/wrangler.toml", output: "backend/worker-configuration.d.ts", envInterface: "BackendEnv" },
];

for (const { config, output, envInterface } of targets) {
  const outputPath = resolve(root, output);
  const fresh = existsSync(outputPath) && statSync(outputPath).mtimeMs >= statSync(resolve(root, config)).mtimeMs;
  if (fresh && !force) continue;
  console.log(`wrangler types → ${output}`);
  const result = spawnSync(
    "npx",
    ["wrangler", "types", `--config=${config}`, "--strict-vars=false", `--env-interface=${envInterface}`, output],
    {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
