// `npm run dev`: one command from a fresh clone to a running AMP — local settings, local D1
// migrated and seeded (KV, D1 and R2 persist under .wrangler/), then the portal and its bundled
// backend in workerd through Vite, and a local mail catcher the backend's platform SMTP relay points at.
// With SANCTUM_URL set (a Laravel backend), the bundled backend's database is left alone and no demo
// accounts are announced: they would not exist upstream. `SANCTUM_URL=… npm run dev` wins over .dev.vars
// (the Worker reads only .dev.vars, so the line there is rewritten, and the start says so); the start
// line always names the backend in use.
// `npm run dev -- --carrier telnyx` runs the bundled backend on the local Telnyx simulator (docs/telnyx.md) instead
// of the sandbox carrier: the simulator starts here and backend/.dev.vars points the backend at it.
import { spawn, spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { chooseBackend, ensureLocalEnv, readDevVars, setLocalCarrier, wranglerEnv } from "./local-env.mjs";
import { ensureMailCatcher } from "./mail-catcher.mjs";
import { startTelnyxSim } from "./telnyx-sim/server.mjs";

const { values: options } = parseArgs({ options: { carrier: { type: "string", default: "sandbox" } } });
if (!["sandbox", "telnyx"].includes(options.carrier)) {
  console.error(`--carrier is sandbox (the default) or telnyx (the local Telnyx simulator), not "${options.carrier}"`);
  process.exit(1);
}

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

ensureLocalEnv();
const { sanctumUrl, messages } = chooseBackend(process.env.SANCTUM_URL);
for (const message of messages) console.log(message);

if (!sanctumUrl) {
  run("npm", ["run", "--silent", "db:migrate"]);
  run("npm", ["run", "--silent", "db:seed"]);
}
const catcher = sanctumUrl ? null : await ensureMailCatcher();

const port = process.env.PORT ?? "5173";
const telnyx =
  options.carrier === "telnyx"
    ? await startTelnyxSim({
        port: Number(process.env.TELNYX_SIM_PORT ?? "8401"),
        webhookUrl: `http://localhost:${port}/webhooks/telnyx`,
        log: () => {},
      })
    : null;
setLocalCarrier(
  telnyx ? { CARRIER: "telnyx", TELNYX_BASE_URL: telnyx.url, TELNYX_API_KEY: telnyx.apiKey, TELNYX_PUBLIC_KEY: telnyx.publicKey } : null,
);
const server = spawn("npx", ["react-router", "dev", "--port", port, "--strictPort", "--host", "localhost"], {
  stdio: ["inherit", "pipe", "inherit"],
  env: wranglerEnv,
});
let announced = false;
server.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  if (!announced && /localhost:\d+/.test(String(chunk))) {
    announced = true;
    // A Laravel backend may be slow or down: its answers are its own; only the bundled one is warmed.
    void (sanctumUrl ? Promise.resolve() : warmUp()).then(announce);
  }
});

/**
 * Vite builds each Worker's dependencies on the first request, which on a busy machine takes longer than
 * the portal's upstream timeout: ask for /login until it answers 200, so the newcomer's first page is served
 * warm (a cold first request would show "service unavailable").
 */
async function warmUp() {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://localhost:${port}/login`, { signal: AbortSignal.timeout(60_000) });
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // Not listening yet, or still optimizing: try again.
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

function announce() {
  console.log(
    sanctumUrl
      ? `\n  AMP is running at http://localhost:${port} against the Laravel Sanctum API at ${sanctumUrl}\n  Sign in with an account of that backend; ${statefulHost()} must be in its SANCTUM_STATEFUL_DOMAINS.\n`
      : `\n  AMP is running at http://localhost:${port} against the bundled backend${telnyx ? ` on the Telnyx simulator (${telnyx.url})` : ""}\n  Sign in as admin@amp.test / password (Super Admin)\n  Other demo accounts: provider@amp.test, support@amp.test, auditor@amp.test, orgadmin@northwind.test (password: password)\n  E-mail goes to the local mail catcher (SMTP 127.0.0.1:${catcher?.smtpPort}); read it at ${catcher?.inboxUrl}\n`,
  );
}
/** The host Laravel sees in Origin: UPSTREAM_ORIGIN's when set, else the portal's own. */
function statefulHost() {
  try {
    const { UPSTREAM_ORIGIN } = readDevVars();
    if (UPSTREAM_ORIGIN) return new URL(UPSTREAM_ORIGIN).host;
  } catch {
    // An invalid UPSTREAM_ORIGIN fails at the first request with its own message.
  }
  return `localhost:${port}`;
}
server.on("exit", async (code) => {
  await catcher?.close();
  await telnyx?.close();
  process.exit(code ?? 0);
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
