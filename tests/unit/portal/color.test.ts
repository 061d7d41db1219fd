import { describe, expect, it } from "vitest";
import { contrast, primaryPalette } from "~/lib/color";
import { DEFAULT_PRIMARY_COLOR, DEFAULT_PRIMARY_COLOR_DARK, PRIMARY_COLOR_PRESETS } from "~/lib/preferences";

describe("primaryPalette", () => {
  for (const color of [...PRIMARY_COLOR_PRESETS, "#FFFF00", "#000080", "#777777"]) {
    it(`${color}: text on the fill and primary text on both themes reach AA`, () => {
      const palette = primaryPalette(color);
      expect(contrast(palette.onFill, palette.fill)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(palette.textOnLight, "#F8F7FA")).toBeGreaterThanOrEqual(4.5);
      expect(contrast(palette.textOnLight, "#FFFFFF")).toBeGreaterThanOrEqual(4.5);
      expect(contrast(palette.textOnDark, "#2F3349")).toBeGreaterThanOrEqual(4.5);
    });
  }

  it("keeps a colour that already passes, and uses the specification's darker shade for the default", () => {
    expect(primaryPalette("#0B7D7E").fill).toBe("#0B7D7E");
    expect(primaryPalette(DEFAULT_PRIMARY_COLOR).hover).toBe(DEFAULT_PRIMARY_COLOR_DARK);
  });

  it("gives light colours dark text instead of darkening them", () => {
    expect(primaryPalette("#FFB400")).toMatchObject({ fill: "#FFB400", onFill: "#2F2B3D" });
  });
});
