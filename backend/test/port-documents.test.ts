import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../src/db/client";
import { portRequestSecrets } from "../src/lib/port-documents";
import { json, signedIn } from "./helpers";

/** What a submitted port hands the carrier besides its fields: the PIN in clear and the newest uploaded LOA and bill. */
describe("port request secrets", () => {
  it("decrypts the PIN and reads the newest uploaded LOA and bill from R2", async () => {
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    const digits = String(7_500_000 + (Date.now() % 400_000));
    const draft = await json<{ id: number }>(
      await lakeside.post("/api/porting/orders", {
        numbers: [`(617) ${digits.slice(0, 3)}-${digits.slice(3)}`],
        entity_name: "Lakeside Logistics LLC",
        authorized_person: "Marcus Bell",
        billing_telephone_number: "312-555-0187",
        account_number: "ACC-12345",
        pin: "8642",
        service_address: {
          house_number: "455",
          street_name: "Cityfront",
          street_suffix: "Dr",
          city: "Chicago",
          state: "IL",
          postal_code: "60611",
          country: "US",
        },
        partial: false,
      }),
    );
    const upload = async (kind: string, name: string, text: string) => {
      const form = new FormData();
      form.set("kind", kind);
      form.set("file", new File([`%PDF-1.4\n${text}\n`], name, { type: "application/pdf" }));
      expect((await lakeside.fetch(`/api/porting/orders/${draft.id}/documents`, { method: "POST", body: form })).status).toBe(201);
    };
    await upload("loa", "old-loa.pdf", "old");
    await upload("loa", "signed-loa.pdf", "signed");
    await upload("bill", "bill.pdf", "bill");
    const row = await env.DB.prepare("SELECT pin_encrypted FROM porting_orders WHERE id = ?")
      .bind(draft.id)
      .first<{ pin_encrypted: string }>();
    const secrets = await portRequestSecrets(env, createDb(env.DB), { id: draft.id, pinEncrypted: row?.pin_encrypted ?? null });
    expect(secrets.pin).toBe("8642");
    expect(secrets.documents.map((document) => [document.kind, document.filename, document.content_type])).toEqual([
      ["loa", "signed-loa.pdf", "application/pdf"],
      ["bill", "bill.pdf", "application/pdf"],
    ]);
    expect(new TextDecoder().decode(secrets.documents[0]?.bytes)).toContain("signed");
    expect(await portRequestSecrets(env, createDb(env.DB), { id: 999_999, pinEncrypted: null })).toEqual({ pin: null, documents: [] });
  });
});
