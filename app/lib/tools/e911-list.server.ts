import { type ListParams, toApiQuery } from "~/lib/list-params";
import { organizationFilter } from "~/lib/organization-filter.server";
import { isRecordId } from "~/lib/record-id";
import { E911_SORTS, E911_STATUSES, VALIDATION_STATUSES } from "~/lib/tools/e911-list";
import type { CurrentUser } from "~/lib/types";

/** The list's API query, for its loader and for the bulk address page's "all matching the filter". */
export function e911ApiQuery(list: ListParams, request: Request, user: CurrentUser) {
  const { e911_status, validation_status, coverage, organization_id } = list.filters;
  const filters = {
    e911_status: E911_STATUSES.includes(e911_status as never) ? e911_status : undefined,
    validation_status: VALIDATION_STATUSES.includes(validation_status as never) ? validation_status : undefined,
    coverage: coverage === "without" ? coverage : undefined,
    organization_id: user.is_provider && isRecordId(organization_id) ? organization_id : undefined,
  };
  const sort = list.sort && E911_SORTS.includes(list.sort) ? list.sort : null;
  const query = toApiQuery({ ...list, sort, filters: {} });
  if (filters.e911_status) query.set("e911_status", filters.e911_status);
  if (filters.validation_status) query.set("validation_status", filters.validation_status);
  if (filters.coverage) query.set("without_e911", "1");
  const scoped = filters.organization_id ?? organizationFilter(request, user);
  if (scoped) query.set("organization_id", String(scoped));
  return { query: Object.fromEntries(query), filters };
}
