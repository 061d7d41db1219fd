import { data, type RouterContextProvider } from "react-router";
import { getEnv } from "~/lib/cloudflare.server";
import { actionFailureText, readFormData } from "~/lib/forms.server";
import { isRecordId } from "~/lib/record-id";
import { type SanctumClient, UpstreamError } from "~/lib/sanctum/client.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getInstance } from "~/middleware/i18next";
import type { ScreenId } from "~/route-table";

type Context = Readonly<RouterContextProvider>;

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
  /** The body, when the action has already read it (a list with bulk actions too). */
  formData?: FormData;
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
  const form = options.formData ?? (await readFormData(request));
  const id = Number(form.get("id"));
  if (form.get("intent") !== "delete" || !Number.isInteger(id) || id <= 0) {
    return redirectWithToast(back, { type: "error", message: t("errors.invalidRequest") }, secret);
  }
  try {
    await api.call(options.endpoint(id), { method: "DELETE" });
    return redirectWithToast(back, { type: "success", message: t(options.deleted) }, secret);
  } catch (error) {
    return redirectWithToast(
      back,
      { type: "error", message: actionFailureText(i18n.t, error, `delete ${options.screen} ${id}`, t("errors.deleteFailed")) },
      secret,
    );
  }
}

/** The `:id` of an edit screen; anything but a positive integer is not found. */
export function recordId(id: string | undefined): string {
  if (!isRecordId(id)) throw data(null, { status: 404, statusText: "Not Found" });
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
