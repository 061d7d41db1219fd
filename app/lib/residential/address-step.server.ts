import { data, redirect } from "react-router";
import type { AddressState, ResidentialDraft } from "~/components/residential/types";
import { residentialUrl, type Step } from "~/components/residential/wizard";
import { ADDRESS_FIELDS, addressBody } from "~/components/tools/e911-address";
import { e911AddressSchema } from "~/components/tools/e911-schema";
import { actionFailure, CARRIER_FAILED, type FormReply, failureMessage, parseForm, saveFailed } from "~/lib/forms.server";
import type { SanctumClient } from "~/lib/sanctum/client.server";

/**
 * The action of an address step (service address, E911 address): `save` validates the form's address through
 * the carrier, `accept` sends the carrier's suggestion back as the address. A valid address goes on to the next
 * step; a suggested or invalid one comes back to the step, which shows the suggestion or the reason.
 */
export async function saveAddressStep(
  request: Request,
  api: SanctumClient,
  draft: ResidentialDraft,
  options: {
    step: Step;
    /** The step a valid address goes on to. */
    next: Step;
    path: string;
    state: (draft: ResidentialDraft) => AddressState | null;
    body: (address: Record<string, unknown>) => Record<string, unknown>;
  },
) {
  const here = residentialUrl.step(draft.id, options.step);
  const onward = (saved: ResidentialDraft) => residentialUrl.step(saved.id, options.next);
  const intent = (await request.clone().formData()).get("intent");
  if (intent === "accept") {
    const suggestion = options.state(draft)?.suggestion;
    if (!suggestion) return redirect(here);
    const address = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, suggestion[field] ?? null]));
    try {
      const saved = await api.call<ResidentialDraft>(options.path, { method: "PUT", json: options.body(address) });
      return redirect(options.state(saved)?.validation_status === "valid" ? onward(saved) : here);
    } catch (error) {
      // The carrier failed: the page shows why (as a form message), the suggestion is still there to accept.
      const failure = actionFailure(error, `residential ${options.step} suggestion`, CARRIER_FAILED);
      return data<FormReply>(
        { result: { status: "error", error: { "": [failureMessage(failure, CARRIER_FAILED)] } } },
        { status: failure.status },
      );
    }
  }
  const { submission } = await parseForm(request, e911AddressSchema);
  if (submission.status !== "success") return data<FormReply>({ result: submission.reply() }, { status: 400 });
  try {
    const saved = await api.call<ResidentialDraft>(options.path, { method: "PUT", json: options.body(addressBody(submission.value)) });
    return redirect(options.state(saved)?.validation_status === "valid" ? onward(saved) : here);
  } catch (error) {
    return saveFailed(submission, error, `residential ${options.step}`, { fallback: CARRIER_FAILED });
  }
}
