import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FilterSelect, OrganizationFilter } from "~/components/ui/list-filters";
import { organizationOptionsHtml } from "~/lib/organization-options-html";

// Decision 058: the organization filters' options are one HTML string. It must be the markup React writes for the
// same options as elements, whatever the names hold, with the same option chosen.

const ORGANIZATIONS = [
  { id: 1, name: "AMP Telecom" },
  { id: 12, name: `Smith & "Sons" <b>bold</b> O'Brien` },
  { id: 2, name: "</option><script>alert(1)</script>" },
  { id: 123, name: "شركة الاتصالات" },
];

/** The inner HTML of the page's one select. */
function selectContent(markup: string): string {
  const match = /<select[^>]*>([\s\S]*)<\/select>/.exec(markup);
  if (!match?.[1]) throw new Error(`no select in ${markup}`);
  return match[1];
}

function asElements(value: string | undefined) {
  return renderToStaticMarkup(
    <FilterSelect
      name="organization_id"
      label="Organization"
      value={value}
      allLabel="All organizations"
      options={ORGANIZATIONS.map((organization) => ({ value: String(organization.id), label: organization.name }))}
    />,
  );
}

function asString(value: string | undefined) {
  return renderToStaticMarkup(
    <OrganizationFilter organizations={ORGANIZATIONS} label="Organization" allLabel="All organizations" value={value} />,
  );
}

describe("organization filter options as one string", () => {
  it("is the markup React writes for the options as elements, with the same option chosen", () => {
    for (const value of [undefined, "", "1", "12", "2", "123", "999", '"><x']) {
      expect(selectContent(asString(value)), String(value)).toBe(selectContent(asElements(value)));
    }
  });

  it("escapes names: a name cannot close its option or open a tag", () => {
    const html = organizationOptionsHtml(ORGANIZATIONS, "All <organizations>", "2");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>");
    expect(html.match(/<option /g)).toHaveLength(ORGANIZATIONS.length + 1);
    expect(html.match(/<\/option>/g)).toHaveLength(ORGANIZATIONS.length + 1);
    expect(html).toContain('<option value="2" selected="">&lt;/option&gt;&lt;script&gt;alert(1)&lt;/script&gt;</option>');
    expect(html.startsWith('<option value="">All &lt;organizations&gt;</option>')).toBe(true);
  });

  it("chooses exactly the id asked for, the option that clears the filter for none, and nothing for an unknown id", () => {
    for (const [selected, chosen] of [
      ["1", '<option value="1" selected="">'],
      ["12", '<option value="12" selected="">'],
      ["", '<option value="" selected="">'],
    ] as const) {
      const html = organizationOptionsHtml(ORGANIZATIONS, "All", selected);
      expect(html.match(/selected=""/g), selected).toHaveLength(1);
      expect(html, selected).toContain(chosen);
    }
    // "1" must not choose 12 or 123, nor an unknown 13 the organization 1.
    expect(organizationOptionsHtml(ORGANIZATIONS, "All", "13")).not.toContain("selected");
  });

  it("reuses the options of a list it has seen, and follows a new list", () => {
    const first = organizationOptionsHtml(ORGANIZATIONS, "All", "1");
    expect(organizationOptionsHtml(ORGANIZATIONS, "All", "1")).toBe(first);
    const renamed = ORGANIZATIONS.map((organization) => (organization.id === 1 ? { ...organization, name: "AMP Networks" } : organization));
    expect(organizationOptionsHtml(renamed, "All", "1")).toContain('<option value="1" selected="">AMP Networks</option>');
  });
});
