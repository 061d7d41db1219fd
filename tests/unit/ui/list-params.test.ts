import { describe, expect, it } from "vitest";
import {
  boundSearch,
  compactListQuery,
  DEFAULT_PER_PAGE,
  flattenPagination,
  PAGE_SIZES,
  parseListParams,
  toApiQuery,
  withListParams,
} from "~/lib/list-params";

const parse = (query: string) => parseListParams(new URL(`https://amp.test/users${query}`));

describe("parseListParams", () => {
  it("returns the defaults for an empty query", () => {
    expect(parse("")).toEqual({
      page: 1,
      per_page: 10,
      search: "",
      sort: null,
      direction: "asc",
      hidden: [],
      filters: {},
    });
    expect(DEFAULT_PER_PAGE).toBe(10);
    expect(PAGE_SIZES).toEqual([5, 10, 20, 25, 50, 100]);
  });

  it("accepts every allowed page size and falls back to 10 otherwise", () => {
    for (const size of PAGE_SIZES) expect(parse(`?per_page=${size}`).per_page).toBe(size);
    for (const bad of ["7", "1000", "0", "-5", "abc", "10.5", ""]) expect(parse(`?per_page=${bad}`).per_page).toBe(10);
  });

  it("clamps invalid page numbers to 1", () => {
    expect(parse("?page=3").page).toBe(3);
    for (const bad of ["-2", "0", "x", "1e3", "2.5", ""]) expect(parse(`?page=${bad}`).page).toBe(1);
  });

  it("whitelists the sort direction and sanitises the sort column", () => {
    expect(parse("?sort=name&direction=desc")).toMatchObject({ sort: "name", direction: "desc" });
    expect(parse("?sort=name&direction=DESC").direction).toBe("desc");
    expect(parse("?sort=name&direction=sideways").direction).toBe("asc");
    expect(parse("?sort=name;drop table").sort).toBeNull();
    expect(parse("?sort=").sort).toBeNull();
  });

  it("trims the search, splits hidden columns and passes other parameters through as filters", () => {
    const list = parse("?search=%20alice%20&hidden=email,,phone,email,bad%20id&status=active&role=&status=old");
    expect(list.search).toBe("alice");
    expect(list.hidden).toEqual(["email", "phone"]);
    // First value wins; empty filters are dropped.
    expect(list.filters).toEqual({ status: "active" });
    expect(parse("?status=&status=old").filters).toEqual({});
  });

  it("builds the API query without the portal-only hidden list", () => {
    const query = toApiQuery(parse("?page=2&per_page=25&search=bob&sort=email&direction=desc&hidden=phone&status=active"));
    expect(Object.fromEntries(query)).toEqual({
      page: "2",
      per_page: "25",
      search: "bob",
      sort: "email",
      direction: "desc",
      status: "active",
    });
  });
});

describe("withListParams", () => {
  const current = new URLSearchParams("page=3&per_page=25&search=bob&sort=name&direction=asc&status=active");

  it("changes the page and keeps everything else", () => {
    expect(Object.fromEntries(new URLSearchParams(withListParams(current, { page: 4 })))).toEqual({
      page: "4",
      per_page: "25",
      search: "bob",
      sort: "name",
      direction: "asc",
      status: "active",
    });
  });

  it("drops page=1 from the URL", () => {
    expect(new URLSearchParams(withListParams(current, { page: 1 })).has("page")).toBe(false);
  });

  it("resets to page 1 when sort, search, page size or a filter changes", () => {
    const changes: Record<string, string | number>[] = [
      { sort: "email" },
      { direction: "desc" },
      { search: "x" },
      { per_page: 50 },
      { status: "old" },
    ];
    for (const change of changes) {
      const next = new URLSearchParams(withListParams(current, change));
      expect(next.has("page")).toBe(false);
    }
  });

  it("keeps the page when only column visibility changes, and deletes null values", () => {
    const next = new URLSearchParams(withListParams(current, { hidden: "email", search: null }));
    expect(next.get("hidden")).toBe("email");
    expect(next.has("search")).toBe(false);
    expect(withListParams(new URLSearchParams("page=2"), { page: null })).toBe("");
  });
});

describe("compactListQuery", () => {
  it("keeps the first value of each key, trims the search and drops empty values", () => {
    const query = compactListQuery([
      ["status", ""],
      ["search", "  bob "],
      ["per_page", "25"],
      ["status", "active"],
      ["sort", "name"],
      ["per_page", "10"],
    ]);
    expect(query.toString()).toBe("search=bob&per_page=25&sort=name");
  });
});

describe("boundSearch", () => {
  const weight = (value: string) =>
    [...value].reduce((sum, character) => sum + new TextEncoder().encode(character).length * ("\\%_".includes(character) ? 2 : 1), 0);

  it("keeps a search that fits and cuts a longer one to the backend's 48-byte limit", () => {
    expect(boundSearch("  smith ")).toBe("smith");
    expect(boundSearch("a".repeat(200))).toBe("a".repeat(48));
    expect(boundSearch("%".repeat(30))).toBe("%".repeat(24));
  });

  it("cuts multibyte text at a character boundary, never over the limit", () => {
    for (const sample of ["é".repeat(40), "日本語".repeat(20), "😀".repeat(20), `a_${"ب".repeat(40)}`]) {
      const bounded = boundSearch(sample);
      expect(weight(bounded)).toBeLessThanOrEqual(48);
      expect(sample.startsWith(bounded)).toBe(true);
      expect(bounded).not.toContain("\uFFFD");
    }
    expect(boundSearch("😀".repeat(20))).toBe("😀".repeat(12));
  });

  it("is what parseListParams gives as the search", () => {
    expect(parseListParams(new URLSearchParams({ search: "x".repeat(300) })).search).toHaveLength(48);
  });
});

describe("flattenPagination (Laravel's two paginated shapes, issue 26.2)", () => {
  const flat = { data: [{ id: 1 }], current_page: 2, per_page: 10, total: 11, last_page: 2, from: 11, to: 11 };

  it("reads an API Resource collection ({data, links, meta}) as the plain paginator", () => {
    const resource = {
      data: [{ id: 1 }],
      links: { first: "http://api.test/api/users?page=1", last: "http://api.test/api/users?page=2", prev: null, next: null },
      meta: { current_page: 2, from: 11, last_page: 2, links: [], path: "http://api.test/api/users", per_page: 10, to: 11, total: 11 },
    };
    expect(flattenPagination(resource)).toEqual(flat);
  });

  it("leaves the plain paginator, a bare list and other answers as they are", () => {
    expect(flattenPagination(flat)).toBe(flat);
    const list = [{ id: 1 }];
    expect(flattenPagination(list)).toBe(list);
    const notAPage = { data: [1], meta: { version: "1" } };
    expect(flattenPagination(notAPage)).toBe(notAPage);
    const record = { id: 3, meta: { current_page: 1, total: 2 } };
    expect(flattenPagination(record)).toBe(record);
    expect(flattenPagination(null)).toBeNull();
  });

  it("derives last_page when a resource's meta leaves it out", () => {
    const answer = flattenPagination({ data: [], meta: { current_page: 1, per_page: 25, total: 51, from: null, to: null } });
    expect(answer).toMatchObject({ last_page: 3, total: 51, per_page: 25 });
  });
});
