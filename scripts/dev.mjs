// `npm run dev`: one command from a fresh clone to a running AMP — local settings, local D1
// migrated and seeded (KV, D1 and R2 persist under .wrangler/), then the portal and its bundled
// backend in workerd through Vite.
import { spawn, spawnSync } from "node:child_process";
import { ensureLocalEnv, wranglerEnv } from "./local-env.mjs";

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

ensureLocalEnv();

run("npm", ["run", "--silent", "db:migrate"]);
run("npm", ["run", "--silent", "db:seed"]);

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
      `\n  AMP is running at http://localhost:${port}\n  Sign in as admin@amp.test / password (Super Admin)\n  Other demo accounts: provider@amp.test, support@amp.test, auditor@amp.test, orgadmin@northwind.test (password: password)\n`,
    );
  }
});
server.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
