// `npm run deploy`: production (the backend, then the portal), or with `--preview <branch>` the isolated
// preview of a branch — its own Workers, D1, KV, R2 and queue, created on the first deploy. What runs is
// the plan of scripts/deploy/plan.ts (decision 041), read against the account by scripts/deploy/account.ts.
//
//   npm run deploy                              production: migrate D1, deploy the backend, then the portal
//   npm run deploy -- --setup                   the one-time production set-up (creates what is missing)
//   npm run deploy -- --preview <branch>        deploy the preview of a branch
//   npm run deploy -- --teardown <branch>       remove the preview of a deleted branch
//   npm run deploy -- --teardown-orphans        delete preview buckets left by earlier teardowns
//   ... --plan                                  print every command instead of running it
//   ... --state <file.json>                     with --plan: the account state to plan against
//   ... --report <file.json>                    write what was planned and run (the workflows read it)
//   npm run deploy -- --dry-run                 build and let wrangler validate both bundles (npm run test:deploy)
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { readAccount } from "./deploy/account.ts";
import {
  backendDeployConfig,
  checkDatabase,
  DEPLOY_CONFIG,
  EMPTY_ACCOUNT,
  formatPlan,
  GENERATED_CONFIG,
  PRODUCTION,
  planDeploy,
  planOrphanSweep,
  planTeardown,
  portalDeployConfig,
  resourceNames,
  WORK_DIR,
} from "./deploy/plan.ts";
import { wranglerEnv } from "./local-env.mjs";

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
function option(name) {
  const index = args.indexOf(name);
  if (index < 0) return undefined;
  const value = args[index + 1];
  if (!value || value.startsWith("--")) usage(`${name} needs a value.`);
  return value;
}
function usage(message) {
  console.error(`${message}\nUsage: npm run deploy -- [--setup | --preview <branch> | --teardown <branch> | --teardown-orphans] [--plan] [--state <file>] [--report <file>]
       npm run deploy -- --dry-run`);
  process.exit(1);
}

const dryRun = flag("--dry-run");
const planOnly = flag("--plan");
const setup = flag("--setup");
const preview = option("--preview");
const teardown = option("--teardown");
const orphans = flag("--teardown-orphans");
const stateFile = option("--state");
const reportFile = option("--report");
if ([dryRun, setup, Boolean(preview), Boolean(teardown), orphans].filter(Boolean).length > 1) {
  usage("Choose one of --dry-run, --setup, --preview, --teardown, --teardown-orphans.");
}
if (stateFile && !planOnly) usage("--state is for --plan only: a deploy reads the account itself.");

const run = (command, commandArgs) => {
  console.log(`$ ${command} ${commandArgs.join(" ")}`);
  const result = spawnSync(command, commandArgs, { stdio: "inherit", env: wranglerEnv });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (dryRun) {
  dryRunBundles();
} else {
  await deploy();
}

/** Build, then let wrangler bundle and check both Workers without uploading; fail over the size limit. */
function dryRunBundles() {
  if (!flag("--skip-build")) run("npx", ["react-router", "build"]);
  refuseFaultInjection();
  for (const config of Object.values(GENERATED_CONFIG)) {
    run("npx", ["wrangler", "deploy", "--dry-run", "--outdir", `.wrangler/dry-run/${config.split("/")[1]}`, "-c", config]);
  }
  // Workers Paid plan: at most 10 MiB per Worker after compression. The backend carries eSpeak NG and the PDF
  // fonts close to it (docs/backend.md, "Bundle size"): the dry run fails here rather than at a real deploy.
  const WORKER_LIMIT_BYTES = 10 * 1024 * 1024;
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

/** The e2e fault switch must never reach a deployed Worker (docs/architecture.md, "Fault injection"). */
function refuseFaultInjection() {
  for (const config of Object.values(GENERATED_CONFIG)) {
    if ("FAULT_INJECTION" in (JSON.parse(readFileSync(config, "utf8")).vars ?? {})) {
      console.error(`${config} sets FAULT_INJECTION: refusing to deploy a Worker with the e2e fault switch.`);
      process.exit(1);
    }
  }
}

/** The account state: a `--state` file, the account itself, or (plan only, account unreachable) an assumption. */
async function accountState(workers) {
  if (stateFile) return { ...EMPTY_ACCOUNT, ...JSON.parse(readFileSync(stateFile, "utf8")) };
  try {
    return await readAccount(workers);
  } catch (error) {
    if (!planOnly) throw error;
    console.log(`# The Cloudflare account could not be read (${String(error.message).split("\n")[0]}).`);
    if (setup) {
      console.log("# Planning the set-up of an empty account; `--state <file>` plans against a given state.\n");
      return EMPTY_ACCOUNT;
    }
    console.log("# Planning as if production were set up and no preview existed; `--state <file>` plans against a given state.\n");
    const id = (what) => `<id of ${what} in the account>`;
    return {
      ...EMPTY_ACCOUNT,
      d1: [{ name: PRODUCTION.database, uuid: id(`D1 ${PRODUCTION.database}`) }],
      kv: [{ title: PRODUCTION.kv, id: id(`KV ${PRODUCTION.kv}`) }],
      r2: [PRODUCTION.bucket],
      queues: Object.values(PRODUCTION.queues),
      workers: [PRODUCTION.backend, PRODUCTION.portal],
    };
  }
}

async function deploy() {
  const target = preview || teardown ? { kind: "preview", branch: preview ?? teardown } : { kind: "production" };
  const names = orphans ? null : resourceNames(target);
  const report = { target, names, planned: [], ran: [], url: undefined, ok: false };
  try {
    let state = await accountState(names ? [names.backend, names.portal] : []);
    if (orphans) {
      const steps = planOrphanSweep(state);
      report.planned = steps;
      console.log(
        steps.length === 0 ? "# No orphaned preview bucket." : formatPlan({ target, names: PRODUCTION, creates: [], steps, notes: [] }),
      );
      if (!planOnly) for (const step of steps) runStep(step, target, state, report);
      report.ok = true;
      return;
    }
    let plan = teardown ? planTeardown(teardown, state) : planDeploy(target, state, { setup });
    report.planned = plan.steps;
    report.url = plan.url;
    console.log(`${formatPlan(plan)}\n`);
    if (planOnly) {
      report.ok = true;
      return;
    }
    if (!teardown) {
      if (!flag("--skip-build")) run("npx", ["react-router", "build"]);
      refuseFaultInjection();
    }
    // Create what is missing, then plan again against the account: the configs need the new ids.
    // (The create steps come first, one per missing resource.)
    if (plan.creates.length > 0) {
      for (const step of plan.steps.slice(0, plan.creates.length)) runStep(step, target, state, report);
      state = await readAccount([plan.names.backend, plan.names.portal]);
      plan = planDeploy(target, state, { setup });
      if (plan.creates.length > 0) throw new Error(`Still missing after creating them: ${plan.creates.join(", ")}.`);
    }
    for (const step of plan.steps) runStep(step, target, state, report);
    report.url = plan.url ?? report.url;
    report.ok = true;
    if (teardown) console.log(`Removed the preview of ${teardown}.`);
    else if (target.kind === "preview") console.log(`Preview of ${preview}: ${report.url ?? plan.names.portal}`);
    else console.log("Deployed. If the new version misbehaves: npx wrangler rollback --name amp (README, Deployment).");
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    rmSync(WORK_DIR, { recursive: true, force: true });
    if (reportFile) {
      mkdirSync(dirname(reportFile), { recursive: true });
      writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
    }
  }
}

function runStep(step, target, state, report) {
  console.log(`→ ${step.summary}`);
  switch (step.kind) {
    case "wrangler": {
      console.log(`$ npx wrangler ${step.args.join(" ")}`);
      // No terminal on stdin: wrangler asks nothing (the plan was printed) and takes its non-interactive defaults.
      const result = spawnSync("npx", ["wrangler", ...step.args], {
        stdio: ["ignore", "pipe", "inherit"],
        env: wranglerEnv,
        encoding: "utf8",
      });
      process.stdout.write(result.stdout ?? "");
      const url = result.stdout?.match(/https:\/\/\S+\.workers\.dev/)?.[0];
      if (url && step.args[0] === "deploy" && step.args.includes(DEPLOY_CONFIG.portal)) {
        report.url = url;
      }
      if (result.status !== 0) {
        if (!step.mayFail) throw new Error(`Stopped: "${step.summary}" failed. Nothing after it ran.`);
        console.log(`(not done: ${step.mayFail})`);
      }
      report.ran.push({ summary: step.summary, ok: result.status === 0 });
      return;
    }
    case "node": {
      console.log(`$ node ${step.args.join(" ")}`);
      const result = spawnSync(process.execPath, step.args, { stdio: "inherit", env: wranglerEnv });
      if (result.status !== 0) throw new Error(`Stopped: "${step.summary}" failed.`);
      break;
    }
    case "write-config": {
      const generated = JSON.parse(readFileSync(GENERATED_CONFIG[step.worker], "utf8"));
      const config =
        step.worker === "backend" ? backendDeployConfig(generated, target, state) : portalDeployConfig(generated, target, state);
      writeFileSync(step.path, `${JSON.stringify(config, null, 2)}\n`);
      break;
    }
    case "check-database":
      checkDatabase(JSON.parse(readFileSync(step.path, "utf8")), target, state);
      break;
    case "secrets-file": {
      mkdirSync(dirname(step.path), { recursive: true });
      const secrets = Object.fromEntries(step.names.map((name) => [name, randomBytes(32).toString("hex")]));
      writeFileSync(step.path, JSON.stringify(secrets), { mode: 0o600 });
      break;
    }
  }
  report.ran.push({ summary: step.summary, ok: true });
}
