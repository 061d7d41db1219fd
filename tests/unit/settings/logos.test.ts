import { describe, expect, it } from "vitest";
import { isLogoKind, LOGO_MAX_BYTES, logoFileError } from "~/components/settings/logos";

describe("logo uploads", () => {
  it("knows the three logo kinds", () => {
    expect(["light", "dark", "collapsed"].every(isLogoKind)).toBe(true);
    expect(isLogoKind("favicon")).toBe(false);
    expect(isLogoKind(null)).toBe(false);
  });

  it("accepts PNG, SVG, JPEG and WebP up to 512 KiB", () => {
    for (const type of ["image/png", "image/svg+xml", "image/jpeg", "image/webp"]) {
      expect(logoFileError(new File([new Uint8Array(10)], "logo", { type }))).toBeNull();
    }
    expect(logoFileError(new File([new Uint8Array(LOGO_MAX_BYTES)], "logo.png", { type: "image/png" }))).toBeNull();
  });

  it("refuses a missing, empty, foreign or oversized file", () => {
    expect(logoFileError(null)).toBe("validation.file");
    expect(logoFileError("text")).toBe("validation.file");
    expect(logoFileError(new File([], "empty.png", { type: "image/png" }))).toBe("validation.file");
    expect(logoFileError(new File(["x"], "doc.pdf", { type: "application/pdf" }))).toBe("validation.file_type");
    expect(logoFileError(new File([new Uint8Array(LOGO_MAX_BYTES + 1)], "big.png", { type: "image/png" }))).toBe(
      'settings.logos.tooLarge|{"max":512}',
    );
  });
});
