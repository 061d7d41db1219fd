import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { createDb } from "../src/db/client";
import { mailLog } from "../src/db/schema";
import { createMailer } from "../src/lib/mailer";
import { deliverSmtp, type SmtpRelay, UNREACHABLE_REPLY } from "../src/lib/smtp";

// Real SMTP servers started in Node by test/smtp-servers.ts (vitest globalSetup); workerd reaches them over
// `cloudflare:sockets`, exactly as the Worker reaches a relay in production.
const ports = inject("smtp");
const relay = (overrides: Partial<SmtpRelay> = {}): SmtpRelay => ({
  host: "127.0.0.1",
  port: ports.plain,
  encryption: "none",
  username: "relay",
  password: "secret",
  fromAddress: "noreply@amp.test",
  fromName: "AMP",
  replyTo: "help@amp.test",
  label: "test",
  ...overrides,
});
const envelope = (to = "someone@example.test") => ({ to, subject: "Hello", text: "Hi there", html: "<p>Hi there</p>" });

interface Received {
  from: string;
  to: string[];
  user: string | null;
  raw: string;
}
const received = async (to: string): Promise<Received[]> => {
  const all = (await (await fetch(`http://127.0.0.1:${ports.web}/messages`)).json()) as Received[];
  return all.filter((message) => message.to.includes(to));
};

describe("SMTP delivery (worker-mailer over cloudflare:sockets)", () => {
  it("delivers with AUTH and reports the server's 250 reply", async () => {
    const result = await deliverSmtp(relay(), envelope("accepted@example.test"), 3000);
    expect(result).toEqual({ outcome: "accepted", reply: "250 2.0.0 Ok: queued as TEST", temporary: false });
    const [message] = await received("accepted@example.test");
    expect(message).toMatchObject({ from: "noreply@amp.test", user: "relay" });
    expect(message?.raw).toContain("Subject: Hello");
    expect(message?.raw).toMatch(/Reply-To: .*help@amp\.test/);
  });

  it("reports a 535 as an authentication failure", async () => {
    const result = await deliverSmtp(relay({ password: "wrong" }), envelope(), 3000);
    expect(result.outcome).toBe("auth_failed");
    expect(result.reply).toContain("535 5.7.8 Authentication failed");
    expect(result.temporary).toBe(false);
  });

  it("reports a refused sender with the server's reply", async () => {
    const result = await deliverSmtp(relay({ fromAddress: "blocked@amp.test" }), envelope(), 3000);
    expect(result.outcome).toBe("sender_refused");
    expect(result.reply).toContain("553");
  });

  it("reports a closed port and a server that never answers alike (no port probing)", async () => {
    const refused = await deliverSmtp(relay({ port: ports.closed }), envelope(), 3000);
    const started = Date.now();
    const silent = await deliverSmtp(relay({ port: ports.silent }), envelope(), 800);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(refused).toEqual({ outcome: "unreachable", reply: UNREACHABLE_REPLY, temporary: false });
    expect(silent).toEqual(refused);
  });

  it("upgrades with STARTTLS and verifies the certificate (the test server's is untrusted)", async () => {
    const result = await deliverSmtp(relay({ port: ports.starttls, encryption: "starttls", username: null }), envelope(), 3000);
    expect(result.outcome).toBe("tls_failed");
  });

  it("refuses to continue in clear text when STARTTLS is required but not offered", async () => {
    const result = await deliverSmtp(relay({ encryption: "starttls" }), envelope("cleartext@example.test"), 3000);
    expect(result.outcome).toBe("tls_failed");
    expect(result.reply).toContain("STARTTLS not offered");
    expect(await received("cleartext@example.test")).toHaveLength(0);
  });
});

describe("the mailer: mail log states and relays", () => {
  const db = createDb(env.DB);
  const platform = {
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(ports.plain),
    SMTP_ENCRYPTION: "none",
    SMTP_USER: "relay",
    SMTP_PASSWORD: "secret",
    MAIL_FROM: "noreply@amp.test",
  };
  const message = (to: string) => ({
    to,
    subject: "Reset",
    template: "password_reset",
    text: "Link: https://portal.test/password-setup?token=SECRET",
    html: '<a href="https://portal.test/password-setup?token=SECRET">Reset</a>',
    secrets: ["SECRET"],
  });
  const row = async (id: number) => (await db.select().from(mailLog).where(eq(mailLog.id, id)))[0];

  it("queues, delivers off the request, then records sent with the reply; the log never holds the real body", async () => {
    const background: Promise<unknown>[] = [];
    const mailer = createMailer({ db, env: platform, waitUntil: (promise) => background.push(promise) });
    const result = await mailer.send(message("queued@example.test"));
    expect(result.status).toBe("queued");
    expect(await row(result.id)).toMatchObject({ status: "queued", relay: "platform", attempts: 0 });
    await Promise.all(background);
    const sent = await row(result.id);
    expect(sent).toMatchObject({ status: "sent", smtpReply: "250 2.0.0 Ok: queued as TEST", attempts: 1, error: null });
    expect(sent?.sentAt).not.toBeNull();
    expect(`${sent?.text}${sent?.html}`).not.toContain("SECRET");
    const [delivered] = await received("queued@example.test");
    expect(delivered?.raw).toContain("SECRET");
  });

  it("records not_sent with the reason when no relay is configured", async () => {
    const mailer = createMailer({ db, env: {}, waitUntil: () => undefined });
    const result = await mailer.send(message("nowhere@example.test"));
    expect(result).toMatchObject({ status: "not_sent", error: "no_relay" });
    expect(await row(result.id)).toMatchObject({ status: "not_sent", error: "no_relay", relay: null });
  });

  it("retries a temporary (4xx) refusal, then records the failure with the last reply", async () => {
    const background: Promise<unknown>[] = [];
    const mailer = createMailer({ db, env: platform, waitUntil: (promise) => background.push(promise), retryDelaysMs: [10, 10] });
    const result = await mailer.send(message("busy@example.test"));
    await Promise.all(background);
    expect(await row(result.id)).toMatchObject({ status: "failed", attempts: 3, error: "recipient_refused" });
    expect((await row(result.id))?.smtpReply).toContain("451");
  });

  it("records a permanent failure at once", async () => {
    const background: Promise<unknown>[] = [];
    const mailer = createMailer({ db, env: { ...platform, SMTP_PASSWORD: "wrong" }, waitUntil: (promise) => background.push(promise) });
    const result = await mailer.send(message("denied@example.test"));
    await Promise.all(background);
    expect(await row(result.id)).toMatchObject({ status: "failed", attempts: 1, error: "auth_failed" });
  });
});
