/**
 * One SMTP delivery over Workers TCP sockets (`cloudflare:sockets`), through the `worker-mailer` library:
 * implicit TLS, STARTTLS, AUTH PLAIN/LOGIN. This module adds what the library leaves out: the server's
 * replies (the library only reports failures), a refusal to send credentials or mail in clear text when
 * STARTTLS was asked for but not offered, and a classification of the outcome in plain terms.
 */
import { WorkerMailer, type WorkerMailerOptions } from "worker-mailer";
import type { SMTP_ENCRYPTION_VALUES } from "../db/schema";

export type SmtpEncryption = (typeof SMTP_ENCRYPTION_VALUES)[number];

export interface SmtpRelay {
  host: string;
  port: number;
  encryption: SmtpEncryption;
  username: string | null;
  password: string | null;
  fromAddress: string;
  fromName: string | null;
  replyTo: string | null;
  /** Shown in the mail log: "organization:3" or "platform". */
  label: string;
}

export interface SmtpEnvelope {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * What happened, in terms a person can act on; `accepted` is the only success. A closed port and a
 * timeout before the server's greeting are both `unreachable`, with the same reply, so the relay screen
 * cannot tell an open port from a closed one (no port probing). `connection_refused` and `timeout` are
 * kept for mail log rows written before; a timeout after the greeting is still `timeout`.
 */
export const SMTP_OUTCOMES = [
  "accepted",
  "unreachable",
  "connection_refused",
  "timeout",
  "tls_failed",
  "auth_failed",
  "sender_refused",
  "recipient_refused",
  "rejected",
  "failed",
] as const;
export type SmtpOutcome = (typeof SMTP_OUTCOMES)[number];

export interface SmtpResult {
  outcome: SmtpOutcome;
  /** The server's last reply (`250 2.0.0 Ok: queued as …`, `535 5.7.8 Authentication failed`) or the error text. */
  reply: string;
  /** 4xx reply: worth trying again later. */
  temporary: boolean;
}

/** The parts of the library's session we drive ourselves (see `deliverSmtp`). */
interface MailerSession {
  readTimeout(): Promise<string>;
  writeLine(line: string): Promise<void>;
  initializeSmtpSession(): Promise<void>;
  start(): Promise<void>;
  send: WorkerMailer["send"];
  close(error?: Error): Promise<void>;
}

class StartTlsMissing extends Error {}

/** The reply of an `unreachable` outcome: the same words whatever the socket said. */
export const UNREACHABLE_REPLY = "No SMTP server answered on this host and port.";

const lastLine = (reply: string) =>
  reply
    .trim()
    .split(/\r?\n/)
    .filter((line) => line.length > 0)
    .at(-1) ?? "";

/** Where the dialogue was when it failed: before the greeting, during a TLS upgrade, or after. */
type Phase = "connecting" | "tls" | "dialogue";

/**
 * Sorts an error of the library or the socket into an outcome; the SMTP code (if any) decides "temporary".
 * workerd reports a failed TLS handshake only as "internal error; reference = …", so the phase decides.
 */
export function classifySmtpError(error: unknown, phase: Phase, encryption: SmtpEncryption): SmtpResult {
  const message = error instanceof Error ? error.message : String(error);
  const code = /(?:^|\s)([245]\d\d)[ -]/.exec(` ${message}`)?.[1];
  const temporary = code?.startsWith("4") ?? false;
  const has = (pattern: RegExp) => pattern.test(message);
  const tlsHandshake = phase === "tls" || (phase === "connecting" && encryption === "ssl" && has(/internal error|tls|ssl|certificate/i));
  if (error instanceof StartTlsMissing) return { outcome: "tls_failed", reply: message, temporary: false };
  if (phase === "connecting" && !code && !tlsHandshake) return { outcome: "unreachable", reply: UNREACHABLE_REPLY, temporary: false };
  if (has(/timeout|timed out/i)) return { outcome: "timeout", reply: message, temporary: false };
  if (tlsHandshake) {
    const reply = has(/internal error/i) ? "TLS handshake failed (certificate not trusted or TLS not negotiable)" : message;
    return { outcome: "tls_failed", reply, temporary: false };
  }
  let outcome: SmtpOutcome = "failed";
  if (has(/authentication|Invalid login|requires authentication|No supported auth/i)) outcome = "auth_failed";
  else if (has(/MAIL FROM/i)) outcome = "sender_refused";
  else if (has(/RCPT TO/i)) outcome = "recipient_refused";
  else if (code) outcome = "rejected";
  return { outcome, reply: message.trim(), temporary };
}

/**
 * Sends one message through `relay` and resolves with the outcome (never rejects). `timeoutMs` bounds the
 * connection and each reply.
 */
export async function deliverSmtp(relay: SmtpRelay, envelope: SmtpEnvelope, timeoutMs = 10_000): Promise<SmtpResult> {
  const options: WorkerMailerOptions = {
    host: relay.host,
    port: relay.port,
    secure: relay.encryption === "ssl",
    startTls: relay.encryption === "starttls",
    authType: ["plain", "login"],
    credentials: relay.username ? { username: relay.username, password: relay.password ?? "" } : undefined,
    socketTimeoutMs: timeoutMs,
    responseTimeoutMs: timeoutMs,
    logLevel: 4,
  };
  let session: MailerSession | undefined;
  const replies: string[] = [];
  let phase: Phase = "connecting";
  try {
    // WorkerMailer.connect() is `new` + initializeSmtpSession() + start(); we do the same steps so that
    // we can record every reply (the library does not return the final "250 … queued as …") and check the
    // EHLO answer before credentials are sent.
    const Session = WorkerMailer as unknown as new (options: WorkerMailerOptions) => MailerSession;
    const active = new Session(options);
    session = active;
    const readReply = active.readTimeout.bind(active);
    const writeLine = active.writeLine.bind(active);
    let lastCommand = "";
    let upgraded = false;
    active.writeLine = async (line: string) => {
      lastCommand = line.split(" ")[0]?.toUpperCase() ?? "";
      if (lastCommand === "STARTTLS") upgraded = true;
      await writeLine(line);
    };
    active.readTimeout = async () => {
      const reply = await readReply();
      replies.push(reply);
      // The reply to STARTTLS arrives before the handshake; the first reply after it ends the TLS phase.
      phase = lastCommand === "STARTTLS" ? "tls" : "dialogue";
      // worker-mailer continues in clear text when the server does not offer STARTTLS; we refuse instead.
      if (relay.encryption === "starttls" && lastCommand === "EHLO" && !upgraded && !/[ -]STARTTLS\b/i.test(reply)) {
        throw new StartTlsMissing(`STARTTLS not offered by the server: ${lastLine(reply)}`);
      }
      return reply;
    };
    await active.initializeSmtpSession();
    active.start().catch(() => undefined);
    await active.send({
      from: relay.fromName ? { name: relay.fromName, email: relay.fromAddress } : relay.fromAddress,
      to: envelope.to,
      reply: relay.replyTo ?? undefined,
      subject: envelope.subject,
      text: envelope.text,
      html: envelope.html,
    });
    const accepted = lastLine(replies.at(-1) ?? "");
    await active.close();
    return { outcome: "accepted", reply: accepted, temporary: false };
  } catch (error) {
    // Not awaited: after a timeout, QUIT would wait for another one.
    session?.close(error instanceof Error ? error : undefined).catch(() => undefined);
    return classifySmtpError(error, phase, relay.encryption);
  }
}
