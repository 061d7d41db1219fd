import { describe, expect, it } from "vitest";
import { groupPermissions, translationId } from "~/components/admin/permission-selection";
import ar from "~/locales/ar/admin";
import en from "~/locales/en/admin";
import fr from "~/locales/fr/admin";
import { PERMISSIONS } from "../../../common/permissions";

/** Every key path with the `{{placeholders}}` its string uses. */
function shape(value: unknown, prefix = ""): string[] {
  if (typeof value === "string")
    return [
      `${prefix} ${[...value.matchAll(/\{\{(\w+)\}\}/g)]
        .map((m) => m[1])
        .sort()
        .join(",")}`,
    ];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => shape(child, prefix ? `${prefix}.${key}` : key));
}

describe("the admin namespace", () => {
  it("has the same keys and placeholders in French and Arabic, really translated", () => {
    expect(shape(fr)).toEqual(shape(en));
    expect(shape(ar)).toEqual(shape(en));
    expect(JSON.stringify(ar)).toMatch(/[\u0600-\u06FF]/);
    expect(JSON.stringify(fr)).not.toEqual(JSON.stringify(en));
  });

  it("labels every permission key and every area", () => {
    expect(Object.keys(en.permissions.keys).sort()).toEqual(PERMISSIONS.map(translationId).sort());
    expect(Object.keys(en.permissions.areas).sort()).toEqual(
      groupPermissions()
        .map((group) => translationId(group.area))
        .sort(),
    );
  });
});
