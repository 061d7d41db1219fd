import { describe, expect, it } from "vitest";
import { foldText, matchScreens } from "~/lib/search/search";

const screens = [
  { id: "numbers", label: "Phone numbers" },
  { id: "number-order", label: "Order numbers" },
  { id: "number-orders", label: "Number orders" },
  { id: "porting-orders", label: "Porting orders" },
  { id: "system-settings", label: "Paramètres système" },
];

describe("matchScreens", () => {
  it("lists every screen, in menu order, for an empty search", () => {
    expect(matchScreens(screens, "  ").map((screen) => screen.id)).toEqual(screens.map((screen) => screen.id));
  });

  it("keeps screens holding every word typed, those with a word starting with the first one first", () => {
    expect(matchScreens(screens, "orders").map((screen) => screen.id)).toEqual(["number-orders", "porting-orders"]);
    expect(matchScreens(screens, "number").map((screen) => screen.id)).toEqual(["numbers", "number-order", "number-orders"]);
    expect(matchScreens(screens, "rder num").map((screen) => screen.id)).toEqual(["number-order", "number-orders"]);
    expect(matchScreens(screens, "nothing")).toEqual([]);
  });

  it("ignores case and accents", () => {
    expect(foldText("Paramètres SYSTÈME")).toBe("parametres systeme");
    expect(matchScreens(screens, "parametres").map((screen) => screen.id)).toEqual(["system-settings"]);
  });
});
