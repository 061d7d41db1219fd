// The server the Playwright suite runs against: the production build of both Workers in workerd
// (`vite preview`), on its own local state (.wrangler/e2e-state), migrated and freshly seeded, with the
// local mail catcher (scripts/mail-catcher.mjs) as platform SMTP relay: tests read delivered mail from
// its JSON endpoint (http://localhost:<MAIL_CATCHER_WEB_PORT>/api/messages?to=<address>).
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { ensureLocalEnv, setLocalCarrier, wranglerEnv } from "./local-env.mjs";
import { ensureMailCatcher } from "./mail-catcher.mjs";

const stateDir = ".wrangler/e2e-state";
const env = { ...wranglerEnv, AMP_STATE_DIR: stateDir };
const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

ensureLocalEnv();
rmSync(stateDir, { recursive: true, force: true });
// E2E_SEEDED_STATE (npm test sets it): the migrated and seeded state is made once per test run, by the first e2e
// server, and each later one starts from a copy (migrating and seeding took ~14 s of every start).
const seeded = process.env.E2E_SEEDED_STATE;
if (!seeded || !existsSync(seeded)) {
  run("npm", ["run", "--silent", "db:migrate"]);
  run("npm", ["run", "--silent", "db:seed"]);
  if (seeded) cpSync(stateDir, seeded, { recursive: true });
} else cpSync(seeded, stateDir, { recursive: true });
if (!process.env.E2E_SKIP_BUILD) run("npx", ["react-router", "build"]);
// A build made before ensureLocalEnv (npm test builds first) carries no local settings: give the built Workers
// the same .dev.vars the build copies next to them.
else {
  copyFileSync(".dev.vars", "build/server/.dev.vars");
  copyFileSync("backend/.dev.vars", "dist/amp_backend/.dev.vars");
}

// Local vars of the built Workers for the e2e run only (never in wrangler.toml): the fault suite's switch
// (tests/e2e/faults.spec.ts, docs/architecture.md "Fault injection"), a short upstream timeout so a
// hanging backend is noticed quickly, a sandbox carrier whose port steps take half a second instead of
// wrangler.toml's 20 s, and e-mail retries 1 s apart (three attempts) instead of minutes (lib/mailer.ts).
// Number orders keep their 5 s: the wizard's spec watches "In progress" turn into "Completed", which a
// shorter delay lets the carrier finish before the page is drawn.
const e2eVars = {
  "build/server/.dev.vars": { FAULT_INJECTION: "1", UPSTREAM_TIMEOUT_MS: "4000" },
  "dist/amp_backend/.dev.vars": {
    FAULT_INJECTION: "1",
    SMTP_ALLOW_LOCAL: "1",
    SANDBOX_PORT_STEP_SECONDS: "0.5",
    MAIL_RETRY_DELAYS_SECONDS: "1,1",
    // The sandbox, whatever backend/.dev.vars says, unless E2E_CARRIER=telnyx (below).
    ...(process.env.E2E_CARRIER === "telnyx" ? {} : { CARRIER: "sandbox" }),
  },
};
for (const [file, vars] of Object.entries(e2eVars)) {
  const kept = existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => line && !Object.keys(vars).some((name) => line.startsWith(`${name}=`)))
    : [];
  const lines = [...kept, ...Object.entries(vars).map(([name, value]) => `${name}='${value}'`)];
  writeFileSync(file, `${lines.join("\n")}\n`);
}
const port = process.env.E2E_PORT ?? "4317";
// E2E_CARRIER=telnyx: the backend's Telnyx adapter against the local simulator, whose signed webhooks reach the
// portal's /webhooks/telnyx (tests/e2e/*.telnyx.spec.ts; playwright.config.ts runs only those then).
const telnyx =
  process.env.E2E_CARRIER === "telnyx"
    ? // Loaded only then: the simulator's core is TypeScript (Node 22's type stripping), and the default run must
      // start on any Node this machine has.
      await (await import("./telnyx-sim/server.mjs")).startTelnyxSim({
        port: Number(process.env.TELNYX_SIM_PORT ?? 0),
        webhookUrl: `http://localhost:${port}/webhooks/telnyx`,
        orderDelaySeconds: 3,
        portStepSeconds: 1,
        log: () => {},
      })
    : null;
if (telnyx) {
  setLocalCarrier(
    { CARRIER: "telnyx", TELNYX_BASE_URL: telnyx.url, TELNYX_API_KEY: telnyx.apiKey, TELNYX_PUBLIC_KEY: telnyx.publicKey },
    "dist/amp_backend/.dev.vars",
  );
}
const catcher = await ensureMailCatcher();
const server = spawn("npx", ["vite", "preview", "--port", port, "--strictPort", "--host", "localhost"], { stdio: "inherit", env });
server.on("exit", async (code) => {
  await Promise.all([catcher.close(), telnyx?.close()]);
  process.exit(code ?? 0);
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
