// `npm run deploy`: build both Workers and deploy each with its own generated config — the backend
// first (the portal's service binding points at it), then the portal. `--dry-run` (used by the
// tests) builds and lets wrangler validate both bundles without uploading.
// Previews per branch: `npm run deploy -- --preview <branch>` uploads versions with a preview alias.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { wranglerEnv } from "./local-env.mjs";

const args = process.argv.slice(2);
const dryRun = args.includes("--dry-run");
const previewIndex = args.indexOf("--preview");
const preview = previewIndex >= 0 ? args[previewIndex + 1] : null;
if (previewIndex >= 0 && !preview) {
  console.error("Usage: npm run deploy -- --preview <branch-name>");
  process.exit(1);
}

const run = (command, commandArgs) => {
  console.log(`$ ${command} ${commandArgs.join(" ")}`);
  const result = spawnSync(command, commandArgs, { stdio: "inherit", env: wranglerEnv });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!args.includes("--skip-build")) run("npx", ["react-router", "build"]);

// The e2e fault switch must never reach a deployed Worker (docs/architecture.md, "Fault injection").
for (const config of ["dist/amp_backend/wrangler.json", "build/server/wrangler.json"]) {
  if ("FAULT_INJECTION" in (JSON.parse(readFileSync(config, "utf8")).vars ?? {})) {
    console.error(`${config} sets FAULT_INJECTION: refusing to deploy a Worker with the e2e fault switch.`);
    process.exit(1);
  }
}

const alias = preview
  ?.toLowerCase()
  .replace(/[^a-z0-9-]/g, "-")
  .slice(0, 40);
for (const config of ["dist/amp_backend/wrangler.json", "build/server/wrangler.json"]) {
  if (dryRun) run("npx", ["wrangler", "deploy", "--dry-run", "--outdir", `.wrangler/dry-run/${config.split("/")[1]}`, "-c", config]);
  else if (alias) run("npx", ["wrangler", "versions", "upload", "--preview-alias", alias, "-c", config]);
  else run("npx", ["wrangler", "deploy", "-c", config]);
}
if (!dryRun && !alias) {
  console.log("Deployed. Apply D1 migrations to production with: npx wrangler d1 migrations apply DB --remote -c backend/wrangler.toml");
}
