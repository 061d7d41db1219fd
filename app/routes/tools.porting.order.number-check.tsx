import { recordId } from "~/lib/admin/upstream.server";
import { readFormData } from "~/lib/forms.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import { checkNumbers } from "~/lib/tools/porting-order.server";
import type { Route } from "./+types/tools.porting.order.number-check";

/**
 * The order form's check of its numbers as they are typed (with JavaScript), answered as JSON (`NumberCheck`, or
 * null when the backend has no check). A query, so not a router action of the form: a fetcher's action finishing
 * while the form's own submission loads completes that navigation with its own revalidation, dropping the
 * submission's answer (the errors) or its toast. Without JavaScript "Check numbers" posts to the form's action.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "porting-order-new");
  const formData = await readFormData(request);
  const order = formData.get("order_id");
  return Response.json(await checkNumbers(formData, api, order === null ? null : recordId(String(order))));
}
