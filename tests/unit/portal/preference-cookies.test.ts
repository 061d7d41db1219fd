import { describe, expect, it } from "vitest";
import { PREFERENCE_MAX_AGE } from "~/lib/preferences";
import { preferenceCookies, savedPreferenceCookies } from "~/lib/preferences.server";

const http = new Request("http://portal.test/preferences");
const https = new Request("https://portal.test/preferences");
const setCookies = (headers: Headers) => headers.getSetCookie();

describe("preferenceCookies: the one writer of the interface preference cookies", () => {
  it("keeps a value for 30 days on path /, Secure only over HTTPS", () => {
    expect(setCookies(preferenceCookies(http, { layout: "horizontal" }))).toEqual([
      `amp-layout=horizontal; Path=/; Max-Age=${PREFERENCE_MAX_AGE}; SameSite=Lax`,
    ]);
    expect(setCookies(preferenceCookies(https, { theme: "dark" }))).toEqual([
      `amp-theme=dark; Path=/; Max-Age=${PREFERENCE_MAX_AGE}; Secure; SameSite=Lax`,
    ]);
  });

  it("forgets a preference given null, and skips one given undefined", () => {
    expect(setCookies(preferenceCookies(http, { skin: null, "footer-type": undefined }))).toEqual([
      "amp-skin=; Path=/; Max-Age=0; SameSite=Lax",
    ]);
  });

  it("appends to the headers it is given", () => {
    const headers = new Headers({ "Set-Cookie": "other=1" });
    preferenceCookies(http, { "nav-collapsed": "false" }, headers);
    expect(setCookies(headers)).toHaveLength(2);
  });
});

describe("savedPreferenceCookies: a user's saved preferences follow them to this browser", () => {
  it("writes language, theme, the colour in capitals and the semi-dark menu", () => {
    const cookies = setCookies(
      savedPreferenceCookies(http, { locale: "fr", theme: "dark", theme_primary_color: "#0d9394", theme_semi_dark_menu: false }),
    );
    expect(cookies.map((cookie) => cookie.split(";")[0])).toEqual([
      "amp-language=fr",
      "amp-theme=dark",
      "amp-primary-color=%230D9394",
      "amp-semi-dark=false",
    ]);
  });

  it("leaves the browser's cookie alone where the user saved nothing valid", () => {
    const cookies = setCookies(
      savedPreferenceCookies(http, { locale: "de", theme: null, theme_primary_color: "purple", theme_semi_dark_menu: null }),
    );
    expect(cookies).toEqual([]);
  });
});
