import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, eq } from "drizzle-orm";
import { parseNanpNumber } from "../../../common/number-list";
import { createCarrier } from "../carriers";
import { organizations, PHONE_NUMBER_STATUSES, PHONE_NUMBER_TYPES, phoneNumbers } from "../db/schema";
import { currentUser, requireAuth, requirePermission } from "../lib/auth";
import type { AppEnv } from "../lib/context";
import { validationError } from "../lib/errors";
import { errorResponses, jsonContent } from "../lib/openapi";
import { carrierCall } from "../lib/phone-numbers";
import { tenantScope } from "../lib/tenant";
import { validationHook } from "../lib/validation";

/** Vendor DID lookup: who holds a number at the carrier level, whatever inventory it is in. */
export const numberLookupRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

export const NumberLookupSchema = z
  .object({
    e164: z.string().openapi({ example: "+12125550100" }),
    holding_vendor: z.string().nullable(),
    carrier: z.string().nullable(),
    spid: z.string().nullable(),
    ocn: z.string().nullable(),
    lrn: z.string().nullable(),
    rate_center: z.string().nullable(),
    lata: z.string().nullable(),
    state: z.string().nullable(),
    city: z.string().nullable(),
    type: z.enum(PHONE_NUMBER_TYPES).nullable(),
    line_type: z.enum(["landline", "wireless", "voip", "toll_free"]).nullable(),
    ported: z.boolean(),
    ported_at: z.string().nullable().openapi({ description: "YYYY-MM-DD of the last port" }),
    cnam: z
      .string()
      .nullable()
      .openapi({ description: "The caller name (CNAM) the carrier's database gives, ≤ 15 characters", example: "BOSTON MA" }),
    inventory: z
      .object({
        id: z.number().int(),
        organization_id: z.number().int().nullable(),
        organization_name: z.string().nullable(),
        status: z.enum(PHONE_NUMBER_STATUSES),
      })
      .nullable()
      .openapi({ description: "The number in our inventory, when the caller may see it there" }),
  })
  .openapi("NumberLookup");

numberLookupRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/numbers/lookup",
    tags: ["Vendor DID lookup"],
    summary: "Look one number up at the carrier: holding vendor, SPID, OCN, LRN, location, type, porting history, caller name",
    middleware: [requireAuth, requirePermission("tools.vendor_did.read")] as const,
    request: {
      query: z.object({ number: z.string().trim().min(1).max(40).openapi({ example: "(212) 555-0100" }) }),
    },
    responses: {
      200: jsonContent(NumberLookupSchema, "What the carrier knows about the number"),
      ...errorResponses(401, 403, 422, 502),
    },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const parsed = parseNanpNumber(c.req.valid("query").number);
    if ("reason" in parsed) throw validationError({ number: [`lookup.unparseable.${parsed.reason}`] });
    const lookup = await carrierCall(() => createCarrier(c.env, db).lookupNumber(parsed.e164));
    const [owned] = await db
      .select({
        id: phoneNumbers.id,
        organization_id: phoneNumbers.organizationId,
        organization_name: organizations.name,
        status: phoneNumbers.status,
      })
      .from(phoneNumbers)
      .leftJoin(organizations, eq(organizations.id, phoneNumbers.organizationId))
      .where(and(eq(phoneNumbers.e164, parsed.e164), tenantScope(me, phoneNumbers.organizationId)));
    return c.json({ ...lookup, inventory: owned ?? null }, 200);
  },
);
