// `npm test`: every check the project has, in phases, one after another, stopping at the first failure.
// The production bundle is built once and reused by the e2e server (E2E_SKIP_BUILD) and the deploy dry run
// (--skip-build). At the end it prints each phase's wall time (with `.ci/run`'s install time, passed as
// CI_INSTALL_SECONDS) and every Playwright test that only passed on a retry, so a slow or flaky phase shows.
// docs/ci.md has the phase times before and after issue 22; docs/decisions/028 explains the choices.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { wranglerEnv } from "./local-env.mjs";

// Outside test-results/ and playwright-report/: a Playwright run empties those folders, so a later e2e phase would delete an earlier
// phase's report and its flaky tests would go unreported.
const E2E_RESULTS = "test-reports/e2e-results.json";
const E2E_TELNYX_RESULTS = "test-reports/e2e-telnyx-results.json";
const E2E_LARAVEL_RESULTS = "test-reports/e2e-laravel-results.json";
const RESULTS_OF_PHASE = { e2e: E2E_RESULTS, "e2e-telnyx": E2E_TELNYX_RESULTS, "e2e-laravel": E2E_LARAVEL_RESULTS };

/** @type {Array<{ name: string, command: string, args: string[], env?: Record<string, string> }>} */
const allPhases = [
  { name: "node", command: "npm", args: ["run", "--silent", "check:node"] },
  { name: "typecheck", command: "npm", args: ["run", "--silent", "typecheck"] },
  { name: "lint", command: "npm", args: ["run", "--silent", "lint"] },
  { name: "unit", command: "npm", args: ["run", "--silent", "test:unit"] },
  { name: "backend", command: "npm", args: ["run", "--silent", "test:backend"] },
  { name: "build", command: "npx", args: ["react-router", "build"] },
  {
    name: "e2e",
    command: "npm",
    args: ["run", "--silent", "test:e2e"],
    env: { E2E_SKIP_BUILD: "1", E2E_RESULTS, E2E_OUTPUT_DIR: "test-reports/e2e" },
  },
  // The carrier-neutral screens once more on the Telnyx adapter, against the local Telnyx simulator (issue 24).
  {
    name: "e2e-telnyx",
    command: "npm",
    args: ["run", "--silent", "test:e2e"],
    env: { E2E_SKIP_BUILD: "1", E2E_CARRIER: "telnyx", E2E_RESULTS: E2E_TELNYX_RESULTS, E2E_OUTPUT_DIR: "test-reports/e2e-telnyx" },
  },
  // The portal against the Laravel-shaped fake backend (playwright.laravel.config.ts): seven tests, about a minute.
  {
    name: "e2e-laravel",
    command: "npm",
    args: ["run", "--silent", "test:e2e:laravel"],
    env: { E2E_SKIP_BUILD: "1", E2E_LARAVEL_RESULTS, E2E_OUTPUT_DIR: "test-reports/e2e-laravel" },
  },
  { name: "deploy", command: "node", args: ["scripts/deploy.mjs", "--dry-run", "--skip-build"] },
];
// `npm test -- lint unit` runs only the named phases (e2e and the dry run then reuse whatever build/ holds).
const only = process.argv.slice(2);
const unknown = only.filter((name) => !allPhases.some((phase) => phase.name === name));
if (unknown.length > 0) {
  console.error(`Unknown phase ${unknown.join(", ")}; phases: ${allPhases.map((phase) => phase.name).join(", ")}`);
  process.exit(1);
}
const phases = only.length > 0 ? allPhases.filter((phase) => only.includes(phase.name)) : allPhases;

const rows = [];
const install = Number(process.env.CI_INSTALL_SECONDS);
if (Number.isFinite(install) && install > 0) rows.push({ name: "install", seconds: install, status: "ok" });

for (const file of [E2E_RESULTS, E2E_TELNYX_RESULTS, E2E_LARAVEL_RESULTS]) rmSync(file, { force: true });
let failed = null;
for (const phase of phases) {
  console.log(`\n▶ ${phase.name}: ${phase.command} ${phase.args.join(" ")}`);
  const started = performance.now();
  const result = spawnSync(phase.command, phase.args, { stdio: "inherit", env: { ...wranglerEnv, ...phase.env } });
  const seconds = (performance.now() - started) / 1000;
  const ok = result.status === 0;
  rows.push({ name: phase.name, seconds, status: ok ? "ok" : `FAILED (${result.status ?? result.signal})` });
  if (!ok) {
    failed = phase.name;
    break;
  }
}
for (const phase of phases.slice(rows.filter((row) => row.name !== "install").length)) {
  rows.push({ name: phase.name, seconds: null, status: "not run" });
}

const flaky = [E2E_RESULTS, E2E_TELNYX_RESULTS, E2E_LARAVEL_RESULTS].flatMap(flakyTests);
// An e2e phase that ran without leaving its report: its retries are unknown, which must not read as "none".
const unreported = rows.filter((row) => row.seconds !== null && RESULTS_OF_PHASE[row.name] && !existsSync(RESULTS_OF_PHASE[row.name]));
const total = rows.reduce((sum, row) => sum + (row.seconds ?? 0), 0);
const width = Math.max(...rows.map((row) => row.name.length), 5);
const line = (name, seconds, status) => `${name.padEnd(width)}  ${seconds.padStart(8)}  ${status}`;
console.log(`\nPhase times (wall clock)\n${line("phase", "seconds", "status")}`);
for (const row of rows) console.log(line(row.name, row.seconds === null ? "-" : row.seconds.toFixed(1), row.status));
console.log(line("total", total.toFixed(1), failed ? `FAILED in ${failed}` : "ok"));
console.log(flaky.length === 0 ? "\nFlaky (retried) e2e tests: none" : `\nFlaky (retried) e2e tests: ${flaky.length}`);
for (const title of flaky) console.log(`  - ${title}`);
for (const row of unreported) console.log(`  (${row.name}: no JSON report at ${RESULTS_OF_PHASE[row.name]}, its retries are unknown)`);

mkdirSync("test-results", { recursive: true });
writeFileSync("test-results/phase-times.json", `${JSON.stringify({ rows, total, flaky }, null, 2)}\n`);
process.exit(failed ? 1 : 0);

/** Titles of the tests Playwright's JSON report marks "flaky" (failed, then passed on a retry). */
function flakyTests(file) {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, "utf8"));
  const titles = [];
  const visit = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "flaky") titles.push(`[${test.projectName}] ${[...path, spec.title].join(" › ")} (${spec.file}:${spec.line})`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return titles;
}
