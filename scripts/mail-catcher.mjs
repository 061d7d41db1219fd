// A local mail catcher for development and the e2e suite: a real SMTP server (smtp-server) that keeps
// every message it receives in memory (parsed with mailparser), and a small web inbox to read them.
//
//   SMTP  127.0.0.1:<smtpPort>   accepts any sender and recipient; no AUTH, no TLS
//   HTTP  http://localhost:<webPort>/                 the inbox (newest first)
//         http://localhost:<webPort>/messages/<id>    one message (text, headers, link to the HTML part)
//         http://localhost:<webPort>/api/messages     JSON list, newest first; ?to=<address> filters
//         http://localhost:<webPort>/api/messages/<id> JSON with text and html
//
// `npm run dev` and scripts/e2e-server.mjs start it (ports from MAIL_CATCHER_SMTP_PORT / MAIL_CATCHER_WEB_PORT,
// default 1025 / 1080); `node scripts/mail-catcher.mjs` runs it alone.
import { createServer } from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export const DEFAULT_SMTP_PORT = 1025;
export const DEFAULT_WEB_PORT = 1080;
const MAX_MESSAGES = 500;

export function mailCatcherPorts(env = process.env) {
  return {
    smtpPort: Number(env.MAIL_CATCHER_SMTP_PORT ?? DEFAULT_SMTP_PORT),
    webPort: Number(env.MAIL_CATCHER_WEB_PORT ?? DEFAULT_WEB_PORT),
  };
}

const escapeHtml = (value) => String(value ?? "").replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const addresses = (field) => (field ? [field].flat().flatMap((group) => group.value.map((entry) => entry.address ?? "")) : []);

function summary(message) {
  const { html: _html, text: _text, ...rest } = message;
  return rest;
}

const page = (title, body) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#222}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left}
pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem;border-radius:6px}a{color:#4b3fd8}</style></head>
<body>${body}</body></html>`;

/** Starts the catcher; resolves with its ports and a `close()`. */
export async function startMailCatcher({ smtpPort, webPort, quiet = false } = mailCatcherPorts()) {
  const messages = [];
  let nextId = 1;

  const smtp = new SMTPServer({
    // No AUTH and no TLS: any relay pointed here (with or without credentials) delivers in plain text.
    // worker-mailer treats an advertised AUTH as mandatory, so the catcher does not advertise it.
    authOptional: true,
    hideSTARTTLS: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    banner: "AMP local mail catcher",
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const id = nextId++;
          messages.unshift({
            id,
            received_at: new Date().toISOString(),
            envelope_from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            envelope_to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            from: parsed.from?.text ?? "",
            to: addresses(parsed.to),
            reply_to: parsed.replyTo?.text ?? null,
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : null,
          });
          messages.length = Math.min(messages.length, MAX_MESSAGES);
          if (!quiet)
            console.log(
              `[mail-catcher] #${id} to ${session.envelope.rcptTo.map((rcpt) => rcpt.address).join(", ")}: ${parsed.subject ?? ""}`,
            );
          callback(null, `2.0.0 Ok: queued as ${id}`);
        })
        .catch((error) => callback(error));
    },
  });

  // A client dropping its connection (ECONNRESET) must not take the catcher, and the dev server, down.
  smtp.on("error", (error) => {
    if (!quiet) console.warn(`[mail-catcher] ${error.code ?? ""} ${error.message}`);
  });

  const web = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const json = (status, body) => {
      response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
      response.end(JSON.stringify(body));
    };
    const html = (status, body) => {
      // The inbox shows untrusted mail: no scripts, no external loads; the HTML part is sandboxed.
      response.writeHead(status, {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-src 'self'",
        "cache-control": "no-store",
      });
      response.end(body);
    };
    const find = (id) => messages.find((message) => message.id === Number(id));
    const idIn = (pattern) => pattern.exec(url.pathname)?.[1];
    if (url.pathname === "/api/messages") {
      const to = url.searchParams.get("to")?.toLowerCase();
      const list = to ? messages.filter((message) => message.envelope_to.some((address) => address.toLowerCase() === to)) : messages;
      return json(200, list.map(summary));
    }
    const jsonId = idIn(/^\/api\/messages\/(\d+)$/);
    if (jsonId) {
      const message = find(jsonId);
      return message ? json(200, message) : json(404, { message: "Not found." });
    }
    const htmlId = idIn(/^\/messages\/(\d+)\/html$/);
    if (htmlId) {
      const message = find(htmlId);
      if (!message?.html) return html(404, page("Not found", "<p>No HTML part.</p>"));
      response.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:",
        "cache-control": "no-store",
      });
      return response.end(message.html);
    }
    const pageId = idIn(/^\/messages\/(\d+)$/);
    if (pageId) {
      const message = find(pageId);
      if (!message) return html(404, page("Not found", '<p>No such message. <a href="/">Inbox</a></p>'));
      return html(
        200,
        page(
          message.subject,
          `<p><a href="/">← Inbox</a></p><h1>${escapeHtml(message.subject)}</h1>
<table><tr><th>From</th><td>${escapeHtml(message.from)}</td></tr><tr><th>To</th><td>${escapeHtml(message.to.join(", "))}</td></tr>
<tr><th>Reply-To</th><td>${escapeHtml(message.reply_to ?? "")}</td></tr><tr><th>Received</th><td>${escapeHtml(message.received_at)}</td></tr></table>
<h2>Text</h2><pre>${escapeHtml(message.text)}</pre>
${message.html ? `<h2>HTML</h2><iframe title="HTML part" sandbox src="/messages/${message.id}/html" style="width:100%;height:28rem;border:1px solid #ddd"></iframe>` : ""}`,
        ),
      );
    }
    if (url.pathname === "/") {
      const rows = messages
        .map(
          (message) =>
            `<tr><td>${escapeHtml(message.received_at.replace("T", " ").slice(0, 19))}</td><td>${escapeHtml(message.to.join(", "))}</td><td><a href="/messages/${message.id}">${escapeHtml(message.subject || "(no subject)")}</a></td></tr>`,
        )
        .join("");
      return html(
        200,
        page(
          "Local inbox",
          `<h1>Local inbox</h1><p>Every e-mail sent to the local SMTP server on port ${smtpPort}. Messages are kept in memory until the catcher stops.</p>
<table><thead><tr><th>Received (UTC)</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows || '<tr><td colspan="3">No messages yet.</td></tr>'}</tbody></table>`,
        ),
      );
    }
    return html(404, page("Not found", '<p>Not found. <a href="/">Inbox</a></p>'));
  });

  await new Promise((resolve, reject) => {
    smtp.server.once("error", reject);
    smtp.listen(smtpPort, "127.0.0.1", resolve);
  });
  await new Promise((resolve, reject) => {
    web.once("error", (error) => smtp.close(() => reject(error)));
    web.listen(webPort, "127.0.0.1", resolve);
  });
  return {
    smtpPort,
    webPort,
    inboxUrl: `http://localhost:${webPort}`,
    close: () => Promise.all([new Promise((resolve) => smtp.close(resolve)), new Promise((resolve) => web.close(resolve))]),
  };
}

/** Starts the catcher unless one already listens on these ports (another `npm run dev` or e2e server). */
export async function ensureMailCatcher(ports = mailCatcherPorts()) {
  try {
    const catcher = await startMailCatcher(ports);
    return { ...catcher, shared: false };
  } catch (error) {
    if (error?.code !== "EADDRINUSE") throw error;
    const alive = await fetch(`http://127.0.0.1:${ports.webPort}/api/messages`).then(
      (response) => response.ok,
      () => false,
    );
    if (!alive) throw new Error(`Port ${ports.smtpPort} or ${ports.webPort} is taken by something other than the mail catcher.`);
    return { ...ports, inboxUrl: `http://localhost:${ports.webPort}`, shared: true, close: async () => {} };
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const catcher = await startMailCatcher();
  console.log(`Mail catcher: SMTP on 127.0.0.1:${catcher.smtpPort}, inbox at ${catcher.inboxUrl}`);
}
