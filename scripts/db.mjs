// Local D1 for development: `npm run db:migrate | db:seed | db:reset | seed:large`.
// Runs on the pinned Node 24 (npm scripts). The seed data itself lives in backend/src/db/seed.ts, shared
// with the backend tests; it is bundled with esbuild, turned into SQL and executed by wrangler.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = resolve(import.meta.dirname, "..");
// The Vite dev server reads <root>/.wrangler/state; AMP_STATE_DIR lets e2e runs use their own state.
const stateDir = resolve(root, process.env.AMP_STATE_DIR || ".wrangler/state");
const config = join(root, "backend/wrangler.toml");
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

/** Runs wrangler; `d1 execute` prints every statement's result, so its output is shown only on failure. */
function wrangler(args, { quiet = false } = {}) {
  const result = spawnSync("npx", ["wrangler", ...args, "-c", config, "--persist-to", stateDir], {
    cwd: root,
    env,
    stdio: quiet ? "pipe" : "inherit",
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout}${result.stderr}`);
    process.exit(result.status ?? 1);
  }
}

/** Bundles a TypeScript module of the backend and imports it. */
async function importBackendModule(entry, work) {
  const outfile = join(work, `${entry.replace(/\W+/g, "_")}.mjs`);
  await build({
    entryPoints: [join(root, entry)],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    logLevel: "warning",
  });
  return import(pathToFileURL(outfile).href);
}

async function executeSql(statements, label) {
  const work = mkdtempSync(join(tmpdir(), "amp-db-"));
  try {
    const file = join(work, `${label}.sql`);
    writeFileSync(file, `${statements.join("\n\n")}\n`);
    wrangler(["d1", "execute", "DB", "--local", "--yes", "--file", file], { quiet: true });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function withModule(entry, use) {
  const work = mkdtempSync(join(tmpdir(), "amp-mod-"));
  try {
    return await use(await importBackendModule(entry, work));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function migrate() {
  wrangler(["d1", "migrations", "apply", "DB", "--local"]);
}

async function seed() {
  const statements = await withModule("backend/src/db/seed.ts", (module) => module.seedStatements());
  await executeSql(statements, "seed");
  console.log("Seeded. Sign in as admin@amp.test / password (see docs/backend.md for every demo account).");
}

/** The demo data as a .sql file, for a remote D1 (a new branch preview: scripts/deploy/plan.ts). */
async function seedFile(path) {
  if (!path) {
    console.error("Usage: node scripts/db.mjs seed-file <out.sql>");
    process.exit(1);
  }
  const statements = await withModule("backend/src/db/seed.ts", (module) => module.seedStatements());
  mkdirSync(dirname(resolve(path)), { recursive: true });
  writeFileSync(path, `${statements.join("\n\n")}\n`);
  console.log(`Wrote ${statements.length} statements of demo data to ${path}.`);
}

async function seedLarge() {
  const statements = await withModule("backend/src/db/seed-large.ts", (module) => module.largeSeedStatements());
  const started = Date.now();
  await executeSql(statements, "seed-large");
  console.log(`Bulk data in ${Math.round((Date.now() - started) / 1000)} s.`);
}

/**
 * The local mail catcher until a real one exists: the newest messages the backend delivered (with their
 * real links), read from dev_mail_outbox. The backend writes it only with MAIL_OUTBOX_DEV=1 (backend/.dev.vars).
 * `outbox [address] [--json]`.
 */
function outbox(args) {
  const json = args.includes("--json");
  const address = args.find((arg) => !arg.startsWith("--"));
  const where = address ? `WHERE "to" = '${address.toLowerCase().replaceAll("'", "''")}'` : "";
  const result = spawnSync(
    "npx",
    [
      "wrangler",
      "d1",
      "execute",
      "DB",
      "--local",
      "--json",
      "-c",
      config,
      "--persist-to",
      stateDir,
      "--command",
      `SELECT id, "to", subject, template, text, created_at FROM dev_mail_outbox ${where} ORDER BY id DESC LIMIT 5`,
    ],
    { cwd: root, env, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 },
  );
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout}${result.stderr}`);
    process.exit(result.status ?? 1);
  }
  const rows = JSON.parse(result.stdout)[0]?.results ?? [];
  if (json) {
    process.stdout.write(`${JSON.stringify(rows)}\n`);
    return;
  }
  if (rows.length === 0) console.log("No delivered e-mail. Is MAIL_OUTBOX_DEV=1 in backend/.dev.vars?");
  for (const row of rows) console.log(`#${row.id} ${row.created_at} to=${row.to} [${row.template}] ${row.subject}\n${row.text}\n`);
}

const command = process.argv[2];
switch (command) {
  case "migrate":
    migrate();
    break;
  case "seed":
    await seed();
    break;
  case "reset":
    rmSync(join(stateDir, "v3/d1"), { recursive: true, force: true });
    migrate();
    await seed();
    break;
  case "seed-file":
    await seedFile(process.argv[3]);
    break;
  case "large":
    migrate();
    await seed();
    await seedLarge();
    break;
  case "outbox":
    outbox(process.argv.slice(3));
    break;
  default:
    console.error("Usage: node scripts/db.mjs migrate|seed|reset|large|seed-file <out.sql>|outbox [address] [--json]");
    process.exit(1);
}
