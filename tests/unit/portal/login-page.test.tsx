import { renderToString } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { Logo } from "~/components/layout/logo";
import { StringsProvider } from "~/lib/i18n";
import { renderingStrings } from "~/middleware/i18next";
import Login from "~/routes/login";
import { PUBLIC_SETTINGS } from "./route-harness";

/** Server-renders /login under a root route whose loader data carries the given system settings. */
async function renderLogin(settings: Partial<typeof PUBLIC_SETTINGS>): Promise<string> {
  const merged = { ...PUBLIC_SETTINGS, ...settings };
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () => <Outlet />,
      children: [{ id: "login", path: "login", Component: Login as never }],
    },
  ]);
  return renderToString(
    <StringsProvider store={renderingStrings("en")}>
      <Stub
        initialEntries={["/login"]}
        hydrationData={{ loaderData: { root: { appName: merged.portal_name, settings: merged }, login: null } }}
      />
    </StringsProvider>,
  );
}

describe("the sign-in page follows the system settings", () => {
  it("welcomes with the portal name", async () => {
    const html = await renderLogin({ portal_name: "Northwind Voice" });
    expect(html).toContain("Welcome to Northwind Voice!");
  });

  it("links to registration only while registration is open", async () => {
    expect(await renderLogin({ registration_enabled: true })).toContain('href="/register"');
    expect(await renderLogin({ registration_enabled: false })).not.toContain('href="/register"');
  });
});

describe("the built-in logo (§9: 55 px, collapsed 35 px)", () => {
  const render = (collapsed: boolean) =>
    renderToString(<Logo settings={PUBLIC_SETTINGS} theme="light" semiDark={false} collapsed={collapsed} appName="AMP" />);

  it("is 55 px high expanded", () => {
    expect(render(false)).toMatch(/<svg[^>]*class="h-\[55px\]/);
  });

  it("is 35 px high collapsed", () => {
    expect(render(true)).toMatch(/<svg[^>]*class="h-\[35px\]/);
  });
});
