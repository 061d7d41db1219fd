import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chooseBackend } from "../../../scripts/local-env.mjs";

/** Issue 26.3: `SANCTUM_URL=… npm run dev` must not be silently ignored in favour of .dev.vars. */
function devVars(content: string) {
  const file = join(mkdtempSync(join(tmpdir(), "amp-dev-vars-")), ".dev.vars");
  writeFileSync(file, content);
  return file;
}

describe("chooseBackend", () => {
  it("the environment wins over .dev.vars, which is rewritten to match, and the start says so", () => {
    const file = devVars("SESSION_SECRET=s\nSANCTUM_URL=https://old.example.com\n");
    const { sanctumUrl, messages } = chooseBackend("https://api.example.com", file);
    expect(sanctumUrl).toBe("https://api.example.com");
    expect(readFileSync(file, "utf8")).toBe("SESSION_SECRET=s\nSANCTUM_URL=https://api.example.com\n");
    expect(messages[0]).toMatch(/from the environment \(https:\/\/api\.example\.com\) replaces/);
    expect(messages.at(-1)).toBe("Backend: the Laravel Sanctum API at https://api.example.com (SANCTUM_URL)");
  });

  it("an empty SANCTUM_URL in the environment means the bundled backend, even if .dev.vars names Laravel", () => {
    const file = devVars("SANCTUM_URL=https://old.example.com\nSESSION_SECRET=s\n");
    const { sanctumUrl, messages } = chooseBackend("", file);
    expect(sanctumUrl).toBe("");
    expect(readFileSync(file, "utf8")).toBe("SESSION_SECRET=s\n");
    expect(messages.at(-1)).toBe("Backend: the bundled backend (backend/, SANCTUM_URL is empty)");
  });

  it("without the variable in the environment, .dev.vars decides and nothing is rewritten", () => {
    const file = devVars("SANCTUM_URL=https://api.example.com\n");
    const { sanctumUrl, messages } = chooseBackend(undefined, file);
    expect(sanctumUrl).toBe("https://api.example.com");
    expect(messages).toEqual(["Backend: the Laravel Sanctum API at https://api.example.com (SANCTUM_URL)"]);
    expect(readFileSync(file, "utf8")).toBe("SANCTUM_URL=https://api.example.com\n");
  });
});
