import type { TFunction } from "i18next";
import { data, type RouterContextProvider } from "react-router";
import type { BulkConfirmation, BulkRefusal } from "~/components/ui/data-table";
import { listUrl } from "~/lib/admin/upstream.server";
import { getEnv } from "~/lib/cloudflare.server";
import { actionFailureText } from "~/lib/forms.server";
import type { Paginated } from "~/lib/list-params";
import { isRecordId } from "~/lib/record-id";
import type { SanctumClient } from "~/lib/sanctum/client.server";
import { redirectWithToast, type Toast } from "~/lib/toast.server";
import { translateError } from "~/lib/validation-message";
import { getInstance } from "~/middleware/i18next";

/** At most one page of ticked rows (the largest page size). */
const IDS_MAX = 100;

/** The list query keys that do not change which rows a filter selects. */
const NOT_FILTERS = ["page", "per_page", "sort", "direction", "hidden"];

/**
 * What the data table's selection form posted (decision 046): `scope=selected` the ticked `ids`, `scope=page`
 * every row of the page (`page_ids`), `scope=all` every row matching the list's filter (`filter`: the list's
 * query string, which the screen turns into its API query as its loader does). Null when nothing is selected.
 */
export function readBulkSelection(form: Pick<FormData, "get" | "getAll">): { ids: number[] } | { filter: URLSearchParams } | null {
  const scope = form.get("scope");
  if (scope === "all") {
    const filter = new URLSearchParams(String(form.get("filter") ?? ""));
    for (const key of NOT_FILTERS) filter.delete(key);
    return { filter };
  }
  const values = form.getAll(scope === "page" ? "page_ids" : "ids").map(String);
  const ids = [...new Set(values.filter(isRecordId).map(Number))].slice(0, IDS_MAX);
  return ids.length > 0 ? { ids } : null;
}

/** Fields of the selection form that only the table itself draws, never sent back with a refusal. */
const NOT_KEPT = new Set(["intent", "confirmed", "page_ids", "filter"]);

/**
 * Refuses a bulk post before any call (nothing ticked, a required choice missing): status 400, so React Router
 * does not reload the page and the selection stays; the table shows `message` next to the control `field` and,
 * without JavaScript, draws the scope, the ticked rows and the action's fields as they were posted.
 */
export function bulkRefused(form: FormData, field: string, message: string) {
  const values: [string, string][] = [];
  for (const [name, value] of form) if (!NOT_KEPT.has(name) && typeof value === "string") values.push([name, value]);
  return data<{ bulkRefusal: BulkRefusal }>({ bulkRefusal: { message, field, values } }, { status: 400 });
}

/** The backend's answer to a bulk action (docs/api.md, "Bulk actions"). */
export interface BulkResult {
  done: number;
  skipped: number;
  reasons: Record<string, number>;
  remaining: number;
}

export interface BulkActionOptions {
  /** The backend endpoint, e.g. `/api/phone-numbers/bulk`. */
  endpoint: string;
  /** The list endpoint, to count a filtered set for the confirmation. */
  listEndpoint: string;
  /** The backend's action name, e.g. `release`. */
  action: string;
  /** The action's own fields (a label, an organization). */
  params?: Record<string, unknown>;
  /** The list's query as the screen's loader builds it (filters it knows, the navbar's organization filter). */
  apiQuery: (filter: URLSearchParams) => Record<string, string>;
  /** Asks first (a destructive action): the confirm dialog with JavaScript, a confirmation in the page without. */
  confirm?: { message: (count: number, capped: boolean) => string; label: (count: number) => string };
  /** The toast's first words, e.g. "12 numbers released". */
  done: (count: number) => string;
  /** For the error log. */
  label: string;
}

/**
 * Runs a bulk action from a list's selection form: checks the selection (none: `bulkRefused`), asks for confirmation when the
 * action is destructive and the post did not say `confirmed=1`, calls the backend with the ticked ids or the
 * filter, and goes back to the same list with a toast counting what was done and skipped, by reason
 * ("12 numbers updated, 2 skipped: …"). Failures read through `actionFailureText` (decision 039).
 * The caller has checked the screen and the action's permission.
 */
export async function bulkAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  api: SanctumClient,
  form: FormData,
  options: BulkActionOptions,
): Promise<Response | ReturnType<typeof data<{ bulkConfirmation: BulkConfirmation }>> | ReturnType<typeof bulkRefused>> {
  const i18n = getInstance(context);
  const t = i18n.getFixedT(null, "ui");
  const secret = getEnv(context).SESSION_SECRET;
  const back = listUrl(request);
  const selection = readBulkSelection(form);
  if (!selection) return bulkRefused(form, "scope", t("bulk.noneSelected"));
  const filter = "filter" in selection ? apiFilter(options.apiQuery(selection.filter)) : null;

  try {
    if (options.confirm && form.get("confirmed") !== "1") {
      let count = "ids" in selection ? selection.ids.length : 0;
      let capped = false;
      if (filter) {
        const page = await api.call<Paginated<unknown>>(options.listEndpoint, { query: { ...filter, per_page: "5" } });
        count = page.total;
        capped = page.total_capped === true;
      }
      const fields: [string, string][] = [];
      for (const [name, value] of form) if (name !== "confirmed" && typeof value === "string") fields.push([name, value]);
      return data({
        bulkConfirmation: { message: options.confirm.message(count, capped), confirmLabel: options.confirm.label(count), fields },
      });
    }
    const result = await api.call<BulkResult>(options.endpoint, {
      method: "POST",
      json: { action: options.action, ...options.params, ...("ids" in selection ? { ids: selection.ids } : { filter }) },
    });
    return redirectWithToast(back, bulkToast(i18n.t, result, options.done(result.done)), secret);
  } catch (error) {
    const message = actionFailureText(i18n.t, error, options.label, t("bulk.failed"));
    return redirectWithToast(back, { type: "error", message }, secret);
  }
}

/** The list's API query as a filter: without paging and sort. */
function apiFilter(query: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter(([key]) => !NOT_FILTERS.includes(key)));
}

/**
 * "12 numbers updated, 2 skipped: not in service (2)", and "… 30 more match: run it again" when the backend
 * stopped at its per-request limit. Success when all was done, a warning when some rows were left, an error
 * when nothing was done.
 */
export function bulkToast(
  // biome-ignore lint/suspicious/noExplicitAny: the `t` of any namespace
  t: TFunction<any, any>,
  result: BulkResult,
  done: string,
): Toast {
  const parts = [done];
  const say = t as unknown as (key: string, options: Record<string, unknown>) => string;
  if (result.skipped > 0) {
    const reasons = Object.entries(result.reasons)
      .map(([reason, count]) => say("ui:bulk.reason", { reason: translateError(t, reason).replace(/[.。]$/, ""), count }))
      .join("; ");
    parts.push(say("ui:bulk.skipped", { count: result.skipped, reasons }));
  }
  if (result.remaining > 0) parts.push(say("ui:bulk.remaining", { count: result.remaining }));
  const type =
    result.done === 0 && (result.skipped > 0 || result.remaining > 0)
      ? "error"
      : result.skipped > 0 || result.remaining > 0
        ? "warning"
        : "success";
  return { type, message: parts.join(", ") };
}
