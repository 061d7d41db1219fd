import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/safe-redirect";

const ORIGIN = "https://amp.example";

/** Where a browser on the portal would land after `Location: <path>`. */
function landing(path: string): URL {
  return new URL(path, `${ORIGIN}/login?redirectTo=x`);
}

/** Pieces attackers combine: slashes, dots and their encodings, backslashes, control characters. */
const trickyPiece = fc.constantFrom(
  "/",
  "//",
  "\\",
  "%5c",
  "%5C",
  ".",
  "..",
  "%2e",
  "%2E",
  "%2e%2e",
  ".%2e",
  "%252e",
  "%2f",
  "%2F",
  "%252f",
  "\t",
  "\n",
  "\r",
  "%09",
  "%0a",
  "%0d",
  "\u0000",
  "%00",
  " ",
  "%20",
  "?",
  "#",
  "@",
  ":",
  "evil.test",
  "http:",
  "https://evil.test",
  "%",
  "users",
);
const trickyTarget = fc.array(trickyPiece, { maxLength: 12 }).map((pieces) => pieces.join(""));
const slashLedTarget = trickyTarget.map((rest) => `/${rest}`);

describe("safeRedirectPath", () => {
  it.each([
    ["/users?page=2", "/users?page=2"],
    ["/profile/security#password", "/profile/security#password"],
    ["/users?search=100%25", "/users?search=100%25"],
    ["/users?search=a%26b", "/users?search=a%26b"],
    ["/roles/./edit/../", "/roles/"],
    ["  /dashboard  ", "/dashboard"],
  ])("keeps the same-origin path %s as %s", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    "https://evil.test/",
    "//evil.test",
    "/.//evil.test",
    "/..//evil.test",
    "/./..//evil.test",
    "/%2e//evil.test",
    "/%2E%2E//evil.test",
    "/%252e//evil.test",
    "/.%2e//evil.test",
    "/%2f/evil.test",
    "/%2F%2Fevil.test",
    "/x/..%2f/evil.test",
    "/%3F/..//evil.test",
    "/\\evil.test",
    "/.\\/evil.test",
    "/%5cevil.test",
    "/%5c%5cevil.test",
    "\\\\evil.test",
    "/\t/evil.test",
    "/\n/evil.test",
    "/\r\n/evil.test",
    "/%09/evil.test",
    "/%0d%0aLocation:x",
    "/\u0000x",
    "/%00x",
    "javascript:alert(1)",
    "users",
    "",
  ])("refuses %j", (input) => {
    expect(safeRedirectPath(input, "/fallback")).toBe("/fallback");
  });

  it.each([null, undefined])("refuses %s", (input) => {
    expect(safeRedirectPath(input, "/fallback")).toBe("/fallback");
  });

  it("never leaves the origin for an arbitrary string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 64 }), (target) => {
        expect(landing(safeRedirectPath(target)).origin).toBe(ORIGIN);
      }),
      { numRuns: 1000 },
    );
  }, 30_000);

  it("never leaves the origin for combinations of slashes, dots, encodings and control characters", () => {
    fc.assert(
      fc.property(fc.oneof(trickyTarget, slashLedTarget), (target) => {
        const result = safeRedirectPath(target);
        expect(landing(result).origin).toBe(ORIGIN);
        // The answer is a path that reads the same when a browser or a second hop parses it again.
        expect(result).toMatch(/^\/(?![/\\])/);
        expect(safeRedirectPath(result)).toBe(result);
        expect(landing(decodeURIComponentSafe(result)).origin).toBe(ORIGIN);
      }),
      { numRuns: 3000 },
    );
  }, 30_000);

  it("refuses a path whose dot segments resolve to one that decodes to //host (found by the property below)", () => {
    expect(safeRedirectPath("/.%2e/%2F..")).toBe("/dashboard");
    expect(safeRedirectPath("/%2F..")).toBe("/dashboard");
  });

  it("keeps an empty fallback empty (loginRedirectUrl's way of saying 'no redirectTo')", () => {
    expect(safeRedirectPath("/.//evil.test", "")).toBe("");
  });
});

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
