import { Link } from "react-router";
import { describe, expect, it } from "vitest";
import { actionsColumn, EditLink } from "~/components/admin/row-actions";
import { NumberLink } from "~/components/numbers/number-link";
import { type ColumnDef, DataTable, pageWindow } from "~/components/ui/data-table";
import type { Paginated } from "~/lib/list-params";
import { attr, findTags, hrefParams, renderAt } from "./helpers";

interface User {
  id: number;
  name: string;
  email: string;
  role: string;
}

const columns: ColumnDef<User>[] = [
  { id: "name", cell: ({ row }) => row.original.name, meta: { label: "Name", sortable: true } },
  { id: "email", cell: ({ row }) => row.original.email, meta: { label: "Email", sortable: true } },
  { id: "role", cell: ({ row }) => row.original.role, meta: { label: "Role" } },
];

function usersPage(overrides: Partial<Paginated<User>> = {}): Paginated<User> {
  return {
    data: [
      { id: 21, name: "Alice Martin", email: "alice@example.test", role: "Admin" },
      { id: 22, name: "Bob Stone", email: "bob@example.test", role: "Agent" },
    ],
    current_page: 3,
    per_page: 10,
    total: 57,
    last_page: 6,
    from: 21,
    to: 30,
    ...overrides,
  };
}

function render(url: string, page = usersPage()) {
  return renderAt(url, () => (
    <DataTable
      label="Users"
      columns={columns}
      page={page}
      getRowId={(row) => String(row.id)}
      filters={
        <select name="status" defaultValue="active" aria-label="Status">
          <option value="">All</option>
          <option value="active">Active</option>
        </select>
      }
    />
  ));
}

const URL_STATE = "/users?page=3&per_page=10&search=bob&sort=name&direction=asc&status=active";

/** The `<a>` whose attributes include `needle`, as query params. */
function linkParams(html: string, needle: string) {
  const [link] = findTags(html, "a", needle);
  expect(link, `link with ${needle}`).toBeDefined();
  return hrefParams(attr(link, "href"));
}

/** Text content of each header cell. */
function headerTexts(html: string) {
  return [...html.matchAll(/<th[^>]*>(.*?)<\/th>/g)].map((match) => match[1].replace(/<[^>]+>/g, ""));
}

describe("DataTable", () => {
  it("renders rows, the caption and the translated summary", async () => {
    const html = await render(URL_STATE);
    expect(html).toContain('<caption class="sr-only">Users</caption>');
    expect(html).toContain("Alice Martin");
    expect(html).toContain("bob@example.test");
    expect(html).toContain("Showing 21 to 30 of 57 entries");
  });

  it("says 10,000+ for a capped count and offers next but no last page", async () => {
    const capped = await render(URL_STATE, usersPage({ total: 10_000, total_capped: true, last_page: 1000 }));
    expect(capped).toContain("Showing 21 to 30 of 10,000+ entries");
    expect(findTags(capped, "a", 'aria-label="Last page"')).toHaveLength(0);
    expect(linkParams(capped, 'aria-label="Next page"').page).toBe("4");
    const exact = await render(URL_STATE, usersPage({ total: 10_000, last_page: 1000 }));
    expect(exact).toContain("of 10000 entries");
    expect(linkParams(exact, 'aria-label="Last page"').page).toBe("1000");
  });

  it("links sortable headers to the toggled sort and resets the page", async () => {
    const html = await render(URL_STATE);
    const [nameHeader] = findTags(html, "th", 'aria-sort="ascending"');
    expect(nameHeader).toBeDefined();
    expect(findTags(html, "th", "aria-sort")).toHaveLength(1);

    const sortedLinks = findTags(html, "a", "sort=name");
    const nameLink = sortedLinks.find((tag) => attr(tag, "href")?.includes("direction=desc"));
    expect(hrefParams(attr(nameLink ?? "", "href"))).toEqual({
      per_page: "10",
      search: "bob",
      sort: "name",
      direction: "desc",
      status: "active",
    });

    const emailLink = findTags(html, "a", "sort=email")[0];
    const email = hrefParams(attr(emailLink, "href"));
    expect(email).toMatchObject({ sort: "email", direction: "asc", search: "bob", status: "active" });
    expect(email.page).toBeUndefined();

    // Not sortable: plain text header.
    expect(html).toMatch(/<th[^>]*>Role<\/th>/);
    expect(headerTexts(html)).toEqual(["Name, sorted ascending", "Email", "Role"]);
  });

  it("links pages with the other parameters kept", async () => {
    const html = await render(URL_STATE);
    expect(linkParams(html, 'aria-label="Page 4"')).toEqual({
      page: "4",
      per_page: "10",
      search: "bob",
      sort: "name",
      direction: "asc",
      status: "active",
    });
    expect(linkParams(html, 'aria-label="Page 1"').page).toBeUndefined();
    expect(linkParams(html, 'aria-label="Next page"').page).toBe("4");
    expect(linkParams(html, 'aria-label="Previous page"').page).toBe("2");
    expect(linkParams(html, 'aria-label="First page"').page).toBeUndefined();
    expect(linkParams(html, 'aria-label="Last page"').page).toBe("6");

    const current = findTags(html, "a", 'aria-current="page"');
    expect(current).toHaveLength(1);
    expect(attr(current[0], "aria-label")).toBe("Page 3");
    expect(html).toContain('<nav aria-label="Pagination">');
  });

  it("disables first/previous on the first page", async () => {
    const html = await render("/users", usersPage({ current_page: 1, from: 1, to: 10 }));
    expect(findTags(html, "a", 'aria-label="Previous page"')).toHaveLength(0);
    expect(html).toMatch(/<span aria-disabled="true"[^>]*><span class="sr-only">Previous page<\/span>/);
    expect(linkParams(html, 'aria-label="Next page"').page).toBe("2");
  });

  it("renders the search, page size and filters as a GET form carrying the other parameters", async () => {
    const html = await render(URL_STATE);
    const [form] = findTags(html, "form", 'method="get"', 'action="/users"');
    expect(form).toBeDefined();
    const formId = attr(form, "id");

    const hidden = findTags(html, "input", 'type="hidden"').map((tag) => `${attr(tag, "name")}=${attr(tag, "value")}`);
    expect(hidden).toEqual(expect.arrayContaining(["sort=name", "direction=asc", "status=active"]));
    // The list form never carries the page (any change goes back to page 1), nor its own fields.
    const listFormHidden = html.slice(html.indexOf(form), html.indexOf("</form>", html.indexOf(form)));
    expect(listFormHidden).not.toMatch(/name="(page|search|per_page)"/);
    // The filter comes before the hidden copy of its old value, so the new choice wins.
    expect(listFormHidden.indexOf('name="status" aria-label="Status"')).toBeLessThan(listFormHidden.indexOf('type="hidden" name="status"'));

    const [search] = findTags(html, "input", 'name="search"');
    expect(attr(search, "form")).toBe(formId);
    expect(attr(search, "value")).toBe("bob");

    const [perPage] = findTags(html, "select", 'name="per_page"');
    expect(attr(perPage, "form")).toBe(formId);
    expect(html).toMatch(/<option value="10" selected="">10<\/option>/);
    for (const size of [5, 10, 20, 25, 50, 100]) expect(html).toContain(`<option value="${size}"`);

    // Without JavaScript the Apply button is visible (it turns sr-only once hydrated).
    const [apply] = findTags(html, "button", 'type="submit"', `form="${formId}"`);
    expect(attr(apply, "class")).not.toContain("sr-only");
  });

  it("hides columns listed in `hidden` and offers toggles that keep the page", async () => {
    const html = await render(`${URL_STATE}&hidden=email`);
    expect(html).not.toContain("bob@example.test");
    expect(headerTexts(html)).toEqual(["Name, sorted ascending", "Role"]);
    expect(html).toContain("Alice Martin");

    const toggles = findTags(html, "button", 'name="hidden"');
    const byPressed = (pressed: string) => toggles.filter((tag) => attr(tag, "aria-pressed") === pressed);
    // "-" says "none hidden" (an empty value would drop out of the URL and bring the remembered choice back).
    expect(byPressed("false").map((tag) => attr(tag, "value"))).toEqual(["-"]);
    expect(byPressed("true").map((tag) => attr(tag, "value"))).toEqual(["email,name", "email,role"]);
    expect(findTags(html, "input", 'type="hidden"', 'name="page"', 'value="3"')).toHaveLength(1);
  });

  it("shows the empty message when there are no rows", async () => {
    const html = await render(
      "/users?search=nobody",
      usersPage({ data: [], total: 0, from: null, to: null, last_page: 1, current_page: 1 }),
    );
    expect(html).toMatch(/<td colSpan="3"[^>]*>No matching records found\.<\/td>/i);
    expect(html).toContain("Showing 0 to 0 of 0 entries");
    expect(html).not.toContain('aria-label="Pagination"');
  });

  it("puts the filters behind a Filters disclosure, drawn open with the number applied when a filter is in the URL", async () => {
    const filtered = await render(URL_STATE);
    const [open] = findTags(filtered, "details", 'data-slot="list-filters"');
    expect(attr(open, "open")).not.toBeNull();
    expect(filtered).toMatch(/<summary[^>]*>.*Filters.*active filters: 1.*<\/summary>/);
    const plain = await render("/users?page=3&search=bob");
    const [closed] = findTags(plain, "details", 'data-slot="list-filters"');
    expect(attr(closed, "open")).toBeNull();
    expect(plain).not.toContain("active filters");
    // The controls stay inside the list's GET form, so the disclosure works without JavaScript.
    expect(plain).toMatch(/<form[^>]*method="get"[^>]*><details[^>]*><summary/);
  });

  it("names each cell's column for the phone cards, and cuts a free-text column's string cells with their text as a tooltip", async () => {
    const truncated = columns.map((column) => (column.id === "email" ? { ...column, meta: { ...column.meta, truncate: true } } : column));
    const html = await renderAt("/users", () => (
      <DataTable label="Users" columns={truncated} page={usersPage()} getRowId={(row) => String(row.id)} />
    ));
    expect(findTags(html, "td", 'data-cell="primary"')).toHaveLength(2);
    expect(findTags(html, "td", 'data-label="Role"')).toHaveLength(2);
    const [email] = findTags(html, "span", 'data-slot="cell-text"');
    expect(attr(email, "title")).toBe("alice@example.test");
    expect(findTags(html, "th", "sm:max-w-0")).toHaveLength(1);
  });
});

describe("pageWindow", () => {
  it("keeps the first, last and neighbouring pages with gaps", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 6)).toEqual([1, 2, 3, 4, null, 6]);
    expect(pageWindow(10, 20)).toEqual([1, null, 9, 10, 11, null, 20]);
  });

  it("gives what walking every page gave, for any page, last page and radius", () => {
    const walked = (current: number, last: number, radius: number) => {
      const pages: (number | null)[] = [];
      for (let n = 1; n <= last; n++) {
        if (n === 1 || n === last || Math.abs(n - current) <= radius) pages.push(n);
        else if (pages[pages.length - 1] !== null) pages.push(null);
      }
      return pages;
    };
    for (let last = 0; last <= 12; last++)
      for (let current = -1; current <= last + 3; current++)
        for (const radius of [0, 1, 2])
          expect(pageWindow(current, last, radius), `${current} of ${last}, radius ${radius}`).toEqual(walked(current, last, radius));
  });

  it("stays short at a million rows (100,000 pages)", () => {
    expect(pageWindow(1, 100_000)).toEqual([1, 2, null, 100_000]);
    expect(pageWindow(50_000, 100_000)).toEqual([1, null, 49_999, 50_000, 50_001, null, 100_000]);
  });
});

describe("DataTable bulk refusal", () => {
  const refusal = {
    message: "Choose an organization to assign.",
    field: "organization_id",
    values: [
      ["scope", "selected"],
      ["ids", "22"],
      ["organization_id", ""],
      ["label", "Desk 4"],
    ] as [string, string][],
  };

  function renderBulk(withRefusal: typeof refusal | null) {
    return renderAt("/users", () => (
      <DataTable
        label="Users"
        columns={columns}
        page={usersPage()}
        getRowId={(row) => String(row.id)}
        bulk={{
          formId: "users-bulk",
          rowLabel: (row) => `Select ${row.name}`,
          refusal: withRefusal,
          actions: ({ fields }) => (
            <>
              <select
                name="organization_id"
                aria-label="Organization"
                defaultValue={fields.kept("organization_id") ?? ""}
                {...fields.invalid("organization_id")}
              >
                <option value="">Choose…</option>
                <option value="7">Maple</option>
              </select>
              <input name="label" aria-label="Label" defaultValue={fields.kept("label")} />
            </>
          ),
        }}
      />
    ));
  }

  it("draws a refused post again as it was sent: the ticked rows, the fields, the message by its control", async () => {
    const html = await renderBulk(refusal);
    const boxes = findTags(html, "input", 'name="ids"');
    expect(boxes.map((box) => [attr(box, "value"), attr(box, "checked") !== null])).toEqual([
      ["21", false],
      ["22", true],
    ]);
    expect(attr(findTags(html, "input", 'name="label"')[0], "value")).toBe("Desk 4");
    const [select] = findTags(html, "select", 'name="organization_id"');
    expect(attr(select, "aria-invalid")).toBe("true");
    expect(attr(select, "aria-describedby")).toBe("users-bulk-error");
    expect(html).toMatch(/<p id="users-bulk-error" role="alert"[^>]*>Choose an organization to assign\.<\/p>/);
    // The scope select is not the control named.
    expect(attr(findTags(html, "select", 'name="scope"')[0], "aria-invalid")).toBeNull();
  });

  it("names the scope when nothing was chosen, and keeps the scope posted", async () => {
    const html = await renderBulk({ message: "Tick at least one row.", field: "scope", values: [["scope", "page"]] });
    const [scope] = findTags(html, "select", 'name="scope"');
    expect(attr(scope, "aria-invalid")).toBe("true");
    expect(html).toMatch(/<option value="page" selected="">/);
    expect(attr(findTags(html, "select", 'name="organization_id"')[0], "aria-invalid")).toBeNull();
  });

  it("draws no message and nothing ticked without a refusal", async () => {
    const html = await renderBulk(null);
    expect(html).not.toContain('role="alert"');
    expect(findTags(html, "input", 'name="ids"', "checked")).toHaveLength(0);
    expect(attr(findTags(html, "select", 'name="organization_id"')[0], "aria-invalid")).toBeNull();
  });
});

describe("DataTable's plain anchors (decision 064)", () => {
  const withActions: ColumnDef<User>[] = [
    ...columns,
    {
      id: "number",
      cell: ({ row }) => <NumberLink label="+1 555 0100" id={row.original.id} className="font-medium" />,
      meta: { label: "Number" },
    },
    actionsColumn("Actions", (user) => <EditLink to={`/users/edit/${user.id}`} label={`Edit ${user.name}`} />),
  ];
  const decode = (value: string) =>
    value.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");

  /** The opening tag `<Link>` draws for an `<a>` tag's attributes, in their order, with its href as `to`. */
  async function asLink(url: string, tag: string) {
    const props: Record<string, string> = {};
    let to = "";
    for (const [, name, value] of tag.matchAll(/\s([\w:-]+)="([^"]*)"/g)) {
      if (name === "href") to = decode(value);
      else if (name !== "data-discover") props[name === "class" ? "className" : name] = decode(value);
    }
    const html = await renderAt(url, () => <Link to={to} {...props} />);
    return findTags(html, "a")[0];
  }

  it("draws the sort, page and row links <Link> would draw", async () => {
    const html = await renderAt(URL_STATE, () => (
      <DataTable label="Users" columns={withActions} page={usersPage()} getRowId={(row) => String(row.id)} />
    ));
    const anchors = findTags(html, "a").filter((tag) => !tag.includes("download"));
    // Two sortable headers, first/previous/next/last, pages 1–6 around 3 (with gaps), two rows' number and edit links.
    expect(anchors.length).toBeGreaterThanOrEqual(12);
    expect(anchors.filter((tag) => tag.includes("/users/edit/"))).toHaveLength(2);
    expect(anchors.filter((tag) => tag.includes("/tools/numbers/"))).toHaveLength(2);
    for (const tag of anchors) expect(tag).toBe(await asLink(URL_STATE, tag));
  });

  it.each([
    ["a row's edit link", "/users/edit/21", () => <EditLink to="/users/edit/21" label="Edit Alice Martin" />],
    ["a number's link", "/tools/numbers/21", () => <NumberLink label="+1 555 0100" id={21} className="font-medium" />],
  ])("draws %s outside a list as a <Link>, with the same HTML", async (_what, href, alone) => {
    const inList = findTags(
      await renderAt(URL_STATE, () => (
        <DataTable label="Users" columns={withActions} page={usersPage()} getRowId={(row) => String(row.id)} />
      )),
      "a",
      href,
    )[0];
    expect(inList).toContain('data-discover="true"');
    expect(findTags(await renderAt("/users", alone), "a")[0]).toBe(inList);
  });
});
