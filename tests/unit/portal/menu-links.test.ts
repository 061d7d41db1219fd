import { describe, expect, it } from "vitest";
import { isActivePath, isRouterClick } from "~/components/layout/menu-links";

describe("isActivePath (the menus' active entry, as <NavLink> decides)", () => {
  it("marks the entry of the page and of its parents only", () => {
    expect(isActivePath("/users", "/users")).toBe(true);
    expect(isActivePath("/users/edit/23", "/users")).toBe(true);
    expect(isActivePath("/tools/numbers/5", "/tools/numbers")).toBe(true);
    expect(isActivePath("/users-archive", "/users")).toBe(false);
    expect(isActivePath("/tools/numbers", "/tools/e911")).toBe(false);
    expect(isActivePath("/tools", "/tools/numbers")).toBe(false);
  });

  it("ignores case and a trailing slash on the entry", () => {
    expect(isActivePath("/Users", "/users")).toBe(true);
    expect(isActivePath("/users/7", "/users/")).toBe(true);
    expect(isActivePath("/users", "/users/")).toBe(false);
  });
});

describe("isRouterClick (which clicks become a client navigation)", () => {
  const plain = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false, defaultPrevented: false };

  it("takes a plain main-button click", () => {
    expect(isRouterClick(plain)).toBe(true);
  });

  it("leaves to the browser other buttons, modifier keys (new tab, window, download) and handled clicks", () => {
    expect(isRouterClick({ ...plain, button: 1 })).toBe(false);
    for (const key of ["metaKey", "altKey", "ctrlKey", "shiftKey"] as const) expect(isRouterClick({ ...plain, [key]: true })).toBe(false);
    expect(isRouterClick({ ...plain, defaultPrevented: true })).toBe(false);
  });
});
