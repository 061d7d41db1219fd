import { describe, expect, it } from "vitest";
import { parseCookieHeader } from "~/lib/cookies";

describe("parseCookieHeader", () => {
  it("reads names and URI-encoded values, the first of a repeated name winning", () => {
    expect(parseCookieHeader("a=1; b=hello%20world; a=2; c")).toEqual({ a: "1", b: "hello world" });
    expect(parseCookieHeader("bad=%E0%A4%A")).toEqual({ bad: "%E0%A4%A" });
    expect(parseCookieHeader(null)).toEqual({});
  });

  it("parses a header once for all its readers, and a different header afresh", () => {
    const header = "amp-session=abc.def; amp-language=fr";
    const first = parseCookieHeader(header);
    expect(parseCookieHeader(header)).toBe(first);
    expect(parseCookieHeader("amp-language=ar")).toEqual({ "amp-language": "ar" });
    expect(parseCookieHeader(header)).toEqual({ "amp-session": "abc.def", "amp-language": "fr" });
  });

  it("gives a frozen record: no reader can change what the others read", () => {
    const cookies = parseCookieHeader("amp-theme=dark") as Record<string, string>;
    expect(() => {
      cookies["amp-theme"] = "light";
    }).toThrow(TypeError);
    expect(parseCookieHeader("amp-theme=dark")["amp-theme"]).toBe("dark");
  });
});
