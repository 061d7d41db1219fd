import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { MAX_CHECK_NUMBERS, parseNumberList } from "../../../common/number-list";
import { createCarrier } from "../carriers";
import { PHONE_NUMBER_TYPES } from "../db/schema";
import { currentUser, requireAuth, requirePermission } from "../lib/auth";
import type { AppEnv } from "../lib/context";
import { validationError } from "../lib/errors";
import { HELD_REASON, heldInInventory } from "../lib/inventory";
import { errorResponses, jsonBody, jsonContent } from "../lib/openapi";
import { carrierCall } from "../lib/phone-numbers";
import { validationHook } from "../lib/validation";

/**
 * Portability check: can these numbers be ported in, from whom, and how fast. Reads only. A number already in
 * the inventory (any organization, or the provider's stock: lib/inventory.ts) is not portable, whatever the
 * carrier says: reason `inventory.held`.
 */
export const portingCheckRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

/** Pasted text can be long: 1,000 numbers of up to ~25 characters with separators. */
const MAX_TEXT = 40_000;

const PortabilityResultSchema = z
  .object({
    e164: z.string(),
    portable: z.boolean(),
    fast_portable: z.boolean(),
    reason: z
      .string()
      .nullable()
      .openapi({ description: "Message key when not portable: `carrier.*`, or `inventory.held` for a number already in the inventory" }),
    losing_carrier: z.string().nullable(),
    spid: z.string().nullable(),
    ocn: z.string().nullable(),
    rate_center: z.string().nullable(),
    lata: z.string().nullable(),
    state: z.string().nullable(),
    type: z.enum(PHONE_NUMBER_TYPES).nullable(),
  })
  .openapi("PortabilityResult");

const PortabilityCheckSchema = z
  .object({
    results: z.array(PortabilityResultSchema),
    rejected: z
      .array(
        z.object({
          input: z.string(),
          reason: z.enum(["not_a_number", "too_short", "too_long", "not_nanp", "invalid", "duplicate"]),
        }),
      )
      .openapi({ description: "Pieces of the text that are not numbers; `reason` is a key of `porting.unparseable.*`" }),
    groups: z
      .array(
        z.object({
          losing_carrier: z.string().nullable(),
          spid: z.string().nullable(),
          total: z.number().int(),
          portable: z.number().int(),
        }),
      )
      .openapi({ description: "Results grouped by losing carrier, largest group first" }),
  })
  .openapi("PortabilityCheck");

portingCheckRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/porting/check",
    tags: ["Porting"],
    summary: "Check up to 1,000 numbers (any formatting: lines, commas, spaces) for portability",
    middleware: [requireAuth, requirePermission("tools.porting_availability.read")] as const,
    request: {
      body: jsonBody(z.object({ numbers: z.string().max(MAX_TEXT).openapi({ example: "212-555-0100, (415) 555-0101" }) })),
    },
    responses: {
      200: jsonContent(PortabilityCheckSchema, "One result per number, the unparseable pieces and the groups"),
      ...errorResponses(401, 403, 422, 502),
    },
  }),
  async (c) => {
    const { numbers, rejected } = parseNumberList(c.req.valid("json").numbers);
    if (numbers.length === 0 && rejected.length === 0) throw validationError({ numbers: ["validation.required"] });
    if (numbers.length > MAX_CHECK_NUMBERS) {
      throw validationError({ numbers: [`porting.check.too_many|${JSON.stringify({ max: MAX_CHECK_NUMBERS })}`] });
    }
    const db = c.get("db");
    const [facts, held] = await Promise.all([
      numbers.length > 0 ? carrierCall(() => createCarrier(c.env, db).checkPortability(numbers)) : [],
      heldInInventory(db, numbers, currentUser(c).organizationId),
    ]);
    const results = facts.map((fact) =>
      held.has(fact.e164) ? { ...fact, portable: false, fast_portable: false, reason: HELD_REASON } : fact,
    );
    const groups = new Map<string, { losing_carrier: string | null; spid: string | null; total: number; portable: number }>();
    for (const result of results) {
      const key = `${result.losing_carrier}|${result.spid}`;
      const group = groups.get(key) ?? { losing_carrier: result.losing_carrier, spid: result.spid, total: 0, portable: 0 };
      group.total += 1;
      if (result.portable) group.portable += 1;
      groups.set(key, group);
    }
    return c.json({ results, rejected, groups: [...groups.values()].sort((a, b) => b.total - a.total) }, 200);
  },
);
