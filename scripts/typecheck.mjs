// `npm run typecheck`: the portal, the Node tooling and the backend are three TypeScript programs; each tsc is
// single-threaded, so they run side by side (a third of the phase's wall time on two cores, docs/ci.md). Each
// program's output is printed whole, in a fixed order, once all three are done; any failure fails the check.
import { spawn } from "node:child_process";

const PROGRAMS = ["tsconfig.json", "tsconfig.node.json", "backend/tsconfig.json"];

function check(project) {
  return new Promise((resolve) => {
    const child = spawn("npx", ["tsc", "-p", project], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("close", (code) => resolve({ project, code, output }));
  });
}

const results = await Promise.all(PROGRAMS.map(check));
for (const { project, code, output } of results) {
  if (code !== 0) console.error(`tsc -p ${project} failed:\n${output}`);
}
process.exit(results.some(({ code }) => code !== 0) ? 1 : 0);
