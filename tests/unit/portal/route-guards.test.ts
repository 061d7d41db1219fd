import { describe, expect, it } from "vitest";
import { SCREENS, type Screen, type ScreenId, screen } from "~/route-table";
import { PERMISSIONS } from "../../../common/permissions";
import { harness, runRoute, type UpstreamCall, userWith } from "./route-harness";

/**
 * The permission walk, run for real: every loader and action of every route module, reached through
 * the root and signed-in-layout middleware, as a user holding every key but the screen's own, and as
 * a browser without a session. A guard that is missing, misplaced after an upstream call, or checks
 * the wrong key fails here.
 */
type RouteModule = { loader?: (args: never) => unknown; action?: (args: never) => unknown };
const modules = import.meta.glob<RouteModule>("../../../app/routes/*.tsx", { eager: true });
const moduleOf = (file: string): RouteModule => {
  const found = modules[`../../../app/${file}`];
  if (!found) throw new Error(`no route module ${file}`);
  return found;
};

/** Calls that the middleware makes before any route runs (who is signed in, public settings). */
const PRELUDE = new Set(["/api/user", "/api/users/masquerader", "/api/public-settings"]);
const routeCalls = (calls: UpstreamCall[]) => calls.filter((call) => !PRELUDE.has(call.path));

const KINDS = ["loader", "action"] as const;

/** Route modules that are not screens of the route table, each with what it owes a stranger. */
/** Resource routes inside the signed-in layout: files proxied after the guard of the screen they serve. */
const RESOURCE_ROUTES: { file: string; screen: ScreenId; path: string; params: Record<string, string> }[] = [
  { file: "routes/branded-documents.file.tsx", screen: "branded-documents", path: "/branded-documents/1/file", params: { id: "1" } },
  { file: "routes/branded-documents.upload.tsx", screen: "branded-documents", path: "/branded-documents/upload", params: {} },
  { file: "routes/tts.audio.tsx", screen: "tts", path: "/tools/tts/audio/1", params: { id: "1" } },
  { file: "routes/tts.preview.tsx", screen: "tts-add", path: "/tools/tts/preview", params: {} },
  { file: "routes/devices.export.tsx", screen: "device-overrides", path: "/tools/devices/overrides/export/1", params: { id: "1" } },
  {
    file: "routes/tools.porting.order.document.tsx",
    screen: "porting-order",
    path: "/tools/porting/order/1/documents/1",
    params: { id: "1", document: "1" },
  },
  {
    file: "routes/tools.porting.order.number-check.tsx",
    screen: "porting-order-new",
    path: "/tools/porting/order/number-check",
    params: {},
  },
  {
    file: "routes/tools.import.phone-numbers.errors.tsx",
    screen: "number-import-step-2",
    path: "/tools/import/phone_numbers/1/errors.csv",
    params: { id: "1" },
  },
  // The list exports (issue 25): one module, guarded by the exported list's own screen.
  { file: "routes/list-export.tsx", screen: "numbers", path: "/exports/numbers", params: { list: "numbers" } },
  {
    file: "routes/tools.import.phone-numbers.template.tsx",
    screen: "number-import",
    path: "/tools/import/phone_numbers/template.csv",
    params: {},
  },
];
const SIGNED_IN_EXTRAS = [
  "routes/_app._index.tsx",
  "routes/masquerade.tsx",
  "routes/organization-filter.tsx",
  ...RESOURCE_ROUTES.map((entry) => entry.file),
];
const PUBLIC_ROUTES = ["routes/preferences.tsx", "routes/files.tsx", "routes/logout.tsx", "routes/nav-icons.tsx"];
/** Open by design: guest pages (they send signed-in users away), layouts, the API reference, 404. */
const OPEN_BY_DESIGN = [
  "routes/_app.tsx",
  "routes/_guest.tsx",
  "routes/login.tsx",
  "routes/register.tsx",
  "routes/forgot-password.tsx",
  "routes/password-setup.tsx",
  "routes/two-factor-challenge.tsx",
  "routes/api-docs.tsx",
  "routes/not-found.tsx",
];

function samplePath(entry: (typeof SCREENS)[number]): { path: string; params: Record<string, string> } {
  const path = "sample" in entry ? entry.sample : `/${entry.path}`;
  const params: Record<string, string> = {};
  if (entry.path.includes(":id")) params.id = "1";
  if (entry.path.includes(":tab")) params.tab = path.split("/").pop() ?? "";
  return { path, params };
}

describe("every route module is covered by the walk", () => {
  it("each file in app/routes is a screen, a listed extra, or open by design", () => {
    const known = new Set([...SCREENS.map((entry) => entry.file), ...SIGNED_IN_EXTRAS, ...PUBLIC_ROUTES, ...OPEN_BY_DESIGN]);
    const files = Object.keys(modules).map((key) => key.replace("../../../app/", ""));
    expect(files.filter((file) => !known.has(file))).toEqual([]);
  });

  it("a nested screen names a screen of the table as its layout, and its path continues the layout's", () => {
    const nested = SCREENS.filter((entry: Screen) => entry.layout);
    expect(nested.length).toBeGreaterThan(0);
    for (const entry of nested as Screen[]) {
      const parent = SCREENS.find((candidate) => candidate.id === entry.layout);
      expect(parent?.path, entry.id).toBeDefined();
      expect(entry.path.startsWith(`${parent?.path}/`), entry.id).toBe(true);
    }
  });

  it("ids and paths of the route table are unique", () => {
    expect(new Set(SCREENS.map((entry) => entry.id)).size).toBe(SCREENS.length);
    expect(new Set(SCREENS.map((entry) => entry.path)).size).toBe(SCREENS.length);
  });
});

describe("screens refuse a user lacking their key", () => {
  const guarded = SCREENS.filter((entry) => entry.permission !== null);
  for (const entry of guarded) {
    for (const kind of KINDS) {
      const handler = moduleOf(entry.file)[kind];
      if (!handler) continue;
      it(`${entry.file} ${kind} answers 401 without "${entry.permission}" and calls nothing upstream`, async () => {
        const everyOtherKey = PERMISSIONS.filter((key) => key !== entry.permission);
        const h = await harness(userWith(everyOtherKey));
        const { path, params } = samplePath(entry);
        const outcome = await runRoute(h, handler, {
          method: kind === "action" ? "POST" : "GET",
          path,
          params,
          cookie: h.signedInCookie,
          signedInLayout: true,
        });
        expect(outcome.status).toBe(401);
        expect(routeCalls(h.calls)).toEqual([]);
      });
    }
  }

  it("the walk reaches every guarded screen's loader", () => {
    expect(guarded.filter((entry) => !moduleOf(entry.file).loader)).toEqual([]);
  });
});

describe("resource routes refuse a user lacking their screen's key", () => {
  for (const entry of RESOURCE_ROUTES) {
    const key = screen(entry.screen).permission;
    for (const kind of KINDS) {
      const handler = moduleOf(entry.file)[kind];
      if (!handler || !key) continue;
      it(`${entry.file} ${kind} answers 401 without "${key}" and calls nothing upstream`, async () => {
        const h = await harness(userWith(PERMISSIONS.filter((other) => other !== key)));
        const outcome = await runRoute(h, handler, {
          method: kind === "action" ? "POST" : "GET",
          path: entry.path,
          params: entry.params,
          cookie: h.signedInCookie,
          signedInLayout: true,
        });
        expect(outcome.status).toBe(401);
        expect(routeCalls(h.calls)).toEqual([]);
      });
    }
  }
});

describe("signed-in routes send a browser without a session to sign in", () => {
  const signedInFiles = [
    ...SCREENS.map((entry) => ({ file: entry.file, ...samplePath(entry) })),
    ...SIGNED_IN_EXTRAS.map((file) => ({ file, path: "/dashboard", params: {} })),
  ];
  for (const { file, path, params } of signedInFiles) {
    for (const kind of KINDS) {
      const handler = moduleOf(file)[kind];
      if (!handler) continue;
      it(`${file} ${kind} redirects to /login and calls nothing upstream`, async () => {
        const h = await harness(null);
        const outcome = await runRoute(h, handler, { method: kind === "action" ? "POST" : "GET", path, params, signedInLayout: true });
        expect(outcome.status).toBe(302);
        expect(outcome.location).toMatch(/^\/login(\?redirectTo=|$)/);
        expect(h.calls).toEqual([]);
      });
    }
  }

  it("a session the backend no longer knows (401 from /api/user) is sent to sign in too", async () => {
    const h = await harness(null);
    const outcome = await runRoute(h, moduleOf("routes/users.tsx").loader as never, {
      path: "/users",
      cookie: h.signedInCookie,
      signedInLayout: true,
    });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/login?redirectTo=%2Fusers");
  });
});

describe("routes outside the route table", () => {
  it("masquerade: starting without admin.users.masquerade answers 401 and asks nothing upstream", async () => {
    const h = await harness(userWith(PERMISSIONS.filter((key) => key !== "admin.users.masquerade")));
    const outcome = await runRoute(h, moduleOf("routes/masquerade.tsx").action as never, {
      method: "POST",
      path: "/masquerade",
      cookie: h.signedInCookie,
      signedInLayout: true,
      body: new URLSearchParams({ intent: "start", userId: "2" }),
    });
    expect(outcome.status).toBe(401);
    expect(routeCalls(h.calls)).toEqual([]);
  });

  it("organization filter: a user outside the provider answers 401 and gets no filter cookie", async () => {
    const h = await harness(userWith(PERMISSIONS, { is_provider: false, organization: { id: 4, name: "Northwind", type: "business" } }));
    const outcome = await runRoute(h, moduleOf("routes/organization-filter.tsx").action as never, {
      method: "POST",
      path: "/organization-filter",
      cookie: h.signedInCookie,
      signedInLayout: true,
      body: new URLSearchParams({ organization_id: "4", redirectTo: "/users" }),
    });
    expect(outcome.status).toBe(401);
    expect(routeCalls(h.calls)).toEqual([]);
  });

  it.each([
    "routes/_app._index.tsx",
    "routes/masquerade.tsx",
    "routes/organization-filter.tsx",
    "routes/preferences.tsx",
    "routes/logout.tsx",
  ])("%s loader only redirects (GET changes nothing, reads nothing upstream)", async (file) => {
    const h = await harness(userWith([]));
    const outcome = await runRoute(h, moduleOf(file).loader as never, {
      path: "/x",
      cookie: h.signedInCookie,
      signedInLayout: SIGNED_IN_EXTRAS.includes(file),
    });
    expect([302, 303]).toContain(outcome.status);
    expect(routeCalls(h.calls)).toEqual([]);
  });

  it("preferences: a guest sets a cookie preference without any upstream call", async () => {
    const h = await harness(null);
    const outcome = await runRoute(h, moduleOf("routes/preferences.tsx").action as never, {
      method: "POST",
      path: "/preferences",
      signedInLayout: false,
      body: new URLSearchParams({ key: "theme", value: "dark", redirectTo: "/login" }),
    });
    expect(outcome.status).toBe(303);
    expect(outcome.location).toBe("/login");
    expect(h.calls).toEqual([]);
  });

  it("logout: a guest is sent to sign in without any upstream call", async () => {
    const h = await harness(null);
    const outcome = await runRoute(h, moduleOf("routes/logout.tsx").action as never, {
      method: "POST",
      path: "/logout",
      signedInLayout: false,
    });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/login");
    expect(h.calls).toEqual([]);
  });

  it("files: only the public logos are served; any other path is 404 without an upstream call", async () => {
    const h = await harness(null);
    for (const rest of ["avatars/1", "logos/../secret", "logos/light/x", "mail/1"]) {
      const outcome = await runRoute(h, moduleOf("routes/files.tsx").loader as never, {
        path: `/api/files/${rest}`,
        params: { "*": rest },
        signedInLayout: false,
      });
      expect(outcome.status).toBe(404);
    }
    expect(h.calls).toEqual([]);
  });

  it("nav icons: a guest gets the sprite without any upstream call, and so does a signed-in user", async () => {
    for (const user of [null, userWith([])]) {
      const h = await harness(user);
      const outcome = await runRoute(h, moduleOf("routes/nav-icons.tsx").loader as never, {
        path: "/nav-icons.svg",
        cookie: user ? h.signedInCookie : undefined,
        signedInLayout: false,
      });
      expect(outcome.status).toBe(200);
      expect(h.calls).toEqual([]);
    }
  });

  it("a cross-site POST is refused before any route runs", async () => {
    const h = await harness(userWith(PERMISSIONS));
    const outcome = await runRoute(h, moduleOf("routes/logout.tsx").action as never, {
      method: "POST",
      path: "/logout",
      cookie: `${h.signedInCookie}`,
      signedInLayout: false,
      origin: "https://evil.test",
    });
    expect(outcome.status).toBe(403);
    expect(h.calls).toEqual([]);
  });
});
