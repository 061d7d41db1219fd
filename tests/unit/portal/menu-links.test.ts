import { describe, expect, it, vi } from "vitest";
import { isActivePath, isRouterClick, routerLinkClick, routerLinkClickWithin } from "~/components/layout/menu-links";

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

describe("routerLinkClick (plain anchors navigating as <Link> does)", () => {
  function click(href: string | null, init: Partial<Record<"button" | "target" | "metaKey", unknown>> = {}) {
    const event = {
      button: init.button ?? 0,
      metaKey: init.metaKey ?? false,
      altKey: false,
      ctrlKey: false,
      shiftKey: false,
      defaultPrevented: false,
      currentTarget: { getAttribute: (name: string) => (name === "href" ? href : ((init.target as string) ?? null)) },
      preventDefault: vi.fn(),
    };
    return event;
  }
  const location = { pathname: "/users", search: "?page=2", hash: "", state: null, key: "k" };

  it("navigates on the client to the anchor's href, replacing the entry when it is the page shown", () => {
    const navigate = vi.fn();
    const onClick = routerLinkClick(location as never, navigate);
    const toOther = click("/users?page=3");
    onClick(toOther as never);
    expect(toOther.preventDefault).toHaveBeenCalled();
    expect(navigate).toHaveBeenLastCalledWith("/users?page=3", { replace: false });
    onClick(click("/users?page=2") as never);
    expect(navigate).toHaveBeenLastCalledWith("/users?page=2", { replace: true });
    onClick(click("/users/edit/5", { target: "_self" }) as never);
    expect(navigate).toHaveBeenLastCalledWith("/users/edit/5", { replace: false });
  });

  it("leaves modifier clicks, other buttons, other targets and anchors without href to the browser", () => {
    const navigate = vi.fn();
    const onClick = routerLinkClick(location as never, navigate);
    for (const event of [click("/a", { metaKey: true }), click("/a", { button: 1 }), click("/a", { target: "_blank" }), click(null)]) {
      onClick(event as never);
      expect(event.preventDefault).not.toHaveBeenCalled();
    }
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe("routerLinkClickWithin (the anchors of a menu drawn as HTML, decision 075)", () => {
  const location = { pathname: "/dashboard", search: "", hash: "", state: null, key: "k" };
  /** A click on the icon or text inside an anchor of the menu, or on the menu outside any anchor (anchor null). */
  function clickIn(anchor: { href: string | null; target?: string; inMenu?: boolean } | null, init: { metaKey?: boolean } = {}) {
    const element = anchor && { getAttribute: (name: string) => (name === "href" ? anchor.href : (anchor.target ?? null)) };
    return {
      button: 0,
      metaKey: init.metaKey ?? false,
      altKey: false,
      ctrlKey: false,
      shiftKey: false,
      defaultPrevented: false,
      target: { closest: (selector: string) => (selector === "a" ? element : null) },
      currentTarget: { contains: (node: unknown) => node === element && anchor?.inMenu !== false },
      preventDefault: vi.fn(),
    };
  }

  it("navigates on the client to the anchor the click landed in", () => {
    const navigate = vi.fn();
    const onClick = routerLinkClickWithin(location as never, navigate);
    const event = clickIn({ href: "/users" });
    onClick(event as never);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(navigate).toHaveBeenLastCalledWith("/users", { replace: false });
    onClick(clickIn({ href: "/dashboard" }) as never);
    expect(navigate).toHaveBeenLastCalledWith("/dashboard", { replace: true });
  });

  it("leaves clicks outside an anchor, outside the menu, new-tab entries and modifier clicks to the browser", () => {
    const navigate = vi.fn();
    const onClick = routerLinkClickWithin(location as never, navigate);
    const events = [
      clickIn(null),
      clickIn({ href: "/users", inMenu: false }),
      clickIn({ href: "https://billing.example.test", target: "_blank" }),
      clickIn({ href: "/users" }, { metaKey: true }),
    ];
    for (const event of events) {
      onClick(event as never);
      expect(event.preventDefault).not.toHaveBeenCalled();
    }
    expect(navigate).not.toHaveBeenCalled();
  });
});
