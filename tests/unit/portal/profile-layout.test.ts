import { describe, expect, it } from "vitest";
import { loader, shouldRevalidate } from "~/routes/profile";
import { PERMISSIONS } from "../../../common/permissions";
import { harness, runRoute, userWith } from "./route-harness";

/** The profile is a layout around one screen per tab; /profile itself has no tab and leads to the first. */
describe("profile layout", () => {
  const cases = [
    { path: "/profile", leads: true },
    { path: "/profile/", leads: true },
    // A client navigation's data request for /profile.
    { path: "/profile.data?_routes=routes%2Fprofile", leads: true },
    { path: "/profile/security", leads: false },
    { path: "/profile/preferences.data", leads: false },
  ];
  for (const { path, leads } of cases) {
    it(`${path} ${leads ? "leads to the account tab" : "is drawn"}`, async () => {
      const h = await harness(userWith(PERMISSIONS));
      const outcome = await runRoute(h, loader as never, { path, cookie: h.signedInCookie, signedInLayout: true });
      expect(outcome).toEqual(leads ? { status: 302, location: "/profile/account" } : { status: 200, location: null });
    });
  }

  it("runs again when a tab links to /profile, which keeps the layout's match", () => {
    const args = (to: string) =>
      ({ nextUrl: new URL(to, "http://localhost"), defaultShouldRevalidate: false }) as Parameters<typeof shouldRevalidate>[0];
    expect(shouldRevalidate(args("/profile"))).toBe(true);
    expect(shouldRevalidate(args("/profile/security"))).toBe(false);
  });
});
