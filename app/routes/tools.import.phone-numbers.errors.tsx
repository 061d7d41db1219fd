import { recordId } from "~/lib/admin/upstream.server";
import { proxiedFile } from "~/lib/proxied-file.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { Route } from "./+types/tools.import.phone-numbers.errors";

/**
 * An import's error report, fetched with the user's session (the backend answers 404 for another
 * organization's import) and streamed through as it is generated.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "number-import-step-2");
  const upstream = await api.raw(`/api/phone-number-imports/${recordId(params.id)}/errors`, { timeoutMs: 120_000 });
  return proxiedFile(upstream, request);
}
