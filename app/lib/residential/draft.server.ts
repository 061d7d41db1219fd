import { redirect } from "react-router";
import type { ResidentialDraft } from "~/components/residential/types";
import { residentialUrl, STEPS, type Step } from "~/components/residential/wizard";
import { loadRecord } from "~/lib/admin/upstream.server";
import type { SanctumClient } from "~/lib/sanctum/client.server";

/**
 * The draft a step works on (404 when it is another organization's or expired). A submitted draft sends every
 * step to its finished page; a step further than the draft's next one sends back to that one.
 */
export async function loadDraft(api: SanctumClient, id: string | undefined, step: Step): Promise<ResidentialDraft> {
  const draft = await loadRecord<ResidentialDraft>(api, "/api/residential/drafts/:id", id);
  if (draft.status !== "draft") throw redirect(residentialUrl.step(draft.id, "done"));
  if (STEPS.indexOf(step) > STEPS.indexOf(draft.next_step)) throw redirect(residentialUrl.step(draft.id, draft.next_step));
  return draft;
}

/** After a step saved: on to the draft's next step to do (review once everything is there). */
export function nextStepUrl(draft: ResidentialDraft): string {
  return residentialUrl.step(draft.id, draft.next_step);
}
