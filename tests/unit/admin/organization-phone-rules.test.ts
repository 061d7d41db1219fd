import { describe, expect, it, vi } from "vitest";
import { parseWithZod } from "~/lib/form-parse";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.append(key, value);
  return data;
}

const ORGANIZATION = {
  name: "Harbor Clinic",
  account_number: "ACC-2001",
  status: "active",
  type: "business",
  timezone: "America/Chicago",
  default_locale: "en",
};

describe("organization schema in the browser", () => {
  it("leaves phone and country to the server until the rules arrive, then checks them itself", async () => {
    // A fresh copy of the browser's module, without the server's: no rules until asked for (files share modules).
    vi.resetModules();
    const { loadPhoneRules, organizationSchema } = await import("~/components/admin/organization-schema");
    const typed = form({ ...ORGANIZATION, country: "XX", contact_phone: "12345" });
    expect(parseWithZod(typed, { schema: organizationSchema }).reply().error).toBeUndefined();
    expect(parseWithZod(form({ ...ORGANIZATION, country: "usa" }), { schema: organizationSchema }).reply().error).toEqual({
      country: ["validation.in"],
    });

    await loadPhoneRules();
    expect(parseWithZod(typed, { schema: organizationSchema }).reply().error).toEqual({
      country: ["validation.in"],
      contact_phone: ["validation.phone"],
    });
  });
});
