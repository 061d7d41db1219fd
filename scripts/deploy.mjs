// `npm run deploy`: build both Workers and deploy each with its own generated config — the backend
// first (the portal's service binding points at it), then the portal. `--dry-run` (used by the
// tests) builds and lets wrangler validate both bundles without uploading.
// Previews per branch: `npm run deploy -- --preview <branch>` uploads versions with a preview alias.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
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
// Workers Paid plan: at most 10 MiB per Worker after compression. The backend carries eSpeak NG and the PDF
// fonts close to it (docs/backend.md, "Bundle size"): the dry run fails here rather than at a real deploy.
const WORKER_LIMIT_BYTES = 10 * 1024 * 1024;
if (dryRun) {
  for (const name of ["amp_backend", "server"]) {
    const gzipped = filesBelow(`.wrangler/dry-run/${name}`)
      .filter((file) => !file.endsWith(".md") && !file.endsWith(".map"))
      .reduce((total, file) => total + gzipSync(readFileSync(file)).length, 0);
    const share = ((gzipped / WORKER_LIMIT_BYTES) * 100).toFixed(1);
    console.log(`${name}: ${(gzipped / 1024).toFixed(0)} KiB gzipped, ${share} % of the 10 MiB Worker limit`);
    if (gzipped > WORKER_LIMIT_BYTES) {
      console.error(`${name} is over the Workers size limit: it would not deploy.`);
      process.exit(1);
    }
  }
}

function filesBelow(directory) {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    return statSync(path).isDirectory() ? filesBelow(path) : [path];
  });
}

if (!dryRun && !alias) {
  console.log("Deployed. Apply D1 migrations to production with: npx wrangler d1 migrations apply DB --remote -c backend/wrangler.toml");
}
