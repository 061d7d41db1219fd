import { UpstreamError } from "~/lib/sanctum/context.server";

/**
 * A failed backend call of the carrier tools as something the screen can show: the 422 field errors
 * (translation keys), or one message key for the whole form — a carrier timeout or failure (502, the
 * backend's `carrier.*` key becomes `porting:carrier.*`), a refusal (409), or a generic failure. A 401
 * signs out in the middleware; anything unexpected is logged, never a 500 page.
 */
export function toolFailure(error: unknown, label: string): { fields: Record<string, string[]>; message: string | null } {
  if (error instanceof UpstreamError) {
    if (error.status === 422 && error.body.errors) return { fields: error.body.errors, message: null };
    const key = error.body.message ?? "";
    if (key.startsWith("carrier.")) return { fields: {}, message: `porting:${key}` };
    if (error.status === 409 && key) return { fields: {}, message: key };
    if (error.status === 429) return { fields: {}, message: "porting:carrier.busy" };
  }
  console.error(label, error);
  return { fields: {}, message: "porting:carrier.failed" };
}
