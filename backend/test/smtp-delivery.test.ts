import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { createDb } from "../src/db/client";
import { mailLog } from "../src/db/schema";
import { consumeMail, createMailer, failStaleMail, MAIL_STALE_AFTER_MS, type MailSendMessage } from "../src/lib/mailer";
import { deliverSmtp, type SmtpRelay, UNREACHABLE_REPLY } from "../src/lib/smtp";
import { clockOffset } from "../src/lib/time";
import { advanceClock } from "./helpers";

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

describe("the mailer: mail on the queue, mail log states and relays", () => {
  const db = createDb(env.DB);
  const platform = {
    APP_KEY: env.APP_KEY,
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(ports.plain),
    SMTP_ENCRYPTION: "none",
    SMTP_USER: "relay",
    SMTP_PASSWORD: "secret",
    MAIL_FROM: "noreply@amp.test",
    MAIL_RETRY_DELAYS_SECONDS: "5,20",
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

  /** A mail queue that keeps what is sent, and a queue message around each body with what became of it. */
  function testQueue() {
    const sent: { body: MailSendMessage; delaySeconds?: number }[] = [];
    const queue = {
      send: async (body: MailSendMessage, options?: { delaySeconds?: number }) => {
        sent.push({ body, delaySeconds: options?.delaySeconds });
      },
    } as unknown as Queue<MailSendMessage>;
    const outcomes: string[] = [];
    const delivery = (body: MailSendMessage, attempts = 1) =>
      ({
        id: `m${body.mail_id}-${attempts}`,
        timestamp: new Date(),
        attempts,
        body,
        ack: () => outcomes.push("ack"),
        retry: (options?: { delaySeconds?: number }) => outcomes.push(`retry ${options?.delaySeconds ?? 0}`),
      }) as unknown as Message<MailSendMessage>;
    return { queue, sent, outcomes, delivery };
  }

  it("queues the message with only its id on the queue; the consumer sends it, records the reply and forgets the message", async () => {
    const { queue, sent, outcomes, delivery } = testQueue();
    const mailer = createMailer({ db, env: { ...platform, MAIL_QUEUE: queue } });
    const result = await mailer.send(message("queued@example.test"));
    expect(result.status).toBe("queued");
    expect(sent).toEqual([{ body: { kind: "mail_send", mail_id: result.id }, delaySeconds: undefined }]);
    const queued = await row(result.id);
    expect(queued).toMatchObject({ status: "queued", relay: "platform", attempts: 0 });
    // Kept encrypted for the consumer; the shown copy is redacted.
    expect(queued?.messageEncrypted).toMatch(/^v1:/);
    expect(`${queued?.messageEncrypted}${queued?.text}${queued?.html}`).not.toContain("SECRET");
    expect(await received("queued@example.test")).toHaveLength(0);

    await consumeMail([delivery(sent[0]!.body)], { ...platform, DB: env.DB });
    expect(outcomes).toEqual(["ack"]);
    const delivered = await row(result.id);
    expect(delivered).toMatchObject({
      status: "sent",
      smtpReply: "250 2.0.0 Ok: queued as TEST",
      attempts: 1,
      error: null,
      messageEncrypted: null,
    });
    expect(delivered?.sentAt).not.toBeNull();
    const [mail] = await received("queued@example.test");
    expect(mail?.raw).toContain("SECRET");
  });

  it("sends once when the queue delivers the same message twice, at the same time or later", async () => {
    const { queue, sent, outcomes, delivery } = testQueue();
    const mailer = createMailer({ db, env: { ...platform, MAIL_QUEUE: queue } });
    const result = await mailer.send(message("twice@example.test"));
    const body = sent[0]!.body;
    await Promise.all([1, 2, 3].map(() => consumeMail([delivery(body)], { ...platform, DB: env.DB })));
    await consumeMail([delivery(body, 2)], { ...platform, DB: env.DB });
    expect(await received("twice@example.test")).toHaveLength(1);
    expect(await row(result.id)).toMatchObject({ status: "sent", attempts: 1 });
    // The claimer acks; a copy that found the row claimed comes back after the claim's lease, then finds it sent.
    expect(outcomes.filter((outcome) => outcome === "ack").length).toBeGreaterThanOrEqual(2);
    expect(outcomes.at(-1)).toBe("ack");
  });

  it("retries a temporary (4xx) refusal with growing delays, then records failed with the last reply", async () => {
    const { queue, sent, outcomes, delivery } = testQueue();
    const mailer = createMailer({ db, env: { ...platform, MAIL_QUEUE: queue } });
    const result = await mailer.send(message("busy@example.test"));
    const consume = (attempts: number) => consumeMail([delivery(sent[0]!.body, attempts)], { ...platform, DB: env.DB });
    await consume(1);
    expect(outcomes).toEqual(["retry 5"]);
    expect(await row(result.id)).toMatchObject({ status: "queued", attempts: 1, error: "recipient_refused" });
    // Delivered again before its time (a duplicate): nothing is sent, it comes back when the retry is due.
    await consume(1);
    expect(outcomes.at(-1)).toMatch(/^retry [1-5]$/);
    expect((await row(result.id))?.attempts).toBe(1);
    advanceClock(5_000);
    await consume(2);
    expect(outcomes.at(-1)).toBe("retry 20");
    advanceClock(20_000);
    await consume(3);
    expect(outcomes.at(-1)).toBe("ack");
    const failed = await row(result.id);
    expect(failed).toMatchObject({ status: "failed", attempts: 3, error: "recipient_refused" });
    expect(failed?.smtpReply).toContain("451");
    // Kept for "Retry".
    expect(failed?.messageEncrypted).toMatch(/^v1:/);
  });

  it("retries a relay that does not answer, and records a permanent refusal at once", async () => {
    const { queue, sent, outcomes, delivery } = testQueue();
    const closed = createMailer({ db, env: { ...platform, SMTP_PORT: String(ports.closed), MAIL_QUEUE: queue } });
    const unreachable = await closed.send(message("closed@example.test"));
    await consumeMail([delivery(sent[0]!.body)], { ...platform, SMTP_PORT: String(ports.closed), DB: env.DB });
    expect(outcomes).toEqual(["retry 5"]);
    expect(await row(unreachable.id)).toMatchObject({ status: "queued", error: "unreachable" });

    const wrong = { ...platform, SMTP_PASSWORD: "wrong" };
    const denied = await createMailer({ db, env: { ...wrong, MAIL_QUEUE: queue } }).send(message("denied@example.test"));
    await consumeMail([delivery(sent[1]!.body)], { ...wrong, DB: env.DB });
    expect(outcomes.at(-1)).toBe("ack");
    expect(await row(denied.id)).toMatchObject({ status: "failed", attempts: 1, error: "auth_failed" });
  });

  it("records not_sent with the reason when no relay is configured, keeping the message for a retry", async () => {
    const mailer = createMailer({ db, env: { APP_KEY: env.APP_KEY } });
    const result = await mailer.send(message("nowhere@example.test"));
    expect(result).toMatchObject({ status: "not_sent", error: "no_relay" });
    const stored = await row(result.id);
    expect(stored).toMatchObject({ status: "not_sent", error: "no_relay", relay: null });
    expect(stored?.messageEncrypted).toMatch(/^v1:/);
  });

  it("a queue that refuses the message leaves the row failed, not queued for ever; the cron fails what the queue lost", async () => {
    const broken = { send: () => Promise.reject(new Error("queue down")) } as unknown as Queue<MailSendMessage>;
    const result = await createMailer({ db, env: { ...platform, MAIL_QUEUE: broken } }).send(message("lost@example.test"));
    expect(result).toMatchObject({ status: "failed", error: "queue_unavailable" });
    expect((await row(result.id))?.status).toBe("failed");

    const { queue } = testQueue();
    const lost = await createMailer({ db, env: { ...platform, MAIL_QUEUE: queue } }).send(message("stale@example.test"));
    expect(await failStaleMail(env.DB)).toBe(0);
    expect(await failStaleMail(env.DB, Date.now() + clockOffset() + MAIL_STALE_AFTER_MS + 1_000)).toBeGreaterThanOrEqual(1);
    expect(await row(lost.id)).toMatchObject({ status: "failed", error: "interrupted" });
  });
});
