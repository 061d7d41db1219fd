import type { Submission } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import { getEnv } from "~/lib/cloudflare.server";
import { replyWithErrors, upstreamFieldErrors } from "~/lib/forms.server";
import type { SanctumClient } from "~/lib/sanctum/client.server";
import { UpstreamError } from "~/lib/sanctum/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { translateError } from "~/lib/validation-message";
import { getInstance } from "~/middleware/i18next";
import type { ScreenId } from "~/route-table";

type Context = Readonly<RouterContextProvider>;

/**
 * Field errors of a 422 answer for a Conform form: an item's error (`role_ids.0`) shown on its list and
 * errors about the whole body (`body`) on the form. Messages are keys the portal translates (`validation.*`,
 * and the refusal keys of the `users`, `roles` and `organizations` namespaces).
 */
export function formFieldErrors(errors: Record<string, string[]>): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const field = key === "body" ? "" : key.replace(/(\.\d+)+$/, "");
    const list = fields[field] ?? [];
    for (const message of messages) if (!list.includes(message)) list.push(message);
    fields[field] = list;
  }
  return fields;
}

/**
 * The list URL to return to after an action on a list row: the same page, filters and sort. With
 * JavaScript the post arrives as React Router's data request (`/users.data?…`): back to the page itself.
 */
export function listUrl(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  url.searchParams.delete("_routes");
  return url.pathname.replace(/\.data$/, "") + url.search;
}

export interface DeleteRowOptions {
  /** For the error log. */
  screen: ScreenId;
  /** The API path of the row, e.g. `(id) => \`/api/users/${id}\``. */
  endpoint: (id: number) => string;
  /** `admin` key of the success toast. */
  deleted: "users.deleted" | "organizations.deleted" | "roles.deleted";
}

/**
 * The action of a list screen's row delete (`intent=delete`, `id`), called after the action's guards
 * (screen key and delete key): back to the same list with a toast — the backend's refusal (409, 403,
 * 404) translated.
 */
export async function deleteRow(request: Request, context: Context, api: SanctumClient, options: DeleteRowOptions): Promise<Response> {
  const i18n = getInstance(context);
  const t = i18n.getFixedT(null, "admin");
  const secret = getEnv(context).SESSION_SECRET;
  const back = listUrl(request);
  const form = await request.formData();
  const id = Number(form.get("id"));
  if (form.get("intent") !== "delete" || !Number.isInteger(id) || id <= 0) {
    return redirectWithToast(back, { type: "error", message: t("errors.invalidRequest") }, secret);
  }
  try {
    await api.call(options.endpoint(id), { method: "DELETE" });
    return redirectWithToast(back, { type: "success", message: t(options.deleted) }, secret);
  } catch (error) {
    if (error instanceof Response) throw error;
    const message =
      error instanceof UpstreamError && error.body.message && error.status < 500
        ? translateError(i18n.t, error.body.message)
        : t("errors.deleteFailed");
    if (!(error instanceof UpstreamError) || error.status >= 500) console.error("delete", options.screen, id, error);
    return redirectWithToast(back, { type: "error", message }, secret);
  }
}

/**
 * A save the backend refused or could not do: its 422 field errors (and 403/404/409 refusals as form
 * errors) in place, the values as typed; anything else a generic "could not save". 401 redirects.
 */
// biome-ignore lint/suspicious/noExplicitAny: a submission of any schema
export function saveFailed(submission: Submission<any>, error: unknown, label: string) {
  const errors = upstreamFieldErrors(error);
  if (errors) {
    const status = error instanceof UpstreamError ? error.status : 422;
    return replyWithErrors(submission, formFieldErrors(errors), { status });
  }
  console.error(label, error);
  return replyWithErrors(submission, { "": ["admin.errors.saveFailed"] }, { status: 502 });
}

/** The `:id` of an edit screen; anything but a positive integer is not found. */
export function recordId(id: string | undefined): string {
  if (!id || !/^[1-9]\d{0,9}$/.test(id)) throw data(null, { status: 404, statusText: "Not Found" });
  return id;
}

/** Reads the record an edit screen works on; a record the caller cannot see is simply not found. */
export async function loadRecord<T>(api: SanctumClient, path: string, rawId: string | undefined): Promise<T> {
  const id = recordId(rawId);
  try {
    return await api.call<T>(path.replace(":id", id));
  } catch (error) {
    if (error instanceof UpstreamError && (error.status === 404 || error.status === 403)) {
      throw data(null, { status: 404, statusText: "Not Found" });
    }
    throw error;
  }
}
