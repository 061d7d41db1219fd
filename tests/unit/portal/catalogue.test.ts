import type { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { cookieName, cookiePrefixFor, readPreferences, setCookiePrefix } from "~/lib/preferences";
import { forgetPublicSettings } from "~/lib/public-settings.server";
import { getInstance, getLocale, i18nextInstance } from "~/middleware/i18next";
import { harness, PUBLIC_SETTINGS, runRoute } from "./route-harness";

describe("preference cookies are named after the application title", () => {
  afterEach(() => setCookiePrefix("AMP"));

  it.each([
    ["AMP", "amp"],
    ["Acme Voice", "acmevoice"],
    ["Téléphonie-Nord 2", "tlphonienord2"],
    ["", "amp"],
    ["!!!", "amp"],
    [undefined, "amp"],
  ])("APP_NAME %j gives the prefix %j", (appName, prefix) => {
    expect(cookiePrefixFor(appName)).toBe(prefix);
  });

  it("every preference cookie follows the configured title", () => {
    setCookiePrefix("Acme Voice");
    expect(cookieName("language")).toBe("acmevoice-language");
    expect(cookieName("organization")).toBe("acmevoice-organization");
    expect(readPreferences("acmevoice-theme=dark; amp-skin=bordered").theme).toBe("dark");
    expect(readPreferences("acmevoice-theme=dark; amp-skin=bordered").skin).toBe("default");
  });
});

describe("language detection", () => {
  afterEach(() => forgetPublicSettings());

  async function detected(options: { cookie?: string; defaultLocale: string; envLocale?: string }) {
    const h = await harness(null, {
      settings: { ...PUBLIC_SETTINGS, default_locale: options.defaultLocale },
      env: { DEFAULT_LOCALE: options.envLocale ?? "en" },
    });
    let locale = "";
    await runRoute(
      h,
      (({ context }: { context: RouterContextProvider }) => {
        locale = getLocale(context);
        return null;
      }) as never,
      { path: "/login", cookie: options.cookie, signedInLayout: false },
    );
    return locale;
  }

  it("uses the default language of the system settings when the browser has not chosen one", async () => {
    expect(await detected({ defaultLocale: "fr" })).toBe("fr");
  });

  it("prefers the browser's choice (amp-language)", async () => {
    expect(await detected({ cookie: "amp-language=ar", defaultLocale: "fr" })).toBe("ar");
  });

  it("falls back to DEFAULT_LOCALE when the setting holds no supported language", async () => {
    expect(await detected({ defaultLocale: "de", envLocale: "ar" })).toBe("ar");
  });
});

describe("one i18next instance per language (decision 054)", () => {
  afterEach(() => forgetPublicSettings());

  async function instanceOf(cookie: string) {
    const h = await harness(null);
    let found: ReturnType<typeof getInstance> | null = null;
    await runRoute(
      h,
      (({ context }: { context: RouterContextProvider }) => {
        found = getInstance(context);
        return null;
      }) as never,
      { path: "/login", cookie, signedInLayout: false },
    );
    if (!found) throw new Error("the middleware set no instance");
    return found as ReturnType<typeof getInstance>;
  }

  it("requests of one language share an instance; each language has its own, speaking it", async () => {
    const french = await instanceOf("amp-language=fr");
    expect(await instanceOf("amp-language=fr")).toBe(french);
    const arabic = await instanceOf("amp-language=ar");
    const english = await instanceOf("amp-language=en");
    expect(new Set([french, arabic, english]).size).toBe(3);
    expect([french.language, arabic.language, english.language]).toEqual(["fr", "ar", "en"]);
    expect(french.t("ui:dataTable.apply")).toBe("Appliquer");
    expect(english.t("ui:dataTable.apply")).toBe("Apply");
    expect(arabic.t("ui:dataTable.apply")).not.toBe("Apply");
    // Interpolated values are not HTML-escaped (React escapes them once, when it renders).
    expect(english.t("ui:dataTable.showing", { from: 1, to: 2, total: "<3>" })).toContain("<3>");
    expect(await i18nextInstance("fr")).toBe(french);
  });

  it("a translation after another language's request still speaks its own language", async () => {
    const french = await instanceOf("amp-language=fr");
    await instanceOf("amp-language=ar");
    expect(french.language).toBe("fr");
    expect(french.getFixedT(null, "ui")("dataTable.apply")).toBe("Appliquer");
  });
});

describe("registration switched off (system settings)", () => {
  afterEach(() => forgetPublicSettings());

  it("/register shows the closed notice and refuses a sign-up without calling the backend's /register", async () => {
    const registerRoute = await import("~/routes/register");
    const h = await harness(null, { settings: { ...PUBLIC_SETTINGS, registration_enabled: false } });
    let loaderData: unknown = null;
    await runRoute(
      h,
      (async (args: never) => {
        loaderData = await registerRoute.loader(args);
        return null;
      }) as never,
      { path: "/register", signedInLayout: false },
    );
    expect(loaderData).toMatchObject({ enabled: false });
    const outcome = await runRoute(h, registerRoute.action as never, {
      method: "POST",
      path: "/register",
      signedInLayout: false,
      body: new URLSearchParams({
        name: "Casey Closed",
        organization_name: "Closed Household",
        email: "casey.closed@example.test",
        password: "long-enough-password",
        password_confirmation: "long-enough-password",
      }),
    });
    expect(outcome.status).toBe(403);
    expect(h.calls.filter((call) => call.path === "/register")).toEqual([]);
  });
});
