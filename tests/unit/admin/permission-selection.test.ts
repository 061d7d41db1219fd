import { describe, expect, it } from "vitest";
import {
  areaState,
  expandMatrixFormData,
  expandPermissionSelection,
  fullAreas,
  groupPermissions,
  holdsEveryPermission,
  translationId,
} from "~/components/admin/permission-selection";
import { PERMISSIONS } from "../../../common/permissions";

const USERS = ["admin.users.read", "admin.users.create", "admin.users.update", "admin.users.delete", "admin.users.masquerade"];

describe("groupPermissions", () => {
  it("groups every key once, areas in order of first appearance", () => {
    const groups = groupPermissions();
    expect(groups.flatMap((group) => group.keys).sort()).toEqual([...PERMISSIONS].sort());
    expect(groups.slice(0, 3).map((group) => group.area)).toEqual(["dashboard", "admin.users", "admin.organizations"]);
    expect(groups.find((group) => group.area === "admin.users")?.keys).toEqual(USERS);
    expect(groups.find((group) => group.area === "organization_settings")?.keys).toEqual(["organization_settings-update_smtp"]);
    expect(groups.find((group) => group.area === "tools.phone_numbers")?.keys).toEqual([
      "tools.phone_numbers.port",
      "tools.phone_numbers.order",
      "tools.phone_numbers.read",
      "tools.phone_numbers.import",
    ]);
  });

  it("gives translation-safe ids", () => {
    expect(translationId("organization_settings-update_smtp")).toBe("organization_settings_update_smtp");
    expect(translationId("admin.users")).toBe("admin_users");
  });
});

describe("areaState and fullAreas", () => {
  it("tells none, some and all apart", () => {
    expect(areaState(new Set(), USERS)).toBe("none");
    expect(areaState(new Set(["admin.users.read"]), USERS)).toBe("some");
    expect(areaState(new Set(USERS), USERS)).toBe("all");
    expect(fullAreas([...USERS, "dashboard.read", "admin.roles.read"])).toEqual(["dashboard", "admin.users"]);
  });
});

describe("expandPermissionSelection (the no-JavaScript area boxes)", () => {
  it("keeps the key boxes when no area box changed", () => {
    expect(expandPermissionSelection({ permissions: ["admin.users.read", "dashboard.read"] })).toEqual([
      "dashboard.read",
      "admin.users.read",
    ]);
    expect(expandPermissionSelection({ permissions: USERS, areas: ["admin.users"], areasFull: ["admin.users"] })).toEqual(USERS);
  });

  it("selects a whole area when its box was ticked", () => {
    expect(expandPermissionSelection({ permissions: ["dashboard.read"], areas: ["admin.users"] })).toEqual(["dashboard.read", ...USERS]);
  });

  it("clears a whole area when its box was unticked, whatever the key boxes say", () => {
    expect(expandPermissionSelection({ permissions: [...USERS, "dashboard.read"], areas: [], areasFull: ["admin.users"] })).toEqual([
      "dashboard.read",
    ]);
  });

  it("lets a full area lose one key when only that key box was unticked", () => {
    const keys = USERS.filter((key) => key !== "admin.users.delete");
    expect(expandPermissionSelection({ permissions: keys, areas: ["admin.users"], areasFull: ["admin.users"] })).toEqual(keys);
  });

  it("drops keys outside the catalogue", () => {
    expect(expandPermissionSelection({ permissions: ["admin.everything", "dashboard.read"], areas: ["nonsense"] })).toEqual([
      "dashboard.read",
    ]);
  });
});

describe("expandMatrixFormData", () => {
  it("replaces the matrix fields with the expanded keys and keeps the rest", () => {
    const form = new FormData();
    form.append("name", "Billing");
    form.append("permissions", "dashboard.read");
    form.append("areas", "admin.roles");
    form.append("areas_full", "resources");
    const next = expandMatrixFormData(form);
    expect(next.get("name")).toBe("Billing");
    expect(next.getAll("permissions")).toEqual([
      "dashboard.read",
      "admin.roles.read",
      "admin.roles.create",
      "admin.roles.update",
      "admin.roles.delete",
    ]);
    expect(next.has("areas")).toBe(false);
    expect(next.has("areas_full")).toBe(false);
  });
});

describe("holdsEveryPermission", () => {
  it("is true only for the whole catalogue", () => {
    expect(holdsEveryPermission([...PERMISSIONS])).toBe(true);
    expect(holdsEveryPermission(PERMISSIONS.slice(1))).toBe(false);
  });
});
