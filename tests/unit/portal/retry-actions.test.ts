import { describe, expect, it } from "vitest";
import * as mailLog from "~/routes/mail-log";
import * as mailLogDetail from "~/routes/mail-log.detail";
import * as tts from "~/routes/tts";
import { PERMISSIONS, type Permission } from "../../../common/permissions";
import { harness, runRoute, userWith } from "./route-harness";

/**
 * "Retry" in the mail log and "Render again" in the prompt list (issue 24): one-click form posts whose actions
 * check their own key before anything reaches the backend, then post to the backend and come back to the page.
 */
const PRELUDE = new Set(["/api/user", "/api/users/masquerader", "/api/public-settings"]);
const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const without = (key: Permission) => PERMISSIONS.filter((other) => other !== key);
const post = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("Retry in the mail log", () => {
  it("needs the SMTP settings key besides the mail log's, and asks the backend nothing without it", async () => {
    for (const [module, path, params] of [
      [mailLog, "/mail-log?status=failed", {}],
      [mailLogDetail, "/mail-log/5", { id: "5" }],
    ] as const) {
      const h = await harness(userWith(without("organization_settings-update_smtp")));
      const outcome = await runRoute(h, module.action as never, {
        method: "POST",
        path,
        params,
        cookie: h.signedInCookie,
        signedInLayout: true,
        body: post({ intent: "retry", id: "5" }),
      });
      expect(outcome.status).toBe(401);
      expect(h.calls.filter((call) => !PRELUDE.has(call.path))).toEqual([]);
    }
  });

  it("posts the retry and comes back to the same page of the list", async () => {
    const h = await harness(userWith(PERMISSIONS), {
      upstream: { "/api/mail-log/5/retry": json({ id: 5, to: "someone@example.test", status: "queued" }, 202) },
    });
    const outcome = await runRoute(h, mailLog.action as never, {
      method: "POST",
      path: "/mail-log?status=failed&page=2",
      cookie: h.signedInCookie,
      signedInLayout: true,
      body: post({ intent: "retry", id: "5" }),
    });
    expect(h.calls).toContainEqual({ method: "POST", path: "/api/mail-log/5/retry" });
    expect(outcome.location).toBe("/mail-log?status=failed&page=2");
  });

  it("refuses a post that names no e-mail without asking the backend", async () => {
    const h = await harness(userWith(PERMISSIONS));
    await runRoute(h, mailLog.action as never, {
      method: "POST",
      path: "/mail-log",
      cookie: h.signedInCookie,
      signedInLayout: true,
      body: post({ intent: "retry", id: "x" }),
    });
    expect(h.calls.filter((call) => !PRELUDE.has(call.path))).toEqual([]);
  });
});

describe("Render again in the prompt list", () => {
  it("needs the modify key", async () => {
    const h = await harness(userWith(without("tools.text_to_speech.modify")));
    const outcome = await runRoute(h, tts.action as never, {
      method: "POST",
      path: "/tools/tts",
      cookie: h.signedInCookie,
      signedInLayout: true,
      body: post({ intent: "render", id: "3" }),
    });
    expect(outcome.status).toBe(401);
    expect(h.calls.filter((call) => !PRELUDE.has(call.path))).toEqual([]);
  });

  it("posts the render and comes back to the list", async () => {
    const h = await harness(userWith(PERMISSIONS), {
      upstream: { "/api/tts/3/render": json({ id: 3, name: "Welcome", status: "rendering" }, 202) },
    });
    const outcome = await runRoute(h, tts.action as never, {
      method: "POST",
      path: "/tools/tts?status=failed",
      cookie: h.signedInCookie,
      signedInLayout: true,
      body: post({ intent: "render", id: "3" }),
    });
    expect(h.calls).toContainEqual({ method: "POST", path: "/api/tts/3/render" });
    expect(outcome.location).toBe("/tools/tts?status=failed");
  });
});
