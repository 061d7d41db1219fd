import { redirect } from "react-router";
import { getEnv } from "~/lib/cloudflare.server";
import { readFormData } from "~/lib/forms.server";
import { getClient, getSession } from "~/lib/sanctum/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/logout";

/** Signing out is a POST (a link could be triggered by another site); GET just goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  // Only the sign-out form posts here; any other body is refused like on every other action.
  await readFormData(request);
  const session = getSession(context);
  if (!session.isNew) {
    await getClient(context)
      .call("/logout", { method: "POST", on401: "throw" })
      .catch((error: unknown) => console.error("logout", error));
  }
  session.destroy();
  const t = getInstance(context).t;
  return redirectWithToast("/login", { type: "success", message: t("auth:signedOut") }, getEnv(context).SESSION_SECRET);
}
