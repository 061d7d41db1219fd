import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { CARRIERS, CarrierError, createCarrier } from "../carriers";
import { receiveWebhook } from "../lib/carrier-sync";
import type { AppEnv } from "../lib/context";
import { ApiError, notFound } from "../lib/errors";
import { errorResponses, jsonContent } from "../lib/openapi";
import { currentTime } from "../lib/time";
import { validationHook } from "../lib/validation";

/**
 * Carrier webhooks: the portal forwards `POST /webhooks/{carrier}` here with the raw body and the carrier's
 * headers, without a session (app/lib/webhooks.server.ts). Only the carrier in use (`CARRIER`) is listened to;
 * its adapter verifies the signature (`parseWebhook`), each event is recorded once and the order it names is
 * checked with the carrier (lib/carrier-sync.ts). The answer comes at once: 200 for a verified request, a
 * redelivery included; 401 for anything the adapter cannot verify, so the carrier's retries stop only for
 * requests it really sent.
 */
export const webhooksRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

/** A webhook body larger than this is not a carrier's event. */
const MAX_WEBHOOK_BYTES = 256 * 1024;

webhooksRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/webhooks/{carrier}",
    tags: ["Carrier webhooks"],
    summary: "A carrier's signed event (no session: the signature is the authentication)",
    request: { params: z.object({ carrier: z.enum(CARRIERS) }) },
    responses: {
      200: jsonContent(z.object({ recorded: z.number().int(), duplicates: z.number().int() }), "Verified and recorded"),
      ...errorResponses(400, 401, 404),
    },
  }),
  async (c) => {
    const db = c.get("db");
    const carrier = createCarrier(c.env, db);
    if (c.req.valid("param").carrier !== carrier.name || !carrier.parseWebhook) throw notFound();
    const declared = Number(c.req.header("Content-Length") ?? "0");
    if (declared > MAX_WEBHOOK_BYTES) throw new ApiError(400, { message: "webhooks.too_large" });
    const body = await c.req.text();
    if (body.length > MAX_WEBHOOK_BYTES) throw new ApiError(400, { message: "webhooks.too_large" });
    try {
      const outcome = await receiveWebhook(c.env, db, carrier, { body, headers: c.req.raw.headers }, currentTime());
      return c.json(outcome, 200);
    } catch (error) {
      if (error instanceof CarrierError && error.code === "carrier.webhook_invalid") {
        console.warn("webhook refused", carrier.name, error.message);
        throw new ApiError(401, { message: "webhooks.invalid_signature" });
      }
      throw error;
    }
  },
);
