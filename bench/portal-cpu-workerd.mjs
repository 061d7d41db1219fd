// The portal's own CPU per request in workerd (issue 27, decision 060): like bench/portal-cpu.mjs, but the built
// portal Workers run where they run in production. Each build gets its own `wrangler dev` in which the backend is a
// Worker serving a tape recorded by `portal-cpu.mjs record` (answers kept in memory), so that the process's CPU is
// the portal's (plus workerd's HTTP handling, local KV and `wrangler dev`'s middleware, the same for every build).
// The builds take turns round after round; compare them, not runs.
//
//   node bench/portal-cpu.mjs record <build> http://localhost:5482 /tmp/tape.json '!/login' /dashboard /users
//   node bench/portal-cpu-workerd.mjs <buildA>,<buildB> /tmp/tape.json 20 '!/login' /dashboard /users
//
// Prints, per URL and build, the CPU per request of the workerd process that runs the Workers (every thread's time on
// a CPU, from /proc) as "median (min)" of ROUNDS (default 10) rounds of <n> requests; with REPORT=<file>, also writes them there as
// JSON ({ loadAverage, pages: [{ url, builds: [{ medianMs, minMs }] }] }, what `npm run bench -- --only ssr` reads).
// With FLOOR=1, the first "page" is the floor: a GET of a webhook path, which the portal Worker refuses (405) before
// React Router, sessions or any render; what a request costs here whatever the portal does (workerd's HTTP handling,
// the static-assets router, `wrangler dev`'s middleware). It is reported as `floor` beside the pages.
// Ports: PORT (default 5520) upwards, 10 per build. Run from the repository's root (a build's server/.dev.vars holds the SESSION_SECRET the tape's session
// cookie was signed with: record and replay with the same .dev.vars).
import { execSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { processCpuMs as cpuMs } from "./process-cpu.mjs";

const [buildList, tapeFile, nArg, ...pageUrls] = process.argv.slice(2);
const FLOOR_URL = "!/webhooks/bench-floor";
const urls = process.env.FLOOR ? [FLOOR_URL, ...pageUrls] : pageUrls;
if (!buildList || !tapeFile || !nArg || pageUrls.length === 0) {
  console.error("usage: node bench/portal-cpu-workerd.mjs <build>[,<build>…] <tape.json> <n> <url>…");
  process.exit(2);
}
const builds = buildList.split(",").map((dir) => resolve(dir));
const n = Number(nArg);
const rounds = Number(process.env.ROUNDS || 10);
const firstPort = Number(process.env.PORT || 5520);
const tape = JSON.parse(readFileSync(tapeFile, "utf8"));
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

// The recorded backend: a Worker named as the portal's service binding expects.
const work = mkdtempSync(join(tmpdir(), "amp-portal-cpu-"));
writeFileSync(join(work, "tape.json"), JSON.stringify(tape));
writeFileSync(
  join(work, "index.mjs"),
  `import saved from "./tape.json";
const bodies = new Map();
function bytes(key, hit) {
  let body = bodies.get(key);
  if (!body) {
    const binary = atob(hit.body);
    body = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) body[i] = binary.charCodeAt(i);
    bodies.set(key, body);
  }
  return body;
}
export default {
  async fetch(request) {
    const url = new URL(request.url);
    const key = request.method + " " + url.pathname + url.search;
    if (request.body) await request.arrayBuffer();
    const hit = saved.tape[key];
    if (!hit) return new Response("{}", { status: 404, headers: { "content-type": "application/json" } });
    return new Response(hit.status === 204 || hit.status === 304 ? null : bytes(key, hit), { status: hit.status, headers: hit.headers });
  },
};
`,
);
const portalConfig = JSON.parse(readFileSync(join(builds[0], "server/wrangler.json"), "utf8"));
writeFileSync(
  join(work, "wrangler.json"),
  JSON.stringify({
    name: portalConfig.services.find((service) => service.binding === "BACKEND").service,
    main: "index.mjs",
    compatibility_date: portalConfig.compatibility_date,
  }),
);

function descendants(pid) {
  const children = execSync(`pgrep -P ${pid} || true`).toString().split(/\s+/).filter(Boolean).map(Number);
  return children.flatMap((child) => [child, ...descendants(child)]);
}

const servers = builds.map((dir, index) => {
  const port = firstPort + 10 * index;
  const child = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      ...["-c", join(dir, "server/wrangler.json"), "-c", join(work, "wrangler.json")],
      ...["--persist-to", join(work, `state-${index}`), "--port", String(port), "--inspector-port", String(port + 4), "--ip", "localhost"],
    ],
    { stdio: "ignore", detached: true },
  );
  return { dir, child, base: `http://localhost:${port}` };
});

try {
  for (const server of servers) {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(`${server.base}/login`);
        await response.arrayBuffer();
        if (response.ok) break;
      } catch {}
      if (attempt > 180) throw new Error(`${server.dir}: wrangler dev did not answer`);
      await sleep(1000);
    }
    const signIn = await fetch(`${server.base}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base },
      body: "email=admin%40amp.test&password=password",
    });
    await signIn.arrayBuffer();
    server.cookie = signIn.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    if (!server.cookie.includes("session")) throw new Error(`${server.dir}: sign-in against the tape failed (${signIn.status})`);
    // The process that runs the Workers is the workerd with an inspector (the other one is wrangler's proxy).
    const workerd = descendants(server.child.pid).filter((pid) => {
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, "utf8");
        return command.includes("workerd") && command.includes("inspector-addr");
      } catch {
        return false;
      }
    });
    if (workerd.length !== 1) throw new Error(`${server.dir}: expected one workerd running the Workers, found ${workerd.length}`);
    server.workerd = workerd[0];
  }
  const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  const report = { loadAverage: [loadAverage()], pages: [] };
  console.log(`load average ${report.loadAverage[0]}`);
  for (const url of urls) {
    const signedOut = url.startsWith("!");
    const path = signedOut ? url.slice(1) : url;
    const ask = async (server) => {
      const response = await fetch(`${server.base}${path}`, { headers: signedOut ? {} : { Cookie: server.cookie }, redirect: "manual" });
      await response.arrayBuffer();
      const expected = url === FLOOR_URL ? 405 : 200;
      if (response.status !== expected) throw new Error(`${server.dir} ${path}: HTTP ${response.status}`);
    };
    // Warm-up: enough requests for V8 to optimise the render's code in each build.
    for (const server of servers) for (let i = 0; i < 30; i++) await ask(server);
    const perBuild = servers.map(() => []);
    for (let round = 0; round < rounds; round++) {
      for (let turn = 0; turn < servers.length; turn++) {
        const index = (turn + round) % servers.length;
        const before = cpuMs(servers[index].workerd);
        for (let i = 0; i < n; i++) await ask(servers[index]);
        perBuild[index].push((cpuMs(servers[index].workerd) - before) / n);
      }
    }
    const figures = perBuild.map((values) => {
      const sorted = [...values].sort((a, b) => a - b);
      return { medianMs: sorted[sorted.length >> 1], minMs: sorted[0] };
    });
    if (url === FLOOR_URL) report.floor = figures;
    else report.pages.push({ url, builds: figures });
    console.log(url.padEnd(28), figures.map((figure) => `${figure.medianMs.toFixed(1)} (${figure.minMs.toFixed(1)})`).join(" vs "));
  }
  report.loadAverage.push(loadAverage());
  console.log(`load average ${report.loadAverage[1]}`);
  if (process.env.REPORT) writeFileSync(process.env.REPORT, JSON.stringify(report));
} finally {
  for (const server of servers) {
    try {
      process.kill(-server.child.pid, "SIGTERM");
    } catch {}
  }
  await sleep(1000);
  rmSync(work, { recursive: true, force: true });
}
process.exit(0);
