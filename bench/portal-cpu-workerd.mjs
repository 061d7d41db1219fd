// The portal's own CPU per request in workerd (issue 27, decisions 060 and 070): each built portal Worker runs in a
// bare `workerd serve`, the runtime Cloudflare runs, without `wrangler dev` (its middleware, its dev proxy and the
// inspector it keeps attached cost 2.5 ms a request and made the pages' own work read about twice what it is). The
// portal's BACKEND service binding leads to a second Worker in the same process that answers from a tape recorded by
// `portal-cpu.mjs record`; its SESSIONS namespace is a Map that a small entry module puts into `env` (KV is a network
// read in production: waiting, not CPU). The process's CPU is then the portal's code, the tape Worker's few lines and
// workerd's HTTP handling. The builds take turns round after round; compare them, not runs.
//
//   node bench/portal-cpu.mjs record <build> http://localhost:5482 /tmp/tape.json '!/login' /dashboard /users
//   node bench/portal-cpu-workerd.mjs <buildA>,<buildB> /tmp/tape.json 20 '!/login' /dashboard /users
//
// A URL starting with `!` is asked signed out; the others with the tape's session cookie (its record is in the tape,
// signed with the SESSION_SECRET of the build's server/.dev.vars: record and replay with the same .dev.vars).
// Prints, per URL and build, the CPU per request of the workerd process (every thread's time on a CPU, from /proc)
// as "median (min)" of ROUNDS (default 10) rounds of <n> requests; with REPORT=<file>, also writes them there as
// JSON ({ loadAverage, floor?, pages: [{ url, builds: [{ medianMs, minMs }] }] }, what `npm run bench -- --only ssr`
// reads). With FLOOR=1, the first "page" is the floor: a GET of a webhook path, which the portal Worker refuses (405)
// before React Router, sessions or any render; what any request costs here whatever the portal does.
// With PROFILE=<dir>, workerd also listens for an inspector, and after each page's rounds the bench takes a V8 sampling
// profile of the portal's isolate over 200 more requests per build (`<dir>/<page>-<build index>.cpuprofile`, shares
// only: the inspector slows the isolate) and prints its top functions by self time. The CPU figures of a run with
// PROFILE are not comparable with the others' (and it needs a Node with WebSocket: the project's, node_modules/.bin/node).
// Each page is first asked WARM_UP (default 600) times per build; then the pages take turns round by round, and within
// a page the builds do. VERBOSE=1 prints every round's figure.
// Ports: PORT (default 5520) upwards, one per build (and PORT + 100 upwards for the inspectors).
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { parseEnv } from "node:util";
import workerd from "workerd";
import { cpuProfile } from "./inspector.mjs";
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
const WARM_UP = Number(process.env.WARM_UP || 600);
const firstPort = Number(process.env.PORT || 5520);
const tape = JSON.parse(readFileSync(tapeFile, "utf8"));
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const work = mkdtempSync(join(tmpdir(), "amp-portal-cpu-"));

/** The recorded backend: answers by method, path and query; bodies decoded once. */
const TAPE_WORKER = `import saved from "./tape.json";
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
`;

/** The portal Worker as built, with its SESSIONS namespace (seeded with the tape's session) kept in a Map. */
const PORTAL_ENTRY = `import portal from "./index.js";
import sessions from "./bench-sessions.json";
const stored = new Map(sessions);
const SESSIONS = {
  async get(key, type) {
    const value = stored.get(key);
    return value == null ? null : type === "json" ? JSON.parse(value) : value;
  },
  async put(key, value) {
    stored.set(key, value);
  },
  async delete(key) {
    stored.delete(key);
  },
};
export default { fetch: (request, env, ctx) => portal.fetch(request, { ...env, SESSIONS }, ctx) };
`;

function jsFiles(dir, root = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return jsFiles(path, root);
    return path.endsWith(".js") ? [relative(root, path)] : [];
  });
}

/** A folder with a copy of the build's server Worker, the tape Worker and the workerd configuration serving both. */
function prepare(build, index) {
  const dir = join(work, `build-${index}`);
  cpSync(join(build, "server"), join(dir, "portal"), { recursive: true });
  writeFileSync(join(dir, "portal/bench-entry.js"), PORTAL_ENTRY);
  writeFileSync(join(dir, "portal/bench-sessions.json"), JSON.stringify(tape.kv));
  writeFileSync(join(dir, "tape.js"), TAPE_WORKER);
  writeFileSync(join(dir, "tape.json"), JSON.stringify({ tape: tape.tape }));
  const wrangler = JSON.parse(readFileSync(join(build, "server/wrangler.json"), "utf8"));
  const text = (name, value) => `(name = ${JSON.stringify(name)}, text = ${JSON.stringify(String(value))})`;
  const vars = { ...wrangler.vars, ...parseEnv(readFileSync(join(build, "server/.dev.vars"), "utf8")) };
  const modules = ["bench-entry.js", ...jsFiles(join(dir, "portal")).filter((file) => file !== "bench-entry.js")].map(
    (file) => `(name = ${JSON.stringify(file)}, esModule = embed ${JSON.stringify(`portal/${file}`)})`,
  );
  const backend = wrangler.services.find((service) => service.binding === "BACKEND").binding;
  const port = firstPort + index;
  writeFileSync(
    join(dir, "bench.capnp"),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "portal", worker = .portal), (name = "tape", worker = .tape)],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "portal")],
);
const portal :Workerd.Worker = (
  modules = [${modules.join(",\n    ")},
    (name = "bench-sessions.json", json = embed "portal/bench-sessions.json")],
  compatibilityDate = ${JSON.stringify(wrangler.compatibility_date)},
  bindings = [${Object.entries(vars)
    .map(([name, value]) => text(name, value))
    .join(", ")}, (name = ${JSON.stringify(backend)}, service = "tape")],
);
const tape :Workerd.Worker = (
  modules = [(name = "tape.js", esModule = embed "tape.js"), (name = "tape.json", json = embed "tape.json")],
  compatibilityDate = ${JSON.stringify(wrangler.compatibility_date)},
);
`,
  );
  return { dir, base: `http://127.0.0.1:${port}` };
}

const profileDir = process.env.PROFILE ? resolve(process.env.PROFILE) : null;
const servers = builds.map((build, index) => {
  const { dir, base } = prepare(build, index);
  const inspector = profileDir ? `127.0.0.1:${firstPort + 100 + index}` : null;
  const options = inspector ? [`--inspector-addr=${inspector}`] : [];
  const child = spawn(workerd.default, ["serve", "bench.capnp", ...options], { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  const server = { dir: build, child, base, inspector: inspector && `http://${inspector}`, errors: "" };
  child.stderr.on("data", (chunk) => {
    server.errors += chunk;
  });
  return server;
});

try {
  for (const server of servers) {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(`${server.base}/login`);
        await response.arrayBuffer();
        if (response.ok) break;
      } catch {}
      if (attempt > 120) throw new Error(`${server.dir}: workerd did not answer\n${server.errors}`);
      await sleep(500);
    }
  }
  const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  const report = { loadAverage: [loadAverage()], pages: [] };
  console.log(`load average ${report.loadAverage[0]}`);
  const askers = urls.map((url) => {
    const signedOut = url.startsWith("!");
    const path = signedOut ? url.slice(1) : url;
    const ask = async (server) => {
      const response = await fetch(`${server.base}${path}`, { headers: signedOut ? {} : { Cookie: tape.cookie }, redirect: "manual" });
      await response.arrayBuffer();
      const expected = url === FLOOR_URL ? 405 : 200;
      if (response.status !== expected) throw new Error(`${server.dir} ${path}: HTTP ${response.status}\n${server.errors}`);
    };
    return { url, path, ask, perBuild: servers.map(() => []) };
  });
  // Warm-up: V8 keeps optimising a page's code over its first several hundred requests (a round of 40 after 30 read
  // twice what it reads after 300); a production isolate serves thousands.
  for (const { ask } of askers) for (const server of servers) for (let i = 0; i < WARM_UP; i++) await ask(server);
  // The pages take turns round by round, as the builds do within a page: a minute of interference from the host (this
  // machine has them: one page's rounds read 3.6 or 5.4 ms from one run to the next when each page had its rounds in
  // a row) then weighs on every page and build alike instead of on whichever page was being read.
  for (let round = 0; round < rounds; round++) {
    for (let step = 0; step < askers.length; step++) {
      const { ask, perBuild } = askers[(step + round) % askers.length];
      for (let turn = 0; turn < servers.length; turn++) {
        const index = (turn + round) % servers.length;
        const before = cpuMs(servers[index].child.pid);
        for (let i = 0; i < n; i++) await ask(servers[index]);
        perBuild[index].push((cpuMs(servers[index].child.pid) - before) / n);
      }
    }
  }
  for (const { url, path, ask, perBuild } of askers) {
    if (process.env.VERBOSE) console.log(perBuild.map((values) => values.map((v) => v.toFixed(1)).join(" ")).join("\n"));
    const figures = perBuild.map((values) => {
      const sorted = [...values].sort((a, b) => a - b);
      return { medianMs: sorted[sorted.length >> 1], minMs: sorted[0] };
    });
    if (profileDir) {
      for (const [index, server] of servers.entries()) {
        const saveTo = join(profileDir, `${path.replace(/\W+/g, "_")}-${index}.cpuprofile`);
        const profile = await cpuProfile(
          server.inspector,
          "portal",
          async () => {
            for (let i = 0; i < 200; i++) await ask(server);
          },
          { top: 8, intervalUs: 100, saveTo, target: "portal" },
        );
        console.log(`  profile of build ${index}: ${saveTo}`);
        for (const { frame, share } of profile.top) console.log(`    ${(100 * share).toFixed(1).padStart(5)} %  ${frame}`);
      }
    }
    if (url === FLOOR_URL) report.floor = figures;
    else report.pages.push({ url, builds: figures });
    console.log(url.padEnd(28), figures.map((figure) => `${figure.medianMs.toFixed(2)} (${figure.minMs.toFixed(2)})`).join(" vs "));
  }
  report.loadAverage.push(loadAverage());
  console.log(`load average ${report.loadAverage[1]}`);
  if (process.env.REPORT) writeFileSync(process.env.REPORT, JSON.stringify(report));
} finally {
  for (const server of servers) server.child.kill("SIGTERM");
  await sleep(500);
  rmSync(work, { recursive: true, force: true });
}
process.exit(0);
