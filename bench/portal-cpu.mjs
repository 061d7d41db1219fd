// The portal's own CPU per request, without the backend, local D1/KV or any I/O in the figure (issue 27,
// decision 054): built portal Workers (`<build>/server/index.js`) run in Node against the backend's answers,
// recorded once from a running backend and replayed. Several builds load into one process and take turns
// round after round, so a busy machine weighs on each alike; compare the builds' figures, not runs.
//
//   # a backend to record from (the bench's small state, a copy: sign-in writes to it)
//   cp -r .wrangler/bench-small /tmp/amp-cpu-state
//   npx wrangler dev -c <build>/amp_backend/wrangler.json --persist-to /tmp/amp-cpu-state --port 5482
//   node bench/portal-cpu.mjs record <build> http://localhost:5482 /tmp/tape.json '!/login' /dashboard /users
//   node bench/portal-cpu.mjs replay <buildA>,<buildB> /tmp/tape.json 20 '!/login' /dashboard /users
//
// A URL starting with `!` is asked signed out. Prints, per URL and build, the CPU per request (user + system of
// this process, garbage collection included) as "min/median" of ROUNDS (default 10) rounds of <n> requests.
// Run with the project's Node (npm run / node_modules/.bin/node), from the repository's root (reads .dev.vars).
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

const [mode, buildDir, ...rest] = process.argv.slice(2);
const secret = readFileSync(".dev.vars", "utf8")
  .match(/^SESSION_SECRET=(.*)$/m)[1]
  .trim();
const kvData = new Map();
const SESSIONS = {
  async get(key, type) {
    const v = kvData.get(key);
    if (v == null) return null;
    return type === "json" ? JSON.parse(v) : v;
  },
  async put(key, value) {
    kvData.set(key, typeof value === "string" ? value : JSON.stringify(value));
  },
  async delete(key) {
    kvData.delete(key);
  },
  async getWithMetadata(key, type) {
    return { value: await this.get(key, type), metadata: null };
  },
};
let tape = {};
let backendBase = null;
const keyOf = async (request) => `${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`;
const BACKEND = {
  async fetch(input, init) {
    const request = new Request(input, init);
    const key = await keyOf(request);
    if (mode === "record") {
      const url = new URL(request.url);
      const target = `${backendBase}${url.pathname}${url.search}`;
      const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
      const response = await fetch(target, { method: request.method, headers: request.headers, body, redirect: "manual" });
      const buf = Buffer.from(await response.arrayBuffer());
      const headers = [...response.headers];
      tape[key] = { status: response.status, headers, body: buf.toString("base64") };
      return new Response(response.status === 204 || response.status === 304 ? null : buf, { status: response.status, headers });
    }
    const hit = tape[key];
    if (!hit) {
      console.error("tape miss", key);
      return new Response("{}", { status: 404, headers: { "content-type": "application/json" } });
    }
    if (request.body) await request.arrayBuffer();
    return new Response(hit.status === 204 || hit.status === 304 ? null : Buffer.from(hit.body, "base64"), {
      status: hit.status,
      headers: hit.headers,
    });
  },
};
const env = {
  APP_NAME: "AMP",
  DEFAULT_LOCALE: "en",
  SANCTUM_URL: "",
  UPSTREAM_ORIGIN: "",
  UPSTREAM_TIMEOUT_MS: "10000",
  SESSION_SECRET: secret,
  SESSIONS,
  BACKEND,
};
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} };
const workers = [];
for (const dir of buildDir.split(",")) workers.push((await import(resolve(dir, "server/index.js"))).default);
let worker = workers[0];
const base = "http://localhost:5480";
const call = async (path, init = {}) => worker.fetch(new Request(`${base}${path}`, init), env, ctx);

async function signIn() {
  const r = await call("/login", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: "email=admin%40amp.test&password=password",
  });
  await r.arrayBuffer();
  return r.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

if (mode === "record") {
  backendBase = rest[0];
  const file = rest[1];
  const urls = rest.slice(2);
  const cookie = await signIn();
  if (!cookie.includes("session")) throw new Error("sign-in failed");
  for (const u of urls) {
    const signedOut = u.startsWith("!");
    const r = await call(signedOut ? u.slice(1) : u, { headers: signedOut ? {} : { Cookie: cookie } });
    const b = await r.text();
    console.log(u, r.status, b.length);
  }
  // The first signed-in page's calls also carried the user: the portal did not know its stamp yet. The tape answers
  // as the backend does a portal that knows it (docs/api.md, "User stamps"): the stamp without the user. Replayed
  // as recorded, that page decoded the user on every request.
  for (const answer of Object.values(tape)) {
    if (answer.headers.some(([name]) => name === "x-amp-user-stamp"))
      answer.headers = answer.headers.filter(([name]) => name !== "x-amp-user");
  }
  writeFileSync(file, JSON.stringify({ tape, kv: [...kvData], cookie }));
} else {
  const file = rest[0];
  const n = Number(rest[1]);
  const urls = rest.slice(2);
  const saved = JSON.parse(readFileSync(file, "utf8"));
  tape = saved.tape;
  for (const [k, v] of saved.kv) kvData.set(k, v);
  const cookie = saved.cookie;
  const results = {};
  for (const u of urls) {
    const signedOut = u.startsWith("!");
    const path = signedOut ? u.slice(1) : u;
    const ask = async () => {
      const r = await call(path, { headers: signedOut ? {} : { Cookie: cookie } });
      const b = await r.text();
      if (r.status !== 200) throw new Error(`${path} ${r.status}`);
      return b.length;
    };
    const rounds = workers.map(() => []);
    for (let w = 0; w < workers.length; w++) {
      worker = workers[w];
      for (let i = 0; i < 30; i++) await ask();
    }
    for (let round = 0; round < Number(process.env.ROUNDS || 10); round++) {
      for (let w = 0; w < workers.length; w++) {
        worker = workers[(w + round) % workers.length];
        const c0 = process.cpuUsage();
        for (let i = 0; i < n; i++) await ask();
        const c = process.cpuUsage(c0);
        rounds[(w + round) % workers.length].push((c.user + c.system) / 1000 / n);
      }
    }
    results[u] = rounds
      .map((r) => {
        r.sort((a, b) => a - b);
        return `${r[0].toFixed(2)}/${r[r.length >> 1].toFixed(2)}`;
      })
      .join(" vs ");
    console.log(u.padEnd(28), results[u]);
  }
}
process.exit(0);
