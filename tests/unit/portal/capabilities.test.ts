import { describe, expect, it } from "vitest";
import { buildNavigation } from "~/lib/navigation.server";
import { offers, requireScreen } from "~/lib/sanctum/context.server";
import { SCREENS, screenCapability } from "~/route-table";
import { CAPABILITIES } from "../../../common/capabilities";
import { PERMISSIONS } from "../../../common/permissions";
import { harness, PUBLIC_SETTINGS, runRoute, userWith } from "./route-harness";

/** Issue 26.4, decision 040: what the backend offers decides the menu and the screens. */
describe("capabilities", () => {
  it("every optional area serves at least one screen, and the core needs none", () => {
    for (const capability of CAPABILITIES) {
      expect(
        SCREENS.some((entry) => screenCapability(entry) === capability),
        capability,
      ).toBe(true);
    }
    for (const id of ["dashboard", "users", "roles", "organizations", "system-settings", "activity-log", "profile", "status"]) {
      expect(screenCapability(SCREENS.find((entry) => entry.id === id) ?? { path: "" }), id).toBeNull();
    }
    expect(screenCapability({ path: "tools/e911/edit/:id" })).toBe("e911");
    expect(screenCapability({ path: "residential/add/:id/number" })).toBe("residential");
  });

  it("a backend that lists no capabilities (a plain Laravel answer) offers everything", () => {
    expect(offers(userWith([]), "porting")).toBe(true);
    expect(offers(userWith([], { capabilities: ["e911"] }), "porting")).toBe(false);
    expect(offers(userWith([], { capabilities: [] }), null)).toBe(true);
  });

  it("the menu leaves out the tools the backend lacks, even for a user holding every key", () => {
    const ids = (capabilities?: string[]) =>
      buildNavigation(userWith(PERMISSIONS, capabilities ? { capabilities } : {}), PUBLIC_SETTINGS).flatMap((group) =>
        group.items.map((item) => item.id),
      );
    const everything = ids();
    expect(everything).toEqual(expect.arrayContaining(["numbers", "e911", "porting-check", "tts", "residential-add", "users"]));
    const core = ids([]);
    expect(core).toEqual(expect.arrayContaining(["dashboard", "users", "roles", "activity-log"]));
    expect(core).not.toEqual(expect.arrayContaining(["numbers"]));
    for (const id of ["numbers", "e911", "porting-check", "porting-orders", "did-lookup", "tts", "residential-add", "mail-log"]) {
      expect(core, id).not.toContain(id);
    }
    expect(ids(["e911"])).toContain("e911");
    expect(ids(["e911"])).not.toContain("numbers");
  });

  it("a screen of a lacking area is not found, saying why, before any permission check", async () => {
    const user = userWith(PERMISSIONS, { capabilities: ["e911"] });
    const h = await harness(user);
    let thrown: unknown;
    await runRoute(
      h,
      async ({ context }: { context: Parameters<typeof requireScreen>[0] }) => {
        try {
          requireScreen(context, "porting-check");
        } catch (error) {
          thrown = error;
        }
        return null;
      },
      { path: "/tools/porting/check", cookie: h.signedInCookie, signedInLayout: true },
    );
    const response = thrown as { init: { status: number }; data: unknown };
    expect(response.init.status).toBe(404);
    expect(response.data).toMatchObject({ upstream: "not-offered" });
  });
});
