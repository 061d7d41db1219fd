import { redirect } from "react-router";
import { getEnv } from "~/lib/cloudflare.server";
import { actionFailureText, readFormData } from "~/lib/forms.server";
import { getClient, getSession, requirePermission } from "~/lib/sanctum/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/masquerade";

export function loader() {
  return redirect("/dashboard");
}

/**
 * Start ("Log in as", POST /api/users/masquerade/{id}) or end (GET /api/users/masquerade/end)
 * masquerading, with §8's four toasts. The session id rotates upstream, and the portal's `amp-session`
 * id rotates with it: the privileges behind the cookie changed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const t = getInstance(context).t;
  const secret = getEnv(context).SESSION_SECRET;
  const api = getClient(context);
  const session = getSession(context);
  if (form.get("intent") === "end") {
    try {
      await api.call("/api/users/masquerade/end");
      session.rotate();
      return redirectWithToast("/users", { type: "success", message: t("masquerade.ended") }, secret);
    } catch (error) {
      return redirectWithToast(
        "/dashboard",
        { type: "error", message: actionFailureText(t, error, "end masquerade", t("masquerade.endFailed"), { backendMessage: false }) },
        secret,
      );
    }
  }
  requirePermission(context, "admin.users.masquerade");
  const id = Number(form.get("userId"));
  if (!Number.isInteger(id) || id <= 0) return redirectWithToast("/users", { type: "error", message: t("masquerade.startFailed") }, secret);
  try {
    await api.call(`/api/users/masquerade/${id}`, { method: "POST" });
    session.rotate();
    return redirectWithToast("/dashboard", { type: "success", message: t("masquerade.started") }, secret);
  } catch (error) {
    return redirectWithToast(
      "/users",
      { type: "error", message: actionFailureText(t, error, "start masquerade", t("masquerade.startFailed"), { backendMessage: false }) },
      secret,
    );
  }
}
