// Local settings for the Workers: .dev.vars (portal) and backend/.dev.vars, created from the
// examples on first use, with a fresh random SESSION_SECRET and APP_KEY. Shared by `npm run dev` and the e2e server.
// Both also point the platform SMTP relay at the local mail catcher (scripts/mail-catcher.mjs) and the
// portal's mail log at its inbox: those lines are (re)written on every start, so a changed catcher port
// (MAIL_CATCHER_SMTP_PORT / MAIL_CATCHER_WEB_PORT) is picked up; any other line is left as you wrote it.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { mailCatcherPorts } from "./mail-catcher.mjs";

const MANAGED = "# Managed by scripts/local-env.mjs: the local mail catcher";

/** Sets `values` in a .dev.vars file, in one block under the MANAGED comment. */
function upsertManaged(path, values) {
  const lines = readFileSync(path, "utf8").split("\n");
  const kept = lines.filter((line) => line !== MANAGED && !Object.keys(values).some((key) => line.startsWith(`${key}=`)));
  while (kept.length > 0 && kept.at(-1) === "") kept.pop();
  const block = [MANAGED, ...Object.entries(values).map(([key, value]) => `${key}=${value}`)];
  const next = `${[...kept, "", ...block].join("\n")}\n`;
  if (next !== lines.join("\n")) writeFileSync(path, next);
}

export function ensureLocalEnv() {
  if (!existsSync(".dev.vars")) {
    const example = readFileSync(".dev.vars.example", "utf8");
    writeFileSync(".dev.vars", example.replace(/^SESSION_SECRET=.*$/m, `SESSION_SECRET=${randomBytes(32).toString("hex")}`));
    console.log("Created .dev.vars with a fresh SESSION_SECRET.");
  }
  if (!existsSync("backend/.dev.vars")) {
    const example = readFileSync("backend/.dev.vars.example", "utf8");
    writeFileSync("backend/.dev.vars", example.replace(/^APP_KEY=.*$/m, `APP_KEY=${randomBytes(32).toString("hex")}`));
  }
  // Checkouts from before the dev outbox existed: the e2e suite reads password links from it.
  const backendVars = readFileSync("backend/.dev.vars", "utf8");
  if (!/^MAIL_OUTBOX_DEV=/m.test(backendVars)) {
    writeFileSync("backend/.dev.vars", `${backendVars.replace(/\n?$/, "\n")}MAIL_OUTBOX_DEV=1\n`);
    console.log("Added MAIL_OUTBOX_DEV=1 to backend/.dev.vars (local mail outbox, see docs/backend.md).");
  }
  const { smtpPort, webPort } = mailCatcherPorts();
  upsertManaged("backend/.dev.vars", {
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(smtpPort),
    SMTP_ENCRYPTION: "none",
    MAIL_FROM: "noreply@amp.test",
    MAIL_FROM_NAME: "AMP",
    // The catcher listens on 127.0.0.1 and a port that is not an SMTP port: allowed for relays locally only.
    SMTP_ALLOW_LOCAL: "1",
  });
  upsertManaged(".dev.vars", { MAIL_INBOX_URL: `http://localhost:${webPort}` });
}

/** The portal's local settings (`.dev.vars`) as name → value: what the portal Worker will see in dev. */
export function readDevVars(file = ".dev.vars") {
  const vars = {};
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
      const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
      if (match) vars[match[1]] = match[2].replace(/^(["'])(.*)\1$/, "$2");
    }
  }
  return vars;
}

/** Sets (or, with an empty value, removes) one variable of .dev.vars, keeping every other line as written. */
export function setDevVar(name, value, file = ".dev.vars") {
  const lines = existsSync(file) ? readFileSync(file, "utf8").split(/\r?\n/) : [];
  const kept = lines.filter((line) => !new RegExp(`^\\s*${name}\\s*=`).test(line));
  while (kept.length > 0 && kept.at(-1) === "") kept.pop();
  if (value) kept.push(`${name}=${value}`);
  writeFileSync(file, `${kept.join("\n")}\n`);
}

/**
 * Which upstream `npm run dev` serves (issue 26.3): SANCTUM_URL from the environment wins over .dev.vars.
 * The Worker reads .dev.vars only, so an environment variable alone would be silently ignored: the line
 * there is rewritten to match, and said so. The last message always names the backend in use.
 */
export function chooseBackend(fromEnvironment, file = ".dev.vars") {
  const messages = [];
  let sanctumUrl = readDevVars(file).SANCTUM_URL ?? "";
  if (fromEnvironment !== undefined && fromEnvironment.trim() !== sanctumUrl) {
    sanctumUrl = fromEnvironment.trim();
    setDevVar("SANCTUM_URL", sanctumUrl, file);
    messages.push(
      `SANCTUM_URL from the environment (${sanctumUrl || "empty: the bundled backend"}) replaces the one in .dev.vars; .dev.vars now says so too.`,
    );
  }
  messages.push(
    sanctumUrl
      ? `Backend: the Laravel Sanctum API at ${sanctumUrl} (SANCTUM_URL)`
      : "Backend: the bundled backend (backend/, SANCTUM_URL is empty)",
  );
  return { sanctumUrl, messages };
}

export const wranglerEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

const CARRIER_MANAGED = "# Managed by scripts/local-env.mjs: the carrier of npm run dev -- --carrier telnyx (the local Telnyx simulator)";

/**
 * Points the backend at the local Telnyx simulator (`values`: CARRIER, TELNYX_BASE_URL, TELNYX_API_KEY,
 * TELNYX_PUBLIC_KEY), or with null takes that block out again so the backend is back on wrangler.toml's carrier.
 * Taking the block out leaves settings written by hand (a real Telnyx account) as they were; while the simulator
 * runs, the same keys elsewhere in the file are dropped so that the simulator's win.
 */
export function setLocalCarrier(values, path = "backend/.dev.vars") {
  const lines = existsSync(path) ? readFileSync(path, "utf8").split("\n") : [];
  const start = lines.indexOf(CARRIER_MANAGED);
  if (start >= 0) {
    let end = start + 1;
    while (end < lines.length && lines[end] !== "" && !lines[end].startsWith("#")) end += 1;
    lines.splice(start, end - start);
  }
  const kept = lines.filter((line) => !values || !Object.keys(values).some((key) => line.startsWith(`${key}=`)));
  while (kept.length > 0 && kept.at(-1) === "") kept.pop();
  const block = values ? ["", CARRIER_MANAGED, ...Object.entries(values).map(([key, value]) => `${key}=${value}`)] : [];
  writeFileSync(path, `${[...kept, ...block].join("\n")}\n`);
}
