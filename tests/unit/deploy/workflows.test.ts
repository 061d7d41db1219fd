import { readdirSync, readFileSync } from "node:fs";
import { validateWorkflow } from "@action-validator/core";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

/** The GitHub workflows (decision 042): valid against the workflow schema, and doing what README "Deployment" says. */
const DIRECTORY = ".github/workflows";
const files = readdirSync(DIRECTORY).filter((file) => file.endsWith(".yml") || file.endsWith(".yaml"));
const source = (file: string) => readFileSync(`${DIRECTORY}/${file}`, "utf8");

interface WorkflowStep {
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Workflow {
  on: Record<string, { branches?: string[]; "branches-ignore"?: string[] } | null>;
  permissions?: Record<string, string>;
  jobs: Record<string, { uses?: string; needs?: string; if?: string; steps?: WorkflowStep[] }>;
}
const workflow = (file: string) => parse(source(file)) as Workflow;
const steps = (file: string) => Object.values(workflow(file).jobs).flatMap((job) => job.steps ?? []);
/** A GitHub expression naming a secret, as the workflows must write it. */
const secretExpression = (name: string) => `\${{ secrets.${name} }}`;
const wranglerSteps = (file: string) => steps(file).filter((step) => step.uses?.startsWith("cloudflare/wrangler-action@"));

describe("GitHub workflows", () => {
  it("are the four the README describes", () => {
    expect(files.sort()).toEqual(["ci.yml", "deploy-production.yml", "preview-teardown.yml", "preview.yml"]);
  });

  it.each(files)("%s is a valid workflow", (file) => {
    expect(validateWorkflow(source(file)).errors).toEqual([]);
  });

  it("the validator does reject a broken workflow", () => {
    const broken = source("ci.yml").replace("pull_request:", "pull_requests:").replace("runs-on: ubuntu-latest", "runs_on: ubuntu-latest");
    expect(validateWorkflow(broken).errors.length).toBeGreaterThan(0);
  });

  it("pull requests run exactly .ci/run, and main is deployed only after the same tests", () => {
    expect(Object.keys(workflow("ci.yml").on)).toEqual(["pull_request", "workflow_call"]);
    expect(
      steps("ci.yml")
        .map((step) => step.run)
        .filter(Boolean),
    ).toEqual([".ci/run"]);
    const production = workflow("deploy-production.yml");
    expect(production.on).toEqual({ push: { branches: ["main"] } });
    expect(production.jobs.test.uses).toBe("./.github/workflows/ci.yml");
    expect(production.jobs.deploy.needs).toBe("test");
  });

  it("deploys through the official wrangler action, running npm run deploy for each target", () => {
    const commands = (file: string) => wranglerSteps(file).map((step) => step.with?.preCommands ?? "");
    expect(commands("deploy-production.yml")).toEqual([expect.stringMatching(/^npm run deploy -- --report /)]);
    expect(commands("preview.yml")).toEqual([expect.stringMatching(/^npm run deploy -- --preview "\$BRANCH" --report /)]);
    expect(commands("preview-teardown.yml")[0]).toMatch(
      /npm run deploy -- --teardown "\$BRANCH"[\s\S]*npm run deploy -- --teardown-orphans/,
    );
    expect(workflow("preview.yml").on).toEqual({ push: { "branches-ignore": ["main"] } });
    expect(Object.keys(workflow("preview-teardown.yml").on)).toContain("delete");
  });

  it("never lets the action fall back to a bare `wrangler deploy` of wrangler.toml", () => {
    for (const file of files)
      for (const step of wranglerSteps(file)) expect(step.with?.command, file).toMatch(/^(whoami|deployments list\b)/);
  });

  it("names secrets only, never values", () => {
    for (const file of files) {
      for (const step of wranglerSteps(file)) {
        expect(step.with?.apiToken).toBe(secretExpression("CLOUDFLARE_API_TOKEN"));
        expect(step.with?.accountId).toBe(secretExpression("CLOUDFLARE_ACCOUNT_ID"));
      }
      // Every secret is a `${{ secrets.NAME }}` expression; nothing that looks like a token or an account id.
      const text = source(file);
      expect(
        [...text.matchAll(/secrets\.(\w+)/g)].every((match) => /^[A-Z_]+$/.test(match[1])),
        file,
      ).toBe(true);
      expect(text, file).not.toMatch(/\b[0-9a-f]{32}\b|\b[A-Za-z0-9_-]{40}\b/);
    }
  });

  it("the preview workflow may comment on pull requests; the others only read", () => {
    expect(workflow("preview.yml").permissions).toEqual({ contents: "read", "pull-requests": "write" });
    for (const file of ["ci.yml", "deploy-production.yml", "preview-teardown.yml"])
      expect(workflow(file).permissions).toEqual({ contents: "read" });
    expect(steps("preview.yml").some((step) => step.uses?.startsWith("actions/github-script@"))).toBe(true);
  });
});
