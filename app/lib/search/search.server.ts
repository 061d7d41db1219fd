import type { TFunction } from "i18next";
import { buildNavigation } from "~/lib/navigation.server";
import { organizationFilter } from "~/lib/organization-filter.server";
import { getPublicSettings } from "~/lib/public-settings.server";
import type { SanctumClient } from "~/lib/sanctum/client.server";
import { can, offers, optionalCall } from "~/lib/sanctum/context.server";
import type { CurrentUser } from "~/lib/types";
import type { RecordHits, ScreenHit } from "./search";
import { SEARCH_MAX_LENGTH } from "./search";

/** `GET /api/search`'s answer (backend/src/routes/search.ts). */
interface SearchAnswer {
  numbers: {
    id: number;
    e164: string;
    label: string | null;
    city: string | null;
    state: string | null;
    organization_name: string | null;
  }[];
  users: { id: number; name: string; email: string; organization_name: string }[];
  organizations: { id: number; name: string; account_number: string }[];
  orders: { id: number; label: string | null; organization_name: string }[];
}

/** The screens of the user's menu (never an external link), labels translated. */
export async function searchableScreens(
  context: Parameters<typeof getPublicSettings>[0],
  user: CurrentUser,
  t: TFunction<"nav">,
): Promise<ScreenHit[]> {
  const navigation = buildNavigation(user, await getPublicSettings(context));
  return navigation.flatMap((group) =>
    group.items.filter((item) => !item.external).map((item) => ({ id: item.id, href: item.href, label: t(item.label as "dashboard") })),
  );
}

/**
 * Numbers, users, organizations and orders matching `query`, each with the link this user may follow: a record's
 * edit screen when they may change it, else its list filtered on it. Null when the backend cannot search
 * (a backend without `GET /api/search`, or down): the screens still can be.
 */
export async function searchRecords(
  request: Request,
  api: SanctumClient,
  user: CurrentUser,
  query: string,
  limit: number,
): Promise<RecordHits | null> {
  const organizationId = organizationFilter(request, user);
  const answer = await optionalCall(
    "search",
    api.call<SearchAnswer>("/api/search", {
      query: { q: query, limit, organization_id: organizationId },
    }),
    null,
  );
  if (!answer) return null;
  const numbers = offers(user, "phone-numbers");
  return {
    numbers:
      numbers && can(user, "tools.phone_numbers.read") ? answer.numbers.map((row) => ({ ...row, href: `/tools/numbers/${row.id}` })) : [],
    users: can(user, "admin.users.read")
      ? answer.users.map((row) => ({
          ...row,
          href: can(user, "admin.users.update") ? `/users/edit/${row.id}` : `/users?search=${encodeURIComponent(row.email)}`,
        }))
      : [],
    organizations: can(user, "admin.organizations.read")
      ? answer.organizations.map((row) => ({
          ...row,
          href: can(user, "admin.organizations.update")
            ? `/organizations/edit/${row.id}`
            : `/organizations?search=${encodeURIComponent(row.account_number)}`,
        }))
      : [],
    orders:
      numbers && can(user, "tools.phone_numbers.order")
        ? answer.orders.map((row) => ({
            id: row.id,
            label: row.label,
            organization_name: row.organization_name,
            href: `/tools/orders/${row.id}`,
          }))
        : [],
  };
}

/** The `q` parameter, trimmed and cut to what the backend takes. */
export function searchQuery(request: Request): string {
  return (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH);
}
