import type { Paginated } from "~/lib/list-params";
import type { SanctumClient } from "~/lib/sanctum/client.server";
import { can } from "~/lib/sanctum/context.server";
import type { CurrentUser } from "~/lib/types";
import type { OrganizationOption, Role } from "./types";

type RoleOption = Pick<Role, "id" | "name" | "scope">;

/** Options are an aid (filters, selects): a failure is logged and the control left out. */
function soft<T>(label: string) {
  return (error: unknown): T | null => {
    if (error instanceof Response) throw error;
    console.error(label, error);
    return null;
  };
}

/** `GET /api/organizations/options`: every organization for provider staff, their own for members. */
export function organizationOptions(api: SanctumClient): Promise<OrganizationOption[] | null> {
  return api.call<OrganizationOption[]>("/api/organizations/options").catch(soft<OrganizationOption[]>("organization options"));
}

/** `GET /api/roles/options`: the roles the caller may give to users (needs admin.users.create or update). */
export function assignableRoles(api: SanctumClient): Promise<RoleOption[] | null> {
  return api.call<RoleOption[]>("/api/roles/options").catch(soft<RoleOption[]>("role options"));
}

/** Roles for the users list's filter: every role for those who may read roles, else the assignable ones. */
export async function roleFilterOptions(api: SanctumClient, user: CurrentUser): Promise<RoleOption[] | null> {
  if (can(user, "admin.roles.read")) {
    const page = await api
      .call<Paginated<Role>>("/api/roles", { query: { per_page: 100, sort: "name", direction: "asc" } })
      .catch(soft<Paginated<Role>>("role filter"));
    return page ? page.data.map(({ id, name, scope }) => ({ id, name, scope })) : null;
  }
  if (can(user, "admin.users.create") || can(user, "admin.users.update")) return assignableRoles(api);
  return null;
}
