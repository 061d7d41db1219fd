import type { OrganizationOption } from "~/components/admin/types";
import { organizationFilter } from "~/lib/organization-filter.server";
import type { CurrentUser } from "~/lib/types";

/**
 * The organization a create form preselects. Members: their own (they choose nothing). Provider staff: the
 * navbar's organization filter when set, or the only organization there is; otherwise none, and they choose.
 */
export function preselectedOrganization(
  request: Request,
  user: CurrentUser,
  organizations: OrganizationOption[] | null,
): number | undefined {
  if (!user.is_provider) return user.organization?.id;
  const filtered = organizationFilter(request, user);
  if (filtered) return filtered;
  return organizations?.length === 1 ? organizations[0]?.id : undefined;
}
