import { describe, expect, it } from "vitest";
import { Client, json, query, signedIn } from "./helpers";

type Organization = { id: number; name: string; users_count: number; numbers_count: number; contact_phone: string | null };
type Page<T> = { data: T[]; total: number };
type Invalid = { message: string; errors: Record<string, string[]> };

const remove = (client: Client, path: string) => client.fetch(path, { method: "DELETE" });

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: "Harbor Clinic",
  account_number: `BUS-${Math.floor(Math.random() * 1e9)}`,
  status: "active",
  type: "business",
  contact_name: "Ida Harbor",
  contact_email: "Ida@Harbor.test",
  contact_phone: "(612) 555-0142",
  address_line1: "1 Harbor Way",
  address_line2: "",
  city: "Duluth",
  state: "MN",
  postal_code: "55802",
  country: "US",
  timezone: "America/Chicago",
  default_locale: "en",
  ...overrides,
});

describe("GET /api/organizations", () => {
  it("lists organizations with users_count and numbers_count, sortable by users_count", async () => {
    const admin = await signedIn("admin@amp.test");
    const page = await json<Page<Organization>>(await admin.get("/api/organizations?sort=users_count&direction=desc"));
    expect(page.total).toBe(4);
    expect(page.data.map((row) => [row.id, row.users_count, row.numbers_count])).toEqual([
      [1, 10, 0],
      [3, 7, 8],
      [2, 5, 6],
      [4, 2, 2],
    ]);
  });

  it("searches name, account number and contact e-mail; filters type and status", async () => {
    const admin = await signedIn("provider@amp.test");
    const ids = async (params: string) =>
      (await json<Page<Organization>>(await admin.get(`/api/organizations?${params}`))).data.map((row) => row.id);
    expect(await ids("search=northwind")).toEqual([2]);
    expect(await ids("search=BUS-10034")).toEqual([3]);
    expect(await ids("search=elena.novak")).toEqual([4]);
    expect(await ids("type=residential")).toEqual([4]);
    expect(await ids("status=suspended")).toEqual([]);
    expect((await admin.get("/api/organizations?type=alien")).status).toBe(422);
    expect((await admin.get("/api/organizations?per_page=3")).status).toBe(422);
  });

  it("answers 401 and 403", async () => {
    expect((await new Client().get("/api/organizations")).status).toBe(401);
    const member = await signedIn("orgadmin@northwind.test");
    expect((await member.get("/api/organizations")).status).toBe(403);
    expect((await member.post("/api/organizations", valid())).status).toBe(403);
    expect((await remove(member, "/api/organizations/2")).status).toBe(403);
  });
});

describe("GET /api/organizations/options", () => {
  it("gives provider staff every organization and members only their own", async () => {
    const support = await signedIn("support@amp.test");
    expect(await json(await support.get("/api/organizations/options"))).toEqual([
      { id: 1, name: "AMP Telecom" },
      { id: 3, name: "Lakeside Logistics" },
      { id: 4, name: "Maple Street Residence" },
      { id: 2, name: "Northwind Dental" },
    ]);
    const grace = await signedIn("grace.liu@northwind.test");
    expect(await json(await grace.get("/api/organizations/options"))).toEqual([{ id: 2, name: "Northwind Dental" }]);
    expect((await new Client().get("/api/organizations/options")).status).toBe(401);
  });
});

describe("POST /api/organizations", () => {
  it("creates with the phone in E.164 and empty fields as null, and logs organizations.created", async () => {
    const admin = await signedIn("admin@amp.test");
    const response = await admin.post("/api/organizations", valid());
    expect(response.status).toBe(201);
    const created = await json<Organization & Record<string, unknown>>(response);
    expect(created).toMatchObject({
      contact_phone: "+16125550142",
      contact_email: "ida@harbor.test",
      address_line2: null,
      users_count: 0,
      numbers_count: 0,
    });
    const [entry] = await query<{ changes: string; organization_id: number }>(
      "SELECT * FROM activity_log WHERE action = 'organizations.created' AND subject_id = ?",
      created.id,
    );
    expect(JSON.parse(entry?.changes ?? "{}")).toMatchObject({ name: { old: null, new: "Harbor Clinic" } });
  });

  it("validates phone, time zone, locale, type, e-mail and account number uniqueness", async () => {
    const admin = await signedIn("admin@amp.test");
    const shape = await admin.post("/api/organizations", { account_number: "", type: "alien", default_locale: "de", country: "USA" });
    expect(shape.status).toBe(422);
    expect((await json<Invalid>(shape)).errors).toMatchObject({
      name: ["validation.required"],
      account_number: ["validation.required"],
      type: ["validation.in"],
      default_locale: ["validation.in"],
      country: ["validation.regex"],
    });
    const rules = await admin.post(
      "/api/organizations",
      valid({ account_number: "bus-10021", contact_phone: "555-01", timezone: "Mars/Olympus", contact_email: "nope", type: "provider" }),
    );
    expect((await json<Invalid>(rules)).errors).toEqual({
      account_number: ["validation.unique"],
      contact_phone: ["validation.phone"],
      timezone: ["validation.timezone"],
      contact_email: ["validation.email"],
      type: ["validation.provider_type"],
    });
  });
});

describe("PUT /api/organizations/{id}", () => {
  it("updates its own organization for a member with the key, but not status, account number or other organizations", async () => {
    await query("INSERT INTO roles (id, name, scope) VALUES (50, 'Org editor', 'organization')");
    await query(
      "INSERT INTO role_permissions (role_id, permission) VALUES (50, 'admin.organizations.read'), (50, 'admin.organizations.update')",
    );
    await query("INSERT INTO user_roles (user_id, role_id) VALUES (11, 50)");
    const grace = await signedIn("grace.liu@northwind.test");
    const own = await json<Record<string, unknown>>(await grace.get("/api/organizations/2"));
    const body = { ...own, contact_phone: "+1 503 555 0199" };
    const ok = await grace.put("/api/organizations/2", body);
    expect(ok.status).toBe(200);
    expect(await json(ok)).toMatchObject({ contact_phone: "+15035550199" });
    const [entry] = await query<{ changes: string }>(
      "SELECT changes FROM activity_log WHERE action = 'organizations.updated' AND subject_id = 2 ORDER BY id DESC LIMIT 1",
    );
    expect(JSON.parse(entry?.changes ?? "{}")).toEqual({ contact_phone: { old: "+15035550142", new: "+15035550199" } });

    const escalate = await grace.put("/api/organizations/2", { ...body, status: "suspended", account_number: "X-1", type: "provider" });
    expect((await json<Invalid>(escalate)).errors).toEqual({
      status: ["validation.prohibited"],
      account_number: ["validation.prohibited"],
      type: ["validation.provider_type"],
    });
    expect((await grace.get("/api/organizations/3")).status).toBe(404);
    expect((await grace.put("/api/organizations/3", { ...body, name: "Taken over" })).status).toBe(404);
    expect((await grace.get("/api/organizations?organization_id=3")).status).toBe(200);
  });

  it("keeps the provider organization the only provider", async () => {
    const admin = await signedIn("admin@amp.test");
    const provider = await json<Record<string, unknown>>(await admin.get("/api/organizations/1"));
    const response = await admin.put("/api/organizations/1", { ...provider, type: "business" });
    expect((await json<Invalid>(response)).errors).toEqual({ type: ["validation.provider_type"] });
  });
});

describe("DELETE /api/organizations/{id}", () => {
  it("refuses while users or numbers remain (409) and deletes an empty organization (204)", async () => {
    const admin = await signedIn("admin@amp.test");
    const blocked = await remove(admin, "/api/organizations/4");
    expect(blocked.status).toBe(409);
    expect(await json(blocked)).toEqual({ message: "organizations.has_dependents" });

    const created = await json<{ id: number }>(await admin.post("/api/organizations", valid()));
    expect((await remove(admin, `/api/organizations/${created.id}`)).status).toBe(204);
    expect((await admin.get(`/api/organizations/${created.id}`)).status).toBe(404);
    expect(await query("SELECT id FROM activity_log WHERE action = 'organizations.deleted' AND subject_id = ?", created.id)).toHaveLength(
      1,
    );
    expect((await remove(admin, "/api/organizations/99999")).status).toBe(404);
  });
});
