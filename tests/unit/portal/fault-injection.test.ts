import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { faultInjectionHeader } from "~/lib/sanctum/fault-injection.server";

const request = (url: string, cookie = "amp-fault=500:/api/user") => new Request(url, { headers: { Cookie: cookie } });

describe("fault injection switch", () => {
  it("forwards a valid fault only with FAULT_INJECTION=1 and on localhost", () => {
    expect(faultInjectionHeader({ FAULT_INJECTION: "1" }, request("http://localhost:4402/dashboard"))).toEqual({
      name: "X-Amp-Fault",
      value: "500:/api/user",
    });
    expect(faultInjectionHeader({ FAULT_INJECTION: "1" }, request("http://127.0.0.1/dashboard", "amp-fault=hang"))?.value).toBe("hang");
    expect(faultInjectionHeader({}, request("http://localhost/dashboard"))).toBeNull();
    expect(faultInjectionHeader({ FAULT_INJECTION: "true" }, request("http://localhost/dashboard"))).toBeNull();
    expect(faultInjectionHeader({ FAULT_INJECTION: "1" }, request("https://portal.example.com/dashboard"))).toBeNull();
    expect(faultInjectionHeader({ FAULT_INJECTION: "1" }, request("http://localhost/", "amp-fault=rm -rf"))).toBeNull();
  });

  it("is in neither Worker's deployed configuration", () => {
    for (const config of ["wrangler.toml", "backend/wrangler.toml"]) expect(readFileSync(config, "utf8")).not.toMatch(/FAULT_INJECTION/);
  });
});
