import { describe, expect, it } from "vitest";
import { json, signedIn } from "./helpers";

type Entry = {
  id: number;
  e164: string;
  organization_id: number;
  e911_status: string | null;
  e911_error: string | null;
  address: { validation_status: string; street_suffix: string | null; city: string; suggestion: Record<string, unknown> | null } | null;
};
type Page = { data: Entry[]; total: number };
type Invalid = { message: string; errors: Record<string, string[]> };

const address = (overrides: Record<string, unknown> = {}) => ({
  caller_name: "Northwind Dental",
  house_number: "1200",
  street_name: "NW Everett",
  street_suffix: "St",
  city: "PORTLAND",
  state: "OR",
  postal_code: "97209",
  postal_code_plus4: "1234",
  country: "US",
  ...overrides,
});

describe("E911", () => {
  it("lists an organization's numbers only to its members, with the without-E911 filter", async () => {
    const northwind = await signedIn("orgadmin@northwind.test");
    const page = await json<Page>(await northwind.get("/api/e911?per_page=100"));
    expect(page.total).toBeGreaterThan(0);
    expect(page.data.every((entry) => entry.organization_id === 2)).toBe(true);
    // Another organization's filter is ignored for members.
    const other = await json<Page>(await northwind.get("/api/e911?per_page=100&organization_id=3"));
    expect(other.data.every((entry) => entry.organization_id === 2)).toBe(true);
    const without = await json<Page>(await northwind.get("/api/e911?per_page=100&without_e911=1"));
    expect(without.data.every((entry) => entry.e911_status !== "provisioned")).toBe(true);
    const staff = await signedIn("support@amp.test");
    const lakeside = await json<Page>(await staff.get("/api/e911?per_page=100&organization_id=3"));
    expect(lakeside.data.length).toBeGreaterThan(0);
    expect(lakeside.data.every((entry) => entry.organization_id === 3)).toBe(true);
  });

  it("another organization's number is not found, for reading and writing", async () => {
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    expect((await lakeside.get("/api/e911/1")).status).toBe(404);
    expect((await lakeside.put("/api/e911/1", address())).status).toBe(404);
    expect((await lakeside.fetch("/api/e911/1", { method: "DELETE" })).status).toBe(404);
    expect((await lakeside.post("/api/e911/bulk", { phone_number_ids: [1], address: address() })).status).toBe(404);
  });

  it("validates fields per country with translation keys", async () => {
    const northwind = await signedIn("orgadmin@northwind.test");
    const response = await northwind.put(
      "/api/e911/1",
      address({ caller_name: "", state: "ON", postal_code: "9720", postal_code_plus4: "12" }),
    );
    expect(response.status).toBe(422);
    const body = await json<Invalid>(response);
    expect(body.errors.caller_name).toEqual(["validation.required"]);
    expect(body.errors.state).toEqual(["validation.in"]);
    expect(body.errors.postal_code).toEqual(["validation.format"]);
    expect(body.errors.postal_code_plus4).toEqual(["validation.format"]);
    const canada = await northwind.put(
      "/api/e911/1",
      address({ country: "CA", state: "ON", postal_code: "m5v3l9", postal_code_plus4: "1234" }),
    );
    expect((await json<Invalid>(canada)).errors).toEqual({ postal_code_plus4: ["validation.format"] });
  });

  it("a suggested correction is stored (pending); saving the suggestion provisions the number", async () => {
    const northwind = await signedIn("orgadmin@northwind.test");
    const suggested = await json<Entry>(
      await northwind.put("/api/e911/2", address({ street_suffix: "", city: "Portland", postal_code_plus4: "" })),
    );
    expect(suggested.address?.validation_status).toBe("suggested");
    expect(suggested.e911_status).toBe("pending");
    expect(suggested.address?.suggestion).toMatchObject({ street_suffix: "St", city: "PORTLAND", postal_code_plus4: "0001" });
    const accepted = await json<Entry>(await northwind.put("/api/e911/2", { ...suggested.address?.suggestion }));
    expect(accepted.address).toMatchObject({ validation_status: "valid", street_suffix: "St", city: "PORTLAND", suggestion: null });
    expect(accepted.e911_status).toBe("provisioned");
    const log = await json<{ data: { action: string; subject_id: number }[] }>(await northwind.get("/api/activity-log?per_page=5"));
    expect(log.data.some((entry) => entry.action === "e911.updated" && entry.subject_id === 2)).toBe(true);
  });

  it("an address the carrier cannot find is invalid with the carrier's reason", async () => {
    const northwind = await signedIn("orgadmin@northwind.test");
    const invalid = await json<Entry>(await northwind.put("/api/e911/3", address({ street_name: "Nowhere" })));
    expect(invalid.address?.validation_status).toBe("invalid");
    expect(invalid.e911_status).toBe("pending");
    expect(invalid.e911_error).toBe("carrier.e911_address_not_found");
  });

  it("sets one address on several numbers, refuses mixing organizations, and removes E911", async () => {
    const northwind = await signedIn("orgadmin@northwind.test");
    const bulk = await northwind.post("/api/e911/bulk", { phone_number_ids: [4, 5], address: address() });
    expect(bulk.status).toBe(200);
    const { data } = await json<{ data: Entry[] }>(bulk);
    expect(data.map((entry) => entry.e911_status)).toEqual(["provisioned", "provisioned"]);
    const staff = await signedIn("admin@amp.test");
    const mixed = await staff.post("/api/e911/bulk", { phone_number_ids: [4, 7], address: address() });
    expect(mixed.status).toBe(422);
    expect((await json<Invalid>(mixed)).errors.phone_number_ids).toEqual(["e911.validation.one_organization"]);
    const removed = await northwind.fetch("/api/e911/4", { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(await json<Entry>(removed)).toMatchObject({ e911_status: "removed", address: null });
  });

  it("needs tools.e911.modify to change anything", async () => {
    const auditor = await signedIn("auditor@amp.test");
    expect((await auditor.get("/api/e911/1")).status).toBe(200);
    expect((await auditor.put("/api/e911/1", address())).status).toBe(403);
  });
});
