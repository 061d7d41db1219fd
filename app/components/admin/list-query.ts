import { redirect } from "react-router";
import { validDay } from "~/components/logs/format";
import type { ListParams, Paginated } from "~/lib/list-params";
import { toApiQuery } from "~/lib/list-params";
import { isRecordId } from "~/lib/record-id";

export interface ListQueryOptions {
  /** Columns the endpoint sorts by (docs/api.md); any other `sort` is dropped. */
  sorts: readonly string[];
  /** Filters the endpoint knows, each with the values it accepts; anything else stays in the portal. */
  filters: Record<string, (value: string) => boolean>;
  /** The navbar's organization filter, applied unless the screen's own filter names one. */
  organizationId?: number | null;
}

/** The URL's filters the endpoint knows, with values it accepts (what the screen's filter controls show). */
export function knownFilters(list: ListParams, accepted: ListQueryOptions["filters"]): Record<string, string> {
  return Object.fromEntries(Object.entries(list.filters).filter(([key, value]) => accepted[key]?.(value) ?? false));
}

/** The query a list loader sends to the API: page, size, search, a known sort, known filters. */
export function listApiQuery(list: ListParams, options: ListQueryOptions): Record<string, string> {
  const filters = knownFilters(list, options.filters);
  const sort = list.sort && options.sorts.includes(list.sort) ? list.sort : null;
  const query = Object.fromEntries(toApiQuery({ ...list, sort, filters }));
  if (options.organizationId && !query.organization_id) query.organization_id = String(options.organizationId);
  return query;
}

/** Accepts a positive integer id. */
export const isId = (value: string) => isRecordId(value);

/** Accepts a calendar day, YYYY-MM-DD. */
export const isDay = (value: string) => validDay(value) !== null;

/** Accepts text of at most `length` characters. */
export const maxLength = (length: number) => (value: string) => value.length <= length;

/** Accepts one of `values`. */
export const oneOf =
  (values: readonly string[]) =>
  (value: string): boolean =>
    values.includes(value);

/** A page past the end (after a delete, or an old bookmark) goes to the last page that exists. */
export function redirectPastLastPage(request: Request, page: Paginated<unknown>): void {
  if (page.last_page >= 1 && page.current_page > page.last_page) {
    const url = new URL(request.url);
    url.searchParams.set("page", String(page.last_page));
    throw redirect(url.pathname + url.search);
  }
}
