import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/safe-redirect";

describe("safeRedirectPath", () => {
  it.each([
    ["/users?page=2", "/users?page=2"],
    ["/profile/security#password", "/profile/security#password"],
  ])("keeps the same-site path %s", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "users",
    "/%0d%0aLocation:x",
    "/\u0000x",
    "",
    null,
    undefined,
  ])("refuses %s", (input) => {
    const result = safeRedirectPath(input as string, "/dashboard");
    expect(result === "/dashboard" || result.startsWith("/%")).toBe(true);
    expect(result).not.toMatch(/^\/\/|^\/\\|evil/);
  });
});
