import { describe, expect, it } from "vitest";
import { Client, json, signedIn } from "./helpers";

type Mail = { id: number; to: string; template: string; status: string; organization_id: number | null; html?: string };
type Page = { data: Mail[]; total: number };

describe("GET /api/mail-log", () => {
  it("lists e-mails newest first without bodies, with filters and search", async () => {
    const admin = await signedIn("admin@amp.test");
    const page = await json<Page>(await admin.get("/api/mail-log"));
    expect(page.total).toBe(6);
    expect(page.data[0]).toMatchObject({ to: "taylor.brooks@amp.test" });
    expect(page.data[0]).not.toHaveProperty("html");
    const ids = async (params: string) => (await json<Page>(await admin.get(`/api/mail-log?${params}`))).data.map((row) => row.to);
    expect(await ids("status=failed")).toEqual(["dispatch@lakeside.test"]);
    expect(await ids("template=invitation")).toEqual(["peter.novak@maple.test", "omar.farouk@northwind.test"]);
    expect(await ids("search=lakeside")).toEqual(["dispatch@lakeside.test", "ben.okafor@lakeside.test"]);
    expect(await ids("organization_id=2&sort=to&direction=asc")).toEqual(["grace.liu@northwind.test", "omar.farouk@northwind.test"]);
    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 8 * 86_400_000).toISOString().slice(0, 10);
    expect(await ids(`from=${weekAgo}&to=${today}`)).toEqual([
      "taylor.brooks@amp.test",
      "peter.novak@maple.test",
      "dispatch@lakeside.test",
    ]);
    expect(await ids(`to=${weekAgo}`)).toHaveLength(3);
  });

  it("validates the query", async () => {
    const admin = await signedIn("admin@amp.test");
    for (const params of ["per_page=30", "status=bounced", "from=yesterday", "sort=html"]) {
      expect((await admin.get(`/api/mail-log?${params}`)).status, params).toBe(422);
    }
  });

  it("keeps organization members to their organization's mail", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const page = await json<Page>(await member.get("/api/mail-log?organization_id=3"));
    expect(page.total).toBe(2);
    expect(page.data.every((row) => row.organization_id === 2)).toBe(true);
    expect((await member.get("/api/mail-log/3")).status).toBe(404);
    const own = await json<Mail & { text: string }>(await member.get("/api/mail-log/1"));
    expect(own).toMatchObject({ to: "omar.farouk@northwind.test", html: expect.stringContaining("<p>"), text: expect.any(String) });
  });

  it("answers 401, 403 and 404", async () => {
    expect((await new Client().get("/api/mail-log")).status).toBe(401);
    const grace = await signedIn("grace.liu@northwind.test");
    expect((await grace.get("/api/mail-log")).status).toBe(403);
    expect((await grace.get("/api/mail-log/1")).status).toBe(403);
    const admin = await signedIn("admin@amp.test");
    expect((await admin.get("/api/mail-log/9999")).status).toBe(404);
  });
});
