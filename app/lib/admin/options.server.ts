import type { OrganizationOption, Role } from "~/components/admin/types";
import type { Paginated } from "~/lib/list-params";
import { optionalCall, type SanctumClient } from "~/lib/sanctum/client.server";
import { can } from "~/lib/sanctum/context.server";
import { sessionMemo } from "~/lib/sanctum/known-users.server";
import type { CurrentUser } from "~/lib/types";

type RoleOption = Pick<Role, "id" | "name" | "scope">;

/**
 * How long a session keeps its organization and role options: another administrator's new organization or role
 * shows within it.
 */
const OPTIONS_TTL_MS = 30_000;

/**
 * `GET /api/organizations/options`: every organization for provider staff, their own for members. The navbar
 * of every provider page shows them, so the session keeps them for a while (sessionMemo); the session's own
 * changes (any form post) are seen at once.
 */
export function organizationOptions(api: SanctumClient): Promise<OrganizationOption[] | null> {
  return sessionMemo(api.sessionId, "organization-options", OPTIONS_TTL_MS, () =>
    optionalCall("organization options", api.call<OrganizationOption[]>("/api/organizations/options"), null),
  );
}

/** `GET /api/roles/options`: the roles the caller may give to users (needs admin.users.create or update). */
export function assignableRoles(api: SanctumClient): Promise<RoleOption[] | null> {
  return optionalCall("role options", api.call<RoleOption[]>("/api/roles/options"), null);
}

/**
 * Roles for the users list's filter: every role for those who may read roles, else the assignable ones. The list is
 * drawn again on every page and sort of /users, so the session keeps the roles as it keeps the organizations.
 */
export async function roleFilterOptions(api: SanctumClient, user: CurrentUser): Promise<RoleOption[] | null> {
  if (can(user, "admin.roles.read")) {
    return sessionMemo(api.sessionId, "role-filter-options", OPTIONS_TTL_MS, async () => {
      const page = await optionalCall(
        "role filter",
        api.call<Paginated<Role>>("/api/roles", { query: { per_page: 100, sort: "name", direction: "asc" } }),
        null,
      );
      return page ? page.data.map(({ id, name, scope }) => ({ id, name, scope })) : null;
    });
  }
  if (can(user, "admin.users.create") || can(user, "admin.users.update")) return assignableRoles(api);
  return null;
}
