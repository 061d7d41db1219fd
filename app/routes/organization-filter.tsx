import { data, redirect } from "react-router";
import { readFormData } from "~/lib/forms.server";
import { organizationFilterCookie } from "~/lib/organization-filter.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { getUser } from "~/lib/sanctum/context.server";
import type { Route } from "./+types/organization-filter";

export function loader() {
  return redirect("/dashboard");
}

/** Sets (or clears) the organization filter for this browser session; provider staff only. */
export async function action({ request, context }: Route.ActionArgs) {
  // Only provider staff filter by organization; anyone else gets the not-authorized page.
  if (!getUser(context).is_provider) throw data({ permission: null }, { status: 401, statusText: "Not authorized" });
  const form = await readFormData(request);
  const back = stripPage(safeRedirectPath(form.get("redirectTo"), "/dashboard"));
  const id = Number(form.get("organization_id"));
  const secure = new URL(request.url).protocol === "https:";
  return redirect(back, {
    status: 303,
    headers: { "Set-Cookie": organizationFilterCookie(Number.isInteger(id) && id > 0 ? id : null, secure) },
  });
}

/** A list's page number means nothing under another filter. */
function stripPage(path: string): string {
  const url = new URL(path, "http://amp.invalid");
  url.searchParams.delete("page");
  return url.pathname + url.search;
}
