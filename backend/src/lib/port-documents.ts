/**
 * What a port request carries besides the order's fields: the PIN in clear (stored encrypted, decrypted only on
 * the way to the carrier) and the documents a carrier takes with it (Telnyx needs the signed LOA and the latest
 * bill): the newest uploaded LOA (a generated one is unsigned) and the newest bill, read from R2.
 */
import { and, desc, eq } from "drizzle-orm";
import type { PortDocument } from "../carriers/types";
import type { Db } from "../db/client";
import { portingOrderDocuments } from "../db/schema";
import { decryptSecret } from "./crypto";

export async function portRequestSecrets(
  env: { APP_KEY?: string; FILES: R2Bucket },
  db: Db,
  order: { id: number; pinEncrypted: string | null },
): Promise<{ pin: string | null; documents: PortDocument[] }> {
  if (order.pinEncrypted && !env.APP_KEY) throw new Error("APP_KEY is not set: the porting PIN cannot be read");
  const pin = order.pinEncrypted && env.APP_KEY ? await decryptSecret(env.APP_KEY, order.pinEncrypted) : null;
  const rows = await db
    .select()
    .from(portingOrderDocuments)
    .where(and(eq(portingOrderDocuments.orderId, order.id), eq(portingOrderDocuments.source, "upload")))
    .orderBy(desc(portingOrderDocuments.id));
  const documents: PortDocument[] = [];
  for (const kind of ["loa", "bill"] as const) {
    const row = rows.find((candidate) => candidate.kind === kind);
    const object = row ? await env.FILES.get(row.r2Key) : null;
    if (!row || !object) continue;
    documents.push({ kind, filename: row.filename, content_type: row.contentType, bytes: new Uint8Array(await object.arrayBuffer()) });
  }
  return { pin, documents };
}
