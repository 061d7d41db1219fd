import { describe, expect, it } from "vitest";
import { signInFailureHint } from "~/lib/sign-in.server";

const ORIGIN = "https://portal.example.com";

describe("signInFailureHint (server log for a refused sign-in)", () => {
  it.each([
    ["login", 419, true],
    ["login", 401, true],
    ["login", 500, false],
    ["user", 401, true],
  ] as const)("after %s answered %i it asks whether the host is a stateful domain", (step, status, xsrf) => {
    const hint = signInFailureHint(step, status, ORIGIN, xsrf);
    expect(hint).toContain("portal.example.com");
    expect(hint).toContain("SANCTUM_STATEFUL_DOMAINS");
  });

  it("names the csrf-cookie call when that one fails", () => {
    expect(signInFailureHint("csrf-cookie", 404, ORIGIN, false)).toContain("/sanctum/csrf-cookie answered 404");
  });

  it.each([
    ["login", 422],
    ["login", 429],
    ["user", 500],
  ] as const)("stays quiet for %s %i, which says nothing about the set-up", (step, status) => {
    expect(signInFailureHint(step, status, ORIGIN, true)).toBeNull();
  });
});
