import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { json, signedIn } from "./helpers";

const ports = inject("smtp");
type Relay = Record<string, unknown> & { password_set: boolean; organization_id: number; warnings: string[] };
type Invalid = { errors: Record<string, string[]> };

const settings = (overrides: Record<string, unknown> = {}) => ({
  enabled: true,
  host: "127.0.0.1",
  port: ports.plain,
  encryption: "none",
  auth: true,
  username: "relay",
  password: "secret",
  from_address: "noreply@northwind.test",
  from_name: "Northwind Dental",
  reply_to: "",
  verify_certificate: true,
  ...overrides,
});

describe("/api/smtp-relay", () => {
  it("a member reads and saves their own organization's relay; the password is write-only and redacted in the log", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const empty = await json<Relay>(await member.get("/api/smtp-relay"));
    expect(empty).toMatchObject({ organization_id: 2, configured: false, enabled: false, password_set: false });

    const saved = await member.put("/api/smtp-relay", settings({ port: 465, encryption: "starttls" }));
    expect(saved.status).toBe(200);
    const body = await json<Relay>(saved);
    expect(body).toMatchObject({ configured: true, password_set: true, reply_to: null, warnings: ["warnings.port_465_needs_ssl"] });
    expect(JSON.stringify(body)).not.toContain("secret");

    // Keeping the password: no `password` field; clearing it: clear_password.
    const kept = await json<Relay>(
      await member.put("/api/smtp-relay", settings({ port: 465, encryption: "starttls", password: undefined, enabled: false })),
    );
    expect(kept.password_set).toBe(true);
    const cleared = await json<Relay>(
      await member.put(
        "/api/smtp-relay",
        settings({ port: 465, encryption: "starttls", password: undefined, clear_password: true, enabled: false }),
      ),
    );
    expect(cleared.password_set).toBe(false);

    const stored = await env.DB.prepare("SELECT password_encrypted FROM smtp_relays WHERE organization_id = 2").first<{
      password_encrypted: string | null;
    }>();
    expect(stored?.password_encrypted).toBeNull();
    const log = await env.DB.prepare("SELECT changes FROM activity_log WHERE action = 'smtp_relays.updated' ORDER BY id").all<{
      changes: string;
    }>();
    expect(log.results.length).toBeGreaterThanOrEqual(3);
    for (const row of log.results) expect(row.changes).not.toContain("secret");
    expect(log.results[0]?.changes).toContain("[redacted]");
  });

  it("validates host, port, addresses, credentials and the certificate option with translation keys", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const response = await member.put(
      "/api/smtp-relay",
      settings({ host: "bad host!", port: 70000, from_address: "nope", reply_to: "also-bad", verify_certificate: false }),
    );
    expect(response.status).toBe(422);
    const { errors } = await json<Invalid>(response);
    expect(errors.port).toEqual(['validation.max|{"max":65535}']);
    expect(errors.from_address).toEqual(["validation.email"]);
    expect(errors.reply_to).toEqual(["validation.email"]);
    const later = await json<Invalid>(
      await member.put("/api/smtp-relay", settings({ host: "bad host!", verify_certificate: false, username: "" })),
    );
    expect(later.errors).toEqual({
      host: ["smtp.validation.host"],
      username: ["validation.required"],
      verify_certificate: ["smtp.validation.verify_certificate"],
    });
  });

  it("provider staff must name the organization; members cannot reach another one", async () => {
    const admin = await signedIn("admin@amp.test");
    expect((await admin.get("/api/smtp-relay")).status).toBe(422);
    expect((await admin.get("/api/smtp-relay?organization_id=999")).status).toBe(404);
    const lakeside = await json<Relay>(await admin.get("/api/smtp-relay?organization_id=3"));
    expect(lakeside.organization_id).toBe(3);
    const member = await signedIn("orgadmin@northwind.test");
    const own = await json<Relay>(await member.get("/api/smtp-relay?organization_id=3"));
    expect(own.organization_id).toBe(2);
  });

  it("sends a test e-mail with the typed settings and reports the server's reply; the attempt is in the mail log", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const accepted = await member.post("/api/smtp-relay/test", settings({ to: "relay-test@example.test", enabled: false }));
    expect(accepted.status).toBe(200);
    const result = await json<{ outcome: string; reply: string; mail_log_id: number }>(accepted);
    expect(result).toMatchObject({ outcome: "accepted", reply: "250 2.0.0 Ok: queued as TEST" });
    const row = await env.DB.prepare("SELECT status, relay, smtp_reply, template, organization_id FROM mail_log WHERE id = ?")
      .bind(result.mail_log_id)
      .first();
    expect(row).toEqual({
      status: "sent",
      relay: "organization:2",
      smtp_reply: "250 2.0.0 Ok: queued as TEST",
      template: "smtp_test",
      organization_id: 2,
    });

    const denied = await json<{ outcome: string; reply: string }>(
      await member.post("/api/smtp-relay/test", settings({ to: "relay-test@example.test", password: "wrong" })),
    );
    expect(denied.outcome).toBe("auth_failed");
    expect(denied.reply).toContain("535");
    const refused = await json<{ outcome: string }>(
      await member.post("/api/smtp-relay/test", settings({ to: "x@example.test", port: ports.closed })),
    );
    expect(refused.outcome).toBe("unreachable");
  });

  it("sends the stored password only to the host and port it was saved for (issue 23, item 5)", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    expect((await member.put("/api/smtp-relay", settings({ enabled: false }))).status).toBe(200);
    const logged = async () =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM mail_log WHERE template = 'smtp_test'").first<{ n: number }>())?.n;
    const before = await logged();
    // The same server under another name, another port, or the same relay in clear text after TLS: typed again or refused.
    for (const changed of [{ host: "localhost" }, { port: ports.starttls }]) {
      const test = await member.post("/api/smtp-relay/test", settings({ ...changed, password: undefined, to: "x@example.test" }));
      expect(test.status).toBe(422);
      expect((await json<Invalid>(test)).errors).toEqual({ password: ["smtp.validation.password_retype"] });
      const save = await member.put("/api/smtp-relay", settings({ ...changed, password: undefined, enabled: false }));
      expect((await json<Invalid>(save)).errors).toEqual({ password: ["smtp.validation.password_retype"] });
    }
    expect(await logged()).toBe(before);
    // Unchanged, the stored password is used.
    const same = await member.post("/api/smtp-relay/test", settings({ password: undefined, to: "x@example.test" }));
    expect((await json<{ outcome: string }>(same)).outcome).toBe("accepted");
    // Typed again, it is used and saved for the new host; without authentication the old one is dropped.
    const moved = await json<Relay>(await member.put("/api/smtp-relay", settings({ host: "localhost", enabled: false })));
    expect(moved.password_set).toBe(true);
    const dropped = await json<Relay>(
      await member.put("/api/smtp-relay", settings({ host: "127.0.0.1", auth: false, password: undefined, enabled: false })),
    );
    expect(dropped.password_set).toBe(false);
    // Saved for STARTTLS, it is not sent in clear text on the same host and port.
    await member.put("/api/smtp-relay", settings({ encryption: "starttls", enabled: false }));
    const clear = await member.post("/api/smtp-relay/test", settings({ password: undefined, to: "x@example.test" }));
    expect((await json<Invalid>(clear)).errors).toEqual({ password: ["smtp.validation.password_retype"] });
  });

  it("outside local development, reaches only SMTP ports on public addresses", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const local = env.SMTP_ALLOW_LOCAL;
    env.SMTP_ALLOW_LOCAL = "";
    try {
      const test = await member.post("/api/smtp-relay/test", settings({ to: "x@example.test" }));
      expect((await json<Invalid>(test)).errors).toEqual({ port: ["smtp.validation.port_not_smtp"] });
      const metadata = await member.put("/api/smtp-relay", settings({ host: "169.254.169.254", port: 25 }));
      expect((await json<Invalid>(metadata)).errors).toEqual({ host: ["smtp.validation.host_internal"] });
      const ssh = await member.post("/api/smtp-relay/test", settings({ host: "smtp.example.com", port: 22, to: "x@example.test" }));
      expect((await json<Invalid>(ssh)).errors).toEqual({ port: ["smtp.validation.port_not_smtp"] });
    } finally {
      env.SMTP_ALLOW_LOCAL = local;
    }
  });

  it("outside local development, refuses a host name that resolves to an internal address (DNS over HTTPS)", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const local = env.SMTP_ALLOW_LOCAL;
    env.SMTP_ALLOW_LOCAL = "";
    env.SMTP_DOH_URL = `http://127.0.0.1:${ports.web}/dns-query`;
    try {
      for (const host of ["private.relay.test", "loopback.relay.test"]) {
        const saved = await member.put("/api/smtp-relay", settings({ host, port: 587, enabled: false }));
        expect((await json<Invalid>(saved)).errors, host).toEqual({ host: ["smtp.validation.host_internal"] });
        const tested = await member.post("/api/smtp-relay/test", settings({ host, port: 587, to: "x@example.test" }));
        expect((await json<Invalid>(tested)).errors, host).toEqual({ host: ["smtp.validation.host_internal"] });
      }
      const saved = await member.put("/api/smtp-relay", settings({ host: "public.relay.test", port: 587, enabled: false }));
      expect(saved.status).toBe(200);
    } finally {
      env.SMTP_ALLOW_LOCAL = local;
      env.SMTP_DOH_URL = "";
    }
  });

  it("an organization's enabled relay carries its members' mail (an invitation)", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    expect((await member.put("/api/smtp-relay", settings())).status).toBe(200);
    const created = await member.post("/api/users", { name: "Relay Invitee", email: "relay.invitee@northwind.test", roles: [] });
    expect(created.status).toBe(201);
    let row: { status: string; relay: string } | null = null;
    for (let i = 0; i < 200; i++) {
      row = await env.DB.prepare("SELECT status, relay FROM mail_log WHERE \"to\" = 'relay.invitee@northwind.test'").first();
      if (row?.status !== "queued") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(row).toEqual({ status: "sent", relay: "organization:2" });
  });
});
