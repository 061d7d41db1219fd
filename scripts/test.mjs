// `npm test`: every check the project has, in phases, stopping at the first failure. A phase starts once the phases it
// `needs` have passed, so phases that leave a core idle run side by side on the 2-core CI machine: typecheck (tsc, one
// core) then the build, the Telnyx and the Laravel e2e phases (mostly waiting on the simulated carrier and on server
// start-up), beside lint → unit → backend (Vitest runs one worker on 2 cores); the deploy dry run once the build is
// there; the main e2e phase, which keeps both cores busy on its own, last and alone (docs/ci.md has the measurements).
// The production bundle is built once and reused by the e2e servers (E2E_SKIP_BUILD) and the deploy dry run
// (--skip-build). At the end it prints each phase's wall time, when it started and ended (with `.ci/run`'s install
// time, passed as CI_INSTALL_SECONDS), and every Playwright test that only passed on a retry.
// docs/ci.md has the phase times before and after issue 22; docs/decisions/028 explains the choices.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { wranglerEnv } from "./local-env.mjs";

// Outside test-results/ and playwright-report/: a Playwright run empties those folders, so a later e2e phase would delete an earlier
// phase's report and its flaky tests would go unreported.
const E2E_RESULTS = "test-reports/e2e-results.json";
const E2E_TELNYX_RESULTS = "test-reports/e2e-telnyx-results.json";
const E2E_LARAVEL_RESULTS = "test-reports/e2e-laravel-results.json";
// The e2e servers' migrated and seeded state, made by the first of them in this run (scripts/e2e-server.mjs).
const E2E_SEEDED_STATE = ".wrangler/e2e-seeded";
const RESULTS_OF_PHASE = { e2e: E2E_RESULTS, "e2e-telnyx": E2E_TELNYX_RESULTS, "e2e-laravel": E2E_LARAVEL_RESULTS };

/** @type {Array<{ name: string, command: string, args: string[], needs: string[], env?: Record<string, string>, stream?: boolean }>} */
const allPhases = [
  { name: "node", command: "npm", args: ["run", "--silent", "check:node"], needs: [] },
  { name: "typecheck", command: "npm", args: ["run", "--silent", "typecheck"], needs: ["node"] },
  { name: "lint", command: "npm", args: ["run", "--silent", "lint"], needs: ["node"] },
  { name: "unit", command: "npm", args: ["run", "--silent", "test:unit"], needs: ["lint"] },
  { name: "backend", command: "npm", args: ["run", "--silent", "test:backend"], needs: ["unit"] },
  // After typecheck: `react-router typegen` (in typecheck) and the build both write .react-router/.
  { name: "build", command: "npx", args: ["react-router", "build"], needs: ["typecheck"] },
  // The carrier-neutral screens once more on the Telnyx adapter, against the local Telnyx simulator (issue 24).
  {
    name: "e2e-telnyx",
    command: "npm",
    args: ["run", "--silent", "test:e2e"],
    needs: ["build"],
    env: {
      E2E_SKIP_BUILD: "1",
      E2E_SEEDED_STATE,
      E2E_CARRIER: "telnyx",
      E2E_RESULTS: E2E_TELNYX_RESULTS,
      E2E_OUTPUT_DIR: "test-reports/e2e-telnyx",
    },
  },
  // The portal against the Laravel-shaped fake backend (playwright.laravel.config.ts): eight tests, its own ports and state.
  // After e2e-telnyx, not beside it: on a fresh clone the first e2e server creates .dev.vars (a random SESSION_SECRET)
  // and copies it into build/server/, which the Laravel run's `wrangler dev` reads.
  {
    name: "e2e-laravel",
    command: "npm",
    args: ["run", "--silent", "test:e2e:laravel"],
    needs: ["e2e-telnyx"],
    env: { E2E_SKIP_BUILD: "1", E2E_LARAVEL_RESULTS, E2E_OUTPUT_DIR: "test-reports/e2e-laravel" },
  },
  { name: "deploy", command: "node", args: ["scripts/deploy.mjs", "--dry-run", "--skip-build"], needs: ["build"] },
  // Last and alone: it uses both cores, and its server shares the e2e-telnyx one's state folder and port.
  {
    name: "e2e",
    command: "npm",
    args: ["run", "--silent", "test:e2e"],
    needs: ["backend", "e2e-laravel", "deploy"],
    // Alone, so its output streams as it comes (the others' is printed in one piece when they end).
    stream: true,
    env: { E2E_SKIP_BUILD: "1", E2E_SEEDED_STATE, E2E_RESULTS, E2E_OUTPUT_DIR: "test-reports/e2e" },
  },
];
// `npm test -- lint unit` runs only the named phases (e2e and the dry run then reuse whatever build/ holds).
const only = process.argv.slice(2);
const unknown = only.filter((name) => !allPhases.some((phase) => phase.name === name));
if (unknown.length > 0) {
  console.error(`Unknown phase ${unknown.join(", ")}; phases: ${allPhases.map((phase) => phase.name).join(", ")}`);
  process.exit(1);
}
const phases = only.length > 0 ? allPhases.filter((phase) => only.includes(phase.name)) : allPhases;
const selected = new Set(phases.map((phase) => phase.name));

for (const file of [E2E_RESULTS, E2E_TELNYX_RESULTS, E2E_LARAVEL_RESULTS]) rmSync(file, { force: true });
// Made again from this run's migrations and seed.
rmSync(E2E_SEEDED_STATE, { recursive: true, force: true });
mkdirSync("test-reports/logs", { recursive: true });

const runStarted = performance.now();
const since = () => (performance.now() - runStarted) / 1000;
/** name → { start, end, status } */
const done = new Map();
const running = new Map();
let failed = null;

await new Promise((resolveAll) => {
  const schedule = () => {
    if (!failed) {
      for (const phase of phases) {
        if (done.has(phase.name) || running.has(phase.name)) continue;
        const ready = phase.needs.every((need) => !selected.has(need) || done.get(need)?.status === "ok");
        if (ready) running.set(phase.name, start(phase));
      }
    }
    if (running.size === 0) resolveAll();
  };
  /** Runs a phase; its output goes to test-reports/logs/<phase>.log and, in one piece when it ends, to the console (a
   * `stream` phase's straight to the console). */
  const start = (phase) => {
    const started = since();
    const others = [...running.keys()];
    console.log(
      `\n▶ ${phase.name} (at ${started.toFixed(1)} s${others.length > 0 ? `, beside ${others.join(", ")}` : ""}): ${phase.command} ${phase.args.join(" ")}`,
    );
    const child = spawn(phase.command, phase.args, {
      stdio: phase.stream ? "inherit" : ["ignore", "pipe", "pipe"],
      env: { ...wranglerEnv, ...phase.env },
    });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("close", (code, signal) => {
      const ended = since();
      const status = code === 0 ? "ok" : `FAILED (${code ?? signal})`;
      if (phase.stream) console.log(`\n■ ${phase.name}: ${status}, ${(ended - started).toFixed(1)} s`);
      else {
        const text = Buffer.concat(output).toString();
        writeFileSync(`test-reports/logs/${phase.name}.log`, text);
        console.log(`\n■ ${phase.name}: ${status}, ${(ended - started).toFixed(1)} s (test-reports/logs/${phase.name}.log)\n${text}`);
      }
      running.delete(phase.name);
      done.set(phase.name, { start: started, end: ended, status });
      if (code !== 0 && !failed) failed = phase.name;
      schedule();
    });
    return child;
  };
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      for (const child of running.values()) child.kill(signal);
      process.exit(1);
    });
  }
  schedule();
});
const runSeconds = since();

const rows = [];
const install = Number(process.env.CI_INSTALL_SECONDS);
if (Number.isFinite(install) && install > 0) rows.push({ name: "install", seconds: install, start: null, end: null, status: "ok" });
for (const phase of phases) {
  const result = done.get(phase.name);
  rows.push(
    result
      ? { name: phase.name, seconds: result.end - result.start, start: result.start, end: result.end, status: result.status }
      : { name: phase.name, seconds: null, start: null, end: null, status: "not run" },
  );
}

const flaky = [E2E_RESULTS, E2E_TELNYX_RESULTS, E2E_LARAVEL_RESULTS].flatMap(flakyTests);
// An e2e phase that ran without leaving its report: its retries are unknown, which must not read as "none".
const unreported = rows.filter((row) => row.seconds !== null && RESULTS_OF_PHASE[row.name] && !existsSync(RESULTS_OF_PHASE[row.name]));
// Phases overlap, so the total is the wall clock (install, then the run from its first phase's start to its last one's end),
// not the sum of the phases' own times.
const total = (Number.isFinite(install) && install > 0 ? install : 0) + runSeconds;
const width = Math.max(...rows.map((row) => row.name.length), 5);
const at = (value) => (value === null ? "-" : value.toFixed(1)).padStart(8);
const line = (name, seconds, start, end, status) => `${name.padEnd(width)}  ${seconds.padStart(8)}  ${start}  ${end}  ${status}`;
console.log(`\nPhase times (wall clock, seconds; start and end from the run's start: phases whose spans overlap ran side by side)`);
console.log(line("phase", "seconds", "   start", "     end", "status"));
for (const row of rows)
  console.log(line(row.name, row.seconds === null ? "-" : row.seconds.toFixed(1), at(row.start), at(row.end), row.status));
const summed = rows.reduce((sum, row) => sum + (row.seconds ?? 0), 0);
console.log(
  line(
    "total",
    total.toFixed(1),
    at(null),
    at(null),
    `${failed ? `FAILED in ${failed}` : "ok"} (the phases' own times add up to ${summed.toFixed(1)})`,
  ),
);
console.log(flaky.length === 0 ? "\nFlaky (retried) e2e tests: none" : `\nFlaky (retried) e2e tests: ${flaky.length}`);
for (const title of flaky) console.log(`  - ${title}`);
for (const row of unreported) console.log(`  (${row.name}: no JSON report at ${RESULTS_OF_PHASE[row.name]}, its retries are unknown)`);

mkdirSync("test-results", { recursive: true });
writeFileSync("test-results/phase-times.json", `${JSON.stringify({ rows, total, summed, flaky }, null, 2)}\n`);
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
