import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../lib/context";
import { jsonContent } from "../lib/openapi";
import { validationHook } from "../lib/validation";

export const health = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const CheckSchema = z.object({ ok: z.boolean(), ms: z.number() });

async function timed(check: () => Promise<unknown>): Promise<{ ok: boolean; ms: number }> {
  const started = performance.now();
  try {
    await check();
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (error) {
    console.error("health check failed", error);
    return { ok: false, ms: Math.round(performance.now() - started) };
  }
}

health.openapi(
  createRoute({
    method: "get",
    path: "/api/health",
    tags: ["Public"],
    summary: "Reachability of D1 and R2 (always 200; `status` says whether everything is ok)",
    responses: {
      200: jsonContent(
        z
          .object({
            status: z.enum(["ok", "degraded"]),
            checks: z.object({ d1: CheckSchema, r2: CheckSchema }),
            time: z.string(),
          })
          .openapi("Health"),
        "Health report",
      ),
    },
  }),
  async (c) => {
    const [d1, r2] = await Promise.all([timed(() => c.env.DB.prepare("SELECT 1").first()), timed(() => c.env.FILES.head("health-check"))]);
    return c.json(
      { status: d1.ok && r2.ok ? ("ok" as const) : ("degraded" as const), checks: { d1, r2 }, time: new Date().toISOString() },
      200,
    );
  },
);
