// `npm run telnyx:sim`: a local Telnyx (scripts/telnyx-sim/core.ts) for development without a Telnyx account
// or the internet. Prints the backend settings that point AMP at it (docs/telnyx.md, "The simulator").
// Options: --port 8401 (default 8401), --webhook-url http://localhost:5173/webhooks/telnyx,
// --order-delay 5 (seconds before an ordered number completes), --port-step 20 (seconds per porting step).
import { parseArgs } from "node:util";
import { startTelnyxSim } from "./telnyx-sim/server.mjs";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.TELNYX_SIM_PORT ?? "8401" },
    "webhook-url": { type: "string", default: "http://localhost:5173/webhooks/telnyx" },
    "order-delay": { type: "string", default: "5" },
    "port-step": { type: "string", default: "20" },
  },
});

const sim = await startTelnyxSim({
  port: Number(values.port),
  webhookUrl: values["webhook-url"],
  orderDelaySeconds: Number(values["order-delay"]),
  portStepSeconds: Number(values["port-step"]),
});
console.log(`
  Telnyx simulator at ${sim.url}; webhooks go to ${values["webhook-url"]}
  Point the backend at it (backend/.dev.vars):
    CARRIER=telnyx
    TELNYX_BASE_URL=${sim.url}
    TELNYX_API_KEY=${sim.apiKey}
    TELNYX_PUBLIC_KEY=${sim.publicKey}
  (npm run dev -- --carrier telnyx does all of this by itself.)
`);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => sim.close().then(() => process.exit(0)));
