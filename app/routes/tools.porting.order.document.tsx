import { recordId } from "~/lib/admin/upstream.server";
import { proxiedFile } from "~/lib/proxied-file.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { Route } from "./+types/tools.porting.order.document";

/**
 * An order's LOA or bill, fetched with the user's session (the backend checks the permission and the
 * organization: another organization's order is 404) and streamed through as an attachment.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "porting-order");
  const upstream = await api.raw(`/api/porting/orders/${recordId(params.id)}/documents/${recordId(params.document)}`);
  return proxiedFile(upstream, request);
}
