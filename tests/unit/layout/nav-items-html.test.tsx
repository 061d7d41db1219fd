import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ExternalLink } from "~/components/icons";
import { isActivePath } from "~/components/layout/menu-links";
import { markActiveNavItem, type NavStrings, navItemsHtml } from "~/components/layout/nav-items-html";
import type { NavGroup } from "~/lib/navigation.server";
import { cn } from "~/lib/utils";

const ICONS = "/nav-icons.svg?v=abc";

/** Labels with every character HTML escapes, and Arabic text. */
const strings: NavStrings = {
  section: (section) => (section === "tools" ? "Outils & <services>" : `Section ${section}`),
  label: (item) => (item.id === "users" ? `Users "quoted" & 'single'` : item.id === "billing" ? "الفوترة" : `Label ${item.id}`),
  externalTitle: (label) => `${label} (opens in a new tab)`,
};

const groups: NavGroup[] = [
  { section: "main", items: [{ id: "dashboard", href: "/dashboard", label: "dashboard" }] },
  {
    section: "administration",
    items: [
      { id: "users", href: "/users", label: "users" },
      { id: "roles", href: "/roles", label: "roles" },
    ],
  },
  { section: "tools", items: [{ id: "numbers", href: "/tools/numbers", label: "phoneNumbers" }] },
  {
    section: "resources",
    items: [
      { id: "api-docs", href: "/api-docs", label: "apiDocumentation", external: true },
      { id: "billing", href: 'https://billing.example.test/?a=1&b="2"', label: "billing", external: true },
    ],
  },
];

/** The markup the vertical navigation drew with React until decision 075: the oracle. */
function ReactNav({ groups, iconsOnly, pathname }: { groups: NavGroup[]; iconsOnly: boolean; pathname: string }) {
  const itemClass = "nav-link hover:bg-sidebar-accent focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-sidebar-ring";
  return (
    <nav>
      {groups.map((group) => (
        <div key={group.section} className="mt-4 first:mt-1">
          <p
            className={cn(
              "px-3 pb-1.5 font-medium text-[0.8125rem] text-sidebar-muted-foreground uppercase tracking-wide",
              iconsOnly && "xl:sr-only",
            )}
          >
            {strings.section(group.section)}
          </p>
          <ul className="space-y-0.5">
            {group.items.map((item) => {
              const label = strings.label(item);
              const active = !item.external && isActivePath(pathname, item.href);
              const content = (
                <>
                  <svg aria-hidden="true" className="size-5 shrink-0">
                    <use href={`${ICONS}#${item.id}`} />
                  </svg>
                  <span className={cn("truncate", iconsOnly && "xl:sr-only")}>{label}</span>
                  {item.external && !iconsOnly && <ExternalLink className="ms-auto size-3.5 opacity-60" aria-hidden="true" />}
                </>
              );
              return (
                <li key={item.id}>
                  {item.external ? (
                    <a
                      href={item.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={itemClass}
                      title={strings.externalTitle(label)}
                    >
                      {content}
                    </a>
                  ) : (
                    <a
                      href={item.href}
                      title={iconsOnly ? label : undefined}
                      aria-current={active ? "page" : undefined}
                      className={cn(
                        itemClass,
                        active &&
                          "bg-linear-to-r from-sidebar-primary to-sidebar-primary/70 text-sidebar-primary-foreground shadow-md hover:bg-sidebar-primary rtl:bg-linear-to-l",
                      )}
                      data-discover="true"
                    >
                      {content}
                    </a>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

const inner = (html: string) => html.replace(/^<nav>/, "").replace(/<\/nav>$/, "");
const drawn = (pathname: string, iconsOnly = false, language = "en") =>
  navItemsHtml({ groups, strings, language, iconsOnly, icons: ICONS, pathname });

describe("the vertical navigation's entries as one HTML string (decision 075)", () => {
  it.each([
    ["/dashboard", false],
    ["/users/edit/7", false],
    ["/tools/numbers", true],
    ["/nowhere", true],
  ])("is React's markup, byte for byte, on %s (icons only: %s), and the same when asked again", (pathname, iconsOnly) => {
    const expected = inner(renderToStaticMarkup(<ReactNav groups={groups} iconsOnly={iconsOnly} pathname={pathname} />));
    expect(drawn(pathname, iconsOnly)).toBe(expected);
    expect(drawn(pathname, iconsOnly)).toBe(expected);
  });

  it("escapes labels and addresses, and leaves out an external entry that is neither http(s) nor a path", () => {
    const html = drawn("/dashboard");
    expect(html).toContain("Outils &amp; &lt;services&gt;");
    expect(html).toContain("Users &quot;quoted&quot; &amp; &#x27;single&#x27;");
    expect(html).toContain('href="https://billing.example.test/?a=1&amp;b=&quot;2&quot;"');
    const risky: NavGroup[] = [
      { section: "resources", items: [{ id: "billing", href: "javascript:alert(1)", label: "billing", external: true }] },
    ];
    expect(navItemsHtml({ groups: risky, strings, language: "en", iconsOnly: false, icons: ICONS, pathname: "/" })).not.toContain(
      "javascript",
    );
  });

  it("keeps one string per menu, language, icon mode and active entry", () => {
    expect(drawn("/users")).toBe(drawn("/users/edit/3"));
    expect(drawn("/users")).not.toBe(drawn("/roles"));
    const arabic: NavStrings = { ...strings, label: () => "المستخدمون" };
    expect(navItemsHtml({ groups, strings: arabic, language: "ar", iconsOnly: false, icons: ICONS, pathname: "/users" })).toContain(
      "المستخدمون",
    );
  });

  it("marks the active entry in place after a client navigation, as a fresh drawing would", () => {
    /** The drawing's internal anchors as the browser holds them: attributes only (the unit tests have no DOM). */
    const anchorsOf = (html: string) =>
      [...html.matchAll(/<a ([^>]*data-discover="true"[^>]*)>/g)].map(([, attributes]) => {
        const values = new Map([...attributes.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value]));
        return {
          get className() {
            return values.get("class") ?? "";
          },
          set className(value: string) {
            values.set("class", value);
          },
          getAttribute: (name: string) => values.get(name) ?? null,
          setAttribute: (name: string, value: string) => values.set(name, value),
          removeAttribute: (name: string) => values.delete(name),
          state: () => [values.get("href"), values.get("class"), values.get("aria-current") ?? null],
        };
      });
    const anchors = anchorsOf(drawn("/dashboard"));
    const nav = { querySelectorAll: () => anchors } as unknown as HTMLElement;
    markActiveNavItem(nav, "/users/edit/3");
    expect(anchors.map((anchor) => anchor.state())).toEqual(anchorsOf(drawn("/users")).map((anchor) => anchor.state()));
    expect(anchors.filter((anchor) => anchor.getAttribute("aria-current") === "page")).toHaveLength(1);
  });
});
