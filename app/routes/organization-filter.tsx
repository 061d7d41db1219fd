import { redirect } from "react-router";
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
  const user = getUser(context);
  const form = await readFormData(request);
  const back = stripPage(safeRedirectPath(form.get("redirectTo"), "/dashboard"));
  if (!user.is_provider) return redirect(back, 303);
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
