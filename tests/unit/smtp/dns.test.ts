import { afterEach, describe, expect, it, vi } from "vitest";
import { dohLookup, type HostLookup, smtpNameProblem } from "../../../backend/src/lib/smtp-dns";
import { isInternalAddress } from "../../../common/smtp";

/** A DNS-over-HTTPS service answering from a table: name → { A, AAAA } (a missing name is NXDOMAIN). */
function doh(zone: Record<string, { A?: string[]; AAAA?: string[]; CNAME?: string }>, seen: string[] = []): typeof fetch {
  return (async (input: string | URL | Request) => {
    const url = new URL(String(input));
    const name = url.searchParams.get("name") ?? "";
    const type = url.searchParams.get("type") as "A" | "AAAA";
    seen.push(`${type} ${name}`);
    const record = zone[name];
    if (!record) return Response.json({ Status: 3 });
    const target = record.CNAME ? zone[record.CNAME] : record;
    const chain = record.CNAME ? [{ name, type: 5, data: `${record.CNAME}.` }] : [];
    const addresses = (target?.[type] ?? []).map((data) => ({ name, type: type === "A" ? 1 : 28, data }));
    return Response.json({ Status: 0, Answer: [...chain, ...addresses] });
  }) as typeof fetch;
}

afterEach(() => vi.restoreAllMocks());

describe("relay host names resolving to internal addresses (issue 23.7)", () => {
  const zone = {
    "smtp.example.com": { A: ["93.184.215.14"], AAAA: ["2606:2800:21f:cb07:6820:80da:af6b:8b2c"] },
    "rebind.example.net": { A: ["10.0.0.5"] },
    "loop6.example.net": { AAAA: ["::1"] },
    "metadata.example.net": { CNAME: "inner.example.net" },
    "inner.example.net": { A: ["169.254.169.254"] },
    "mixed.example.net": { A: ["93.184.215.14", "192.168.1.20"] },
  };

  it("refuses a name with any internal A or AAAA answer, after a CNAME too; public names pass", async () => {
    const lookup = dohLookup(doh(zone), "https://dns.test/dns-query");
    expect(await smtpNameProblem("smtp.example.com", lookup)).toBeNull();
    expect(await smtpNameProblem("rebind.example.net", lookup)).toBe("validation.host_internal");
    expect(await smtpNameProblem("LOOP6.example.net.", lookup)).toBe("validation.host_internal");
    expect(await smtpNameProblem("metadata.example.net", lookup)).toBe("validation.host_internal");
    expect(await smtpNameProblem("mixed.example.net", lookup)).toBe("validation.host_internal");
  });

  it("asks for A and AAAA of the lower-cased name, and leaves address literals and local development alone", async () => {
    const seen: string[] = [];
    const lookup = dohLookup(doh(zone, seen), "https://dns.test/dns-query");
    await smtpNameProblem("SMTP.Example.com", lookup);
    expect(seen.sort()).toEqual(["A smtp.example.com", "AAAA smtp.example.com"]);
    const never: HostLookup = async () => {
      throw new Error("no lookup expected");
    };
    expect(await smtpNameProblem("10.0.0.5", never)).toBeNull();
    expect(await smtpNameProblem("[::1]", never)).toBeNull();
    expect(await smtpNameProblem("rebind.example.net", never, { allowLocal: true })).toBeNull();
  });

  it("a failed lookup does not refuse the relay (it is logged), nor does a name that does not exist", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const down = dohLookup((async () => new Response("busy", { status: 503 })) as typeof fetch);
    expect(await smtpNameProblem("rebind.example.net", down)).toBeNull();
    const unreachable = dohLookup((async () => {
      throw new TypeError("fetch failed");
    }) as typeof fetch);
    expect(await smtpNameProblem("rebind.example.net", unreachable)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(await smtpNameProblem("nowhere.example.org", dohLookup(doh(zone)))).toBeNull();
  });

  it("classifies resolved addresses as the literal rules do", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:10.0.0.1",
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of ["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111"]) expect(isInternalAddress(address), address).toBe(false);
  });
});
