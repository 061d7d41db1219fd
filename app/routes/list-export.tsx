import { data } from "react-router";
import { isDay, isId, listApiQuery, maxLength, oneOf } from "~/components/admin/list-query";
import { NUMBER_ORDER_STATUSES, PHONE_NUMBER_STATUSES } from "~/components/numbers/types";
import { PORTING_ORDER_STATUSES } from "~/components/tools/porting-order";
import { TTS_LANGUAGES, TTS_STATUSES } from "~/components/tools/tts";
import { parseListParams } from "~/lib/list-params";
import { organizationFilter } from "~/lib/organization-filter.server";
import { proxiedFile } from "~/lib/proxied-file.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { ScreenId } from "~/route-table";
import type { Route } from "./+types/list-export";

/**
 * CSV exports of the lists (issue 25, decision 045): `/exports/<list>?<the list's search and filters>`. The
 * list's own screen key guards it, the backend selects the rows with the same filters and scope as the list,
 * and its stream passes through as it is written (a million rows never sit in the portal).
 */
interface ListExport {
  screen: ScreenId;
  endpoint: string;
  /** The list's URL filters the endpoint knows, with the values it accepts. */
  filters: Record<string, (value: string) => boolean>;
  /** A URL filter the API names differently (the E911 list's `coverage=without` is `without_e911=1`). */
  rename?: (query: Record<string, string>) => void;
}

const EXPORTS: Record<string, ListExport> = {
  numbers: {
    screen: "numbers",
    endpoint: "/api/phone-numbers/export",
    filters: {
      status: oneOf(PHONE_NUMBER_STATUSES),
      type: oneOf(["local", "toll_free", "mobile"]),
      organization_id: isId,
      e911: oneOf(["missing"]),
      import: isId,
    },
  },
  users: {
    screen: "users",
    endpoint: "/api/users/export",
    filters: { status: oneOf(["active", "disabled"]), role_id: isId, organization_id: isId },
  },
  organizations: {
    screen: "organizations",
    endpoint: "/api/organizations/export",
    filters: { status: oneOf(["active", "suspended"]), type: oneOf(["provider", "business", "residential"]) },
  },
  "mail-log": {
    screen: "mail-log",
    endpoint: "/api/mail-log/export",
    filters: {
      status: oneOf(["queued", "sent", "failed", "not_sent"]),
      template: maxLength(100),
      organization_id: isId,
      from: isDay,
      to: isDay,
    },
  },
  "activity-log": {
    screen: "activity-log",
    endpoint: "/api/activity-log/export",
    filters: { actor_id: isId, action: maxLength(100), subject_type: maxLength(100), organization_id: isId, from: isDay, to: isDay },
  },
  e911: {
    screen: "e911",
    endpoint: "/api/e911/export",
    filters: {
      e911_status: oneOf(["pending", "provisioned", "failed", "removed"]),
      validation_status: oneOf(["unvalidated", "valid", "invalid", "suggested"]),
      coverage: oneOf(["without"]),
      organization_id: isId,
    },
    rename: (query) => {
      if (query.coverage) query.without_e911 = "1";
      delete query.coverage;
    },
  },
  tts: {
    screen: "tts",
    endpoint: "/api/tts/export",
    filters: { language: oneOf(TTS_LANGUAGES), status: oneOf(TTS_STATUSES), organization_id: isId },
  },
  "porting-orders": {
    screen: "porting-orders",
    endpoint: "/api/porting/orders/export",
    filters: { status: oneOf(PORTING_ORDER_STATUSES), organization_id: isId },
  },
  orders: {
    screen: "number-orders",
    endpoint: "/api/number-orders/export",
    filters: { status: oneOf(NUMBER_ORDER_STATUSES), organization_id: isId, from: isDay, to: isDay },
  },
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const entry = EXPORTS[params.list];
  if (!entry) throw data(null, { status: 404, statusText: "Not Found" });
  const { user, api } = requireScreen(context, entry.screen);
  const list = parseListParams(new URL(request.url));
  const query = listApiQuery(list, { sorts: [], filters: entry.filters, organizationId: organizationFilter(request, user) });
  delete query.page;
  delete query.per_page;
  entry.rename?.(query);
  // Only the first bytes are awaited: the rows stream for as long as they take.
  const upstream = await api.raw(entry.endpoint, { query, timeoutMs: 120_000 });
  return proxiedFile(upstream, request);
}
