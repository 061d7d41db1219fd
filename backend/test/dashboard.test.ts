import { describe, expect, it } from "vitest";
import { Client, json, signedIn } from "./helpers";

type Dashboard = {
  counts: Record<string, number>;
  recent_activity: {
    id: number;
    actor: { id: number; name: string } | null;
    masquerader: { id: number; name: string } | null;
    organization_id: number;
  }[];
  activity_per_day: { date: string; count: number }[];
};

describe("GET /api/dashboard", () => {
  it("counts everything for provider staff, with 10 recent entries and 30 filled days", async () => {
    const admin = await signedIn("admin@amp.test");
    const response = await admin.get("/api/dashboard");
    expect(response.status).toBe(200);
    const dashboard = await json<Dashboard>(response);
    expect(dashboard.counts).toEqual({
      organizations: 4,
      users: 24,
      active_numbers: 14,
      open_porting_orders: 3,
      numbers_without_e911: 4,
    });
    expect(dashboard.recent_activity).toHaveLength(10);
    // The admin's own sign-in is the newest entry; joined names land on the right fields.
    expect(dashboard.recent_activity[0]).toMatchObject({ actor: { id: 1, name: "Avery Collins" }, masquerader: null });
    const masquerade = dashboard.recent_activity.find((entry) => entry.masquerader);
    expect(masquerade).toMatchObject({ actor: { id: 9, name: "Priya Raman" }, masquerader: { id: 1, name: "Avery Collins" } });
    expect(dashboard.activity_per_day).toHaveLength(30);
    expect(dashboard.activity_per_day.at(-1)?.date).toBe(new Date().toISOString().slice(0, 10));
    const dates = dashboard.activity_per_day.map((day) => day.date);
    expect([...dates].sort()).toEqual(dates);
    expect(dashboard.activity_per_day.reduce((sum, day) => sum + day.count, 0)).toBeGreaterThan(250);
  });

  it("scopes every number to the member's organization", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const dashboard = await json<Dashboard>(await member.get("/api/dashboard?organization_id=3"));
    expect(dashboard.counts).toEqual({ organizations: 1, users: 5, active_numbers: 5, open_porting_orders: 1, numbers_without_e911: 1 });
    expect(dashboard.recent_activity.every((entry) => entry.organization_id === 2)).toBe(true);
    const provider = await signedIn("provider@amp.test");
    const lakeside = await json<Dashboard>(await provider.get("/api/dashboard?organization_id=3"));
    expect(lakeside.counts).toMatchObject({ organizations: 1, users: 7, active_numbers: 7 });
  });

  it("answers 401 and 403", async () => {
    expect((await new Client().get("/api/dashboard")).status).toBe(401);
    const grace = await signedIn("grace.liu@northwind.test");
    expect((await grace.get("/api/dashboard")).status).toBe(403);
  });
});
