import { describe, expect, it } from "vitest";
import { isHttps, requestUrl } from "~/lib/request-url.server";

describe("requestUrl: a request's URL parsed once", () => {
  it("gives the same URL to every reader of one request, and each request its own", () => {
    const first = new Request("https://amp.example/users?page=2");
    const second = new Request("https://amp.example/users?page=3");
    expect(requestUrl(first)).toBe(requestUrl(first));
    expect(requestUrl(first).searchParams.get("page")).toBe("2");
    expect(requestUrl(second).searchParams.get("page")).toBe("3");
    expect(requestUrl(second)).not.toBe(requestUrl(first));
  });

  it("tells HTTPS from HTTP by the request's normalised URL", () => {
    expect(isHttps(new Request("https://amp.example/"))).toBe(true);
    expect(isHttps(new Request("HTTPS://amp.example/"))).toBe(true);
    expect(isHttps(new Request("http://localhost:5173/login"))).toBe(false);
  });
});
