import { describe, expect, it } from "vitest";
import { buildNavigation } from "~/lib/navigation.server";
import { SCREENS, usableBy } from "~/route-table";
import { PERMISSIONS } from "../../../common/permissions";
import { PUBLIC_SETTINGS, userWith } from "./route-harness";

/** Issue 25: an organization admin sees no screen their organization cannot use. */
describe("screens some organizations cannot use", () => {
  const member = (type: "business" | "residential") =>
    userWith(PERMISSIONS, { is_provider: false, organization: { id: 2, name: "Member org", type } });
  const menu = (user: ReturnType<typeof userWith>) =>
    buildNavigation(user, PUBLIC_SETTINGS).flatMap((group) => group.items.map((item) => item.id));

  it("the residential wizard is for provider staff and residential organizations, never a business organization", () => {
    const wizard = SCREENS.filter((entry) => entry.path.startsWith("residential"));
    expect(wizard.length).toBeGreaterThan(1);
    for (const entry of wizard) {
      expect(usableBy(entry, member("business")), entry.id).toBe(false);
      expect(usableBy(entry, member("residential")), entry.id).toBe(true);
      expect(usableBy(entry, userWith(PERMISSIONS)), entry.id).toBe(true);
    }
    expect(menu(member("business"))).not.toContain("residential-add");
    expect(menu(member("business"))).toContain("numbers");
    expect(menu(member("residential"))).toContain("residential-add");
    expect(menu(userWith(PERMISSIONS))).toContain("residential-add");
  });
});
