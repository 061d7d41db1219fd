import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseBucketList, parseJsonArray, parseQueueList } from "../../../scripts/deploy/account.ts";
import {
  type AccountState,
  backendDeployConfig,
  checkDatabase,
  DEPLOY_CONFIG,
  formatPlan,
  MAX_SLUG_LENGTH,
  type Plan,
  PRODUCTION,
  PRODUCTION_QUEUES,
  planDeploy,
  planOrphanSweep,
  planTeardown,
  portalDeployConfig,
  type ResourceNames,
  resourceNames,
  type Step,
  slugBranch,
} from "../../../scripts/deploy/plan.ts";

/** A set-up production account: every production resource and both Workers. */
const production: AccountState = {
  d1: [{ name: "amp", uuid: "prod-d1" }],
  kv: [{ title: "amp-sessions", id: "prod-kv" }],
  r2: ["amp-files"],
  queues: ["amp-number-imports", "amp-carrier-sync"],
  workers: ["amp", "amp-backend"],
  workersSubdomain: "acme",
};

/** The same account once the preview of feature/x has been deployed. */
const withPreview: AccountState = {
  d1: [...production.d1, { name: "amp-preview-feature-x", uuid: "pv-d1" }],
  kv: [...production.kv, { title: "amp-preview-feature-x-sessions", id: "pv-kv" }],
  r2: [...production.r2, "amp-preview-feature-x-files"],
  queues: [...production.queues, "amp-preview-feature-x-number-imports", "amp-preview-feature-x-carrier-sync"],
  workers: [...production.workers, "amp-preview-feature-x", "amp-preview-feature-x-backend"],
  workersSubdomain: "acme",
};

const wranglerArgs = (plan: Plan | Step[]) =>
  ("steps" in plan ? plan.steps : plan).filter((step) => step.kind === "wrangler").map((step) => step.args.join(" "));
const indexOf = (plan: Plan, summaryStart: string) => plan.steps.findIndex((step) => step.summary.startsWith(summaryStart));
/** Every name of an environment, its queues included. */
const everyName = (names: ResourceNames): string[] =>
  Object.values(names).flatMap((name: string | Record<string, string>) => (typeof name === "string" ? [name] : Object.values(name)));
const PRODUCTION_NAMES = new Set(everyName(PRODUCTION));
/** Every argument of every command that names a resource or Worker (wrangler verbs and paths excluded). */
const namedResources = (plan: Plan) =>
  plan.steps.flatMap((step) => (step.kind === "wrangler" ? step.args.filter((arg) => /^amp(-|$)/.test(arg)) : []));

describe("production deploy", () => {
  const plan = planDeploy({ kind: "production" }, production);

  it("migrates D1 before the new backend serves, and deploys the backend before the portal", () => {
    expect(wranglerArgs(plan)).toEqual([
      `d1 migrations apply amp --remote -c ${DEPLOY_CONFIG.backend}`,
      `deploy -c ${DEPLOY_CONFIG.backend}`,
      `deploy -c ${DEPLOY_CONFIG.portal}`,
    ]);
    expect(indexOf(plan, "check that the backend's D1 binding")).toBeLessThan(indexOf(plan, "apply D1 migrations"));
  });

  it("creates nothing, seeds nothing and leaves the existing secrets alone", () => {
    expect(plan.creates).toEqual([]);
    expect(plan.steps.some((step) => step.kind === "secrets-file" || step.kind === "node")).toBe(false);
    expect(wranglerArgs(plan).join("\n")).not.toContain("--secrets-file");
  });

  it("binds the production resources by the account's ids", () => {
    const configs = plan.steps.filter((step) => step.kind === "write-config");
    expect(configs.map((step) => step.bindings)).toEqual([
      {
        name: "amp-backend",
        DB: "D1 amp (prod-d1)",
        FILES: "R2 amp-files",
        queues: "amp-number-imports, amp-carrier-sync (producer and consumer)",
      },
      { name: "amp", SESSIONS: "KV amp-sessions (prod-kv)", BACKEND: "service amp-backend" },
    ]);
  });

  it("refuses a routine deploy to an account that was never set up, and says how to set it up", () => {
    expect(() => planDeploy({ kind: "production" }, { ...production, d1: [] })).toThrow(/--setup/);
    expect(() => planDeploy({ kind: "production" }, { ...production, workers: ["amp"] })).toThrow(/Worker amp-backend/);
  });

  it("the one-time set-up creates only what is missing and gives new Workers their secrets", () => {
    const setup = planDeploy(
      { kind: "production" },
      { ...production, d1: [], queues: ["amp-number-imports"], workers: [] },
      { setup: true },
    );
    expect(wranglerArgs(setup).slice(0, 2)).toEqual(["d1 create amp", "queues create amp-carrier-sync"]);
    expect(setup.creates).toEqual(["D1 database amp", "queue amp-carrier-sync"]);
    expect(setup.steps.filter((step) => step.kind === "secrets-file").map((step) => step.names)).toEqual([["APP_KEY"], ["SESSION_SECRET"]]);
    expect(setup.steps.some((step) => step.kind === "node")).toBe(false);
  });
});

describe("preview of a new branch", () => {
  const plan = planDeploy({ kind: "preview", branch: "feature/x" }, production);

  it("creates its own D1, KV, R2 and queues before anything else", () => {
    expect(wranglerArgs(plan).slice(0, 5)).toEqual([
      "d1 create amp-preview-feature-x",
      "kv namespace create amp-preview-feature-x-sessions",
      "r2 bucket create amp-preview-feature-x-files",
      "queues create amp-preview-feature-x-number-imports",
      "queues create amp-preview-feature-x-carrier-sync",
    ]);
    expect(plan.creates).toHaveLength(5);
  });

  it("migrates, seeds the demo data, then deploys the backend and the portal bound to it", () => {
    const order = ["apply D1 migrations", "write the demo data", "seed amp-preview-feature-x", "deploy the backend", "deploy the portal"];
    const positions = order.map((summary) => indexOf(plan, summary));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const portal = plan.steps.find((step) => step.kind === "write-config" && step.worker === "portal");
    expect(portal?.kind === "write-config" && portal.bindings.BACKEND).toBe("service amp-preview-feature-x-backend");
  });

  it("names no production resource anywhere", () => {
    expect(namedResources(plan).length).toBeGreaterThan(5);
    for (const name of namedResources(plan)) {
      expect(PRODUCTION_NAMES.has(name), name).toBe(false);
      expect(name.startsWith("amp-preview-feature-x")).toBe(true);
    }
    const text = formatPlan(plan);
    expect(text).not.toMatch(/\bamp-backend\b|\bamp-files\b|\bamp-sessions\b|prod-d1|prod-kv/);
  });

  it("points the preview backend's links and stateful domain at the preview portal", () => {
    expect(plan.url).toBe("https://amp-preview-feature-x.acme.workers.dev");
    const backend = plan.steps.find((step) => step.kind === "write-config" && step.worker === "backend");
    expect(backend?.kind === "write-config" && backend.bindings).toMatchObject({
      APP_URL: "https://amp-preview-feature-x.acme.workers.dev",
      STATEFUL_DOMAINS: "amp-preview-feature-x.acme.workers.dev",
    });
  });

  it("deploys both new Workers with freshly generated secrets", () => {
    expect(wranglerArgs(plan).filter((args) => args.startsWith("deploy"))).toEqual([
      `deploy -c ${DEPLOY_CONFIG.backend} --secrets-file .wrangler/amp-deploy/backend.secrets.json`,
      `deploy -c ${DEPLOY_CONFIG.portal} --secrets-file .wrangler/amp-deploy/portal.secrets.json`,
    ]);
  });

  it("shows the ids it cannot know yet as placeholders, and the URL as a pattern without the subdomain", () => {
    const unknown = planDeploy({ kind: "preview", branch: "feature/x" }, { ...production, workersSubdomain: undefined });
    const text = formatPlan(unknown);
    expect(text).toContain("DB: D1 amp-preview-feature-x (<id of D1 amp-preview-feature-x, known once created>)");
    expect(text).toContain("APP_URL: https://amp-preview-feature-x.<workers.dev subdomain>.workers.dev");
    expect(unknown.url).toBeUndefined();
  });
});

describe("preview of an existing branch", () => {
  const plan = planDeploy({ kind: "preview", branch: "feature/x" }, withPreview);

  it("creates nothing, keeps the data and secrets, migrates and deploys", () => {
    expect(plan.creates).toEqual([]);
    expect(wranglerArgs(plan)).toEqual([
      `d1 migrations apply amp-preview-feature-x --remote -c ${DEPLOY_CONFIG.backend}`,
      `deploy -c ${DEPLOY_CONFIG.backend}`,
      `deploy -c ${DEPLOY_CONFIG.portal}`,
    ]);
    expect(plan.steps.some((step) => step.kind === "node" || step.kind === "secrets-file")).toBe(false);
  });

  it("a preview whose first deploy stopped half-way is seeded and given secrets on the next push", () => {
    const halfWay = { ...withPreview, workers: production.workers };
    const next = planDeploy({ kind: "preview", branch: "feature/x" }, halfWay);
    expect(next.creates).toEqual([]);
    expect(indexOf(next, "seed amp-preview-feature-x")).toBeGreaterThan(indexOf(next, "apply D1 migrations"));
    expect(next.steps.filter((step) => step.kind === "secrets-file")).toHaveLength(2);
  });
});

describe("preview of a deleted branch", () => {
  it("removes the portal, then the backend, then the storage, and nothing of production", () => {
    const plan = planTeardown("feature/x", withPreview);
    expect(wranglerArgs(plan)).toEqual([
      "delete amp-preview-feature-x --force",
      "delete amp-preview-feature-x-backend --force",
      "queues delete amp-preview-feature-x-number-imports",
      "queues delete amp-preview-feature-x-carrier-sync",
      "kv namespace delete --namespace-id pv-kv --skip-confirmation",
      "d1 delete amp-preview-feature-x --skip-confirmation",
      "r2 bucket lifecycle add amp-preview-feature-x-files amp-preview-teardown --expire-days 1 --force",
      "r2 bucket delete amp-preview-feature-x-files",
    ]);
    expect(wranglerArgs(plan).join("\n")).not.toMatch(/prod-|\bamp-files\b|\bamp-backend\b/);
  });

  it("a bucket that still holds objects does not stop the teardown", () => {
    const plan = planTeardown("feature/x", withPreview);
    const last = plan.steps.at(-1);
    expect(last?.kind === "wrangler" && last.mayFail).toMatch(/--teardown-orphans/);
    expect(plan.steps.slice(0, -1).every((step) => step.kind === "wrangler" && !step.mayFail)).toBe(true);
  });

  it("removes only what is left, and nothing when nothing is", () => {
    expect(wranglerArgs(planTeardown("feature/x", { ...production, r2: [...production.r2, "amp-preview-feature-x-files"] }))).toEqual([
      "r2 bucket lifecycle add amp-preview-feature-x-files amp-preview-teardown --expire-days 1 --force",
      "r2 bucket delete amp-preview-feature-x-files",
    ]);
    const none = planTeardown("feature/x", production);
    expect(none.steps).toEqual([]);
    expect(none.notes[0]).toMatch(/Nothing to remove/);
  });

  it("never tears down main", () => {
    expect(() => planTeardown("main", production)).toThrow(/production/);
  });

  it("the daily sweep deletes only preview buckets whose preview database is gone", () => {
    const state = { ...withPreview, r2: [...withPreview.r2, "amp-preview-old-files", "amp-uploads"] };
    expect(wranglerArgs(planOrphanSweep(state))).toEqual([
      "r2 bucket lifecycle add amp-preview-old-files amp-preview-teardown --expire-days 1 --force",
      "r2 bucket delete amp-preview-old-files",
    ]);
    expect(planOrphanSweep(withPreview)).toEqual([]);
  });
});

describe("branch names as resource names", () => {
  it.each([
    ["feature/x", "feature-x"],
    ["Feature/Add_SMTP.relay", "feature-add-smtp-relay"],
    ["--fix--//double--", "fix-double"],
    ["dependabot/npm_and_yarn/hono-4.13.20", "dependabot-npm-and-yarn-hono-4-13-20"],
    ["émoji-🚀-ok", "moji-ok"],
  ])("%j becomes %j", (branch, slug) => {
    expect(slugBranch(branch)).toBe(slug);
  });

  it("a long name is shortened to fit every resource name, and keeps two similar long branches apart", () => {
    const a = slugBranch(`feature/${"very-long-branch-name-".repeat(4)}one`);
    const b = slugBranch(`feature/${"very-long-branch-name-".repeat(4)}two`);
    expect(MAX_SLUG_LENGTH).toBe(36);
    expect(a).toMatch(/^feature-very-long-branch-na-[0-9a-f]{8}$/);
    expect(a).toHaveLength(36);
    expect(b).not.toBe(a);
    for (const name of everyName(resourceNames({ kind: "preview", branch: `feature/${"x".repeat(200)}` }))) {
      expect(name.length).toBeLessThanOrEqual(63);
      expect(name).toMatch(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/);
      expect(name).not.toContain("--");
    }
  });

  it("a branch with nothing to name a preview after, or main, is refused", () => {
    expect(() => slugBranch("///")).toThrow(/no letter or digit/);
    expect(() => resourceNames({ kind: "preview", branch: "main" })).toThrow(/production/);
  });

  it("no branch name gives a production name", () => {
    for (const branch of ["backend", "files", "sessions", "number-imports", "amp", ""].filter(Boolean)) {
      for (const name of everyName(resourceNames({ kind: "preview", branch }))) expect(PRODUCTION_NAMES.has(name)).toBe(false);
    }
  });
});

/** The generated configs' relevant parts, as the Cloudflare Vite plugin writes them (dist/, build/). */
const generatedBackend = {
  name: "amp-backend",
  main: "index.js",
  workers_dev: false,
  vars: { STATEFUL_DOMAINS: "localhost,127.0.0.1", APP_URL: "http://localhost:5173", CARRIER: "sandbox" },
  d1_databases: [
    {
      binding: "DB",
      database_name: "amp",
      database_id: "00000000-0000-0000-0000-000000000000",
      migrations_dir: "../../backend/migrations",
    },
  ],
  r2_buckets: [{ binding: "FILES", bucket_name: "amp-files" }],
  queues: {
    producers: [
      { binding: "IMPORT_QUEUE", queue: "amp-number-imports" },
      { binding: "TTS_QUEUE", queue: "amp-number-imports" },
      { binding: "MAIL_QUEUE", queue: "amp-number-imports" },
      { binding: "CARRIER_QUEUE", queue: "amp-carrier-sync" },
    ],
    consumers: [
      { queue: "amp-number-imports", max_retries: 5 },
      { queue: "amp-carrier-sync", max_retries: 10 },
    ],
  },
};
/** The same once README "Deployment" step 2 is done. */
const configuredBackend = {
  ...generatedBackend,
  vars: { ...generatedBackend.vars, APP_URL: "https://amp.acme.workers.dev", STATEFUL_DOMAINS: "amp.acme.workers.dev" },
};
const generatedPortal = {
  name: "amp",
  assets: { directory: "../client" },
  kv_namespaces: [{ binding: "SESSIONS", id: "00000000000000000000000000000000" }],
  services: [{ binding: "BACKEND", service: "amp-backend" }],
};

describe("deploy configs and the database check", () => {
  const previewTarget = { kind: "preview", branch: "feature/x" } as const;

  it("a preview's configs bind only the preview's resources, and keep the rest of the generated config", () => {
    const backend = backendDeployConfig(generatedBackend, previewTarget, withPreview);
    expect(backend).toMatchObject({
      name: "amp-preview-feature-x-backend",
      main: "index.js",
      workers_dev: false,
      vars: { CARRIER: "sandbox", APP_URL: "https://amp-preview-feature-x.acme.workers.dev" },
      d1_databases: [
        { binding: "DB", database_name: "amp-preview-feature-x", database_id: "pv-d1", migrations_dir: "../../backend/migrations" },
      ],
      r2_buckets: [{ binding: "FILES", bucket_name: "amp-preview-feature-x-files" }],
      queues: {
        producers: [
          { binding: "IMPORT_QUEUE", queue: "amp-preview-feature-x-number-imports" },
          { binding: "TTS_QUEUE", queue: "amp-preview-feature-x-number-imports" },
          { binding: "MAIL_QUEUE", queue: "amp-preview-feature-x-number-imports" },
          { binding: "CARRIER_QUEUE", queue: "amp-preview-feature-x-carrier-sync" },
        ],
        consumers: [
          { queue: "amp-preview-feature-x-number-imports", max_retries: 5 },
          { queue: "amp-preview-feature-x-carrier-sync", max_retries: 10 },
        ],
      },
    });
    expect(portalDeployConfig(generatedPortal, previewTarget, withPreview)).toEqual({
      name: "amp-preview-feature-x",
      assets: { directory: "../client" },
      kv_namespaces: [{ binding: "SESSIONS", id: "pv-kv" }],
      services: [{ binding: "BACKEND", service: "amp-preview-feature-x-backend" }],
    });
    expect(generatedBackend.d1_databases[0].database_name).toBe("amp");
  });

  it("refuses a backend config naming a queue the plan would not create", () => {
    const unknown = { ...generatedBackend, queues: { producers: [{ binding: "MAIL_QUEUE", queue: "amp-mail" }], consumers: [] } };
    expect(() => backendDeployConfig(unknown, previewTarget, withPreview)).toThrow(/"amp-mail".*PRODUCTION_QUEUES/);
  });

  it("production's configs carry the account's ids instead of wrangler.toml's placeholders, and its own vars", () => {
    const backend = backendDeployConfig(configuredBackend, { kind: "production" }, production);
    expect(backend.d1_databases).toEqual([{ ...generatedBackend.d1_databases[0], database_id: "prod-d1" }]);
    expect(backend.vars).toEqual(configuredBackend.vars);
    expect(portalDeployConfig(generatedPortal, { kind: "production" }, production).kv_namespaces).toEqual([
      { binding: "SESSIONS", id: "prod-kv" },
    ]);
  });

  it("refuses production while APP_URL or STATEFUL_DOMAINS still name the local machine", () => {
    expect(() => backendDeployConfig(generatedBackend, { kind: "production" }, production)).toThrow(/Set APP_URL and STATEFUL_DOMAINS/);
    const localDomains = { ...configuredBackend, vars: { ...configuredBackend.vars, STATEFUL_DOMAINS: "localhost, 127.0.0.1:5173" } };
    expect(() => backendDeployConfig(localDomains, { kind: "production" }, production)).toThrow(/STATEFUL_DOMAINS/);
    expect(() => backendDeployConfig(generatedBackend, previewTarget, withPreview)).not.toThrow();
  });

  it("accepts the config written for the same environment", () => {
    expect(() =>
      checkDatabase(backendDeployConfig(generatedBackend, previewTarget, withPreview), previewTarget, withPreview),
    ).not.toThrow();
    expect(() =>
      checkDatabase(backendDeployConfig(configuredBackend, { kind: "production" }, production), { kind: "production" }, production),
    ).not.toThrow();
  });

  it("refuses to migrate when the database does not belong to the target environment", () => {
    const previewConfig = backendDeployConfig(generatedBackend, previewTarget, withPreview);
    const productionConfig = backendDeployConfig(configuredBackend, { kind: "production" }, withPreview);
    expect(() => checkDatabase(previewConfig, { kind: "production" }, withPreview)).toThrow(
      /binds D1 "amp-preview-feature-x", but production uses "amp"/,
    );
    expect(() => checkDatabase(productionConfig, previewTarget, withPreview)).toThrow(/binds D1 "amp", but the preview of feature\/x/);
    expect(() => checkDatabase(generatedBackend, { kind: "production" }, production)).toThrow(
      /database id 00000000-0000-0000-0000-000000000000 is not the id/,
    );
    const swapped = { ...productionConfig, d1_databases: [{ binding: "DB", database_name: "amp", database_id: "pv-d1" }] };
    expect(() => checkDatabase(swapped, { kind: "production" }, withPreview)).toThrow(/Refusing to migrate/);
  });
});

describe("reading the account", () => {
  it("parses wrangler's listings", () => {
    expect(parseJsonArray<{ name: string }>('⛅️ wrangler 4.156.0\n[{"name":"amp","uuid":"1"}]')).toEqual([{ name: "amp", uuid: "1" }]);
    expect(
      parseBucketList("Listing buckets...\nname:           amp-files\ncreation_date:  2026-01-01\n\nname:           amp-preview-x-files\n"),
    ).toEqual(["amp-files", "amp-preview-x-files"]);
    const table = [
      "┌──────┬────────────────────┬─────────────┐",
      "│ id   │ name               │ created_on  │",
      "├──────┼────────────────────┼─────────────┤",
      "│ 1a2b │ amp-number-imports │ 2026-01-01  │",
      "│ 3c4d │ amp-preview-x-number-imports │ 2026-01-02 │",
      "└──────┴────────────────────┴─────────────┘",
    ].join("\n");
    expect(parseQueueList(table)).toEqual(["amp-number-imports", "amp-preview-x-number-imports"]);
  });
});

describe("production names", () => {
  it("are the names in wrangler.toml and backend/wrangler.toml", () => {
    const portal = readFileSync("wrangler.toml", "utf8");
    const backend = readFileSync("backend/wrangler.toml", "utf8");
    expect(portal).toMatch(new RegExp(`^name = "${PRODUCTION.portal}"$`, "m"));
    expect(portal).toMatch(new RegExp(`^service = "${PRODUCTION.backend}"$`, "m"));
    expect(backend).toMatch(new RegExp(`^name = "${PRODUCTION.backend}"$`, "m"));
    expect(backend).toMatch(new RegExp(`^database_name = "${PRODUCTION.database}"$`, "m"));
    expect(backend).toMatch(new RegExp(`^bucket_name = "${PRODUCTION.bucket}"$`, "m"));
    const queues = new Set([...backend.matchAll(/^queue = "(.*)"$/gm)].map((match) => match[1]));
    expect([...queues].sort()).toEqual(Object.keys(PRODUCTION.queues).sort());
    expect(Object.keys(PRODUCTION.queues)).toEqual([...PRODUCTION_QUEUES]);
  });
});
