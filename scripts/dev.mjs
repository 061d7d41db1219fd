// `npm run dev`: one command from a fresh clone to a running AMP — local settings, local D1
// migrated and seeded (KV, D1 and R2 persist under .wrangler/), then the portal and its bundled
// backend in workerd through Vite, and a local mail catcher the backend's platform SMTP relay points at.
import { spawn, spawnSync } from "node:child_process";
import { ensureLocalEnv, wranglerEnv } from "./local-env.mjs";
import { ensureMailCatcher } from "./mail-catcher.mjs";

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

ensureLocalEnv();

run("npm", ["run", "--silent", "db:migrate"]);
run("npm", ["run", "--silent", "db:seed"]);
const catcher = await ensureMailCatcher();

const port = process.env.PORT ?? "5173";
const server = spawn("npx", ["react-router", "dev", "--port", port, "--strictPort", "--host", "localhost"], {
  stdio: ["inherit", "pipe", "inherit"],
  env: wranglerEnv,
});
let announced = false;
server.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  if (!announced && /localhost:\d+/.test(String(chunk))) {
    announced = true;
    console.log(
      `\n  AMP is running at http://localhost:${port}\n  Sign in as admin@amp.test / password (Super Admin)\n  Other demo accounts: provider@amp.test, support@amp.test, auditor@amp.test, orgadmin@northwind.test (password: password)\n  E-mail goes to the local mail catcher (SMTP 127.0.0.1:${catcher.smtpPort}); read it at ${catcher.inboxUrl}\n`,
    );
  }
});
server.on("exit", async (code) => {
  await catcher.close();
  process.exit(code ?? 0);
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
