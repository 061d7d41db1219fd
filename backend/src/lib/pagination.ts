import { z } from "@hono/zod-openapi";

export const PAGE_SIZES = [5, 10, 20, 25, 50, 100] as const;

/** The query every list accepts (Laravel paginator conventions); resources extend it with their filters. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce
    .number()
    .int()
    .refine((value) => (PAGE_SIZES as readonly number[]).includes(value), { message: "validation.in" })
    .default(10),
  search: z.string().max(200).optional(),
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
  });
}

/** Laravel's LengthAwarePaginator JSON for one page of rows. */
export function paginate<T>(rows: T[], total: number, page: number, perPage: number) {
  const from = rows.length > 0 ? (page - 1) * perPage + 1 : null;
  return {
    data: rows,
    current_page: page,
    per_page: perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    from,
    to: from === null ? null : from + rows.length - 1,
  };
}

/** LIKE pattern for a user's search text, with LIKE wildcards escaped (use with ESCAPE '\'). */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
