import type { Submission } from "@conform-to/react";
import { data, redirect } from "react-router";
import type { NumberOrder } from "~/components/numbers/types";
import { wizardUrl } from "~/components/numbers/wizard";
import { loadRecord, saveFailed } from "~/lib/admin/upstream.server";
import { replyWithErrors } from "~/lib/forms.server";
import { type SanctumClient, UpstreamError } from "~/lib/sanctum/client.server";

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

/** `saveFailed`, plus the carrier's own failures (502 `numbers.carrier.*`) shown as the form's error. */
// biome-ignore lint/suspicious/noExplicitAny: a submission of any schema
export function wizardSaveFailed(submission: Submission<any>, error: unknown, label: string) {
  if (error instanceof UpstreamError && error.status === 502 && error.body.message) {
    return replyWithErrors(submission, { "": [error.body.message] }, { status: 502 });
  }
  return saveFailed(submission, error, label);
}
