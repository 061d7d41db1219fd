// AMP performance report: `npm run bench [-- --skip-build] [-- --only weight|browser|latency|navigation|ssr|lighthouse|load|import] [-- --reseed] [-- --runs N] [-- --import-rows 10000,100000]`.
//
// 1. Route weight: gzip size of the JS + CSS a browser downloads on a document request to each route,
//    computed from React Router's client manifest, and each route's ratio to /login. Also the fonts a
//    Latin page and an Arabic page need.
// 2. List latency at scale: the same portal pages timed against a small local D1 (~1k activity rows) and a
//    large one (100k users, 1M activity rows), both served by `vite preview` (the built Workers in
//    workerd), requests interleaved between the two so that machine noise hits both alike; reported as
//    large/small ratios.
//
// 3. What the browser really loads (Chromium via Playwright, signed in): every JS, CSS and font file a
//    document request to a few routes fetches, dynamic imports included (the strings, lazy components).
// 3b. Client navigation (bench/navigation.mjs): menu click → next list screen drawn, dashboard → users →
//    numbers → E911 → activity log, p50/p95 over `--navigation-rounds` laps, with and without a hover first.
// 4. SSR cost: /dashboard throughput against a bare Worker, and a page with one upstream call against the
//    backend call made directly.
// 4b. Lighthouse (bench/lighthouse.mjs): the performance score of /login, /dashboard and /users, median of
//    `--lighthouse-runs`, served over HTTP/2 with gzip as the edge serves them.
// 5. Load and memory: 50 signed-in sessions fetching pages concurrently for 60 s (small state): requests,
//    errors, p50/p99, and the resident memory of the preview server's workerd processes before, right
//    after, and after 30 s idle (a leak stays; a cache or GC high-water mark levels off).
// The bench builds into its own folder (.wrangler/bench-build), never build/: a server running on build/
// keeps working.
//
// The machine is small, shared and noisy: read ratios taken in one run, never the absolute milliseconds.
// Exits 0 whatever the figures are; non-zero only when the bench itself failed.
// Plain ESM, Node >= 22 (run through npm so the pinned Node 24 is used); dependencies: Playwright and Lighthouse
// (devDependencies).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import { ensureLocalEnv } from "../scripts/local-env.mjs";
import { cpuProfile, inspectorOf, workerdProcesses, workerHeaps } from "./inspector.mjs";
import { edgeProxy, lighthouseScores } from "./lighthouse.mjs";
import { NAVIGATION_ROUTE, navigationTimes } from "./navigation.mjs";
import { processCpuMs } from "./process-cpu.mjs";

const root = resolve(import.meta.dirname, "..");
const RESULTS_DIR = join(root, "bench/results");
mkdirSync(RESULTS_DIR, { recursive: true });
const started = Date.now();
// The bench's own build (react-router.config.ts and vite.config.ts read AMP_BUILD_DIR).
const BUILD_DIR = ".wrangler/bench-build";
const buildEnv = { AMP_BUILD_DIR: BUILD_DIR };
const clientDir = join(root, BUILD_DIR, "client");
// `vite build` points .wrangler/deploy/config.json (what `vite preview` serves) at the newest build: the
// bench puts back what was there when it is done.
const deployConfig = join(root, ".wrangler/deploy/config.json");

/** The goals of issue 8, printed beside each figure. */
const GOALS = {
  weight: { "/login": 138 * 1024, "/dashboard": 154 * 1024 },
  /** Issue 27: no screen over 190 KiB (first-load JS + CSS, gzip). */
  screen: 190 * 1024,
  largeToSmall: 1.5,
  /** Issue 27: the portal Worker's CPU per page render (Workers Free allows 10 ms). */
  cpuPerPageMs: 5,
  dashboardToBareWorker: 0.4,
  pageToDirectCall: 1.3,
  load: "0 errors; memory stable",
  lighthouse: 98,
  navigation: { p50: 300, p95: 600 },
};

// ---------------------------------------------------------------- options
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const option = (name, fallback) => {
  const index = argv.indexOf(name);
  if (index === -1) return fallback;
  const value = argv[index + 1];
  if (value === undefined || value.startsWith("--")) throw new Error(`${name} needs a value`);
  return value;
};
const options = {
  skipBuild: flag("--skip-build"),
  reseed: flag("--reseed"),
  only: option("--only", null),
  runs: Number(option("--runs", "30")),
  navigationRounds: Number(option("--navigation-rounds", "10")),
  // Wall-clock cap per page and state; a slow page gets fewer samples (at least MIN_SAMPLES) instead of
  // pushing the whole bench past its time budget.
  pageBudgetMs: Number(option("--page-budget", "12")) * 1000,
  port: Number(option("--port", "5391")),
  loadSeconds: Number(option("--load-seconds", "60")),
  loadRounds: Number(option("--load-rounds", "1")),
  loadClients: Number(option("--load-clients", "50")),
  // What serves the load: `wrangler` (the built Workers in workerd, requests straight into workerd) or
  // `preview` (`vite preview`: a Node proxy in front of workerd).
  loadServer: option("--load-server", "wrangler"),
  lighthouseRuns: Number(option("--lighthouse-runs", "3")),
  importRows: option("--import-rows", "10000,100000")
    .split(",")
    .map((value) => Number(value.trim())),
};
if (flag("--help") || flag("-h")) {
  console.log(
    "Usage: npm run bench -- [--skip-build] [--only weight|browser|latency|navigation|ssr|lighthouse|load|import] [--lighthouse-runs N] [--import-rows 10000,100000] [--reseed] [--runs N] [--navigation-rounds N] [--page-budget SECONDS] [--port P] [--load-seconds S] [--load-clients N] [--load-rounds N] [--load-server wrangler|preview]",
  );
  process.exit(0);
}
if (options.only && !["weight", "browser", "latency", "navigation", "ssr", "lighthouse", "load", "import"].includes(options.only))
  throw new Error("--only takes weight, browser, latency, navigation, ssr, lighthouse, load or import");
if (!Number.isInteger(options.lighthouseRuns) || options.lighthouseRuns < 1) throw new Error("--lighthouse-runs takes a positive integer");
if (!options.importRows.every((rows) => Number.isInteger(rows) && rows > 0 && rows <= 200_000))
  throw new Error("--import-rows takes sizes of 1 to 200000");
if (!Number.isInteger(options.runs) || options.runs < 1) throw new Error("--runs takes a positive integer");
if (!(options.loadSeconds > 0)) throw new Error("--load-seconds takes a positive number");
if (!Number.isInteger(options.loadClients) || options.loadClients < 1) throw new Error("--load-clients takes a positive integer");
if (!["wrangler", "preview"].includes(options.loadServer)) throw new Error("--load-server takes wrangler or preview");
if (!Number.isInteger(options.loadRounds) || options.loadRounds < 1) throw new Error("--load-rounds takes a positive integer");
const MIN_SAMPLES = Math.min(5, options.runs);
const WARMUP = 3;

const wantWeight = !options.only || options.only === "weight";
const wantLatency = !options.only || options.only === "latency";
const wantNavigation = !options.only || options.only === "navigation";
// What Chromium really loads (small state only); part of --only latency too.
const wantBrowser = wantLatency || options.only === "browser";
// Part of --only latency too, as before it had its own name.
const wantSsr = !options.only || options.only === "latency" || options.only === "ssr";
const wantLighthouse = !options.only || options.only === "lighthouse";
const wantLoad = !options.only || options.only === "load";
const wantImport = !options.only || options.only === "import";

// ---------------------------------------------------------------- helpers
const log = (message) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)}s] ${message}`);
const kb = (bytes) => (bytes == null ? "-" : `${(bytes / 1024).toFixed(1)} KiB`);
const ms = (value) => (value == null ? "-" : `${value.toFixed(1)} ms`);
const ratio = (value) => (value == null || !Number.isFinite(value) ? "-" : `${value.toFixed(2)}×`);
const sleep = (millis) => new Promise((done) => setTimeout(done, millis));
const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;

function table(headers, rows) {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells) =>
    cells.map((cell, column) => (column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]))).join("  ");
  return [line(headers), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}

function quantile(sorted, q) {
  if (sorted.length === 0) return null;
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}

const children = new Set();

/** Runs a command to completion (own process group, killed on timeout); resolves with its output. */
function run(command, args, { env = {}, timeoutMs, label }) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    children.add(child);
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      output += `\n[bench] ${label} timed out after ${timeoutMs / 1000} s\n`;
      killGroup(child);
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      children.delete(child);
      fail(error);
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      if (code === 0) done(output);
      else fail(new Error(`${label} failed (${signal ?? `exit ${code}`}):\n${output.split("\n").slice(-25).join("\n")}`));
    });
  });
}

function killGroup(child, signal = "SIGTERM") {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {}
  }
}

async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  killGroup(child, "SIGTERM");
  if (await Promise.race([exited.then(() => true), sleep(5000).then(() => false)])) return;
  killGroup(child, "SIGKILL");
  await Promise.race([exited, sleep(2000)]);
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of children) killGroup(child, "SIGKILL");
    process.exit(130);
  });
}

// ---------------------------------------------------------------- build + manifest
function readManifest() {
  const assets = join(clientDir, "assets");
  if (!existsSync(assets)) throw new Error(`${BUILD_DIR}/client/assets is missing: run without --skip-build`);
  const file = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error(`No ${BUILD_DIR}/client/assets/manifest-*.js: is this a React Router framework build?`);
  const text = readFileSync(join(assets, file), "utf8").trim();
  const json = text.replace(/^window\.__reactRouterManifest\s*=\s*/, "").replace(/;\s*$/, "");
  return JSON.parse(json);
}

const sizeCache = new Map();
function assetSize(url) {
  if (!sizeCache.has(url)) {
    const file = join(clientDir, url.replace(/^\//, ""));
    if (!existsSync(file)) throw new Error(`Manifest lists ${url}, which is not in ${BUILD_DIR}/client`);
    const buffer = readFileSync(file);
    sizeCache.set(url, { raw: buffer.length, gzip: gzipSize(buffer) });
  }
  return sizeCache.get(url);
}

/**
 * The page's stylesheet. root.tsx links it with a React `precedence` (so that it loads before the scripts),
 * which keeps it out of the manifest's `css`: the built `guest-*.css` on a page of the `_guest` layout (`guest`),
 * the built `app-*.css` on any other (docs/decisions/056).
 */
function rootStylesheets(manifest, guest = false) {
  if (manifest.routes.root?.css?.length) return manifest.routes.root.css;
  const pattern = guest ? /^guest-.*\.css$/ : /^app-.*\.css$/;
  const sheets = readdirSync(join(clientDir, "assets"))
    .filter((name) => pattern.test(name))
    .map((name) => `/assets/${name}`);
  // A build from before guest.css: every page has app.css.
  return guest && sheets.length === 0 ? rootStylesheets(manifest) : sheets;
}

/** The sheet of Noto Sans Arabic's @font-face rules (app/arabic-font.css), linked by root on Arabic pages only. */
function arabicFontStylesheets() {
  return readdirSync(join(clientDir, "assets"))
    .filter((name) => /^arabic-font-.*\.css$/.test(name))
    .map((name) => `/assets/${name}`);
}

/**
 * Whether the build's pages load the route manifest itself (`manifest.url`, every route's files): React Router
 * imports it in every document when route discovery is "initial" (decision 059); with lazy discovery the page carries
 * only its own routes, inline. The server build says which.
 */
let manifestInEveryPage;
function routeManifestInEveryPage() {
  if (manifestInEveryPage === undefined) {
    const serverDir = join(root, BUILD_DIR, "server");
    const files = [join(serverDir, "index.js")];
    const assets = join(serverDir, "assets");
    if (existsSync(assets)) for (const name of readdirSync(assets)) if (/^server-build-.*\.js$/.test(name)) files.push(join(assets, name));
    manifestInEveryPage = files.some(
      (file) => existsSync(file) && /routeDiscovery\s*=\s*\{\s*"mode":\s*"initial"/.test(readFileSync(file, "utf8")),
    );
  }
  return manifestInEveryPage;
}

/**
 * The JS + CSS files of a document request to `routeId`: entry, the route manifest when every page imports it, and
 * every route from root down to it.
 */
function firstLoad(manifest, routeId) {
  const chain = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`Manifest route ${id} not found`);
    chain.unshift(route);
  }
  const guest = chain.some((route) => route.id === "routes/_guest");
  const files = new Set([
    manifest.entry.module,
    ...(manifest.entry.imports ?? []),
    ...(manifest.entry.css ?? []),
    ...rootStylesheets(manifest, guest),
  ]);
  if (manifest.url && routeManifestInEveryPage()) files.add(manifest.url);
  for (const route of chain) {
    if (route.module) files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
    for (const file of route.css ?? []) files.add(file);
  }
  return files;
}

function sum(files, kind) {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    if (kind === "js" && !file.endsWith(".js")) continue;
    if (kind === "css" && !file.endsWith(".css")) continue;
    const size = assetSize(file);
    raw += size.raw;
    gzip += size.gzip;
  }
  return { raw, gzip };
}

function routePath(manifest, routeId) {
  const parts = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (route.index) parts.unshift("");
    if (route.path) parts.unshift(route.path);
  }
  return `/${parts.filter(Boolean).join("/")}`;
}

// ---------------------------------------------------------------- fonts
function parseUnicodeRange(text) {
  return text.split(",").map((part) => {
    const value = part.trim().replace(/^U\+/i, "");
    if (value.includes("?")) return [Number.parseInt(value.replace(/\?/g, "0"), 16), Number.parseInt(value.replace(/\?/g, "F"), 16)];
    const [low, high = low] = value.split("-");
    return [Number.parseInt(low, 16), Number.parseInt(high, 16)];
  });
}

const parseStack = (value) => value.split(",").map((name) => name.trim().replace(/^["']|["']$/g, ""));

/**
 * Which font files a page needs: for every character of a sample text, the first family of the page's
 * font stack with an @font-face whose unicode-range covers it (what browsers download).
 */
function fontWeights(cssFiles) {
  const faces = [];
  const stacks = {};
  for (const url of cssFiles) {
    const css = readFileSync(join(clientDir, url.replace(/^\//, "")), "utf8");
    for (const [, body] of css.matchAll(/@font-face\s*{([^}]*)}/g)) {
      const family = body.match(/font-family:\s*([^;]+)/)?.[1];
      const src = body.match(/url\(["']?([^"')]+)["']?\)/)?.[1];
      const range = body.match(/unicode-range:\s*([^;]+)/)?.[1];
      if (!family || !src) continue;
      faces.push({ family: parseStack(family)[0], src, ranges: range ? parseUnicodeRange(range) : [[0, 0x10ffff]] });
    }
    for (const name of ["--font-sans", "--font-arabic"]) {
      const value = css.match(new RegExp(`${name}:\\s*([^;}]+)`))?.[1];
      if (value && !value.includes("var(") && !stacks[name]) stacks[name] = parseStack(value);
    }
  }
  if (faces.length === 0) return null;
  const families = [...new Set(faces.map((face) => face.family))];
  const latinStack = stacks["--font-sans"] ?? families;
  const arabicStack = stacks["--font-arabic"] ?? [...families].reverse();
  const samples = {
    latin: { stack: latinStack, text: "Users – Activity log: Jane O'Brien <jane@example.com> 2026-11-21 12:34 (42%) €" },
    arabic: { stack: arabicStack, text: "سجل النشاط: المستخدمون ولوحة التحكم — jane@example.com 2026-11-21 12:34 (42%)" },
  };
  const result = {};
  for (const [name, { stack, text }] of Object.entries(samples)) {
    const files = new Set();
    for (const char of text) {
      const code = char.codePointAt(0);
      for (const family of stack) {
        const matching = faces.filter((face) => face.family === family && face.ranges.some(([low, high]) => code >= low && code <= high));
        if (matching.length) {
          for (const face of matching) files.add(face.src);
          break;
        }
      }
    }
    const list = [...files].map((src) => ({ file: src, ...assetSize(src) }));
    result[name] = {
      stack,
      files: list,
      raw: list.reduce((total, file) => total + file.raw, 0),
      gzip: list.reduce((total, file) => total + file.gzip, 0),
    };
  }
  result.arabicToLatin = result.latin.gzip ? result.arabic.gzip / result.latin.gzip : null;
  return result;
}

function routeWeights(manifest) {
  const entryFiles = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  const entry = sum(entryFiles, "all");
  const routes = {};
  for (const id of Object.keys(manifest.routes).sort()) {
    const files = firstLoad(manifest, id);
    const js = sum(files, "js");
    const css = sum(files, "css");
    routes[id] = {
      path: routePath(manifest, id),
      files: files.size,
      js: js.gzip,
      css: css.gzip,
      total: js.gzip + css.gzip,
      raw: js.raw + css.raw,
    };
  }
  const loginId = routes["routes/login"] ? "routes/login" : null;
  const login = loginId ? routes[loginId].total : null;
  for (const route of Object.values(routes)) route.ratioToLogin = login ? route.total / login : null;

  // What /login adds on top of the entry (React, React DOM, React Router): the files to look at first.
  const loginExtra = loginId
    ? [...firstLoad(manifest, loginId)]
        .filter((file) => !entryFiles.has(file))
        .map((file) => ({ file, gzip: assetSize(file).gzip }))
        .sort((a, b) => b.gzip - a.gzip)
    : [];
  // Screens over issue 27's budget, and what the heaviest loads beyond the signed-in layout (`routes/_app`).
  const over = Object.entries(routes)
    .filter(([, route]) => route.total > GOALS.screen)
    .map(([id]) => id);
  const heaviestId = Object.keys(routes).sort((a, b) => routes[b].total - routes[a].total)[0];
  const layoutFiles = manifest.routes["routes/_app"] ? firstLoad(manifest, "routes/_app") : new Set();
  const heaviest = heaviestId
    ? {
        id: heaviestId,
        extra: [...firstLoad(manifest, heaviestId)]
          .filter((file) => !layoutFiles.has(file))
          .map((file) => ({ file, gzip: assetSize(file).gzip }))
          .sort((a, b) => b.gzip - a.gzip),
      }
    : null;
  const rootCss = rootStylesheets(manifest);
  return {
    entry: { files: entryFiles.size, gzip: entry.gzip, raw: entry.raw },
    routeManifest: manifest.url && routeManifestInEveryPage() ? { url: manifest.url, gzip: assetSize(manifest.url).gzip } : null,
    login: loginId ? { gzip: login, ratioToEntry: login / entry.gzip, extra: loginExtra } : null,
    over,
    heaviest,
    routes,
    // Noto Sans Arabic's faces are a sheet of their own that root links on Arabic pages only.
    fonts: fontWeights([...rootCss, ...arabicFontStylesheets()]),
  };
}

// ---------------------------------------------------------------- latency
const PAGES = [
  // Controls: /login reads no list data (its large/small ratio is the noise floor); /dashboard aggregates.
  { name: "/login (control)", url: "/login", routeId: "routes/login", signedIn: false },
  { name: "/dashboard (control)", url: "/dashboard", routeId: "dashboard" },
  { name: "/activity-log", url: "/activity-log", routeId: "activity-log" },
  { name: "/activity-log?page=500", url: "/activity-log?page=500", routeId: "activity-log" },
  { name: "/activity-log?action&from", url: null, routeId: "activity-log" }, // URL set below (date = 30 days ago)
  { name: "/users", url: "/users", routeId: "users" },
  { name: "/users?search=smith", url: "/users?search=smith", routeId: "users" },
  // Broad searches (issue 30): terms that match a large share of rows (every bulk user; 222k activity rows).
  { name: "/users?search=bulk (broad)", url: "/users?search=bulk", routeId: "users" },
  { name: "/activity-log?search=updated (broad)", url: "/activity-log?search=updated", routeId: "activity-log" },
  { name: "/activity-log?search=updated&page=50", url: "/activity-log?search=updated&page=50", routeId: "activity-log" },
  { name: "/users?sort=email&direction=desc", url: "/users?sort=email&direction=desc", routeId: "users" },
  { name: "/tools/numbers", url: "/tools/numbers", routeId: "numbers" },
  { name: "/tools/numbers?sort=e164&direction=desc", url: "/tools/numbers?sort=e164&direction=desc", routeId: "numbers" },
  { name: "/tools/numbers?search=50423", url: "/tools/numbers?search=50423", routeId: "numbers" },
  { name: "/tools/numbers?search=555 (broad)", url: "/tools/numbers?search=555", routeId: "numbers" },
  // The E911 list (migration 0013): its sorts on the address's city are copies kept on the number.
  { name: "/tools/e911", url: "/tools/e911", routeId: "e911" },
  { name: "/tools/e911?sort=city&direction=asc", url: "/tools/e911?sort=city&direction=asc", routeId: "e911" },
  { name: "/tools/e911?search=Dental 42", url: "/tools/e911?search=Dental%2042", routeId: "e911" },
  { name: "/tools/e911?coverage=without", url: "/tools/e911?coverage=without", routeId: "e911" },
];
const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
PAGES.find((page) => page.url === null).url = `/activity-log?action=users.updated&from=${from}`;

const STATES = [
  { name: "small", dir: ".wrangler/bench-small", seed: [["db:reset", 180_000]] },
  {
    name: "large",
    dir: ".wrangler/bench-large",
    seed: [
      ["db:reset", 180_000],
      ["seed:large", 900_000],
    ],
  },
];

/** What a seeded state depends on: the migrations and the seed sources. A change invalidates the cache. */
function seedFingerprint() {
  const hash = createHash("sha256");
  const migrations = join(root, "backend/migrations");
  const files = existsSync(migrations)
    ? readdirSync(migrations)
        .sort()
        .map((name) => join(migrations, name))
    : [];
  for (const file of [...files, join(root, "backend/src/db/seed.ts"), join(root, "backend/src/db/seed-large.ts")]) {
    hash.update(file.slice(root.length));
    if (existsSync(file)) hash.update(readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

async function prepareState(state) {
  const marker = join(root, state.dir, ".bench-ready");
  const fingerprint = seedFingerprint();
  let cached = null;
  try {
    cached = JSON.parse(readFileSync(marker, "utf8"));
  } catch {}
  if (cached && !options.reseed && cached.fingerprint === fingerprint) {
    log(`${state.name}: reusing ${state.dir} (seeded ${cached.seededAt}; --reseed to redo)`);
    return;
  }
  if (cached && cached.fingerprint !== fingerprint) log(`${state.name}: migrations or seed changed since ${cached.seededAt}: reseeding`);
  for (const [script, timeoutMs] of state.seed) {
    log(`${state.name}: npm run ${script} (AMP_STATE_DIR=${state.dir})…`);
    const begun = Date.now();
    await run("npm", ["run", script], { env: { AMP_STATE_DIR: state.dir }, timeoutMs, label: `npm run ${script}` });
    log(`${state.name}: ${script} done in ${((Date.now() - begun) / 1000).toFixed(0)} s`);
  }
  writeFileSync(marker, `${JSON.stringify({ seededAt: new Date().toISOString(), fingerprint })}\n`);
}

/**
 * A fresh copy of a seeded state for a part that writes (load sessions, imports): each run starts from the
 * same data instead of what earlier runs left behind, and the cached state stays as seeded.
 */
async function freshState(state) {
  await prepareState(state);
  const dir = `${state.dir}-run`;
  rmSync(join(root, dir), { recursive: true, force: true });
  cpSync(join(root, state.dir), join(root, dir), { recursive: true });
  return { ...state, dir };
}

/** Starts a long-running server (own process group, stopped with the bench); keeps its last output. */
function spawnServer(args, env = {}) {
  const child = spawn("npx", args, {
    cwd: root,
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  children.add(child);
  child.on("exit", () => children.delete(child));
  let output = "";
  child.stdout.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  return { child, output: () => output };
}

async function startPreview(state, port) {
  const { child, output } = spawnServer(["vite", "preview", "--port", String(port), "--strictPort"], {
    ...buildEnv,
    AMP_STATE_DIR: state.dir,
  });
  const server = { state, port, child, base: `http://localhost:${port}`, output };
  try {
    return await waitReady(server);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}

async function waitReady(server) {
  const { child, state, port } = server;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`vite preview (${state.name}) exited:\n${server.output().slice(-3000)}`);
    try {
      const response = await fetch(`${server.base}/login`, { signal: AbortSignal.timeout(5000), redirect: "manual" });
      await response.arrayBuffer();
      if (response.status === 200) return server;
    } catch {}
    await sleep(500);
  }
  throw new Error(`vite preview (${state.name}) not ready on port ${port} after 90 s:\n${server.output().slice(-3000)}`);
}

async function startPreviewWithRetry(state, port) {
  try {
    return await startPreview(state, port);
  } catch (error) {
    log(`${state.name}: vite preview failed to start (${String(error.message).split("\n")[0]}); retrying once`);
    return startPreview(state, port);
  }
}

async function signIn(server) {
  server.cookie = await newSession(server, "admin@amp.test");
}

/** Signs in through the portal's /login form; returns the new session's Cookie header. */
async function newSession(server, email) {
  const response = await fetch(`${server.base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base },
    body: new URLSearchParams({ email, password: "password" }),
    signal: AbortSignal.timeout(30_000),
  });
  await response.arrayBuffer();
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  if (response.status < 300 || response.status >= 400 || !cookies.some((cookie) => /amp-session=/.test(cookie))) {
    throw new Error(
      `${server.state.name}: sign-in as ${email} failed (HTTP ${response.status}, cookies: ${cookies.map((c) => c.split("=")[0]).join(", ") || "none"})`,
    );
  }
  return cookies.join("; ");
}

async function timedGet(server, page) {
  const headers = page.signedIn === false ? {} : { Cookie: server.cookie };
  const begun = performance.now();
  const response = await fetch(`${server.base}${page.url}`, { headers, redirect: "manual", signal: AbortSignal.timeout(30_000) });
  const body = await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - begun, bytes: body.byteLength, location: response.headers.get("location") };
}

/** Warm-up, then N requests alternating small/large so that drift and neighbours' load hit both alike. */
async function measurePage(servers, page, manifest) {
  const result = { page: page.name, url: page.url, states: {} };
  if (manifest && !manifest.routes[page.routeId]) {
    result.status = "missing";
    result.note = `route "${page.routeId}" is not in this build`;
    return result;
  }
  for (const server of servers) {
    let last;
    for (let i = 0; i < WARMUP; i++) last = await timedGet(server, page);
    if (last.status === 404) {
      result.status = "missing";
      result.note = "HTTP 404";
      return result;
    }
    if (last.status !== 200) {
      result.status = "error";
      result.note = `${server.state.name}: HTTP ${last.status}${last.location ? ` → ${last.location}` : ""}`;
      return result;
    }
  }
  const samples = Object.fromEntries(servers.map((server) => [server.state.name, []]));
  const bytes = {};
  const begun = Date.now();
  for (let i = 0; i < options.runs; i++) {
    if (i >= MIN_SAMPLES && Date.now() - begun > options.pageBudgetMs * servers.length) break;
    const order = i % 2 === 0 ? servers : [...servers].reverse();
    for (const server of order) {
      const sample = await timedGet(server, page);
      if (sample.status !== 200) throw new Error(`${page.url} on ${server.state.name}: HTTP ${sample.status} during timing`);
      samples[server.state.name].push(sample.ms);
      bytes[server.state.name] = sample.bytes;
    }
  }
  result.status = "ok";
  for (const [name, values] of Object.entries(samples)) {
    const sorted = [...values].sort((a, b) => a - b);
    result.states[name] = { n: sorted.length, median: quantile(sorted, 0.5), p90: quantile(sorted, 0.9), htmlBytes: bytes[name] };
  }
  const { small, large } = result.states;
  if (small && large) {
    result.ratioMedian = large.median / small.median;
    result.ratioP90 = large.p90 / small.p90;
  }
  return result;
}

/** The assets the server actually puts in /login's HTML, to check the manifest-based weight against. */
async function htmlAssets(server) {
  const response = await fetch(`${server.base}/login`, { signal: AbortSignal.timeout(30_000) });
  const html = await response.text();
  const urls = new Set();
  for (const [, tag] of html.matchAll(/<link\b([^>]*)>/g)) {
    const rel = tag.match(/rel="([^"]+)"/)?.[1];
    const href = tag.match(/href="([^"]+)"/)?.[1];
    if (href?.startsWith("/assets/") && (rel === "stylesheet" || rel === "modulepreload")) urls.add(href);
  }
  for (const [, src] of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) urls.add(src);
  let gzip = 0;
  for (const url of urls) gzip += assetSize(url).gzip;
  return { files: urls.size, gzip };
}

// ---------------------------------------------------------------- what the browser loads
/** A Cookie header as name/value pairs (for a browser context). */
function cookiePairs(header) {
  return header.split("; ").map((pair) => {
    const index = pair.indexOf("=");
    return { name: pair.slice(0, index), value: pair.slice(index + 1) };
  });
}

const BROWSER_PAGES = [
  { url: "/login", signedIn: false },
  { url: "/dashboard" },
  { url: "/users" },
  { url: "/activity-log" },
  { url: "/organizations/add" },
];

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-sync",
];

/**
 * Loads each page in Chromium (English, desktop) until the network is idle and sums every /assets/ file it
 * requested: modulepreloads, dynamic imports made while hydrating (the page's string namespaces, lazy
 * components), stylesheets and fonts. The JS + CSS figure is the issue's first-load weight.
 */
async function browserWeights(server) {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
  const cookies = cookiePairs(server.cookie).map((cookie) => ({ ...cookie, url: server.base }));
  try {
    const pages = [];
    for (const page of BROWSER_PAGES) {
      const context = await browser.newContext({ locale: "en-US" });
      if (page.signedIn !== false) await context.addCookies(cookies);
      const tab = await context.newPage();
      const requested = new Set();
      let inFlight = 0;
      let lastActivity = Date.now();
      const settled = () => {
        inFlight--;
        lastActivity = Date.now();
      };
      tab.on("request", (request) => {
        inFlight++;
        lastActivity = Date.now();
        const url = new URL(request.url());
        if (url.origin === server.base && url.pathname.startsWith("/assets/")) requested.add(url.pathname);
      });
      tab.on("requestfinished", settled);
      tab.on("requestfailed", settled);
      const response = await tab.goto(`${server.base}${page.url}`, { waitUntil: "networkidle", timeout: 60_000 });
      if (response?.status() === 200) {
        // On a loaded machine the network can be quiet for 500 ms before the entry has even run and asked for the
        // page's strings (a run once counted none on four pages): wait for hydration (root marks <html>), then for
        // 500 ms without a request again.
        await tab.locator('html[data-hydrated="true"]').waitFor({ state: "attached", timeout: 60_000 });
        while (inFlight > 0 || Date.now() - lastActivity < 500) await tab.waitForTimeout(100);
      }
      await context.close();
      if (response?.status() !== 200) {
        pages.push({ url: page.url, status: `HTTP ${response?.status()}` });
        continue;
      }
      const files = [...requested];
      const js = sum(files, "js").gzip;
      const css = sum(files, "css").gzip;
      // The page's strings, one chunk per namespace (strings-<language>-<namespace>-<hash>.js): part of the JS.
      const stringFiles = files.filter((file) => /\/strings-[\w-]+\.js$/.test(file));
      const fonts = files.filter((file) => /\.(woff2?|ttf|otf)$/.test(file)).map((file) => ({ file, raw: assetSize(file).raw }));
      const code = files
        .filter((file) => /\.(js|css)$/.test(file))
        .map((file) => ({ file, gzip: assetSize(file).gzip }))
        .sort((a, b) => b.gzip - a.gzip);
      pages.push({
        url: page.url,
        status: "ok",
        files: files.length,
        js,
        css,
        total: js + css,
        strings: sum(stringFiles, "js").gzip,
        stringFiles: stringFiles.length,
        goal: GOALS.weight[page.url] ?? null,
        fonts,
        fontBytes: fonts.reduce((total, font) => total + font.raw, 0),
        code,
      });
    }
    return pages;
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------- SSR cost
/** `wrangler dev` of one Worker on `port` (own inspector port), ready when `probe` answers. */
async function startWranglerDev(label, args, port, inspectorPort, probe) {
  const { child, output } = spawnServer([
    "wrangler",
    "dev",
    ...args,
    "--port",
    String(port),
    "--inspector-port",
    String(inspectorPort),
    "--ip",
    "localhost",
  ]);
  const base = `http://localhost:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${label} exited:\n${output().slice(-3000)}`);
    try {
      const response = await fetch(`${base}${probe}`, { signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      if (response.status < 500) return { child, base, output };
    } catch {}
    await sleep(500);
  }
  await stopChild(child);
  throw new Error(`${label} not ready on port ${port}:\n${output().slice(-3000)}`);
}

/** Requests per second `concurrency` clients get from `url` during `seconds`. */
async function throughput(url, headers, seconds, concurrency = 4) {
  let done = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const response = await fetch(url, { headers, redirect: "manual", signal: AbortSignal.timeout(30_000) });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`);
        done += 1;
      }
    }),
  );
  return done / seconds;
}

/** A Sanctum SPA sign-in straight against the backend: XSRF cookie, then POST /login; returns the headers. */
async function backendSignIn(base) {
  const jar = new Map();
  const keep = (response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const index = pair.indexOf("=");
      jar.set(pair.slice(0, index), pair.slice(index + 1));
    }
  };
  const headers = () => ({
    Origin: base,
    Accept: "application/json",
    Cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
    "X-XSRF-TOKEN": decodeURIComponent(jar.get("XSRF-TOKEN") ?? ""),
  });
  const csrf = await fetch(`${base}/sanctum/csrf-cookie`, { headers: headers() });
  await csrf.arrayBuffer();
  keep(csrf);
  const login = await fetch(`${base}/login`, {
    method: "POST",
    headers: { ...headers(), "Content-Type": "application/json" },
    body: JSON.stringify({ email: "admin@amp.test", password: "password" }),
  });
  await login.arrayBuffer();
  keep(login);
  if (login.status >= 300) throw new Error(`backend sign-in failed: HTTP ${login.status}`);
  return headers();
}

/**
 * SSR cost on the small state: /dashboard throughput as a share of a bare Worker's (interleaved rounds), and
 * the p50 of a portal page that makes one upstream call (/activity-log/:id) over the p50 of that call made
 * straight to the backend Worker (`wrangler dev` of the built backend on the same local D1). All three are
 * served alike, by `wrangler dev` of the built Workers (requests straight into workerd behind wrangler's
 * proxy), so that the ratios compare the Workers, not `vite preview`'s Node proxy against workerd.
 */
async function ssrCost() {
  const portal = await startBuiltWorkers(await freshState(STATES[0]), options.port + 6);
  let result;
  try {
    await signIn(portal);
    result = await ssrRatios(portal);
  } finally {
    await stopChild(portal.child);
  }
  // With nothing else of the bench running: the portal alone against the answers recorded above.
  if (!result.portalCpu) {
    try {
      result.portalCpu = await portalAloneCpu();
    } catch (error) {
      result.portalCpu = { error: String(error?.message ?? error) };
    }
  }
  return result;
}

async function ssrRatios(portal) {
  const result = {};
  const bare = await startWranglerDev(
    "bare worker",
    ["bench/bare-worker.mjs", "--name", "amp-bench-bare", "--compatibility-date", "2026-01-01", "--persist-to", ".wrangler/bench-bare"],
    options.port + 2,
    options.port + 4,
    "/",
  );
  try {
    const counts = { dashboard: 0, bare: 0 };
    for (let round = 0; round < 3; round++) {
      counts.dashboard += await throughput(`${portal.base}/dashboard`, { Cookie: portal.cookie }, 4);
      counts.bare += await throughput(`${bare.base}/`, {}, 4);
    }
    result.dashboardRps = counts.dashboard / 3;
    result.bareRps = counts.bare / 3;
    result.dashboardToBare = result.dashboardRps / result.bareRps;
  } finally {
    await stopChild(bare.child);
  }
  try {
    result.profile = await dashboardProfile(portal);
  } catch (error) {
    // The ratios stand without it; workerd's inspector was seen to stop answering now and then.
    result.profile = { error: String(error?.message ?? error) };
  }
  try {
    result.cpu = await pageCpu(portal);
  } catch (error) {
    result.cpu = { error: String(error?.message ?? error) };
  }
  const backend = await startWranglerDev(
    "backend",
    ["-c", `${BUILD_DIR}/amp_backend/wrangler.json`, "--persist-to", portal.state.dir],
    options.port + 3,
    options.port + 5,
    "/api/health",
  );
  try {
    const headers = await backendSignIn(backend.base);
    const list = await fetch(`${backend.base}/api/activity-log?per_page=5`, { headers });
    const id = (await list.json()).data?.[0]?.id;
    if (!id) throw new Error("no activity entry to time");
    const pages = [
      { name: "portal", url: `${portal.base}/activity-log/${id}`, headers: { Cookie: portal.cookie } },
      { name: "direct", url: `${backend.base}/api/activity-log/${id}`, headers },
    ];
    const samples = { portal: [], direct: [] };
    for (let i = 0; i < WARMUP + options.runs; i++) {
      for (const page of i % 2 === 0 ? pages : [...pages].reverse()) {
        const begun = performance.now();
        const response = await fetch(page.url, { headers: page.headers, redirect: "manual", signal: AbortSignal.timeout(30_000) });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${page.url}: HTTP ${response.status}`);
        if (i >= WARMUP) samples[page.name].push(performance.now() - begun);
        // The portal's own count of its upstream calls (the page's call, and the navbar's for provider staff).
        const calls = response.headers.get("Server-Timing")?.match(/upstream;desc="calls=(\d+)"/)?.[1];
        if (page.name === "portal" && calls) result.pageUpstreamCalls = Number(calls);
      }
    }
    const median = (values) =>
      quantile(
        [...values].sort((a, b) => a - b),
        0.5,
      );
    result.pageMs = median(samples.portal);
    result.directMs = median(samples.direct);
    result.pageToDirect = result.pageMs / result.directMs;
    try {
      await recordBackendAnswers(backend.base);
    } catch (error) {
      result.portalCpu = { error: String(error?.message ?? error) };
    }
  } finally {
    await stopChild(backend.child);
  }
  return result;
}

const PORTAL_CPU_ROUNDS = 20;
const PORTAL_CPU_REQUESTS = 50;
const PORTAL_CPU_TAPE = join(RESULTS_DIR, "portal-cpu-tape.json");
const portalCpuUrls = () => CPU_PAGES.map((page) => (page.signedIn ? page.url : `!${page.url}`));

/** The backend's answers to issue 27's pages, recorded through the built portal (bench/portal-cpu.mjs record). */
async function recordBackendAnswers(backendBase) {
  log("portal alone: recording the backend's answers…");
  await run(process.execPath, ["bench/portal-cpu.mjs", "record", BUILD_DIR, backendBase, PORTAL_CPU_TAPE, ...portalCpuUrls()], {
    label: "portal-cpu record",
    timeoutMs: 120_000,
  });
}

/**
 * The portal's own CPU per render, the figure issue 27's goal is about: the built portal Worker alone in a bare
 * `workerd serve` (bench/portal-cpu-workerd.mjs, decision 070), its backend a Worker replaying the answers
 * recordBackendAnswers kept, its sessions in memory: the process's CPU is then the portal's plus workerd's HTTP
 * handling, no D1, no backend code, no `wrangler dev`. Median of PORTAL_CPU_ROUNDS rounds of PORTAL_CPU_REQUESTS
 * requests per page, after the bench's other servers stopped.
 */
async function portalAloneCpu() {
  const report = join(RESULTS_DIR, "portal-cpu.json");
  log("portal alone: replaying in workerd…");
  await run(
    process.execPath,
    ["bench/portal-cpu-workerd.mjs", BUILD_DIR, PORTAL_CPU_TAPE, String(PORTAL_CPU_REQUESTS), ...portalCpuUrls()],
    {
      label: "portal-cpu-workerd",
      timeoutMs: 600_000,
      env: { ROUNDS: String(PORTAL_CPU_ROUNDS), PORT: String(options.port + 11), REPORT: report, FLOOR: "1" },
    },
  );
  const { loadAverage, pages, floor } = JSON.parse(readFileSync(report, "utf8"));
  return {
    loadAverage,
    floorMs: floor[0].medianMs,
    pages: pages.map((page) => ({
      url: page.url.replace(/^!/, ""),
      medianMs: page.builds[0].medianMs,
      minMs: page.builds[0].minMs,
      aboveFloorMs: page.builds[0].medianMs - floor[0].medianMs,
    })),
  };
}

/**
 * Where /dashboard's time goes: CPU profiles of the portal's and the backend's isolates (V8's sampling
 * profiler through workerd's inspector) while 4 clients load /dashboard for 4 s, one Worker after the other
 * (two inspector sessions at once were seen to hang). Profiling slows the Worker: read shares, not speed.
 */
async function dashboardProfile(portal) {
  const workers = workerdProcesses(descendants(portal.child.pid)).find((entry) => entry.runsWorkers);
  if (!workers) return { error: "no workerd process running the Workers" };
  const inspector = await inspectorOf(workers.pid);
  const profiles = {};
  for (const name of WORKER_NAMES) {
    let requests = 0;
    const saveTo = join(RESULTS_DIR, `dashboard-${name}.cpuprofile`);
    profiles[name] = await cpuProfile(
      inspector,
      name,
      async () => {
        requests = Math.round((await throughput(`${portal.base}/dashboard`, { Cookie: portal.cookie }, 4)) * 4);
      },
      { saveTo },
    );
    profiles[name].requests = requests;
    profiles[name].file = saveTo;
  }
  return profiles;
}

/** Issue 27's pages for the portal's CPU per render; /login is asked signed out. */
const CPU_PAGES = [
  { url: "/login", signedIn: false },
  { url: "/dashboard", signedIn: true },
  { url: "/users", signedIn: true },
  { url: "/tools/numbers", signedIn: true },
];
const CPU_REQUESTS = 40;

/** CPU time (user + system, ms) a process has used so far, from /proc/<pid>/stat. */
/**
 * CPU per page render: the CPU time (every thread's, from /proc) of the workerd process that runs the Workers
 * while one client asks for the page CPU_REQUESTS times in a row (after 3 warm-up requests), divided by the
 * requests. It counts CPU only, so a busy machine delays it without inflating it much (a sampling profile
 * counts wall time, descheduled time included). That process runs the portal *and* the backend *and* the
 * local D1/KV (the portal's own figure is portalAloneCpu's). Then a sampling profile of the portal's
 * isolate over 10 more requests names where its time goes (shares only).
 */
async function pageCpu(portal) {
  const workers = workerdProcesses(descendants(portal.child.pid)).find((entry) => entry.runsWorkers);
  if (!workers) return { error: "no workerd process running the Workers" };
  const inspector = await inspectorOf(workers.pid);
  const pages = [];
  for (const page of CPU_PAGES) {
    const headers = page.signedIn ? { Cookie: portal.cookie } : {};
    const ask = async () => {
      const response = await fetch(`${portal.base}${page.url}`, { headers, redirect: "manual", signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${page.url}: HTTP ${response.status}`);
    };
    for (let index = 0; index < 3; index++) await ask();
    const before = processCpuMs(workers.pid);
    const started = performance.now();
    for (let index = 0; index < CPU_REQUESTS; index++) await ask();
    const wallMs = (performance.now() - started) / CPU_REQUESTS;
    const cpuMs = (processCpuMs(workers.pid) - before) / CPU_REQUESTS;
    let top = [];
    try {
      const profile = await cpuProfile(inspector, "amp", async () => {
        for (let index = 0; index < 10; index++) await ask();
      });
      top = profile.top.slice(0, 3);
    } catch {} // the figure stands without the shares
    pages.push({ url: page.url, requests: CPU_REQUESTS, cpuMs, wallMs, top });
  }
  return { pages };
}

// ---------------------------------------------------------------- load and memory
const LOAD_CLIENTS = options.loadClients;
const LOAD_IDLE_SECONDS = 30;
const LOAD_PAGES = ["/dashboard", "/users", "/activity-log", "/tools/numbers"];
// One Super Admin (every page above is open to it). The backend counts sign-in attempts per e-mail and IP
// (5 a minute) but a successful sign-in clears the count, so sequential sign-ins never reach it.
const LOAD_ACCOUNT = "admin@amp.test";

/** The pids of every descendant of `pid` (walks /proc: PPid of each process). */
function descendants(pid) {
  const parentOf = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      parentOf.set(Number(entry), Number(status.match(/^PPid:\s+(\d+)/m)?.[1]));
    } catch {} // the process ended meanwhile
  }
  const found = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift();
    for (const [child, ppid] of parentOf) {
      if (ppid === parent) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

/**
 * The resident memory (VmRSS, bytes) of the workerd processes under a server: `workers` is Miniflare's process
 * that runs the Workers with local D1/KV/R2, `proxy` wrangler's own dev proxy in front of it (none under
 * `vite preview`, whose proxy is Node).
 */
function workerdRss(server) {
  const processes = workerdProcesses(descendants(server.child.pid));
  const sum = (list) => list.reduce((total, entry) => total + entry.rss, 0);
  return {
    bytes: sum(processes),
    workers: sum(processes.filter((entry) => entry.runsWorkers)),
    proxy: sum(processes.filter((entry) => !entry.runsWorkers)),
    processes: processes.length,
  };
}

/** DevTools sessions on the portal's and the backend's isolates (bench/inspector.mjs), kept on `server.heaps`. */
async function attachHeaps(server) {
  const workers = workerdProcesses(descendants(server.child.pid)).find((entry) => entry.runsWorkers);
  if (!workers) throw new Error("no workerd process running the Workers under the server");
  server.heaps = workerHeaps(await inspectorOf(workers.pid), WORKER_NAMES);
}
const WORKER_NAMES = ["amp", "amp-backend"];

/** RSS and both Workers' V8 heaps; with `collect` the heaps are read after a full garbage collection. */
async function memoryReading(server, { collect }) {
  const heap = {};
  for (const name of WORKER_NAMES) heap[name] = collect ? await server.heaps.collected(name) : await server.heaps.used(name);
  return { ...workerdRss(server), heap, collected: collect };
}

/**
 * `wrangler dev` of both built Workers on `state`: the portal and, through its service binding, the backend, in
 * one workerd; requests go straight into workerd as on Cloudflare.
 */
async function startBuiltWorkers(state, port) {
  log(`starting wrangler dev of the built Workers (${state.dir})…`);
  const configs = ["server", "amp_backend"].flatMap((name) => ["-c", join(BUILD_DIR, name, "wrangler.json")]);
  const dev = await startWranglerDev("wrangler dev (built Workers)", [...configs, "--persist-to", state.dir], port, port + 4, "/login");
  return { state, port, child: dev.child, base: dev.base, output: dev.output };
}

/** What serves the load: the built Workers (default) or `vite preview` (`--load-server preview`). */
async function startLoadServer(state, port) {
  if (options.loadServer === "wrangler") return startBuiltWorkers(state, port);
  log("load: starting vite preview…");
  return startPreviewWithRetry(state, port);
}

/**
 * --load-clients (50) distinct sessions, each a client fetching LOAD_PAGES in a loop (starting at different pages) for
 * --load-seconds; every non-2xx answer (a redirect to /login included) and every network error or
 * 30 s timeout is an error. workerd's RSS is read before, every 5 s during, right after, and after an idle
 * pause; the portal's and the backend's V8 heaps right after the load (garbage included) and after the pause
 * following a full garbage collection. With --load-rounds N the load and the pause repeat: a heap that
 * climbs again after collection each round is a leak; RSS that levels off at the first round's height is a
 * high-water mark (V8 and the allocator keep pages they no longer need).
 */
async function loadAndMemory(server) {
  await attachHeaps(server);
  const memory = { start: await memoryReading(server, { collect: false }) };
  log(`load: signing in ${LOAD_CLIENTS} sessions as ${LOAD_ACCOUNT}…`);
  const sessions = [];
  for (let i = 0; i < LOAD_CLIENTS; i++) sessions.push(await newSession(server, LOAD_ACCOUNT));
  const distinct = new Set(sessions.map((cookie) => cookie.match(/amp-session=([^;]*)/)?.[1])).size;
  if (distinct !== LOAD_CLIENTS) throw new Error(`load: ${LOAD_CLIENTS} sign-ins gave ${distinct} distinct sessions`);
  memory.before = await memoryReading(server, { collect: true });

  const rounds = [];
  for (let round = 1; round <= options.loadRounds; round++) {
    log(`load: round ${round}/${options.loadRounds}, ${LOAD_CLIENTS} clients × ${LOAD_PAGES.join(", ")} for ${options.loadSeconds} s…`);
    const result = await loadRound(server, sessions);
    log(`load: round ${round} done (${result.requests} requests, ${result.errors.count} errors); ${LOAD_IDLE_SECONDS} s idle…`);
    await sleep(LOAD_IDLE_SECONDS * 1000);
    result.memory.idle = await memoryReading(server, { collect: true });
    rounds.push(result);
  }
  const failed = rounds.some((round) => round.errors.count > 0);
  return {
    clients: LOAD_CLIENTS,
    pages: LOAD_PAGES,
    idleSeconds: LOAD_IDLE_SECONDS,
    memory,
    rounds,
    requests: rounds.reduce((total, round) => total + round.requests, 0),
    errors: rounds.reduce((total, round) => total + round.errors.count, 0),
    // What the server printed (its last lines), to tell what the errors were.
    serverLog: failed ? server.output().slice(-6000) : null,
  };
}

async function loadRound(server, sessions) {
  let requests = 0;
  const latencies = [];
  const perPage = Object.fromEntries(LOAD_PAGES.map((page) => [page, []]));
  const errors = { count: 0, byKind: {}, samples: {} };
  const countError = (kind, sample) => {
    errors.count += 1;
    errors.byKind[kind] = (errors.byKind[kind] ?? 0) + 1;
    errors.samples[kind] ??= sample;
  };
  const during = [];
  const sampler = setInterval(() => during.push(workerdRss(server)), 5000);
  const begun = performance.now();
  const end = begun + options.loadSeconds * 1000;
  try {
    await Promise.all(
      sessions.map(async (cookie, client) => {
        for (let i = client; performance.now() < end; i++) {
          const page = LOAD_PAGES[i % LOAD_PAGES.length];
          const started = performance.now();
          requests += 1;
          try {
            const response = await fetch(`${server.base}${page}`, {
              headers: { Cookie: cookie },
              redirect: "manual",
              signal: AbortSignal.timeout(30_000),
            });
            const body = await response.text();
            const elapsed = performance.now() - started;
            latencies.push(elapsed);
            perPage[page].push(elapsed);
            if (response.status < 200 || response.status >= 300) {
              // The page's visible text, enough to recognise the error page.
              const text = body
                .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, " ")
                .replace(/<[^>]+>/g, " ")
                .replace(/\s+/g, " ")
                .trim();
              countError(`${page} HTTP ${response.status}`, `${response.headers.get("location") ?? ""} ${text.slice(0, 300)}`.trim());
            }
          } catch (error) {
            const kind = error?.name === "TimeoutError" ? "timeout" : `network (${error?.cause?.code ?? error?.message})`;
            countError(`${page} ${kind}`, String(error?.cause ?? error));
          }
        }
      }),
    );
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - begun) / 1000;
  const after = await memoryReading(server, { collect: false });
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    seconds,
    requests,
    requestsPerSecond: requests / seconds,
    errors,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    perPage: Object.fromEntries(
      Object.entries(perPage).map(([page, values]) => {
        const ordered = [...values].sort((a, b) => a - b);
        return [page, { n: ordered.length, p50: quantile(ordered, 0.5), p99: quantile(ordered, 0.99) }];
      }),
    ),
    memory: {
      peak: {
        bytes: Math.max(after.bytes, ...during.map((entry) => entry.bytes)),
        workers: Math.max(after.workers, ...during.map((entry) => entry.workers)),
        proxy: Math.max(after.proxy, ...during.map((entry) => entry.proxy)),
      },
      after,
    },
  };
}

// ---------------------------------------------------------------- main
const report = {
  date: new Date().toISOString(),
  commit: null,
  options,
  weight: null,
  latency: null,
  browser: null,
  ssr: null,
  lighthouse: null,
  load: null,
  errors: [],
};

async function gitInfo() {
  try {
    const head = (await run("git", ["rev-parse", "--short", "HEAD"], { timeoutMs: 10_000, label: "git" })).trim();
    const dirty = (await run("git", ["status", "--porcelain", "--untracked-files=no"], { timeoutMs: 10_000, label: "git" })).trim();
    return dirty ? `${head} (working tree has uncommitted changes)` : head;
  } catch {
    return "unknown";
  }
}

function printWeight(weight) {
  console.log("\n== Route weight: first-load JS + CSS, gzip -9 (document request) ==");
  console.log(`entry (entry.client + imports: React, React DOM, React Router): ${kb(weight.entry.gzip)} in ${weight.entry.files} files`);
  const rows = Object.entries(weight.routes).map(([id, route]) => [
    id,
    route.path,
    route.files,
    kb(route.js),
    kb(route.css),
    kb(route.total),
    ratio(route.ratioToLogin),
  ]);
  console.log(table(["route id", "path", "files", "JS gz", "CSS gz", "total gz", "÷ /login"], rows));
  if (weight.routeManifest) {
    console.log(
      `Every first load above includes the route manifest, ${weight.routeManifest.url} (${kb(weight.routeManifest.gzip)}): route discovery is "initial" (decision 059).`,
    );
  }
  if (weight.login) {
    console.log(
      `\n/login = ${kb(weight.login.gzip)} = ${ratio(weight.login.ratioToEntry)} the entry alone. What /login adds beyond the entry:`,
    );
    console.log(
      table(
        ["file", "gzip"],
        weight.login.extra.map((file) => [file.file, kb(file.gzip)]),
      ),
    );
  }
  console.log(
    `\nScreens over ${kb(GOALS.screen)} (issue 27): ${weight.over.length}${weight.over.length ? ` (${weight.over.join(", ")})` : ""}`,
  );
  if (weight.heaviest) {
    console.log(`What the heaviest screen, ${weight.heaviest.id}, loads beyond the signed-in layout (routes/_app):`);
    console.log(
      table(
        ["file", "gzip"],
        weight.heaviest.extra.map((file) => [file.file, kb(file.gzip)]),
      ),
    );
  }
  if (weight.fonts) {
    const { latin, arabic } = weight.fonts;
    console.log("\nFonts a page downloads (woff2, gzip -9 of the files):");
    console.log(
      table(
        ["page", "files", "gzip", "font files"],
        [
          ["Latin (en/fr)", latin.files.length, kb(latin.gzip), latin.files.map((file) => file.file.replace("/assets/", "")).join(", ")],
          ["Arabic (ar)", arabic.files.length, kb(arabic.gzip), arabic.files.map((file) => file.file.replace("/assets/", "")).join(", ")],
        ],
      ),
    );
    console.log(`Arabic ÷ Latin: ${ratio(weight.fonts.arabicToLatin)}`);
  }
}

function printLatency(latency) {
  console.log("\n== List latency at scale: large (100k users, 1M activity) vs small (seed) ==");
  console.log(
    `${options.runs} requests per page and state at most (≥ ${MIN_SAMPLES}, ~${options.pageBudgetMs / 1000} s per page and state), interleaved small/large, after ${WARMUP} warm-up requests.`,
  );
  const rows = latency.pages.map((page) => {
    if (page.status !== "ok") return [page.page, page.status, "", "", "", "", "", page.note ?? ""];
    const { small, large } = page.states;
    return [
      page.page,
      `${small.n}/${large.n}`,
      ms(small.median),
      ms(small.p90),
      ms(large.median),
      ms(large.p90),
      ratio(page.ratioMedian),
      ratio(page.ratioP90),
    ];
  });
  console.log(table(["page", "n s/l", "small p50", "small p90", "large p50", "large p90", "p50 L/S", "p90 L/S"], rows));
}

function printNavigation(navigation) {
  console.log(
    `\n== Client navigation (production build, small state, signed in; ${navigation.rounds} laps after one warm-up; menu click → screen drawn) ==`,
  );
  const rows = Object.entries(navigation.ways).map(([way, figures]) => [
    way === "click" ? "click" : `hover ${navigation.hoverMs} ms, then click`,
    figures.n,
    `${ms(figures.p50)} (goal ≤ ${GOALS.navigation.p50} ms)`,
    `${ms(figures.p95)} (goal ≤ ${GOALS.navigation.p95} ms)`,
    Object.entries(figures.perScreen)
      .map(([href, value]) => `${href} ${ms(value)}`)
      .join(", "),
    Object.entries(figures.firstVisit)
      .map(([href, value]) => `${href} ${ms(value)}`)
      .join(", "),
  ]);
  console.log(table(["way in", "n", "p50", "p95", "p50 per screen", "first visit (code and strings not loaded yet)"], rows));
}

function printBrowser(pages) {
  console.log("\n== What Chromium fetches (English, signed in except /login; dynamic imports included) ==");
  const rows = pages.map((page) =>
    page.status !== "ok"
      ? [page.url, page.status, "", "", "", "", "", ""]
      : [
          page.url,
          page.files,
          kb(page.js),
          kb(page.css),
          kb(page.total),
          `${kb(page.strings)} (${page.stringFiles})`,
          page.goal ? `≤ ${kb(page.goal)}` : "",
          `${kb(page.fontBytes)} (${page.fonts.map((font) => font.file.replace("/assets/", "")).join(", ")})`,
        ],
  );
  console.log(table(["page", "files", "JS gz", "CSS gz", "JS+CSS gz", "of which strings (files)", "goal", "fonts (woff2)"], rows));
  for (const page of pages) {
    if (page.status !== "ok" || !page.goal) continue;
    console.log(`\nEvery JS and CSS file Chromium fetched for ${page.url} (${kb(page.total)}, goal ≤ ${kb(page.goal)}):`);
    console.log(
      table(
        ["file", "gzip"],
        page.code.map((entry) => [entry.file, kb(entry.gzip)]),
      ),
    );
  }
}

function printSsr(ssr) {
  console.log("\n== SSR cost (small state) ==");
  console.log(
    table(
      ["measure", "value", "goal", "detail"],
      [
        [
          "/dashboard throughput ÷ bare Worker",
          percent(ssr.dashboardToBare),
          `≥ ${percent(GOALS.dashboardToBareWorker)}`,
          `${ssr.dashboardRps?.toFixed(1)} vs ${ssr.bareRps?.toFixed(1)} req/s`,
        ],
        [
          "/activity-log/:id ÷ GET /api/activity-log/:id direct (p50)",
          ratio(ssr.pageToDirect),
          `≤ ${ratio(GOALS.pageToDirectCall)}`,
          `${ms(ssr.pageMs)} vs ${ms(ssr.directMs)}; ${ssr.pageUpstreamCalls ?? "?"} upstream calls`,
        ],
      ],
    ),
  );
  if (ssr.portalCpu?.error) console.log(`\nCPU per page render, portal alone: not measured (${ssr.portalCpu.error})`);
  if (ssr.portalCpu?.pages) {
    console.log(
      `\nCPU per page render, the portal alone in a bare workerd against recorded backend answers (median of ${PORTAL_CPU_ROUNDS} rounds of ${PORTAL_CPU_REQUESTS}; load average ${ssr.portalCpu.loadAverage.join(" → ")}):`,
    );
    console.log(
      table(
        ["page", "CPU per request", "goal", "best round", "above the floor"],
        ssr.portalCpu.pages.map((page) => [
          page.url,
          ms(page.medianMs),
          `≤ ${GOALS.cpuPerPageMs} ms`,
          ms(page.minMs),
          ms(page.aboveFloorMs),
        ]),
      ),
    );
    console.log(
      `The floor, ${ms(ssr.portalCpu.floorMs)}: a request the portal Worker refuses before React Router (GET of a webhook path, 405), ` +
        "what workerd's HTTP handling costs per request here (Cloudflare bills a Worker's CPU without it).",
    );
  }
  if (ssr.cpu?.error) console.log(`\nCPU per page: not measured (${ssr.cpu.error})`);
  if (ssr.cpu?.pages) {
    console.log(
      `\nCPU per page render, the workerd process that runs the portal, the backend and local D1/KV (${CPU_REQUESTS} requests one after the other):`,
    );
    console.log(
      table(
        ["page", "CPU per request", "wall per request", "portal's top self time (shares)"],
        ssr.cpu.pages.map((page) => [
          page.url,
          ms(page.cpuMs),
          ms(page.wallMs),
          page.top.map((entry) => `${entry.frame} ${percent(entry.share)}`).join("; "),
        ]),
      ),
    );
  }
  if (ssr.profile?.error) console.log(`\nCPU profiles: not taken (${ssr.profile.error})`);
  for (const [name, profile] of Object.entries(ssr.profile ?? {})) {
    if (!profile?.categories) continue;
    const perRequest = (value) => (profile.requests ? `${(value / profile.requests).toFixed(2)} ms/request` : "");
    const { categories } = profile;
    console.log(
      `\nCPU profile of ${name} under /dashboard load (${profile.requests} requests): JavaScript ${perRequest(categories.JavaScript)}, ` +
        `GC ${perRequest(categories["(garbage collector)"])}, (program) ${perRequest(categories["(program)"])} (whole profile: ${profile.file}); top self time:`,
    );
    console.log(
      table(
        ["function (file:line)", "share of busy", "per request"],
        profile.top.map((entry) => [entry.frame, percent(entry.share), perRequest(entry.ms)]),
      ),
    );
  }
}

const mib = (bytes) => (bytes == null ? "-" : `${(bytes / 1024 / 1024).toFixed(0)} MiB`);
/** Heaps are tens of MiB: one decimal. */
const heapMib = (bytes) => (bytes == null ? "-" : `${(bytes / 1024 / 1024).toFixed(1)} MiB`);

/** "+12 MiB (+3 %)" relative to the reading before the load. */
function growth(bytes, before) {
  if (bytes == null || !before) return "";
  const delta = bytes - before;
  return `${delta >= 0 ? "+" : "−"}${mib(Math.abs(delta))} (${delta >= 0 ? "+" : "−"}${Math.abs((delta / before) * 100).toFixed(0)} %)`;
}

function printLoad(load) {
  console.log(
    `\n== Load and memory: ${load.clients} signed-in sessions, small state, served by ${load.server === "preview" ? "vite preview" : "wrangler dev"}; goal: ${GOALS.load} ==`,
  );
  console.log(`pages in a loop per client: ${load.pages.join(", ")}`);
  for (const [index, round] of load.rounds.entries()) {
    const errorDetail = Object.entries(round.errors.byKind)
      .map(([kind, count]) => `${count}× ${kind}`)
      .join(", ");
    console.log(`\nround ${index + 1}: ${round.seconds.toFixed(0)} s`);
    console.log(
      table(
        ["measure", "value", "detail"],
        [
          ["requests", round.requests, `${round.requestsPerSecond.toFixed(1)} req/s`],
          ["errors (non-2xx, network, 30 s timeout)", round.errors.count, errorDetail],
          ["latency p50 / p99", `${ms(round.p50)} / ${ms(round.p99)}`, ""],
          ...Object.entries(round.perPage).map(([page, figures]) => [
            `  ${page} p50 / p99`,
            `${ms(figures.p50)} / ${ms(figures.p99)}`,
            `n ${figures.n}`,
          ]),
        ],
      ),
    );
    for (const [kind, sample] of Object.entries(round.errors.samples)) console.log(`  first ${kind}: ${sample}`);
  }
  const { start, before } = load.memory;
  console.log(
    "\nMemory: RSS of Miniflare's workerd (the Workers, local D1/KV/R2) and of wrangler's dev proxy; V8 heap of each Worker (bench/inspector.mjs).",
  );
  console.log("A heap marked * was read after a full garbage collection; otherwise it includes garbage not yet collected.");
  const heapCell = (reading, name) => (reading.heap ? `${heapMib(reading.heap[name])}${reading.collected ? " *" : ""}` : "-");
  const row = (moment, reading) => [
    moment,
    mib(reading.workers),
    mib(reading.proxy),
    heapCell(reading, "amp"),
    heapCell(reading, "amp-backend"),
  ];
  const rows = [row("server started", start), row(`after ${load.clients} sign-ins (before the load)`, before)];
  for (const [index, round] of load.rounds.entries()) {
    rows.push([
      `round ${index + 1}: peak during the load (5 s samples)`,
      mib(round.memory.peak.workers),
      mib(round.memory.peak.proxy),
      "",
      "",
    ]);
    rows.push(row(`round ${index + 1}: right after the load`, round.memory.after));
    rows.push(row(`round ${index + 1}: after ${load.idleSeconds} s idle`, round.memory.idle));
  }
  console.log(table(["moment", "workerd (Workers) RSS", "wrangler proxy RSS", "portal heap", "backend heap"], rows));
  if (load.serverLog) console.log(`\nLast lines of the preview server's output:\n${load.serverLog.slice(-2500)}`);
}

const percent = (value) => (value == null || !Number.isFinite(value) ? "-" : `${(value * 100).toFixed(1)} %`);

function printSummary() {
  console.log("\n== Summary (ratios; absolute numbers on this shared 2-core machine are not comparable across runs) ==");
  const rows = [];
  const weight = report.weight;
  if (weight?.login) {
    rows.push(["/login first load ÷ entry (React + RR), manifest", ratio(weight.login.ratioToEntry), "", kb(weight.login.gzip)]);
    const heaviest = Object.entries(weight.routes).sort((a, b) => b[1].total - a[1].total)[0];
    if (heaviest)
      rows.push([`heaviest route ÷ /login (${heaviest[0]}), manifest`, ratio(heaviest[1].ratioToLogin), "", kb(heaviest[1].total)]);
    rows.push([
      `screens over ${kb(GOALS.screen)}, manifest`,
      String(weight.over.length),
      "0",
      `of ${Object.keys(weight.routes).length} routes`,
    ]);
  }
  if (weight?.fonts)
    rows.push([
      "Arabic page fonts ÷ Latin page fonts",
      ratio(weight.fonts.arabicToLatin),
      "",
      `${kb(weight.fonts.arabic.gzip)} vs ${kb(weight.fonts.latin.gzip)}`,
    ]);
  for (const page of report.browser ?? []) {
    if (page.status !== "ok") rows.push([`${page.url} JS+CSS gz (browser)`, page.status, "", ""]);
    else
      rows.push([`${page.url} JS+CSS gz (browser)`, kb(page.total), page.goal ? `≤ ${kb(page.goal)}` : "", `fonts ${kb(page.fontBytes)}`]);
  }
  for (const page of report.lighthouse ?? [])
    rows.push([
      `${page.url} Lighthouse performance (median)`,
      String(page.median.score),
      `≥ ${GOALS.lighthouse}`,
      `runs ${page.scores.join(" ")}`,
    ]);
  for (const page of report.latency?.pages ?? []) {
    rows.push([
      `${page.page} large ÷ small (p50)`,
      page.status === "ok" ? ratio(page.ratioMedian) : page.status,
      page.page.includes("/login") ? "≈ 1× (noise)" : `≤ ${ratio(GOALS.largeToSmall)}`,
      page.status === "ok" ? `p90 ${ratio(page.ratioP90)}` : (page.note ?? ""),
    ]);
  }
  for (const entry of report.import?.runs ?? []) {
    rows.push([
      `import ${entry.rows.toLocaleString("en")} rows end to end`,
      `${entry.totalSeconds.toFixed(1)} s`,
      entry.rows >= 100_000 ? "≤ 60 s" : "",
      `peak RSS ${mib(entry.peakRss)}`,
    ]);
  }
  if (report.import?.peakRatio != null) {
    rows.push([
      "import workerd peak RSS, largest ÷ smallest",
      ratio(report.import.peakRatio),
      "",
      "includes local D1/R2 and uncollected garbage",
    ]);
    for (const name of WORKER_NAMES) {
      const figures = report.import.heapRatios[name];
      rows.push([`import ${name} peak heap, largest ÷ smallest`, ratio(figures.peak), "≈ 1×", `after GC ${ratio(figures.after)}`]);
    }
  }
  if (report.ssr) {
    rows.push([
      "/dashboard throughput ÷ bare Worker",
      percent(report.ssr.dashboardToBare),
      `≥ ${percent(GOALS.dashboardToBareWorker)}`,
      "",
    ]);
    rows.push(["one-call page ÷ direct call (p50)", ratio(report.ssr.pageToDirect), `≤ ${ratio(GOALS.pageToDirectCall)}`, ""]);
    for (const page of report.ssr.portalCpu?.pages ?? [])
      rows.push([
        `CPU per render of ${page.url} (portal alone)`,
        ms(page.medianMs),
        `≤ ${GOALS.cpuPerPageMs} ms`,
        `bare workerd, recorded backend; ${ms(page.aboveFloorMs)} above the floor`,
      ]);
    for (const page of report.ssr.cpu?.pages ?? [])
      rows.push([`CPU per render of ${page.url} (portal + backend)`, ms(page.cpuMs), "", "portal, backend and D1 in one process"]);
  }
  if (report.load) {
    const { before } = report.load.memory;
    const last = report.load.rounds.at(-1);
    rows.push([`load: errors in ${report.load.requests} requests`, report.load.errors, "0", ""]);
    for (const [index, round] of report.load.rounds.entries())
      rows.push([`load round ${index + 1}: latency p50 / p99`, `${ms(round.p50)} / ${ms(round.p99)}`, "", ""]);
    const first = report.load.rounds[0];
    for (const name of WORKER_NAMES)
      rows.push([
        `load: ${name} heap after GC, last round ÷ round 1`,
        ratio(last.memory.idle.heap[name] / first.memory.idle.heap[name]),
        "≈ 1× (no leak)",
        `before ${heapMib(before.heap[name])}, rounds ${report.load.rounds.map((round) => heapMib(round.memory.idle.heap[name])).join(" → ")}`,
      ]);
    rows.push([
      `load: Workers' workerd RSS ${report.load.idleSeconds} s after the last round vs before`,
      growth(last.memory.idle.workers, before.workers),
      "",
      `${mib(before.workers)} → ${mib(last.memory.idle.workers)}; proxy ${mib(before.proxy)} → ${mib(last.memory.idle.proxy)}`,
    ]);
  }
  for (const error of report.errors) rows.push([`ERROR ${error.phase}`, "", "", error.message.split("\n")[0]]);
  console.log(table(["measure", "value", "goal", "detail"], rows));
}

function printLighthouse(pages) {
  console.log(
    `\n== Lighthouse performance (mobile, simulated slow 4G; HTTP/2 + gzip as the edge serves it; median of ${options.lighthouseRuns}) ==`,
  );
  const seconds = (value) => (value == null ? "-" : `${(value / 1000).toFixed(2)} s`);
  console.log(
    table(
      ["page", "score", "goal", "all runs", "FCP", "LCP", "TBT", "CLS", "SI"],
      pages.map((page) => [
        page.url,
        String(page.median.score),
        `≥ ${GOALS.lighthouse}`,
        page.scores.join(" "),
        seconds(page.median.fcp),
        seconds(page.median.lcp),
        `${Math.round(page.median.tbt)} ms`,
        page.median.cls.toFixed(3),
        seconds(page.median.si),
      ]),
    ),
  );
}

async function main() {
  report.commit = await gitInfo();
  log(`AMP bench at ${report.commit}, root ${root}`);

  // The Workers' local settings (.dev.vars with a SESSION_SECRET, as `npm run dev` makes them): the build copies
  // them beside the built Workers, so they must exist before it.
  process.chdir(root);
  ensureLocalEnv();
  const previousDeployConfig = existsSync(deployConfig) ? readFileSync(deployConfig) : null;
  if (!options.skipBuild) {
    log(`npx react-router build → ${BUILD_DIR}…`);
    rmSync(join(root, BUILD_DIR), { recursive: true, force: true });
    await run("npx", ["react-router", "build"], { env: buildEnv, timeoutMs: 300_000, label: "react-router build" });
    log("build done");
  } else {
    // `vite preview` serves what .wrangler/deploy/config.json names: the bench's build.
    mkdirSync(join(root, ".wrangler/deploy"), { recursive: true });
    writeFileSync(
      deployConfig,
      JSON.stringify({
        configPath: "../bench-build/server/wrangler.json",
        auxiliaryWorkers: [{ configPath: "../bench-build/amp_backend/wrangler.json" }],
      }),
    );
  }
  try {
    await measure();
  } finally {
    if (previousDeployConfig) writeFileSync(deployConfig, previousDeployConfig);
    else rmSync(deployConfig, { force: true });
  }
}

async function measure() {
  const manifest = readManifest();

  if (wantWeight) {
    report.weight = routeWeights(manifest);
    printWeight(report.weight);
  }

  if (wantLatency || wantNavigation || wantBrowser) {
    const servers = [];
    // The navigation and browser parts alone need only the small state.
    const states = wantLatency ? STATES : STATES.slice(0, 1);
    try {
      for (const state of states) await prepareState(state);
      log("starting vite preview for both states…");
      // One after the other: two workerd instances starting at once can race for the same inspector port.
      for (const [index, state] of states.entries()) servers.push(await startPreviewWithRetry(state, options.port + index));
      log(`preview up: ${servers.map((server) => `${server.state.name} ${server.base}`).join(", ")}`);
      for (const server of servers) await signIn(server);
      log("signed in as admin@amp.test on both");

      if (report.weight) {
        try {
          report.weight.htmlCheck = await htmlAssets(servers[0]);
        } catch (error) {
          report.weight.htmlCheck = { error: String(error) };
        }
      }

      if (wantLatency) {
        const pages = [];
        for (const page of PAGES) {
          log(`timing ${page.url}`);
          try {
            pages.push(await measurePage(servers, page, manifest));
          } catch (error) {
            pages.push({ page: page.name, url: page.url, status: "error", note: String(error.message ?? error).split("\n")[0] });
          }
        }
        report.latency = { from, pages };
      }
      if (wantBrowser) {
        log("loading pages in Chromium (what the browser really fetches)…");
        try {
          report.browser = await browserWeights(servers[0]);
        } catch (error) {
          report.errors.push({ phase: "browser", message: String(error?.stack ?? error) });
        }
      }
      if (wantNavigation) {
        log(`client navigation in Chromium: ${NAVIGATION_ROUTE.join(" → ")}, ${options.navigationRounds} laps…`);
        try {
          report.navigation = await navigationTimes({
            base: servers[0].base,
            cookies: cookiePairs(servers[0].cookie),
            chromiumArgs: CHROMIUM_ARGS,
            rounds: options.navigationRounds,
          });
        } catch (error) {
          report.errors.push({ phase: "navigation", message: String(error?.stack ?? error) });
        }
      }
    } finally {
      await Promise.all(servers.map((server) => stopChild(server.child)));
      for (const child of children) await stopChild(child);
    }
    if (report.weight?.htmlCheck && !report.weight.htmlCheck.error) {
      console.log(
        `\nCross-check: /login HTML from vite preview links ${report.weight.htmlCheck.files} JS/CSS files = ${kb(report.weight.htmlCheck.gzip)} gzip (manifest-based: ${kb(report.weight.login?.gzip)}).`,
      );
    }
    if (report.latency) printLatency(report.latency);
    if (report.browser) printBrowser(report.browser);
    if (report.navigation) printNavigation(report.navigation);
  }

  if (wantSsr) {
    log("SSR cost: /dashboard vs a bare Worker, a one-call page vs the direct call…");
    try {
      report.ssr = await ssrCost();
    } catch (error) {
      report.errors.push({ phase: "ssr", message: String(error?.stack ?? error) });
    }
    if (report.ssr) printSsr(report.ssr);
  }

  if (wantLighthouse) {
    let server = null;
    let proxy = null;
    try {
      await prepareState(STATES[0]);
      log("lighthouse: starting vite preview (small state) behind an HTTP/2 + gzip proxy…");
      server = await startPreviewWithRetry(STATES[0], options.port);
      await signIn(server);
      proxy = await edgeProxy(server.base, options.port + 1);
      report.lighthouse = await lighthouseScores({
        base: proxy.base,
        cookie: server.cookie,
        runs: options.lighthouseRuns,
        chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
        log,
      });
    } catch (error) {
      report.errors.push({ phase: "lighthouse", message: String(error?.stack ?? error) });
    } finally {
      await proxy?.close();
      if (server) await stopChild(server.child);
    }
    if (report.lighthouse) printLighthouse(report.lighthouse);
  }

  if (wantLoad) {
    let server = null;
    try {
      server = await startLoadServer(await freshState(STATES[0]), options.port);
      report.load = { server: options.loadServer, ...(await loadAndMemory(server)) };
    } finally {
      if (server) await stopChild(server.child);
    }
    if (report.load) printLoad(report.load);
  }

  if (wantImport) {
    let server = null;
    try {
      server = await startBuiltWorkers(await freshState(STATES[0]), options.port);
      await signIn(server);
      report.import = await importBench(server);
    } finally {
      if (server) await stopChild(server.child);
    }
    if (report.import) printImport(report.import);
  }
}

// ---------------------------------------------------------------- phone-number import (issue 10)
/**
 * A CSV of `rows` distinct valid numbers (NYC 212, ten exchanges per 100k rows from a random start, so reruns on the
 * same state rarely meet their own numbers; those that do count as "existing" and are skipped), two organizations.
 */
function importCsv(rows) {
  const firstExchange = 230 + Math.floor(Math.random() * 250);
  const lines = ["number,organization,type,label,cnam"];
  for (let index = 0; index < rows; index++) {
    let exchange = firstExchange + Math.floor(index / 10_000);
    if (exchange % 100 === 11) exchange += 20;
    const line = String(index % 10_000).padStart(4, "0");
    lines.push(`+1212${exchange}${line},${index % 2 ? "BUS-10021" : "Lakeside Logistics"},local,Bench ${index},`);
  }
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * End to end through the portal, as a browser without JavaScript does it: the multipart upload (streamed to the
 * backend, validated while it arrives) → the preview's redirect; the commit form → the queue job, polled until the
 * page says it is finished. workerd's RSS is sampled every 250 ms during each size, both Workers' V8 heaps (garbage
 * included) every second, and the heaps after a full garbage collection once the import is done.
 */
async function importRun(server, rows) {
  const csv = importCsv(rows);
  const peak = { bytes: workerdRss(server).bytes, heap: Object.fromEntries(WORKER_NAMES.map((name) => [name, 0])) };
  const sampler = setInterval(() => {
    peak.bytes = Math.max(peak.bytes, workerdRss(server).bytes);
  }, 250);
  let sampling = true;
  const heapSampler = (async () => {
    while (sampling) {
      for (const name of WORKER_NAMES) {
        try {
          peak.heap[name] = Math.max(peak.heap[name], await server.heaps.used(name, 5000));
        } catch {
          peak.missedHeapSamples = (peak.missedHeapSamples ?? 0) + 1; // the isolate stayed busy: the next sample
        }
      }
      await sleep(1000);
    }
  })();
  try {
    const form = new FormData();
    form.set("organization_id", "");
    form.set("file", new Blob([csv], { type: "text/csv" }), `bench-${rows}.csv`);
    const begun = performance.now();
    const upload = await fetch(`${server.base}/tools/import/phone_numbers`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: server.cookie, Origin: server.base },
      body: form,
      signal: AbortSignal.timeout(300_000),
    });
    await upload.arrayBuffer();
    const location = upload.headers.get("Location") ?? "";
    const id = location.match(/phone_numbers\/(\d+)\/step-2/)?.[1];
    if (upload.status !== 302 || !id) throw new Error(`upload of ${rows} rows: HTTP ${upload.status} ${location}`);
    const validated = performance.now();
    const commit = await fetch(`${server.base}${location}`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: server.cookie, Origin: server.base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "commit", existing: "skip", skip_invalid: "on" }),
      signal: AbortSignal.timeout(60_000),
    });
    await commit.arrayBuffer();
    if (commit.status !== 302) throw new Error(`commit of ${rows} rows: HTTP ${commit.status}`);
    let created = null;
    const deadline = Date.now() + 600_000;
    while (Date.now() < deadline) {
      const page = await fetch(`${server.base}${location}`, { headers: { Cookie: server.cookie }, signal: AbortSignal.timeout(60_000) });
      const html = await page.text();
      const done = html.match(/data-testid="done-created"[^>]*>([\d,]+)</);
      if (done) {
        created = Number(done[1].replaceAll(",", ""));
        break;
      }
      if (/Interrupted|interrompu/i.test(html) && !/Importing/.test(html)) throw new Error(`import ${id} was interrupted`);
      await sleep(500);
    }
    const committed = performance.now();
    if (created === null) throw new Error(`import ${id} of ${rows} rows did not finish in 10 min`);
    // One inspector session at a time: two at once (the sampler's and a collection) were seen to hang both.
    sampling = false;
    await heapSampler;
    const heapAfter = {};
    for (const name of WORKER_NAMES) heapAfter[name] = await server.heaps.collected(name);
    return {
      rows,
      id: Number(id),
      created,
      uploadSeconds: (validated - begun) / 1000,
      commitSeconds: (committed - validated) / 1000,
      totalSeconds: (committed - begun) / 1000,
      validationRowsPerSecond: rows / ((validated - begun) / 1000),
      commitRowsPerSecond: rows / ((committed - validated) / 1000),
      peakRss: peak.bytes,
      peakHeap: peak.heap,
      missedHeapSamples: peak.missedHeapSamples ?? 0,
      heapAfter,
      megabytes: csv.length / 1024 / 1024,
    };
  } finally {
    clearInterval(sampler);
    sampling = false;
    await heapSampler;
  }
}

async function importBench(server) {
  const runs = [];
  await attachHeaps(server);
  const baseline = workerdRss(server).bytes;
  for (const rows of options.importRows) {
    log(`import: ${rows} rows end to end…`);
    runs.push(await importRun(server, rows));
  }
  const largestToSmallest = (figure) => (runs.length > 1 ? figure(runs.at(-1)) / figure(runs[0]) : null);
  return {
    baselineRss: baseline,
    runs,
    peakRatio: largestToSmallest((entry) => entry.peakRss),
    heapRatios: Object.fromEntries(
      WORKER_NAMES.map((name) => [
        name,
        { peak: largestToSmallest((entry) => entry.peakHeap[name]), after: largestToSmallest((entry) => entry.heapAfter[name]) },
      ]),
    ),
  };
}

function printImport(result) {
  console.log("\nPhone-number import, end to end (upload → validated preview → committed), through the portal:");
  console.log(
    table(
      [
        "rows",
        "file",
        "upload + validation",
        "commit (queue)",
        "total",
        "validation rows/s",
        "commit rows/s",
        "created",
        "workerd peak RSS",
        "peak heap portal / backend",
        "heap after GC portal / backend",
      ],
      result.runs.map((entry) => [
        entry.rows.toLocaleString("en"),
        `${entry.megabytes.toFixed(1)} MB`,
        `${entry.uploadSeconds.toFixed(1)} s`,
        `${entry.commitSeconds.toFixed(1)} s`,
        `${entry.totalSeconds.toFixed(1)} s`,
        Math.round(entry.validationRowsPerSecond).toLocaleString("en"),
        Math.round(entry.commitRowsPerSecond).toLocaleString("en"),
        entry.created.toLocaleString("en"),
        mib(entry.peakRss),
        `${heapMib(entry.peakHeap.amp)} / ${heapMib(entry.peakHeap["amp-backend"])}`,
        `${heapMib(entry.heapAfter.amp)} / ${heapMib(entry.heapAfter["amp-backend"])}`,
      ]),
    ),
  );
  console.log(
    `workerd RSS before: ${mib(result.baselineRss)}; peak ratio largest ÷ smallest size: ${result.peakRatio === null ? "—" : ratio(result.peakRatio)}`,
  );
  const missed = result.runs.reduce((total, entry) => total + entry.missedHeapSamples, 0);
  if (missed) console.log(`${missed} heap samples went unanswered within 5 s (the isolate busy); the peak heap is of the others.`);
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  exitCode = 1;
  report.errors.push({ phase: "bench", message: String(error?.stack ?? error) });
  console.error(`\n[bench] FAILED: ${error?.stack ?? error}`);
} finally {
  for (const child of children) await stopChild(child);
}
report.durationSeconds = Math.round((Date.now() - started) / 1000);
printSummary();
writeFileSync(join(RESULTS_DIR, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
log(`done in ${report.durationSeconds} s; wrote bench/results/latest.json`);
process.exit(exitCode);
