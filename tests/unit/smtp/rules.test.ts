import { describe, expect, it } from "vitest";
import { isSmtpHost, smtpDestinationProblem, smtpHostKey, smtpPortWarning } from "../../../common/smtp";

describe("isSmtpHost", () => {
  it("accepts host names and IP addresses", () => {
    for (const host of ["smtp.example.com", "localhost", "mail-1.eu.example.org", "127.0.0.1", "::1", "[2001:db8::25]"]) {
      expect(isSmtpHost(host), host).toBe(true);
    }
  });
  it("refuses anything else", () => {
    for (const host of ["", "bad host!", "smtp..example.com", "-smtp.example.com", "256.1.1.1", "http://smtp.example.com", "example.123"]) {
      expect(isSmtpHost(host), host).toBe(false);
    }
  });
});

describe("smtpPortWarning", () => {
  it("warns about port/encryption pairs that cannot work", () => {
    expect(smtpPortWarning(465, "starttls")).toBe("warnings.port_465_needs_ssl");
    expect(smtpPortWarning(465, "none")).toBe("warnings.port_465_needs_ssl");
    expect(smtpPortWarning(587, "ssl")).toBe("warnings.port_plain_needs_starttls");
    expect(smtpPortWarning(25, "ssl")).toBe("warnings.port_plain_needs_starttls");
  });
  it("is silent for the usual pairs and other ports", () => {
    expect(smtpPortWarning(465, "ssl")).toBeNull();
    expect(smtpPortWarning(587, "starttls")).toBeNull();
    expect(smtpPortWarning(2525, "none")).toBeNull();
  });
});

describe("smtpDestinationProblem", () => {
  it("allows public hosts on SMTP ports only", () => {
    for (const port of [25, 465, 587, 2525]) expect(smtpDestinationProblem("smtp.example.com", port)).toBeNull();
    expect(smtpDestinationProblem("203.0.113.9", 587)).toBeNull();
    expect(smtpDestinationProblem("[2001:db8::25]", 465)).toBeNull();
    for (const port of [22, 80, 443, 1025, 6379, 8080])
      expect(smtpDestinationProblem("smtp.example.com", port)).toBe("validation.port_not_smtp");
  });
  it("refuses loopback, private, link-local and reserved addresses", () => {
    for (const host of [
      "localhost",
      "mail.localhost",
      "LOCALHOST.",
      "127.0.0.1",
      "127.8.9.10",
      "0.0.0.0",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.10",
      "169.254.169.254",
      "100.64.0.1",
      "224.0.0.1",
      "::1",
      "[::1]",
      "::",
      "fe80::1",
      "fd00::25",
      "::ffff:127.0.0.1",
      "[::ffff:10.0.0.1]",
      "::ffff:7f00:1",
    ]) {
      expect(smtpDestinationProblem(host, 587), host).toBe("validation.host_internal");
    }
    for (const host of ["172.32.0.1", "100.128.0.1", "8.8.8.8", "::ffff:8.8.8.8"])
      expect(smtpDestinationProblem(host, 587), host).toBeNull();
  });
  it("lets local development reach a local catcher on any port", () => {
    expect(smtpDestinationProblem("127.0.0.1", 1025, { allowLocal: true })).toBeNull();
  });
  it("compares hosts the way a resolver does", () => {
    expect(smtpHostKey("SMTP.Example.com.")).toBe(smtpHostKey("smtp.example.com"));
    expect(smtpHostKey("[::1]")).toBe("::1");
  });
});
