import { describe, expect, it } from "vitest";
import { resources } from "~/locales";

/** Issue 25: one French word for an order (number orders and porting orders alike): « commande », never « ordre ». */
describe("French says « commande » for an order", () => {
  it("no French string calls an order an « ordre »", () => {
    const text = JSON.stringify(resources.fr).replaceAll("n’importe quel ordre", "");
    expect(text.match(/\b[Oo]rdres?\b/g) ?? []).toEqual([]);
    expect(resources.fr.nav.portingOrders).toBe("Commandes de portage");
  });
});
