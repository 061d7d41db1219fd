import { describe, expect, it } from "vitest";
import { ACTIVITY_ACTIONS } from "../src/lib/activity-titles";
import { Client, json, query, signedIn } from "./helpers";

type Filters = { actions: string[]; subject_types: string[] };

describe("GET /api/activity-log/filters", () => {
  it("returns the sorted distinct actions and subject types the caller can see", async () => {
    const admin = await signedIn("admin@amp.test");
    const response = await admin.get("/api/activity-log/filters");
    expect(response.status).toBe(200);
    const filters = await json<Filters>(response);
    const expected = await query<{ action: string }>("SELECT DISTINCT action FROM activity_log ORDER BY action");
    expect(filters.actions).toEqual(expected.map((row) => row.action));
    expect(filters.actions.every((action) => (ACTIVITY_ACTIONS as string[]).includes(action))).toBe(true);
    expect(filters.subject_types).toEqual(["phone_number", "porting_order", "user"]);
  });

  it("limits an organization member to their organization's values", async () => {
    await query(
      "INSERT INTO activity_log (actor_id, action, subject_type, organization_id, created_at) VALUES (13, 'roles.deleted', 'lakeside_only', 3, ?)",
      new Date().toISOString(),
    );
    const member = await signedIn("orgadmin@northwind.test");
    const filters = await json<Filters>(await member.get("/api/activity-log/filters?organization_id=3"));
    const expected = await query<{ action: string }>("SELECT DISTINCT action FROM activity_log WHERE organization_id = 2 ORDER BY action");
    expect(filters.actions).toEqual(expected.map((row) => row.action));
    expect(filters.subject_types).not.toContain("lakeside_only");
    const provider = await signedIn("provider@amp.test");
    expect((await json<Filters>(await provider.get("/api/activity-log/filters?organization_id=3"))).subject_types).toContain(
      "lakeside_only",
    );
  });

  it("answers 401, 403 and 422", async () => {
    expect((await new Client().get("/api/activity-log/filters")).status).toBe(401);
    const grace = await signedIn("grace.liu@northwind.test");
    expect((await grace.get("/api/activity-log/filters")).status).toBe(403);
    const admin = await signedIn("admin@amp.test");
    expect((await admin.get("/api/activity-log/filters?organization_id=x")).status).toBe(422);
  });
});
