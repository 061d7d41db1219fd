// The Telnyx simulator (core.ts) as a local HTTP server: Telnyx API v2 at http://127.0.0.1:<port>/v2, and once a
// second the webhooks Telnyx would send (number orders, porting orders), signed with the simulator's Ed25519
// key, posted to `webhookUrl` (the portal's /webhooks/telnyx). Used by `npm run telnyx:sim`, by
// `npm run dev -- --carrier telnyx` and by the e2e server with E2E_CARRIER=telnyx.
import { createServer } from "node:http";
import { TelnyxSimulator } from "./core.ts";

/**
 * Starts the simulator. Returns its API URL (TELNYX_BASE_URL), the API key it accepts (TELNYX_API_KEY), the
 * public key its webhooks verify with (TELNYX_PUBLIC_KEY) and `close()`.
 */
export async function startTelnyxSim({
  port = 0,
  apiKey = "KEY-telnyx-simulator",
  webhookUrl = "",
  orderDelaySeconds = 5,
  portStepSeconds = 20,
  log = console.log,
} = {}) {
  const sim = new TelnyxSimulator({ apiKey, orderDelaySeconds, portStepSeconds });
  const publicKey = await sim.publicKey();
  const server = createServer(async (incoming, outgoing) => {
    try {
      const chunks = [];
      for await (const chunk of incoming) chunks.push(chunk);
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const request = new Request(`http://127.0.0.1${incoming.url}`, {
        method: incoming.method,
        headers: Object.entries(incoming.headers).flatMap(([name, value]) =>
          value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((one) => [name, one]),
        ),
        body: incoming.method === "GET" || incoming.method === "HEAD" ? undefined : body,
      });
      const response = await sim.handle(request);
      log(`telnyx-sim ${incoming.method} ${incoming.url} → ${response.status}`);
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      outgoing.writeHead(500, { "content-type": "application/json" });
      outgoing.end(JSON.stringify({ errors: [{ code: "10000", title: "Simulator failure", detail: String(error) }] }));
    }
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}/v2`;

  /** Webhooks not yet accepted (the portal may not be listening yet): retried each second, 5 minutes at most. */
  const pending = [];
  let delivering = false;
  const timer = setInterval(async () => {
    if (delivering) return;
    delivering = true;
    try {
      for (const webhook of await sim.advance()) pending.push({ webhook, until: Date.now() + 300_000 });
      if (!webhookUrl) {
        pending.length = 0;
        return;
      }
      for (const entry of pending.splice(0)) {
        // Telnyx signs each delivery attempt afresh: the timestamp is the attempt's.
        const signed = await sim.sign(entry.webhook.body);
        const ok = await fetch(webhookUrl, {
          method: "POST",
          headers: signed.headers,
          body: signed.body,
          signal: AbortSignal.timeout(5_000),
        })
          .then(async (response) => {
            await response.body?.cancel();
            return response.ok;
          })
          .catch(() => false);
        const { event_type, id } = JSON.parse(entry.webhook.body).data;
        if (ok) log(`telnyx-sim webhook ${event_type} ${id} → delivered`);
        else if (Date.now() < entry.until) pending.push(entry);
        else log(`telnyx-sim webhook ${event_type} ${id} → given up after 5 minutes`);
      }
    } finally {
      delivering = false;
    }
  }, 1_000);

  return {
    url,
    apiKey,
    publicKey,
    simulator: sim,
    close: () =>
      new Promise((resolve) => {
        clearInterval(timer);
        server.close(() => resolve(undefined));
      }),
  };
}
