import { describe, expect, it } from "vitest";
import { linkableSubjects, subjectHref } from "~/components/logs/subjects";

describe("activity subjects", () => {
  it("links users, organizations and roles to their edit screens", () => {
    const all = ["user", "organization", "role"];
    expect(subjectHref("user", 9, all)).toBe("/users/edit/9");
    expect(subjectHref("organization", 2, all)).toBe("/organizations/edit/2");
    expect(subjectHref("role", 3, all)).toBe("/roles/edit/3");
  });

  it("links number orders and phone numbers to their pages for people who may see them", () => {
    expect(subjectHref("number_order", 12, ["number_order"])).toBe("/tools/orders/12");
    expect(subjectHref("phone_number", 4, ["phone_number"])).toBe("/tools/numbers/4");
    expect(linkableSubjects(["tools.phone_numbers.order"])).toEqual(["number_order"]);
    expect(linkableSubjects(["tools.phone_numbers.read"])).toEqual(["phone_number"]);
  });

  it("does not link subjects without a screen, without an id or beyond the viewer's keys", () => {
    expect(subjectHref("system_settings", 4, ["system_settings"])).toBeNull();
    expect(subjectHref("user", null, ["user"])).toBeNull();
    expect(subjectHref("user", 9, ["role"])).toBeNull();
    expect(subjectHref(null, 9, ["user"])).toBeNull();
  });

  it("derives the linkable subjects from the permission keys", () => {
    expect(linkableSubjects(["admin.users.update", "admin.roles.read"])).toEqual(["user"]);
    expect(linkableSubjects(["admin.organizations.update", "admin.roles.update"])).toEqual(["organization", "role"]);
    expect(linkableSubjects([])).toEqual([]);
  });
});
