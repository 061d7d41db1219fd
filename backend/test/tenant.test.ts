import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../src/db/client";
import { phoneNumbers } from "../src/db/schema";
import { loadUser } from "../src/lib/auth";
import type { CurrentUser } from "../src/lib/context";
import { tenantOrganizationId, tenantScope, writableOrganizationId } from "../src/lib/tenant";

async function actor(id: number): Promise<CurrentUser> {
  const user = await loadUser(createDb(env.DB), id);
  if (!user) throw new Error(`no user ${id}`);
  return user;
}

describe("tenantScope", () => {
  it("limits an organization member to their own rows whatever organization they ask for", async () => {
    const db = createDb(env.DB);
    const member = await actor(9); // Northwind Dental
    expect(tenantOrganizationId(member, 3)).toBe(2);
    const rows = await db
      .select()
      .from(phoneNumbers)
      .where(tenantScope(member, phoneNumbers.organizationId, 3));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.organizationId === 2)).toBe(true);

    const [lakesideNumber] = await db.select().from(phoneNumbers).where(eq(phoneNumbers.organizationId, 3)).limit(1);
    const read = await db
      .select()
      .from(phoneNumbers)
      .where(and(eq(phoneNumbers.id, lakesideNumber?.id ?? 0), tenantScope(member, phoneNumbers.organizationId)));
    expect(read).toHaveLength(0);
    expect(() => writableOrganizationId(member, 3)).toThrow();
    expect(writableOrganizationId(member, undefined)).toBe(2);
  });

  it("lets provider staff see every organization, or the one they filter on", async () => {
    const db = createDb(env.DB);
    const provider = await actor(2);
    expect(tenantScope(provider, phoneNumbers.organizationId)).toBeUndefined();
    const all = await db.select().from(phoneNumbers).where(tenantScope(provider, phoneNumbers.organizationId));
    expect(new Set(all.map((row) => row.organizationId))).toEqual(new Set([2, 3, 4, null]));
    const filtered = await db
      .select()
      .from(phoneNumbers)
      .where(tenantScope(provider, phoneNumbers.organizationId, 3));
    expect(filtered.every((row) => row.organizationId === 3)).toBe(true);
    expect(writableOrganizationId(provider, 4)).toBe(4);
  });
});
