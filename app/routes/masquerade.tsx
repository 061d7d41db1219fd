import { redirect } from "react-router";
import { getEnv } from "~/lib/cloudflare.server";
import { getClient, getSession, requirePermission } from "~/lib/sanctum/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/masquerade";

export function loader() {
  return redirect("/dashboard");
}

/**
 * Start ("Log in as", POST /api/users/masquerade/{id}) or end (GET /api/users/masquerade/end)
 * masquerading, with §8's four toasts. The session id rotates upstream, so the jar is saved.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const t = getInstance(context).t;
  const secret = getEnv(context).SESSION_SECRET;
  const api = getClient(context);
  const session = getSession(context);
  if (form.get("intent") === "end") {
    try {
      await api.call("/api/users/masquerade/end", { on401: "throw" });
      session.markChanged();
      return redirectWithToast("/users", { type: "success", message: t("masquerade.ended") }, secret);
    } catch (error) {
      if (error instanceof Response) throw error;
      return redirectWithToast("/dashboard", { type: "error", message: t("masquerade.endFailed") }, secret);
    }
  }
  requirePermission(context, "admin.users.masquerade");
  const id = Number(form.get("userId"));
  try {
    if (!Number.isInteger(id) || id <= 0) throw new Error("invalid user id");
    await api.call(`/api/users/masquerade/${id}`, { method: "POST", on401: "throw" });
    session.markChanged();
    return redirectWithToast("/dashboard", { type: "success", message: t("masquerade.started") }, secret);
  } catch (error) {
    if (error instanceof Response) throw error;
    return redirectWithToast("/users", { type: "error", message: t("masquerade.startFailed") }, secret);
  }
}
