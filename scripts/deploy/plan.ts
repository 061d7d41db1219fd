// What `npm run deploy` does, as data: given the target (production, or the preview of a branch) and the
// resources that already exist in the Cloudflare account, the ordered list of steps — wrangler commands,
// plus the few local steps between them (write a Worker's deploy config, check it, write the seed SQL).
// No I/O here: scripts/deploy.mjs prints the plan (`--plan`) or runs it, scripts/deploy/account.ts reads the
// account. Decision 041 explains the shape; tests/unit/deploy/plan.test.ts covers every case.
import { createHash } from "node:crypto";

export type Target = { kind: "production" } | { kind: "preview"; branch: string };

/** The names of every Cloudflare resource of one environment. */
export interface ResourceNames {
  /** The portal Worker (public, on workers.dev or a custom domain). */
  portal: string;
  /** The backend Worker, reached only through the portal's service binding. */
  backend: string;
  /** D1 database (binding DB). */
  database: string;
  /** KV namespace title (binding SESSIONS of the portal). */
  kv: string;
  /** R2 bucket (binding FILES). */
  bucket: string;
  /**
   * Every queue of backend/wrangler.toml, keyed by its production name: number-import batches, TTS renders and
   * e-mails (IMPORT_QUEUE, TTS_QUEUE, MAIL_QUEUE), carrier checks (CARRIER_QUEUE). All are produced and consumed by the backend.
   */
  queues: Record<ProductionQueue, string>;
}

/** The queues of backend/wrangler.toml (a unit test keeps them equal); a preview gets each with its prefix. */
export const PRODUCTION_QUEUES = ["amp-number-imports", "amp-carrier-sync"] as const;
export type ProductionQueue = (typeof PRODUCTION_QUEUES)[number];

const queueNames = (rename: (production: ProductionQueue) => string) =>
  Object.fromEntries(PRODUCTION_QUEUES.map((queue) => [queue, rename(queue)])) as Record<ProductionQueue, string>;

/** What the account holds, as read by scripts/deploy/account.ts (or a `--state` file). */
export interface AccountState {
  d1: { name: string; uuid: string }[];
  kv: { title: string; id: string }[];
  r2: string[];
  queues: string[];
  /** Workers that exist, among those the plan asked about. */
  workers: string[];
  /** The account's workers.dev subdomain (`<subdomain>.workers.dev`), when known. */
  workersSubdomain?: string;
}

export const EMPTY_ACCOUNT: AccountState = { d1: [], kv: [], r2: [], queues: [], workers: [] };

/** Production: the names in wrangler.toml and backend/wrangler.toml (a unit test keeps them equal). */
export const PRODUCTION: ResourceNames = {
  portal: "amp",
  backend: "amp-backend",
  database: "amp",
  kv: "amp-sessions",
  bucket: "amp-files",
  queues: queueNames((queue) => queue),
};

export const PREVIEW_PREFIX = "amp-preview-";
/** The longest suffix a preview name gets ("-number-imports"); Worker, bucket and queue names stop at 63. */
const LONGEST_SUFFIX = "-number-imports";
export const MAX_SLUG_LENGTH = 63 - PREVIEW_PREFIX.length - LONGEST_SUFFIX.length;

/** Where deploy writes the Workers' deploy configs: beside the generated ones, so their relative paths hold. */
export const GENERATED_CONFIG = { backend: "dist/amp_backend/wrangler.json", portal: "build/server/wrangler.json" } as const;
export const DEPLOY_CONFIG = { backend: "dist/amp_backend/wrangler.deploy.json", portal: "build/server/wrangler.deploy.json" } as const;
// Not .wrangler/deploy: the Cloudflare Vite plugin keeps its deploy redirect there.
export const WORK_DIR = ".wrangler/amp-deploy";
export const SEED_FILE = `${WORK_DIR}/seed.sql`;
/** The secrets a Worker needs before it serves; a Worker deployed for the first time gets random values. */
export const WORKER_SECRETS = { portal: ["SESSION_SECRET"], backend: ["APP_KEY"] } as const;

/**
 * A branch name as the middle of a resource name: lower case, [a-z0-9-], no leading, trailing or double
 * dashes, at most MAX_SLUG_LENGTH characters. A name that had to be shortened ends with a hash of the whole
 * branch name, so that two long branches with the same beginning never share a preview.
 */
export function slugBranch(branch: string): string {
  const slug = branch
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug === "") throw new Error(`The branch name "${branch}" has no letter or digit to name a preview after.`);
  if (slug.length <= MAX_SLUG_LENGTH) return slug;
  const hash = createHash("sha256").update(branch).digest("hex").slice(0, 8);
  return `${slug.slice(0, MAX_SLUG_LENGTH - hash.length - 1).replace(/-+$/, "")}-${hash}`;
}

export function resourceNames(target: Target): ResourceNames {
  if (target.kind === "production") return PRODUCTION;
  if (target.branch === "main") throw new Error("main is production: deploy it without --preview.");
  const base = `${PREVIEW_PREFIX}${slugBranch(target.branch)}`;
  return {
    portal: base,
    backend: `${base}-backend`,
    database: base,
    kv: `${base}-sessions`,
    bucket: `${base}-files`,
    queues: queueNames((queue) => `${base}-${queue.slice("amp-".length)}`),
  };
}

/** Every name of a preview starts with the preview prefix; no production name does. */
export function isPreviewName(name: string): boolean {
  return name.startsWith(PREVIEW_PREFIX);
}

export type Step =
  /** `npx wrangler <args>`; `mayFail` names the one failure that does not stop the run. */
  | { kind: "wrangler"; summary: string; args: string[]; mayFail?: string }
  /** `node scripts/db.mjs <args>` (the demo data as SQL, for a new preview). */
  | { kind: "node"; summary: string; args: string[] }
  /** Write a Worker's deploy config from the generated one, with this environment's names and ids. */
  | { kind: "write-config"; summary: string; worker: "backend" | "portal"; path: string; bindings: Record<string, string> }
  /** Refuse to go on unless the backend deploy config points at this environment's database (decision 041). */
  | { kind: "check-database"; summary: string; path: string; database: string; databaseId: string }
  /** Write random values for a Worker's secrets (never printed), for its first deploy. */
  | { kind: "secrets-file"; summary: string; worker: "backend" | "portal"; path: string; names: readonly string[] };

export interface Plan {
  target: Target;
  names: ResourceNames;
  /** The portal's URL, when the workers.dev subdomain is known (previews). */
  url?: string;
  /** Resources this plan creates (a new preview, or the production set-up). */
  creates: string[];
  steps: Step[];
  /** Said before the steps (e.g. the state the plan assumed). */
  notes: string[];
}

/** Placeholder for an id the account gives only when the resource is created. */
const pending = (what: string) => `<id of ${what}, known once created>`;

export interface DeployOptions {
  /** Production only: create missing production resources (the one-time set-up). */
  setup?: boolean;
}

/**
 * The deploy plan: create what is missing (always for a preview, only with `setup` for production), then
 * write and check the deploy configs, apply D1 migrations, seed a new preview, deploy the backend, then
 * the portal whose service binding points at that backend.
 */
export function planDeploy(target: Target, state: AccountState, options: DeployOptions = {}): Plan {
  const names = resourceNames(target);
  const preview = target.kind === "preview";
  const steps: Step[] = [];
  const notes: string[] = [];
  const creates: string[] = [];

  const database = state.d1.find((entry) => entry.name === names.database);
  const kv = state.kv.find((entry) => entry.title === names.kv);
  const hasBucket = state.r2.includes(names.bucket);
  const missingQueues = Object.values(names.queues).filter((queue) => !state.queues.includes(queue));
  const missing = [
    database ? null : `D1 database ${names.database}`,
    kv ? null : `KV namespace ${names.kv}`,
    hasBucket ? null : `R2 bucket ${names.bucket}`,
    ...missingQueues.map((queue) => `queue ${queue}`),
  ].filter((entry): entry is string => entry !== null);
  // Production is created (and given its secrets) only by the one-time set-up, never by a routine deploy.
  const workersMissing = [names.backend, names.portal]
    .filter((worker) => !state.workers.includes(worker))
    .map((worker) => `Worker ${worker}`);
  if (!preview && !options.setup && missing.length + workersMissing.length > 0) {
    throw new Error(
      `Production is not set up: ${[...missing, ...workersMissing].join(", ")} missing from the account. Run the one-time set-up first: npm run deploy -- --setup`,
    );
  }

  if (!database) {
    creates.push(`D1 database ${names.database}`);
    steps.push({ kind: "wrangler", summary: `create the D1 database ${names.database}`, args: ["d1", "create", names.database] });
  }
  if (!kv) {
    creates.push(`KV namespace ${names.kv}`);
    steps.push({ kind: "wrangler", summary: `create the KV namespace ${names.kv}`, args: ["kv", "namespace", "create", names.kv] });
  }
  if (!hasBucket) {
    creates.push(`R2 bucket ${names.bucket}`);
    steps.push({ kind: "wrangler", summary: `create the R2 bucket ${names.bucket}`, args: ["r2", "bucket", "create", names.bucket] });
  }
  for (const queue of missingQueues) {
    creates.push(`queue ${queue}`);
    steps.push({ kind: "wrangler", summary: `create the queue ${queue}`, args: ["queues", "create", queue] });
  }

  const databaseId = database?.uuid ?? pending(`D1 ${names.database}`);
  const kvId = kv?.id ?? pending(`KV ${names.kv}`);
  const portalHost = state.workersSubdomain ? `${names.portal}.${state.workersSubdomain}.workers.dev` : undefined;
  const url = portalHost ? `https://${portalHost}` : undefined;

  const backendBindings: Record<string, string> = {
    name: names.backend,
    DB: `D1 ${names.database} (${databaseId})`,
    FILES: `R2 ${names.bucket}`,
    queues: `${Object.values(names.queues).join(", ")} (producer and consumer)`,
  };
  if (preview) {
    const host = portalHost ?? `${names.portal}.<workers.dev subdomain>.workers.dev`;
    backendBindings.APP_URL = `https://${host}`;
    backendBindings.STATEFUL_DOMAINS = host;
  }
  steps.push({
    kind: "write-config",
    summary: `write the backend's deploy config (${names.backend})`,
    worker: "backend",
    path: DEPLOY_CONFIG.backend,
    bindings: backendBindings,
  });
  steps.push({
    kind: "write-config",
    summary: `write the portal's deploy config (${names.portal})`,
    worker: "portal",
    path: DEPLOY_CONFIG.portal,
    bindings: { name: names.portal, SESSIONS: `KV ${names.kv} (${kvId})`, BACKEND: `service ${names.backend}` },
  });
  steps.push({
    kind: "check-database",
    summary: `check that the backend's D1 binding is ${names.database} (${databaseId}) and nothing else`,
    path: DEPLOY_CONFIG.backend,
    database: names.database,
    databaseId,
  });
  steps.push({
    kind: "wrangler",
    summary: `apply D1 migrations to ${names.database} before the new backend serves`,
    args: ["d1", "migrations", "apply", names.database, "--remote", "-c", DEPLOY_CONFIG.backend],
  });

  // A Worker deployed for the first time gets its secrets with that deploy, so it never serves without them.
  const firstBackend = !state.workers.includes(names.backend);
  const firstPortal = !state.workers.includes(names.portal);
  if (preview && (firstBackend || !database)) {
    steps.push({ kind: "node", summary: "write the demo data as SQL", args: ["scripts/db.mjs", "seed-file", SEED_FILE] });
    steps.push({
      kind: "wrangler",
      summary: `seed ${names.database} with the demo data`,
      args: ["d1", "execute", names.database, "--remote", "--yes", "--file", SEED_FILE, "-c", DEPLOY_CONFIG.backend],
    });
  }
  const secretsPath = (worker: "backend" | "portal") => `${WORK_DIR}/${worker}.secrets.json`;
  if (firstBackend) {
    steps.push({
      kind: "secrets-file",
      summary: `generate ${WORKER_SECRETS.backend.join(", ")} for the new Worker ${names.backend}`,
      worker: "backend",
      path: secretsPath("backend"),
      names: WORKER_SECRETS.backend,
    });
  }
  steps.push({
    kind: "wrangler",
    summary: `deploy the backend ${names.backend}`,
    args: ["deploy", "-c", DEPLOY_CONFIG.backend, ...(firstBackend ? ["--secrets-file", secretsPath("backend")] : [])],
  });
  if (firstPortal) {
    steps.push({
      kind: "secrets-file",
      summary: `generate ${WORKER_SECRETS.portal.join(", ")} for the new Worker ${names.portal}`,
      worker: "portal",
      path: secretsPath("portal"),
      names: WORKER_SECRETS.portal,
    });
  }
  steps.push({
    kind: "wrangler",
    summary: `deploy the portal ${names.portal} (BACKEND → ${names.backend})`,
    args: ["deploy", "-c", DEPLOY_CONFIG.portal, ...(firstPortal ? ["--secrets-file", secretsPath("portal")] : [])],
  });

  if (preview && !state.workersSubdomain) notes.push("The workers.dev subdomain is not known: the preview URL is shown as a pattern.");
  return { target, names, url, creates, steps, notes };
}

/**
 * Removing the preview of a deleted branch: the portal first (it binds to the backend), then the backend
 * (the queue's consumer), then the storage. Only what exists is removed, so running it twice is harmless.
 * R2 refuses to delete a bucket that still holds objects and wrangler cannot empty one: the teardown first
 * gives the bucket a rule that expires every object after a day, and a later `--teardown-orphans` run
 * deletes it once it is empty.
 */
export function planTeardown(branch: string, state: AccountState): Plan {
  const names = resourceNames({ kind: "preview", branch });
  const steps: Step[] = [];
  if (state.workers.includes(names.portal)) {
    steps.push({ kind: "wrangler", summary: `delete the portal ${names.portal}`, args: ["delete", names.portal, "--force"] });
  }
  if (state.workers.includes(names.backend)) {
    steps.push({ kind: "wrangler", summary: `delete the backend ${names.backend}`, args: ["delete", names.backend, "--force"] });
  }
  for (const queue of Object.values(names.queues).filter((name) => state.queues.includes(name))) {
    steps.push({ kind: "wrangler", summary: `delete the queue ${queue}`, args: ["queues", "delete", queue] });
  }
  const kv = state.kv.find((entry) => entry.title === names.kv);
  if (kv) {
    steps.push({
      kind: "wrangler",
      summary: `delete the KV namespace ${names.kv}`,
      args: ["kv", "namespace", "delete", "--namespace-id", kv.id, "--skip-confirmation"],
    });
  }
  if (state.d1.some((entry) => entry.name === names.database)) {
    steps.push({
      kind: "wrangler",
      summary: `delete the D1 database ${names.database}`,
      args: ["d1", "delete", names.database, "--skip-confirmation"],
    });
  }
  if (state.r2.includes(names.bucket)) steps.push(...bucketRemoval(names.bucket));
  assertOnlyPreviewNames(steps);
  return {
    target: { kind: "preview", branch },
    names,
    creates: [],
    steps,
    notes: steps.length === 0 ? [`Nothing to remove: the account holds no resource of the preview ${names.portal}.`] : [],
  };
}

function bucketRemoval(bucket: string): Step[] {
  return [
    {
      kind: "wrangler",
      summary: `expire every object of ${bucket} after a day (R2 deletes only empty buckets)`,
      args: ["r2", "bucket", "lifecycle", "add", bucket, "amp-preview-teardown", "--expire-days", "1", "--force"],
    },
    {
      kind: "wrangler",
      summary: `delete the R2 bucket ${bucket}`,
      args: ["r2", "bucket", "delete", bucket],
      mayFail: "the bucket still holds objects: `npm run deploy -- --teardown-orphans` deletes it once they have expired",
    },
  ];
}

/**
 * Buckets left by earlier teardowns: a preview bucket whose preview database is gone. The preview
 * teardown workflow runs this daily.
 */
export function planOrphanSweep(state: AccountState): Step[] {
  const steps = state.r2
    .filter((bucket) => isPreviewName(bucket) && bucket.endsWith("-files"))
    .filter((bucket) => !state.d1.some((entry) => entry.name === bucket.slice(0, -"-files".length)))
    .flatMap((bucket) => bucketRemoval(bucket));
  assertOnlyPreviewNames(steps);
  return steps;
}

/** The last line of defence of a teardown: every name it deletes is a preview's. */
function assertOnlyPreviewNames(steps: Step[]) {
  for (const step of steps) {
    if (step.kind !== "wrangler") continue;
    const named = step.args.filter((arg) => /^amp/.test(arg));
    const id = step.args[step.args.indexOf("--namespace-id") + 1];
    if (named.some((name) => !isPreviewName(name)) || (step.args.includes("--namespace-id") && !id)) {
      throw new Error(`Refusing a teardown step outside the previews: wrangler ${step.args.join(" ")}`);
    }
  }
}

type JsonObject = Record<string, unknown>;

const LOCAL_HOST = /^(https?:\/\/)?(localhost|127\.0\.0\.1)(:\d+)?(\/|$)/;
const parseHosts = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((host) => host.trim())
    .filter(Boolean);

/** The backend's deploy config: the generated one with this environment's names and ids. */
export function backendDeployConfig(generated: JsonObject, target: Target, state: AccountState): JsonObject {
  const names = resourceNames(target);
  const database = state.d1.find((entry) => entry.name === names.database);
  if (!database) throw new Error(`The D1 database ${names.database} does not exist yet.`);
  const [d1] = generated.d1_databases as JsonObject[];
  const [bucket] = generated.r2_buckets as JsonObject[];
  const queues = generated.queues as { producers: JsonObject[]; consumers: JsonObject[] };
  const vars = { ...(generated.vars as Record<string, string>) };
  if (target.kind === "preview") {
    if (!state.workersSubdomain)
      throw new Error("The account's workers.dev subdomain is needed to point a preview's backend at its portal.");
    const host = `${names.portal}.${state.workersSubdomain}.workers.dev`;
    vars.APP_URL = `https://${host}`;
    vars.STATEFUL_DOMAINS = host;
  } else if (LOCAL_HOST.test(vars.APP_URL ?? "") || parseHosts(vars.STATEFUL_DOMAINS).every((host) => LOCAL_HOST.test(host))) {
    // E-mail links to localhost and a portal whose sign-in the backend would not treat as first-party.
    throw new Error(
      "Set APP_URL and STATEFUL_DOMAINS in backend/wrangler.toml to the portal's public URL and host before deploying production.",
    );
  }
  return {
    ...generated,
    name: names.backend,
    vars,
    d1_databases: [{ ...d1, database_name: names.database, database_id: database.uuid }],
    r2_buckets: [{ ...bucket, bucket_name: names.bucket }],
    queues: {
      producers: queues.producers.map((producer) => ({ ...producer, queue: environmentQueue(producer.queue, names) })),
      consumers: queues.consumers.map((consumer) => ({ ...consumer, queue: environmentQueue(consumer.queue, names) })),
    },
  };
}

/** A queue of the generated config, renamed for this environment; one the plan does not know stops the deploy. */
function environmentQueue(queue: unknown, names: ResourceNames): string {
  const known = PRODUCTION_QUEUES.find((production) => production === queue);
  if (!known)
    throw new Error(`backend/wrangler.toml names the queue "${String(queue)}", which the deploy plan does not know (PRODUCTION_QUEUES).`);
  return names.queues[known];
}

/** The portal's deploy config: its own KV namespace, and BACKEND bound to this environment's backend. */
export function portalDeployConfig(generated: JsonObject, target: Target, state: AccountState): JsonObject {
  const names = resourceNames(target);
  const kv = state.kv.find((entry) => entry.title === names.kv);
  if (!kv) throw new Error(`The KV namespace ${names.kv} does not exist yet.`);
  const [sessions] = generated.kv_namespaces as JsonObject[];
  const [backend] = generated.services as JsonObject[];
  return {
    ...generated,
    name: names.portal,
    kv_namespaces: [{ ...sessions, id: kv.id }],
    services: [{ ...backend, service: names.backend }],
  };
}

/**
 * Production safety (decision 041): before any migration, the backend's deploy config must name this
 * environment's database, with the id the account gives that name. A preview config can never reach the
 * production database and the production deploy can never migrate a preview's.
 */
export function checkDatabase(config: JsonObject, target: Target, state: AccountState): void {
  const names = resourceNames(target);
  const databases = (config.d1_databases ?? []) as { binding?: string; database_name?: string; database_id?: string }[];
  if (databases.length !== 1) throw new Error(`Expected one D1 binding in the backend config, found ${databases.length}.`);
  const [d1] = databases;
  const environment = target.kind === "production" ? "production" : `the preview of ${target.branch}`;
  if (d1.database_name !== names.database) {
    throw new Error(`Refusing to migrate: the backend config binds D1 "${d1.database_name}", but ${environment} uses "${names.database}".`);
  }
  if (target.kind === "production" && isPreviewName(d1.database_name)) {
    throw new Error(`Refusing to migrate: "${d1.database_name}" is a preview database.`);
  }
  const account = state.d1.find((entry) => entry.name === names.database);
  if (!account || account.uuid !== d1.database_id) {
    throw new Error(
      `Refusing to migrate: the backend config's database id ${d1.database_id} is not the id of "${names.database}" in this account (${account?.uuid ?? "absent"}).`,
    );
  }
}

/** The plan as `--plan` prints it: each step's purpose and its command. */
export function formatPlan(plan: Plan): string {
  const title =
    plan.target.kind === "production"
      ? "Production"
      : `Preview of ${plan.target.branch} (${plan.names.portal}${plan.url ? `, ${plan.url}` : ""})`;
  const lines = [`# ${title}`, ...plan.notes.map((note) => `# ${note}`)];
  plan.steps.forEach((step, index) => {
    lines.push(`${index + 1}. ${step.summary}`);
    if (step.kind === "wrangler") lines.push(`   $ npx wrangler ${step.args.join(" ")}`);
    if (step.kind === "node") lines.push(`   $ node ${step.args.join(" ")}`);
    if (step.kind === "write-config") {
      lines.push(`   → ${step.path}`);
      for (const [binding, value] of Object.entries(step.bindings)) lines.push(`     ${binding}: ${value}`);
    }
    if (step.kind === "secrets-file") lines.push(`   → ${step.path} (${step.names.join(", ")}: random, never printed)`);
  });
  return lines.join("\n");
}
