import { describe, expect, it } from "vitest";
import { isSmtpHost, smtpPortWarning } from "../../../common/smtp";

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
