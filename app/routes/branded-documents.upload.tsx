import { documentAction } from "~/lib/documents/actions.server";
import { requirePermission, requireScreen } from "~/lib/sanctum/context.server";
import type { Route } from "./+types/branded-documents.upload";

/** The drag-and-drop uploader's endpoint: the screen's upload, answered as JSON (`UploadReply`). */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "branded-documents");
  requirePermission(context, "resources.manage");
  return documentAction(request, context, api, { json: true });
}
