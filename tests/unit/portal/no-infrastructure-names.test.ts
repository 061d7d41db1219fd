import { describe, expect, it } from "vitest";
import { resources } from "~/locales";

/** Issue 25: customers never see the platform's infrastructure names on the status or SMTP pages. */
const INFRASTRUCTURE = /\b(Cloudflare|Workers|KV|D1|R2|workerd|Durable Objects?)\b/;

describe("customer-facing strings name no infrastructure", () => {
  for (const [language, namespaces] of Object.entries(resources)) {
    it(`${language}: the status page and the SMTP relay page`, () => {
      expect(JSON.stringify(namespaces.common.status)).not.toMatch(INFRASTRUCTURE);
      expect(JSON.stringify(namespaces.smtp)).not.toMatch(INFRASTRUCTURE);
    });
  }
});
