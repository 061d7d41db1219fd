import { data, redirect } from "react-router";
import type { NumberOrder } from "~/components/numbers/types";
import { wizardUrl } from "~/components/numbers/wizard";
import { loadRecord } from "~/lib/admin/upstream.server";
import type { SanctumClient } from "~/lib/sanctum/client.server";

/** The draft a wizard step works on; a placed order sends the step to its confirmation page. */
export async function loadDraft(api: SanctumClient, id: string | undefined): Promise<NumberOrder> {
  const order = await loadRecord<NumberOrder>(api, "/api/number-orders/:id", id);
  if (order.status !== "draft") throw redirect(wizardUrl.confirmed(order.id));
  return order;
}

/** A form error in the shape Conform-less wizard forms read (`{error}`), with the status of a refused post. */
export function stepError(message: string, status = 400) {
  return data({ error: message }, { status });
}
