import { z } from "@hono/zod-openapi";

export const PAGE_SIZES = [5, 10, 20, 25, 50, 100] as const;

/**
 * D1 refuses LIKE patterns longer than 50 bytes (SQLITE_MAX_LIKE_PATTERN_LENGTH) with an error, so the
 * escaped search text plus the two `%` must fit: 48 bytes of UTF-8 — 48 ASCII characters, fewer when they
 * are multibyte or LIKE wildcards (which the escaping doubles).
 */
export const SEARCH_MAX_BYTES = 48;

/** The query every list accepts (Laravel paginator conventions); resources extend it with their filters. */
export const listQuerySchema = z.object({
  // At most 9 digits, as the portal reads it: `page=1e30` is a 422, not an offset SQLite cannot hold (a 500).
  page: z.coerce.number().int().min(1).max(999_999_999).default(1),
  per_page: z.coerce
    .number()
    .int()
    .refine((value) => (PAGE_SIZES as readonly number[]).includes(value), { message: "validation.in" })
    .default(10),
  search: z
    .string()
    .refine((value) => escapedSearchBytes(value) <= SEARCH_MAX_BYTES, {
      message: `validation.too_long|${JSON.stringify({ max: SEARCH_MAX_BYTES })}`,
    })
    .optional(),
  direction: z.enum(["asc", "desc"]).default("desc"),
  organization_id: z.coerce.number().int().positive().optional(),
});

export type ListQuery = z.infer<typeof listQuerySchema>;

export function paginatorSchema<T extends z.ZodType>(row: T) {
  return z.object({
    data: z.array(row),
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
    /** Present when `total` is a cap and more rows match ("10,000+"): the pager offers "next" past it. */
    total_capped: z.boolean().optional(),
  });
}

/**
 * Laravel's LengthAwarePaginator JSON for one page of rows. With `capped`, `total` is a lower bound: the last
 * page is then the one after this full page (or this one when it is not full), so the pager goes on past the cap.
 */
export function paginate<T>(rows: T[], total: number, page: number, perPage: number, options: { capped?: boolean } = {}) {
  const from = rows.length > 0 ? (page - 1) * perPage + 1 : null;
  const counted = Math.max(1, Math.ceil(total / perPage));
  const lastPage = !options.capped ? counted : rows.length < perPage ? page : Math.max(counted, page + 1);
  return {
    data: rows,
    current_page: page,
    per_page: perPage,
    total,
    last_page: lastPage,
    from,
    to: from === null ? null : from + rows.length - 1,
    ...(options.capped ? { total_capped: true as const } : {}),
  };
}

function escapeLike(search: string): string {
  return search.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** UTF-8 bytes of the search text once escaped for LIKE: what counts against D1's pattern limit. */
export function escapedSearchBytes(search: string): number {
  return new TextEncoder().encode(escapeLike(search)).length;
}

/** LIKE pattern for a user's search text, with LIKE wildcards escaped (use with ESCAPE '\'). */
export function likePattern(search: string): string {
  return `%${escapeLike(search)}%`;
}
