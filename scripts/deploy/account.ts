// Reading what the Cloudflare account holds, through wrangler (the same credentials as the deploy:
// `wrangler login` locally, CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID in CI). The parsers are
// exported for the unit tests; readAccount is the only function that talks to Cloudflare.
import { spawnSync } from "node:child_process";
import { stripVTControlCharacters } from "node:util";
import type { AccountState } from "./plan.ts";

const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

function wrangler(args: string[]): { status: number; stdout: string; stderr: string } {
  const result = spawnSync("npx", ["wrangler", ...args], { env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, timeout: 120_000 });
  return { status: result.status ?? 1, stdout: result.stdout ?? "", stderr: result.stderr ?? String(result.error ?? "") };
}

function wranglerOk(args: string[]): string {
  const result = wrangler(args);
  if (result.status !== 0) {
    const output = stripVTControlCharacters(`${result.stdout}${result.stderr}`);
    const reason =
      output.split("\n").find((line) => /ERROR|✘|not authenticated|non-interactive/i.test(line)) ?? output.trim().split("\n").at(-1);
    throw new Error(`wrangler ${args.join(" ")} failed: ${reason?.trim() ?? "no output"}\n${output}`);
  }
  return result.stdout;
}

/** The first JSON array in wrangler's output (it may print a banner before it). */
export function parseJsonArray<T>(output: string): T[] {
  const start = output.indexOf("[");
  if (start < 0) throw new Error(`Expected a JSON list from wrangler, got: ${output.slice(0, 200)}`);
  return JSON.parse(output.slice(start)) as T[];
}

/** `wrangler r2 bucket list` prints one `name: <bucket>` line per bucket. */
export function parseBucketList(output: string): string[] {
  return [...output.matchAll(/^name:\s+(\S+)\s*$/gm)].map((match) => match[1]);
}

/** `wrangler queues list` prints a table; the column headed "name" holds the queue names. */
export function parseQueueList(output: string): string[] {
  const rows = output
    .split("\n")
    .filter((line) => line.includes("│"))
    .map((line) =>
      line
        .split("│")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  const header = rows.findIndex((cells) => cells.includes("name"));
  if (header < 0) return [];
  const column = rows[header].indexOf("name");
  return rows
    .slice(header + 1)
    .map((cells) => cells[column])
    .filter((name): name is string => Boolean(name));
}

/** Whether a Worker exists: `deployments list` answers for it, or says there is no such Worker. */
function workerExists(name: string): boolean {
  const result = wrangler(["deployments", "list", "--name", name, "--json"]);
  if (result.status === 0) return true;
  const output = `${result.stdout}${result.stderr}`;
  if (/10007|does not exist|not found/i.test(output)) return false;
  // Anything else (network, permissions) must not be read as "absent": a new Worker gets new secrets.
  throw new Error(`Could not tell whether the Worker ${name} exists:\n${output}`);
}

/** The account's workers.dev subdomain: AMP_WORKERS_SUBDOMAIN, or asked of the API with the CI token. */
async function workersSubdomain(): Promise<string | undefined> {
  if (process.env.AMP_WORKERS_SUBDOMAIN) return process.env.AMP_WORKERS_SUBDOMAIN;
  const token = process.env.CLOUDFLARE_API_TOKEN;
  const account = process.env.CLOUDFLARE_ACCOUNT_ID;
  if (!token || !account) return undefined;
  const response = await fetch(`https://api.cloudflare.com/client/v4/accounts/${account}/workers/subdomain`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`Reading the workers.dev subdomain answered ${response.status}.`);
  const body = (await response.json()) as { result?: { subdomain?: string } };
  return body.result?.subdomain;
}

/** What the account holds: every D1 database, KV namespace, R2 bucket and queue, and which of `workers` exist. */
export async function readAccount(workers: string[]): Promise<AccountState> {
  const d1 = parseJsonArray<{ name: string; uuid: string }>(wranglerOk(["d1", "list", "--json"])).map(({ name, uuid }) => ({ name, uuid }));
  const kv = parseJsonArray<{ title: string; id: string }>(wranglerOk(["kv", "namespace", "list"])).map(({ title, id }) => ({ title, id }));
  const r2 = parseBucketList(wranglerOk(["r2", "bucket", "list"]));
  const queues = parseQueueList(wranglerOk(["queues", "list"]));
  return { d1, kv, r2, queues, workers: workers.filter(workerExists), workersSubdomain: await workersSubdomain() };
}
