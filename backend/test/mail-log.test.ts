import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Client, json, query, signedIn } from "./helpers";

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

describe("POST /api/mail-log/{id}/retry (issue 24: mail on the queue)", () => {
  type Row = Mail & { retryable: boolean; error: string | null; attempts: number };
  const notSent = async (to: string, organizationId: number) => {
    const { createMailer } = await import("../src/lib/mailer");
    const { createDb } = await import("../src/db/client");
    // No relay anywhere: not_sent, with the message kept (encrypted) for a retry.
    const mailer = createMailer({ db: createDb(env.DB), env: { APP_KEY: env.APP_KEY } });
    return mailer.send({
      to,
      subject: "Welcome",
      template: "invitation",
      text: "Hello",
      html: "<p>Hello</p>",
      organization_id: organizationId,
    });
  };

  it("queues a failed or unsent e-mail again, once however often it is asked; the queue then settles it", async () => {
    const mail = await notSent("retry.me@northwind.test", 2);
    const member = await signedIn("orgadmin@northwind.test");
    const listed = await json<{ data: Row[] }>(await member.get("/api/mail-log?search=retry.me"));
    expect(listed.data).toEqual([expect.objectContaining({ id: mail.id, status: "not_sent", retryable: true })]);

    const answers = await Promise.all([1, 2].map(() => member.post(`/api/mail-log/${mail.id}/retry`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409]);
    const queued = await json<Row>(answers.find((answer) => answer.status === 202)!);
    expect(queued).toMatchObject({ id: mail.id, status: "queued", error: null, attempts: 0, retryable: false });
    const refused = await json<{ message: string }>(answers.find((answer) => answer.status === 409)!);
    expect(refused.message).toBe("smtp.not_retryable");
    const [logged] = await query<{ action: string; subject_id: number }>(
      "SELECT action, subject_id FROM activity_log WHERE action = 'mail_log.retried' ORDER BY id DESC LIMIT 1",
    );
    expect(logged).toEqual({ action: "mail_log.retried", subject_id: mail.id });

    // The backend's own queue consumer picks it up: still no relay, so it ends not_sent again (not queued for ever).
    let status = "queued";
    for (let i = 0; i < 100 && status === "queued"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      [{ status }] = await query<{ status: string }>("SELECT status FROM mail_log WHERE id = ?", mail.id);
    }
    expect(status).toBe("not_sent");
  });

  it("refuses an e-mail that is not failed or whose message was not kept", async () => {
    const admin = await signedIn("admin@amp.test");
    // The seeded failed e-mail predates the queue: no message kept.
    const [seeded] = await query<{ id: number }>("SELECT id FROM mail_log WHERE \"to\" = 'dispatch@lakeside.test'");
    const row = await json<Row>(await admin.get(`/api/mail-log/${seeded!.id}`));
    expect(row).toMatchObject({ status: "failed", retryable: false });
    expect((await admin.post(`/api/mail-log/${seeded!.id}/retry`)).status).toBe(409);
    expect((await admin.post("/api/mail-log/999999/retry")).status).toBe(404);
  });

  it("needs the mail log and the SMTP permission, and stays inside the organization", async () => {
    const mail = await notSent("tenant.retry@northwind.test", 2);
    // No session at all: the CSRF check answers first, as Laravel does.
    expect((await new Client().post(`/api/mail-log/${mail.id}/retry`)).status).toBe(419);
    // The auditor reads the mail log but changes nothing; Grace has no mail log at all.
    expect((await (await signedIn("auditor@amp.test")).post(`/api/mail-log/${mail.id}/retry`)).status).toBe(403);
    expect((await (await signedIn("grace.liu@northwind.test")).post(`/api/mail-log/${mail.id}/retry`)).status).toBe(403);
    // Another organization's admin: as if it did not exist.
    expect((await (await signedIn("marcus.bell@lakeside.test")).post(`/api/mail-log/${mail.id}/retry`)).status).toBe(404);
    const [row] = await query<{ status: string }>("SELECT status FROM mail_log WHERE id = ?", mail.id);
    expect(row?.status).toBe("not_sent");
  });
});
