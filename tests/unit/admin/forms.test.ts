import { describe, expect, it } from "vitest";
import { isId, listApiQuery, oneOf } from "~/components/admin/list-query";
import { isTimeZone } from "~/components/admin/organization-schema";
import { roleSchema } from "~/components/admin/role-schema";
import { addUserSchema, editUserSchema } from "~/components/admin/user-schema";
import { organizationSchema } from "~/lib/admin/organization-schema.server";
import { listUrl } from "~/lib/admin/upstream.server";
import { parseWithZod } from "~/lib/form-parse";
import { parseListParams } from "~/lib/list-params";

function form(values: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) for (const item of [value].flat()) data.append(key, item);
  return data;
}

const ORGANIZATION = {
  name: "Harbor Clinic",
  account_number: "ACC-2001",
  status: "active",
  type: "business",
  country: "US",
  timezone: "America/Chicago",
  default_locale: "en",
};

describe("listApiQuery", () => {
  const options = { sorts: ["name"], filters: { status: oneOf(["active", "disabled"]), role_id: isId } };

  it("forwards known sorts and well-formed filters only", () => {
    const list = parseListParams(
      new URLSearchParams("sort=name&direction=desc&status=active&role_id=3&hidden=email&page=2&per_page=25&search=ann"),
    );
    expect(listApiQuery(list, options)).toEqual({
      page: "2",
      per_page: "25",
      search: "ann",
      sort: "name",
      direction: "desc",
      status: "active",
      role_id: "3",
    });
  });

  it("drops unknown sorts, bad values and unknown filters", () => {
    const list = parseListParams(new URLSearchParams("sort=password&status=root&role_id=abc&evil=1"));
    expect(listApiQuery(list, options)).toEqual({ page: "1", per_page: "10" });
  });

  it("applies the navbar's organization filter unless the screen names one", () => {
    const filters = { organization_id: isId };
    expect(listApiQuery(parseListParams(new URLSearchParams()), { sorts: [], filters, organizationId: 4 }).organization_id).toBe("4");
    expect(
      listApiQuery(parseListParams(new URLSearchParams("organization_id=2")), { sorts: [], filters, organizationId: 4 }).organization_id,
    ).toBe("2");
  });
});

describe("user schemas", () => {
  it("reads ids as numbers and roles as a list", () => {
    const result = parseWithZod(
      form({ name: " Ann ", email: "ann@example.test", organization_id: "2", role_ids: ["4", "5"], locale: "fr" }),
      {
        schema: addUserSchema,
      },
    );
    expect(result.status).toBe("success");
    if (result.status === "success")
      expect(result.value).toEqual({ name: "Ann", email: "ann@example.test", organization_id: 2, role_ids: [4, 5], locale: "fr" });
  });

  it("reports every missing field as required, with no roles being fine", () => {
    const result = parseWithZod(form({}), { schema: editUserSchema });
    expect(result.reply().error).toEqual({
      name: ["validation.required"],
      email: ["validation.required"],
      organization_id: ["validation.required"],
      locale: ["validation.required"],
      status: ["validation.required"],
    });
  });

  it("rejects a malformed e-mail and an unknown status", () => {
    const result = parseWithZod(form({ name: "Ann", email: "ann@", organization_id: "2", locale: "en", status: "root" }), {
      schema: editUserSchema,
    });
    expect(result.reply().error).toEqual({ email: ["validation.email"], status: ["validation.in"] });
  });
});

describe("organization schema", () => {
  it("accepts a complete organization and turns empty optional fields into null", () => {
    const result = parseWithZod(form({ ...ORGANIZATION, contact_phone: "(312) 555-0142" }), { schema: organizationSchema });
    expect(result.status).toBe("success");
    if (result.status === "success") {
      expect(result.value.contact_phone).toBe("(312) 555-0142");
      expect(result.value.contact_email).toBeNull();
      expect(result.value.city).toBeNull();
    }
  });

  it("reads a national phone number in the organization's country", () => {
    expect(
      parseWithZod(form({ ...ORGANIZATION, country: "FR", contact_phone: "01 42 68 53 00" }), { schema: organizationSchema }).status,
    ).toBe("success");
    expect(parseWithZod(form({ ...ORGANIZATION, contact_phone: "01 42 68 53 00" }), { schema: organizationSchema }).reply().error).toEqual({
      contact_phone: ["validation.phone"],
    });
  });

  it("shows the phone error together with the other errors", () => {
    const errors = parseWithZod(form({ contact_phone: "12" }), { schema: organizationSchema }).reply().error ?? {};
    expect(errors.contact_phone).toEqual(["validation.phone"]);
    expect(errors.name).toEqual(["validation.required"]);
  });

  it("checks country codes and time zones", () => {
    const errors = parseWithZod(form({ ...ORGANIZATION, country: "XX", timezone: "Mars/Olympus" }), { schema: organizationSchema }).reply()
      .error;
    expect(errors).toEqual({ country: ["validation.in"], timezone: ["validation.in"] });
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
  });
});

describe("role schema", () => {
  it("keeps catalogue keys and refuses others", () => {
    const ok = parseWithZod(form({ name: "Billing", scope: "organization", permissions: ["dashboard.read"] }), { schema: roleSchema });
    expect(ok.status === "success" && ok.value).toEqual({
      name: "Billing",
      description: "",
      scope: "organization",
      permissions: ["dashboard.read"],
    });
    const bad = parseWithZod(form({ name: "Billing", scope: "galaxy", permissions: ["root.all"] }), { schema: roleSchema });
    expect(Object.keys(bad.reply().error ?? {}).sort()).toEqual(["permissions[0]", "scope"]);
  });
});

describe("listUrl", () => {
  it("returns to the list page itself, with its query, for plain and data requests", () => {
    expect(listUrl(new Request("http://portal.test/users?search=ann&page=2"))).toBe("/users?search=ann&page=2");
    expect(listUrl(new Request("http://portal.test/users.data?search=ann&_routes=routes%2Fusers"))).toBe("/users?search=ann");
  });
});
