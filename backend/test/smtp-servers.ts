/**
 * Vitest global setup (runs in Node, outside workerd): real SMTP servers on 127.0.0.1 that the backend's
 * `cloudflare:sockets` connections reach, so delivery is tested against a real dialogue, not a mock.
 * - `plain`: no TLS, AUTH PLAIN/LOGIN with user `relay` / `secret` (anything else: 535), accepts mail;
 *   refuses the sender `blocked@…` (553) and answers 451 for the recipient `busy@…`.
 * - `starttls`: offers STARTTLS with smtp-server's built-in test certificate (untrusted).
 * - `silent`: accepts TCP connections and never greets (timeout).
 * - `closed`: a port nobody listens on (connection refused).
 * Received messages are readable by the tests at `http://127.0.0.1:<webPort>/messages` (JSON).
 * The same port answers DNS-over-HTTPS (JSON) at `/dns-query` for a small zone (lib/smtp-dns.ts): `public.relay.test`
 * → a public address, `private.relay.test` → 10.0.0.25, `loopback.relay.test` → ::1 (AAAA); other names NXDOMAIN.
 */
import { createServer as createHttpServer } from "node:http";
import { createServer as createTcpServer, type Server } from "node:net";
import { SMTPServer } from "smtp-server";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    smtp: { plain: number; starttls: number; silent: number; closed: number; web: number };
  }
}

interface Received {
  from: string;
  to: string[];
  user: string | null;
  secure: boolean;
  raw: string;
}

const listen = (server: Server | ReturnType<typeof createHttpServer>) =>
  new Promise<number>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });

export default async function setup(project: TestProject) {
  const received: Received[] = [];
  const plain = new SMTPServer({
    authMethods: ["PLAIN", "LOGIN"],
    allowInsecureAuth: true,
    hideSTARTTLS: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === "relay" && auth.password === "secret") return callback(null, { user: auth.username });
      const error = Object.assign(new Error("5.7.8 Authentication failed"), { responseCode: 535 });
      return callback(error);
    },
    onMailFrom(address, _session, callback) {
      if (address.address.startsWith("blocked@")) {
        return callback(Object.assign(new Error("5.7.1 Sender address rejected"), { responseCode: 553 }));
      }
      return callback();
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith("busy@")) {
        return callback(Object.assign(new Error("4.2.1 Mailbox busy, try again later"), { responseCode: 451 }));
      }
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          user: typeof session.user === "string" ? session.user : null,
          secure: session.secure,
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback(null, "2.0.0 Ok: queued as TEST");
      });
    },
  });
  const starttls = new SMTPServer({
    authOptional: true,
    logger: false,
    onData: (stream, _session, callback) => stream.resume().on("end", () => callback()),
  });
  // Connections the tests drop on purpose (timeouts, refused TLS) reset sockets: not an error of the suite.
  for (const server of [plain, starttls]) server.on("error", () => undefined);
  const silentSockets = new Set<import("node:net").Socket>();
  const silent = createTcpServer((socket) => {
    silentSockets.add(socket);
    socket.on("close", () => silentSockets.delete(socket));
  });
  const zone: Record<string, { A?: string[]; AAAA?: string[] }> = {
    "public.relay.test": { A: ["93.184.215.14"] },
    "private.relay.test": { A: ["10.0.0.25"] },
    "loopback.relay.test": { AAAA: ["::1"] },
  };
  const web = createHttpServer((request, response) => {
    response.setHeader("content-type", "application/json");
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/dns-query") {
      const record = zone[url.searchParams.get("name") ?? ""];
      const type = url.searchParams.get("type") === "AAAA" ? "AAAA" : "A";
      const answer = (record?.[type] ?? []).map((data) => ({ type: type === "A" ? 1 : 28, data }));
      response.end(JSON.stringify(record ? { Status: 0, Answer: answer } : { Status: 3 }));
      return;
    }
    response.end(JSON.stringify(received));
  });
  // A port that was free a moment ago and is closed again: connecting to it is refused.
  const probe = createTcpServer();
  const closed = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));

  const ports = {
    plain: await listen(plain.server),
    starttls: await listen(starttls.server),
    silent: await listen(silent),
    closed,
    web: await listen(web),
  };
  project.provide("smtp", ports);

  return async () => {
    for (const socket of silentSockets) socket.destroy();
    await Promise.all([
      new Promise((resolve) => plain.close(() => resolve(undefined))),
      new Promise((resolve) => starttls.close(() => resolve(undefined))),
      new Promise((resolve) => silent.close(resolve)),
      new Promise((resolve) => web.close(resolve)),
    ]);
  };
}
