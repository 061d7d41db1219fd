/**
 * URL conventions shared by every list screen (server loaders and the DataTable component).
 *
 * `?page=2&per_page=25&search=foo&sort=name&direction=desc&hidden=email,phone&status=active`
 *
 * - `page`: 1-based page number (default 1).
 * - `per_page`: one of PAGE_SIZES (default 10; anything else falls back to 10).
 * - `search`: free text, trimmed (omitted when empty).
 * - `sort` / `direction`: column id and `asc` | `desc` (default `asc` when a sort is given).
 * - `hidden`: comma-separated ids of hidden columns (presentation only, never sent to the API).
 * - anything else: screen filters, passed through untouched.
 */

export const PAGE_SIZES = [5, 10, 20, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PER_PAGE: PageSize = 10;

export type SortDirection = "asc" | "desc";

/** The query parameters the list machinery owns; every other parameter is a screen filter. */
export const LIST_PARAM_KEYS = ["page", "per_page", "search", "sort", "direction", "hidden"] as const;

export interface ListParams {
  page: number;
  per_page: PageSize;
  search: string;
  sort: string | null;
  direction: SortDirection;
  hidden: string[];
  filters: Record<string, string>;
}

/** Laravel length-aware paginator, as returned by every list endpoint. */
export interface Paginated<T> {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  from: number | null;
  to: number | null;
  /** Set when `total` is the backend's count cap and more rows match: shown as "10,000+", paged with "next". */
  total_capped?: boolean;
}

const PAGINATOR_FIELDS = ["current_page", "per_page", "total", "last_page", "from", "to", "total_capped"] as const;

/**
 * Laravel answers a paginated list in two shapes: the paginator itself (`$query->paginate()`: `{data,
 * current_page, per_page, total, last_page, from, to, …links}`), or wrapped by an API Resource
 * (`XResource::collection($query->paginate())`: `{data, links: {first, last, prev, next}, meta:
 * {current_page, per_page, total, last_page, from, to, path, links}}`). Every list screen reads the first:
 * the Sanctum client passes each answer through this, which lifts `meta`'s counts to the top and leaves
 * any other answer untouched (docs/api.md, "Lists").
 */
export function flattenPagination<T>(answer: T): T {
  if (!answer || typeof answer !== "object" || Array.isArray(answer)) return answer;
  // The resource's `links` ({first, last, prev, next}) is not the paginator's `links` list: the portal reads neither.
  const { data, meta, links: _links, ...rest } = answer as Record<string, unknown>;
  if (!Array.isArray(data) || !meta || typeof meta !== "object" || Array.isArray(meta)) return answer;
  const counts = meta as Record<string, unknown>;
  if (typeof counts.current_page !== "number" || typeof counts.total !== "number") return answer;
  const flat: Record<string, unknown> = { ...rest, data };
  for (const field of PAGINATOR_FIELDS) if (field in counts) flat[field] = counts[field];
  if (typeof flat.last_page !== "number") {
    const perPage = typeof counts.per_page === "number" && counts.per_page > 0 ? counts.per_page : data.length || 1;
    flat.last_page = Math.max(1, Math.ceil(counts.total / perPage));
  }
  return flat as T;
}

const SORT_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

function isPageSize(value: number): value is PageSize {
  return (PAGE_SIZES as readonly number[]).includes(value);
}

function parsePositiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  const parsed = Number.parseInt(value, 10);
  return parsed >= 1 ? parsed : null;
}

/** Reads and sanitises the list state of a URL (usable in loaders and components). */
export function parseListParams(input: URL | URLSearchParams): ListParams {
  const params = input instanceof URL ? input.searchParams : input;

  const perPage = parsePositiveInt(params.get("per_page"));
  const sort = params.get("sort")?.trim() ?? "";
  const direction = params.get("direction")?.trim().toLowerCase();
  const hidden = (params.get("hidden") ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter((id, index, all) => id !== "" && SORT_PATTERN.test(id) && all.indexOf(id) === index);

  // The first occurrence of a parameter wins (a filter control precedes the hidden copy of its old value).
  const filters: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [key, value] of params) {
    if ((LIST_PARAM_KEYS as readonly string[]).includes(key) || seen.has(key)) continue;
    seen.add(key);
    const trimmed = value.trim();
    if (trimmed !== "") filters[key] = trimmed;
  }

  return {
    page: parsePositiveInt(params.get("page")) ?? 1,
    per_page: perPage !== null && isPageSize(perPage) ? perPage : DEFAULT_PER_PAGE,
    search: boundSearch(params.get("search") ?? ""),
    sort: SORT_PATTERN.test(sort) ? sort : null,
    direction: direction === "desc" ? "desc" : "asc",
    hidden,
    filters,
  };
}

/**
 * Query parameters to forward to a list endpoint of the API: page, per_page, search, sort,
 * direction and the filters; `hidden` stays in the portal.
 */
export function toApiQuery(list: ListParams): URLSearchParams {
  const query = new URLSearchParams({ page: String(list.page), per_page: String(list.per_page) });
  if (list.search) query.set("search", list.search);
  if (list.sort) {
    query.set("sort", list.sort);
    query.set("direction", list.direction);
  }
  for (const [key, value] of Object.entries(list.filters)) query.set(key, value);
  return query;
}

/**
 * Returns `?query` for the current params with `changes` applied (`null` deletes a key).
 * Changing search, sort, direction or per_page, or any filter, drops `page` (back to page 1).
 */
export function withListParams(current: URLSearchParams, changes: Record<string, string | number | null>): string {
  const next = new URLSearchParams(current);
  let resetPage = false;
  for (const [key, value] of Object.entries(changes)) {
    if (key !== "page" && key !== "hidden") resetPage = true;
    if (value === null || value === "") next.delete(key);
    else next.set(key, String(value));
  }
  if (resetPage) next.delete("page");
  if (next.get("page") === "1") next.delete("page");
  const query = next.toString();
  return query ? `?${query}` : "";
}

/**
 * Turns a submitted list form into a tidy query: the first value of each key wins (a filter control
 * precedes the hidden copy of its previous value) and empty values are dropped.
 */
export function compactListQuery(entries: Iterable<[string, FormDataEntryValue]>): URLSearchParams {
  const query = new URLSearchParams();
  const seen = new Set<string>();
  for (const [key, value] of entries) {
    if (typeof value !== "string" || seen.has(key)) continue;
    seen.add(key);
    if (value.trim() !== "") query.set(key, key === "search" ? value.trim() : value);
  }
  return query;
}

/**
 * The most a search may weigh: the bundled backend refuses (422) a search over 48 bytes of UTF-8 once
 * `\`, `%` and `_` are doubled (D1's LIKE pattern limit). The search box stops at 48 characters; a
 * longer search typed into the URL is cut here, at a character boundary, so a list never fails on it.
 */
export const SEARCH_MAX_BYTES = 48;

export function boundSearch(raw: string): string {
  const encoder = new TextEncoder();
  let bytes = 0;
  let kept = "";
  for (const character of raw.trim()) {
    const weight = encoder.encode(character).length * ("\\%_".includes(character) ? 2 : 1);
    if (bytes + weight > SEARCH_MAX_BYTES) break;
    bytes += weight;
    kept += character;
  }
  return kept.trim();
}
