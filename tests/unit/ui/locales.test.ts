import { describe, expect, it } from "vitest";
import arUi from "~/locales/ar/ui";
import arValidation from "~/locales/ar/validation";
import enUi from "~/locales/en/ui";
import enValidation from "~/locales/en/validation";
import frUi from "~/locales/fr/ui";
import frValidation from "~/locales/fr/validation";

/** Every key path with the `{{placeholders}}` its string uses. */
function shape(value: unknown, prefix = ""): string[] {
  if (typeof value === "string") {
    const placeholders = [...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    return [`${prefix} ${placeholders.join(",")}`];
  }
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => shape(child, prefix ? `${prefix}.${key}` : key));
}

describe.each([
  ["ui", enUi, frUi, arUi],
  ["validation", enValidation, frValidation, arValidation],
])("the %s namespace", (_name, en, fr, ar) => {
  it("has the same keys and placeholders in French and Arabic", () => {
    expect(shape(fr)).toEqual(shape(en));
    expect(shape(ar)).toEqual(shape(en));
  });

  it("is really translated", () => {
    const strings = (tree: unknown) => shape(tree).length;
    expect(strings(en)).toBeGreaterThan(0);
    expect(JSON.stringify(ar)).toMatch(/[\u0600-\u06FF]/);
    expect(JSON.stringify(fr)).not.toEqual(JSON.stringify(en));
  });
});
